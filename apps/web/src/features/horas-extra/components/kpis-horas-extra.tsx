import { Box } from '@mui/material';
import { formatNumber, formatPercent } from '@planta/charts/format';
import { KpiCard, type KpiValores } from '../../../components/kpi/kpi-card.tsx';
import type { HorasExtraResumen } from '../api/horas-extra.ts';
import { porcentajeTriples } from '@planta/charts/rrhh/semanas';

const valores = (diario: number | null, meta: number | null = null): KpiValores => ({
  diario,
  mensual: null,
  anual: null,
  meta,
  meta_mensual: null,
  meta_anual: null,
});

/**
 * The range's figures as KPI cards: overtime hours against the budget, doble vs triple hours,
 * overtime as % of ordinary hours (DOMAIN: typically 5–15 %) and as % of the budget.
 */
export function KpisHorasExtra({ r, loading }: { r: HorasExtraResumen | undefined; loading: boolean }) {
  const triples = r ? porcentajeTriples(r) : null;
  return (
    <Box
      component="section"
      aria-label="Indicadores de horas extra"
      data-testid="kpis-horas-extra"
      aria-busy={loading}
      sx={{
        display: 'grid',
        gap: { xs: 1.5, sm: 2 },
        gridTemplateColumns: {
          xs: 'minmax(0, 1fr)',
          sm: 'repeat(2, minmax(0, 1fr))',
          lg: 'repeat(4, minmax(0, 1fr))',
        },
      }}
    >
      <KpiCard
        testId="kpi-horas-extra"
        variable={{ nombre: 'Horas extra', unidad: 'h', decimales: 1, mayor_es_mejor: false }}
        valores={r && valores(r.horas, r.presupuesto > 0 ? r.presupuesto : null)}
        loading={loading}
        periodo="periodo"
        mesAnio={false}
        nota={
          r ? `${r.empleados} ${r.empleados === 1 ? 'empleado' : 'empleados'} con horas extra` : undefined
        }
      />
      <KpiCard
        testId="kpi-dobles-triples"
        variable={{ nombre: 'Dobles / triples', unidad: 'h dobles', decimales: 1, mayor_es_mejor: true }}
        valores={r && valores(r.horas_dobles)}
        loading={loading}
        periodo="periodo"
        mesAnio={false}
        nota={
          r
            ? `Triples: ${formatNumber(r.horas_triples, 1)} h (${formatPercent(triples)} del total)`
            : undefined
        }
      />
      <KpiCard
        testId="kpi-porcentaje-ordinarias"
        variable={{ nombre: '% de horas ordinarias', unidad: '%', decimales: 2, mayor_es_mejor: false }}
        valores={r && valores(r.porcentaje_ordinarias)}
        loading={loading}
        periodo="periodo"
        mesAnio={false}
        nota={r ? `Sobre ${formatNumber(r.horas_ordinarias, 0)} h ordinarias · típico 5–15 %` : undefined}
      />
      <KpiCard
        testId="kpi-presupuesto"
        variable={{ nombre: 'Vs. presupuesto', unidad: '%', decimales: 2, mayor_es_mejor: false }}
        valores={r && valores(r.porcentaje_presupuesto, r.presupuesto > 0 ? 100 : null)}
        loading={loading}
        periodo="periodo"
        mesAnio={false}
        nota={r ? `Presupuesto: ${formatNumber(r.presupuesto, 1)} h` : undefined}
      />
    </Box>
  );
}
