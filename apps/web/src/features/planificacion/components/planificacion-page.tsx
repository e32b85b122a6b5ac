import { Alert, Box, useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useMemo, useState } from 'react';
import { Chart } from '../../../components/charts/chart.tsx';
import { formatMesAnioLargo } from '@planta/charts/format';
import { useProductionDate } from '../../../components/dates/use-production-date.ts';
import { LoadError } from '../../../components/feedback/load-error.tsx';
import { Loading } from '../../../components/feedback/loading.tsx';
import { useResumenVariables, useVariables } from '../../../components/kpi/api/variables.ts';
import { LazyVariableDetailsDialog } from '../../../components/kpi/lazy-variable-details-dialog.ts';
import { useCumplimientoProduccion, useVolumenDiario, useVolumenMensual } from '../api/planificacion.ts';
import { metaALaFecha, resumenAnual } from '@planta/charts/planificacion/cumplimiento';
import { diasDelMes, primerDiaMes } from '@planta/charts/planificacion/periodo';
import { moverMes } from '../../../components/dates/month-steps.tsx';
import { planificacionSections } from '@planta/charts/planificacion/planificacion-variables';
import { buildVolumenDiarioOption, puntosDelMes } from '@planta/charts/planificacion/volumen-diario-option';
import { buildVolumenMensualOption } from '@planta/charts/planificacion/volumen-mensual-option';
import { ChartCard } from './chart-card.tsx';
import { CumplimientoCard } from './cumplimiento-card.tsx';
import { PeriodoControl } from './periodo-control.tsx';
import { KpiSection } from '../../../components/kpi/kpi-section.tsx';

/** How often the figures of the production day in progress reload. */
const REFRESCO_HOY_MS = 60_000;

/**
 * Planificación y M. Prima: for the chosen date, the month's production against its plan
 * (negociado and AOP) and the year's, the year's monthly volume against both plans, the month's
 * daily volume against the daily metas, and the raw materials consumed and planning indicators.
 */
