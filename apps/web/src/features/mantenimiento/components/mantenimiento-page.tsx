import { Box } from '@mui/material';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from '../../../lib/search-params.ts';
import { usePlantCalendar } from '../../../components/dates/use-plant-calendar.ts';
import { FECHA_PARAM } from '../../../components/dates/production-date.ts';
import { useProductionDate } from '../../../components/dates/use-production-date.ts';
import { LoadError } from '../../../components/feedback/load-error.tsx';
import { Loading } from '../../../components/feedback/loading.tsx';
import { useVariables } from '../../../components/kpi/api/variables.ts';
import { LazyVariableDetailsDialog } from '../../../components/kpi/lazy-variable-details-dialog.ts';
import {
  type AgruparParos,
  useEnergiaHora,
  useMantenimientoLineas,
  useMttrMttf,
  useParosPareto,
} from '../api/mantenimiento.ts';
import { energiaPorHora, type EnergiaSerie } from '@planta/charts/mantenimiento/energia-option';
import { MTTF_BASE, MTTR_BASE } from '@planta/charts/mantenimiento/lineas';
import { diasEntre, resolverPeriodo } from '../utils/periodo.ts';
import { totalPlanta } from '@planta/charts/mantenimiento/resumen';
import { EnergiaCard } from './energia-card.tsx';
import { LineasResumen } from './lineas-resumen.tsx';
import { MttrCard } from './mttr-card.tsx';
import { ParetoCard } from './pareto-card.tsx';
import { PeriodoBar } from './periodo-bar.tsx';

/** How often the figures of a range that includes the day in progress reload. */
const REFRESCO_HOY_MS = 60_000;

/**
 * Energía (/mantenimiento): maintenance and energy per line. Over a range of production days (the
 * month of the chosen day by default, or a chosen Desde/Hasta): MTTR, MTTF, MTBF, failures,
 * downtime and availability per line and for the plant (ratios of the raw sums), the daily MTTR
 * and MTTF charts (SPEC §9 axis) with each series' details, and the downtime Pareto by cause or
 * equipment; for the chosen day, each line's energy per hour (08:00 → 07:00).
 */
