import { Box } from '@mui/material';
import { KpiCard, type KpiValores } from '../../../components/kpi/kpi-card.tsx';
import type { PerdidasOee } from '../api/perdidas.ts';

interface Kpi {
  nombre: string;
  unidad: string;
  decimales: number;
  mayor_es_mejor: boolean;
  valor: (p: PerdidasOee) => number | null;
  nota: string;
  testId: string;
}

const KPIS: readonly Kpi[] = [
  {
    nombre: 'Tiempo planificado',
    unidad: 'min',
    decimales: 0,
    mayor_es_mejor: true,
    valor: (p) => p.tiempo_planificado,
    nota: 'Tiempo de carga, sin los paros planificados',
    testId: 'planificado',
  },
  {
    nombre: 'Disponibilidad',
    unidad: '%',
    decimales: 1,
    mayor_es_mejor: true,
    valor: (p) => p.disponibilidad,
    nota: 'Tiempo operativo / planificado',
    testId: 'disponibilidad',
  },
  {
    nombre: 'Rendimiento',
    unidad: '%',
    decimales: 1,
    mayor_es_mejor: true,
    valor: (p) => p.rendimiento,
    nota: 'Velocidad y microparos',
    testId: 'rendimiento',
  },
  {
    nombre: 'Calidad',
    unidad: '%',
    decimales: 1,
    mayor_es_mejor: true,
    valor: (p) => p.calidad,
    nota: 'Producción buena / total',
    testId: 'calidad',
  },
  {
    nombre: 'OEE',
    unidad: '%',
    decimales: 1,
    mayor_es_mejor: true,
    valor: (p) => p.oee,
    nota: 'Disponibilidad × rendimiento × calidad',
    testId: 'oee',
  },
  {
    nombre: 'MTBF',
    unidad: 'min',
    decimales: 1,
    mayor_es_mejor: true,
    valor: (p) => p.mtbf,
    nota: 'Tiempo medio entre fallas',
    testId: 'mtbf',
  },
  {
    nombre: 'MTTR',
    unidad: 'min',
    decimales: 1,
    mayor_es_mejor: false,
    valor: (p) => p.mttr,
    nota: 'Tiempo medio de reparación',
    testId: 'mttr',
  },
  {
    nombre: 'Paros sin motivo',
    unidad: '%',
    decimales: 1,
    mayor_es_mejor: false,
    valor: (p) => p.sin_motivo_pct,
    nota: 'De los minutos de paro no planificado',
    testId: 'sin-motivo',
  },
];

const valores = (diario: number | null): KpiValores => ({
  diario,
  mensual: null,
  anual: null,
  meta: null,
  meta_mensual: null,
  meta_anual: null,
});

/** The losses' figures: planned time, A, E, Q, OEE, MTBF, MTTR and the share without a reason. */
export function KpisPerdidas({
  datos,
  loading,
  periodo,
}: {
  datos: PerdidasOee | undefined;
  loading: boolean;
  /** What the figures cover, for the cards' caption ('día', 'turno', 'periodo'). */
  periodo: string;
}) {
  return (
    <Box
      component="section"
      aria-label="Indicadores de pérdidas"
      data-testid="kpis-perdidas"
      aria-busy={loading}
      sx={{
        display: 'grid',
        gap: { xs: 1, sm: 2 },
        gridTemplateColumns: {
          xs: 'repeat(2, minmax(0, 1fr))',
          md: 'repeat(4, minmax(0, 1fr))',
        },
      }}
    >
      {KPIS.map((k) => (
        <KpiCard
          key={k.testId}
          testId={`kpi-${k.testId}`}
          variable={k}
          valores={datos ? valores(k.valor(datos)) : undefined}
          loading={loading}
          nota={k.nota}
          periodo={periodo}
          mesAnio={false}
        />
      ))}
    </Box>
  );
}
