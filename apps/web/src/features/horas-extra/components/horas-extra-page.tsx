import { Alert, Box, Paper, Typography, useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from '../../../lib/search-params.ts';
import { useCambiarParams } from '../../../lib/use-url-params.ts';
import { Chart } from '../../../components/charts/chart.tsx';
import { formatFecha } from '@planta/charts/format';
import { FECHA_PARAM } from '../../../components/dates/production-date.ts';
import { useProductionDate } from '../../../components/dates/use-production-date.ts';
import { ExportButton } from '../../../components/export/export-button.tsx';
import { LoadError } from '../../../components/feedback/load-error.tsx';
import { Loading } from '../../../components/feedback/loading.tsx';
import { Seccion } from '../../../components/seccion.tsx';
import { cargarAlVerse } from '../../../components/feedback/cargar-al-verse.tsx';
import { useAreasRrhh } from '../../../components/importar-reloj/areas-rrhh.ts';
import { ImportarRelojButton } from '../../../components/importar-reloj/importar-reloj.tsx';
import {
  type ConsultaHorasExtra,
  exportarHorasExtra,
  HORAS_EXTRA_KEY,
  TOP_EMPLEADOS,
  useHorasExtraDetalle,
  useHorasExtraEmpleados,
  useHorasExtraResumen,
  useHorasExtraSemanal,
} from '../api/horas-extra.ts';
import { buildSemanasOption, buildTendenciaOption } from '@planta/charts/rrhh/horas-extra-option';
import { resolverPeriodo } from '@planta/charts/mantenimiento/periodo';
import { sumarSemanas } from '@planta/charts/rrhh/semanas';
import { FiltrosHorasExtra } from './filtros-horas-extra.tsx';
import { KpisHorasExtra } from './kpis-horas-extra.tsx';
import { TablaAreaSemana } from './tabla-area-semana.tsx';
import { TopEmpleados } from './top-empleados.tsx';

/** The detail grid, last on the screen: loaded and drawn when it comes near the view. */
const DetalleHorasExtra = cargarAlVerse(
  () => import('./detalle-horas-extra.tsx').then((m) => m.DetalleHorasExtra),
  480,
);

/** URL parameter of the area filter (absent: every area). */
const AREA_PARAM = 'area';

/**
 * Horas Extra ~ Recursos Humanos: overtime of a range (a month by default) and an area or the whole
 * plant — the figures against ordinary hours and the budget, the ISO weeks (doble/triple against
 * the budget, by area), the trend, the employees with the most overtime and every record.
 */
export function HorasExtraPage() {
  const dia = useProductionDate();
  const { fecha, today } = dia;
  const [params] = useSearchParams();
  const theme = useTheme();
  const compact = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const queryClient = useQueryClient();

  // HR records are not bounded by the plant's first day of history (imports may be older).
  const periodo = fecha
    ? resolverPeriodo(params.get('desde'), params.get('hasta'), fecha, today, undefined)
    : undefined;
  const area = params.get(AREA_PARAM) || null;
  const consulta = useMemo<ConsultaHorasExtra | undefined>(
    () => (periodo ? { desde: periodo.desde, hasta: periodo.hasta, area } : undefined),
    [periodo?.desde, periodo?.hasta, area], // eslint-disable-line react-hooks/exhaustive-deps -- the range's ends are its identity
  );

  const areas = useAreasRrhh();
  const resumen = useHorasExtraResumen(consulta);
  const semanal = useHorasExtraSemanal(consulta);
  const empleados = useHorasExtraEmpleados(consulta);
  const detalle = useHorasExtraDetalle(consulta);

  const semanas = useMemo(() => sumarSemanas(semanal.data ?? []), [semanal.data]);
  const opcionSemanas = useMemo(() => buildSemanasOption({ semanas, compact }), [semanas, compact]);
  const opcionTendencia = useMemo(() => buildTendenciaOption({ semanas, compact }), [semanas, compact]);

  const cambiar = useCambiarParams();
  const handleMes = useCallback(
    // As useProductionDate: the day in progress is the default (no parameter).
    (next: string) =>
      cambiar({ [FECHA_PARAM]: today && next >= today ? null : next, desde: null, hasta: null }),
    [cambiar, today],
  );
  const handlePeriodo = useCallback(
    (next: { desde: string; hasta: string } | null) =>
      cambiar(next ? { desde: next.desde, hasta: next.hasta } : { desde: null, hasta: null }),
    [cambiar],
  );
  const handleImportado = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: HORAS_EXTRA_KEY }),
    [queryClient],
  );

  if (!fecha || !periodo || !consulta)
    return dia.isError ? <LoadError>No se pudo obtener el calendario de la planta.</LoadError> : <Loading />;

  const nombreArea = area ?? 'todas las áreas';
  const rango = `del ${formatFecha(periodo.desde)} al ${formatFecha(periodo.hasta)}`;
  const algunError = resumen.isError || semanal.isError || empleados.isError || detalle.isError;
  const sinHoras = resumen.data !== undefined && resumen.data.horas === 0 && !resumen.isPlaceholderData;

  return (
    <Box sx={{ display: 'grid', gap: { xs: 2, sm: 2.5 }, minWidth: 0 }}>
      <FiltrosHorasExtra
        periodo={periodo}
        fecha={fecha}
        hoy={today}
        onMes={handleMes}
        onPeriodo={handlePeriodo}
        areas={areas.data}
        area={area}
        onArea={(a) => cambiar({ [AREA_PARAM]: a })}
        acciones={
          <>
            <ExportButton iniciar={(formato) => exportarHorasExtra(consulta, formato)} />
            <ImportarRelojButton onImportado={handleImportado} />
          </>
        }
      />
      {areas.isError && <LoadError>No se pudo obtener la lista de áreas.</LoadError>}
      {algunError && <LoadError>No se pudieron obtener las horas extra.</LoadError>}
      {sinHoras && (
        <Alert severity="info" data-testid="sin-horas-extra">
          No hay horas extra registradas {rango} en {nombreArea}.
        </Alert>
      )}

      <KpisHorasExtra r={resumen.data} loading={resumen.isFetching && resumen.data !== undefined} />

      <Box
        sx={{
          display: 'grid',
          gap: { xs: 2, sm: 2.5 },
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
        }}
      >
        <Seccion
          titulo="Horas extra por semana"
          subtitulo={`Dobles y triples frente al presupuesto · ${area ?? 'todas las áreas (suma)'}`}
          testId="seccion-semanas"
        >
          <Chart
            option={opcionSemanas}
            loading={semanal.isFetching}
            height={compact ? 260 : 320}
            ariaLabel={`Horas extra dobles y triples por semana frente al presupuesto, ${nombreArea}, ${rango}`}
            testId="grafico-semanas"
          />
        </Seccion>
        <Seccion
          titulo="Tendencia"
          subtitulo="Horas extra como % de las horas ordinarias y del presupuesto, por semana"
          testId="seccion-tendencia"
        >
          <Chart
            option={opcionTendencia}
            loading={semanal.isFetching}
            height={compact ? 260 : 320}
            ariaLabel={`Tendencia semanal de horas extra (% de horas ordinarias y % del presupuesto), ${nombreArea}, ${rango}`}
            testId="grafico-tendencia"
          />
        </Seccion>
      </Box>

      <Seccion
        titulo="Por área y semana"
        subtitulo="Horas extra frente al presupuesto del área; en rojo, las semanas sobre el presupuesto"
        testId="seccion-area-semana"
      >
        {semanal.data ? <TablaAreaSemana filas={semanal.data} /> : !semanal.isError && <Loading />}
      </Seccion>
      <Seccion
        titulo="Empleados con más horas extra"
        subtitulo={`Los ${TOP_EMPLEADOS} con más horas en el periodo, con sus motivos`}
        testId="seccion-top-empleados"
      >
        {empleados.data ? <TopEmpleados filas={empleados.data} /> : !empleados.isError && <Loading />}
      </Seccion>

      <Seccion
        titulo="Detalle de horas extra"
        subtitulo={
          detalle.data
            ? `${detalle.data.length} ${detalle.data.length === 1 ? 'registro' : 'registros'} ${rango}`
            : undefined
        }
        testId="seccion-detalle"
      >
        <Paper variant="outlined" sx={{ width: '100%', minWidth: 0 }}>
          <DetalleHorasExtra filas={detalle.data} loading={detalle.isFetching} />
        </Paper>
        {detalle.isPlaceholderData && (
          <Typography variant="caption" color="text.secondary">
            Cargando...
          </Typography>
        )}
      </Seccion>
    </Box>
  );
}