export function MantenimientoPage() {
  const dia = useProductionDate();
  const { fecha, today } = dia;
  const { timeZone } = usePlantCalendar();
  const [params, setParams] = useSearchParams();
  const periodo = fecha
    ? resolverPeriodo(params.get('desde'), params.get('hasta'), fecha, today, dia.firstDay)
    : undefined;
  const conHoy = periodo !== undefined && today !== undefined && periodo.hasta >= today;

  // A range that includes the day in progress keeps changing (the collector adds stops and minutes).
  const refetchInterval = conHoy ? REFRESCO_HOY_MS : undefined;
  const lineas = useMantenimientoLineas(periodo?.desde, periodo?.hasta, { refetchInterval });
  const variables = useVariables();
  const conocidas = useMemo(() => new Set((variables.data ?? []).map((v) => v.nombre)), [variables.data]);
  const filas = lineas.data;
  // Each line's MTTR and MTTF variables ('MTTR (min)_561'), when they exist.
  const seriesVars = useMemo(
    () =>
      (filas ?? []).flatMap((l) =>
        [MTTR_BASE, MTTF_BASE]
          .map((base) => `${base}${l.sufijo}`)
          .filter((n) => l.sufijo !== '' && conocidas.has(n))
          .map((variable) => ({ variable, linea: l.linea, nombre: l.nombre })),
      ),
    [filas, conocidas],
  );
  const nombres = useMemo(() => seriesVars.map((s) => s.variable), [seriesVars]);
  const mttr = useMttrMttf(nombres, periodo?.desde, periodo?.hasta);

  const lineaIds = useMemo(() => (filas ?? []).map((l) => l.linea_id), [filas]);
  const energia = useEnergiaHora(lineaIds, fecha, timeZone, {
    refetchInterval: dia.isToday ? REFRESCO_HOY_MS : undefined,
  });

  const [agrupar, setAgrupar] = useState<AgruparParos>('CAUSA');
  const [lineaPareto, setLineaPareto] = useState<number | null>(null);
  const pareto = useParosPareto(periodo?.desde, periodo?.hasta, lineaPareto, agrupar, {
    refetchInterval,
  });
  const [detalle, setDetalle] = useState<string | null>(null);

  const handlePeriodo = useCallback(
    (next: { desde: string; hasta: string } | null) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next) {
            updated.set('desde', next.desde);
            updated.set('hasta', next.hasta);
          } else {
            updated.delete('desde');
            updated.delete('hasta');
          }
          return updated;
        },
        { replace: true },
      ),
    [setParams],
  );
  const handleMes = useCallback(
    (next: string) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          // As useProductionDate: the day in progress is the default (no parameter).
          if (today && next >= today) updated.delete(FECHA_PARAM);
          else updated.set(FECHA_PARAM, next);
          updated.delete('desde');
          updated.delete('hasta');
          return updated;
        },
        { replace: true },
      ),
    [setParams, today],
  );

  const desde = periodo?.desde;
  const hasta = periodo?.hasta;
  const dias = useMemo(() => (desde && hasta ? diasEntre(desde, hasta) : []), [desde, hasta]);
  const seriesDe = useCallback(
    (tipo: 'MTTR' | 'MTTF') =>
      seriesVars
        .filter((s) => s.variable.startsWith(tipo))
        .map((s) => ({
          ...s,
          puntos: mttr.data?.find((m) => m.nombre === s.variable)?.puntos ?? [],
        })),
    [seriesVars, mttr.data],
  );
  const seriesMttr = useMemo(() => seriesDe('MTTR'), [seriesDe]);
  const seriesMttf = useMemo(() => seriesDe('MTTF'), [seriesDe]);
  const energiaSeries = useMemo<EnergiaSerie[]>(
    () =>
      timeZone
        ? (filas ?? []).map((l, i) => ({
            nombre: l.nombre,
            linea: l.linea,
            valores: energiaPorHora(energia.data[i] ?? [], timeZone),
          }))
        : [],
    [filas, timeZone, energia.data],
  );
  const planta = useMemo(() => (filas ? totalPlanta(filas) : undefined), [filas]);

  const error = <LoadError> No se pudieron obtener los datos de mantenimiento.</LoadError>;
  if (!fecha || !periodo) return dia.isError ? error : <Loading />;

  return (
    <Box sx={{ display: 'grid', gap: { xs: 1.5, sm: 2 }, minWidth: 0 }}>
      <PeriodoBar
        fecha={fecha}
        hoy={today}
        firstDay={dia.firstDay}
        isToday={dia.isToday}
        invalidParam={dia.invalidParam}
        onFecha={dia.setFecha}
        periodo={periodo}
        onPeriodo={handlePeriodo}
        onMes={handleMes}
      />
      {(lineas.isError || mttr.isError || pareto.isError || energia.isError) && error}

      <LineasResumen
        lineas={filas}
        planta={planta}
        loading={lineas.isPlaceholderData || (lineas.isFetching && !filas)}
        fechaDatos={filas && !lineas.isPlaceholderData ? `${periodo.desde}/${periodo.hasta}` : undefined}
      />
      {conHoy && (
        <Box component="p" sx={{ m: 0, color: 'text.secondary', fontSize: '0.8rem' }}>
          El periodo incluye el día en curso: sus cifras se completan a lo largo del día.
        </Box>
      )}

      <Box
        sx={{
          display: 'grid',
          gap: { xs: 1.5, sm: 2 },
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
        }}
      >
        <MttrCard
          tipo="mttr"
          dias={dias}
          series={seriesMttr}
          loading={mttr.isFetching && (mttr.isPlaceholderData || !mttr.data)}
          onDetails={setDetalle}
        />
        <MttrCard
          tipo="mttf"
          dias={dias}
          series={seriesMttf}
          loading={mttr.isFetching && (mttr.isPlaceholderData || !mttr.data)}
          onDetails={setDetalle}
        />
      </Box>

      <EnergiaCard fecha={fecha} series={energiaSeries} loading={!filas || energia.loading} />

      <ParetoCard
        barras={pareto.data}
        loading={pareto.isFetching && (pareto.isPlaceholderData || !pareto.data)}
        agrupar={agrupar}
        onAgrupar={setAgrupar}
        linea={lineaPareto}
        lineas={filas ?? []}
        onLinea={setLineaPareto}
      />

      <LazyVariableDetailsDialog
        nombre={detalle}
        fecha={periodo.hasta}
        hoy={today}
        onClose={() => setDetalle(null)}
      />
    </Box>
  );
}