export function PlanificacionPage() {
  const theme = useTheme();
  const compact = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const dia = useProductionDate();
  const { fecha, today, isToday, setFecha } = dia;
  const refetchInterval = isToday ? REFRESCO_HOY_MS : undefined;
  const anio = fecha ? Number(fecha.slice(0, 4)) : undefined;
  const mensual = useVolumenMensual(anio, { refetchInterval });
  const diario = useVolumenDiario(fecha && primerDiaMes(fecha), fecha, { refetchInterval });
  const compliance = useCumplimientoProduccion(fecha, { refetchInterval });
  const variables = useVariables();
  const { materiaPrima, indicadores } = useMemo(
    () => planificacionSections(variables.data ?? []),
    [variables.data],
  );
  const nombres = useMemo(
    () => [...materiaPrima, ...indicadores].map((v) => v.nombre),
    [materiaPrima, indicadores],
  );
  const resumen = useResumenVariables(nombres, fecha, { refetchInterval });
  const [detalle, setDetalle] = useState<string | null>(null);

  const mensualOption = useMemo(
    () =>
      fecha && anio !== undefined && mensual.data
        ? buildVolumenMensualOption({ meses: mensual.data, anio, fecha, compact })
        : null,
    [mensual.data, anio, fecha, compact],
  );
  const diarioOption = useMemo(
    () =>
      fecha && diario.data
        ? buildVolumenDiarioOption({ puntos: puntosDelMes(diasDelMes(fecha), diario.data), compact })
        : null,
    [diario.data, fecha, compact],
  );
  const planALaFecha = fecha && diario.data ? metaALaFecha(diario.data, fecha) : null;
  const anual =
    fecha && mensual.data ? resumenAnual(mensual.data, Number(fecha.slice(5, 7)), planALaFecha) : undefined;

  const error = <LoadError> No se pudieron obtener los datos de planificación.</LoadError>;
  if (!fecha || anio === undefined) return dia.isError ? error : <Loading />;
  const fallo =
    mensual.isError || diario.isError || compliance.isError || variables.isError || resumen.isError;

  // A click on a month's bar opens that month (a past one whole, the current one to today).
  const handleMonthClick = ({ dataIndex }: { dataIndex: number }) => {
    if (!today) return;
    const destino = moverMes(`${anio}-${String(dataIndex + 1).padStart(2, '0')}-01`, 0, today);
    if (destino && (!dia.firstDay || destino >= dia.firstDay)) setFecha(destino);
  };

  return (
    <Box sx={{ display: 'grid', gap: { xs: 2, sm: 2.5 }, minWidth: 0 }}>
      <PeriodoControl
        fecha={fecha}
        hoy={today}
        firstDay={dia.firstDay}
        isToday={isToday}
        invalidParam={dia.invalidParam}
        onChange={setFecha}
      />
      {fallo && error}

      <Box
        sx={{
          display: 'grid',
          gap: { xs: 2, sm: 2.5 },
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) minmax(0, 2fr)' },
          alignItems: 'start',
        }}
      >
        <CumplimientoCard
          fecha={fecha}
          datos={compliance.data}
          planALaFecha={diario.isPlaceholderData ? null : planALaFecha}
          anual={mensual.isPlaceholderData ? undefined : anual}
          loading={compliance.isPlaceholderData}
        />
        <ChartCard
          labelId="volumen-mensual-titulo"
          titulo={`Volumen mensual ${anio}`}
          subtitulo="Producción real de cada mes frente al negociado y al AOP (CU). Toque un mes para verlo."
        >
          <Chart
            option={mensualOption}
            loading={mensual.isLoading || mensual.isPlaceholderData}
            height={compact ? 280 : 360}
            ariaLabel={`Volumen mensual ${anio}: real, negociado y AOP por mes`}
            testId="grafico-volumen-mensual"
            onItemClick={handleMonthClick}
          />
        </ChartCard>
      </Box>

      <ChartCard
        labelId="volumen-diario-titulo"
        titulo={`Volumen diario · ${formatMesAnioLargo(fecha)}`}
        subtitulo="Producción de cada día frente a su meta; a la derecha, el acumulado del mes frente a la meta acumulada (CU)."
      >
        <Chart
          option={diarioOption}
          loading={diario.isLoading || diario.isPlaceholderData}
          height={compact ? 280 : 340}
          ariaLabel={`Volumen diario de ${formatMesAnioLargo(fecha)}: real, meta y acumulados`}
          testId="grafico-volumen-diario"
        />
      </ChartCard>

      {variables.isLoading ? (
        <Loading />
      ) : (
        <Box
          data-testid="kpis-planificacion"
          data-fecha={resumen.data && !resumen.isPlaceholderData ? fecha : undefined}
          aria-busy={resumen.isFetching}
          sx={{ display: 'grid', gap: { xs: 2, sm: 2.5 }, minWidth: 0 }}
        >
          {materiaPrima.length === 0 && indicadores.length === 0 && (
            <Alert severity="info">No hay variables de materia prima ni de planificación activas.</Alert>
          )}
          {materiaPrima.length > 0 && (
            <KpiSection
              titulo="Materia prima"
              descripcion="Consumo de materias primas del día, del mes y del año."
              variables={materiaPrima}
              resumen={resumen.data}
              loading={resumen.isPlaceholderData}
              onDetails={setDetalle}
              testId="seccion-materia-prima"
            />
          )}
          {indicadores.length > 0 && (
            <KpiSection
              titulo="Indicadores de planificación"
              descripcion="Adherencia al programa, nivel de servicio e inventario."
              variables={indicadores}
              resumen={resumen.data}
              loading={resumen.isPlaceholderData}
              onDetails={setDetalle}
              testId="seccion-indicadores"
            />
          )}
        </Box>
      )}

      <LazyVariableDetailsDialog
        nombre={detalle}
        fecha={fecha}
        hoy={today}
        onClose={() => setDetalle(null)}
      />
    </Box>
  );
}
