import { useCallback, useMemo } from 'react';
import { useSearchParams } from '../../lib/search-params.ts';
import { usePlantCalendar } from '../dates/use-plant-calendar.ts';
import type { ConsultaReporte } from './consulta-reporte.ts';
import {
  type FiltrosReporte,
  type IntervaloReporte,
  ajustarRango,
  diasEntre,
  instantesDe,
  intervaloPara,
  leerFiltros,
} from '@planta/charts/reporte-aire/rango-reporte';

export interface FiltrosReporteState {
  /** Undefined until the plant calendar (time zone, today) is known. */
  filtros: FiltrosReporte | undefined;
  consulta: ConsultaReporte | undefined;
  today: string | undefined;
  firstDay: string | undefined;
  timeZone: string | undefined;
  calendarError: boolean;
  /** The range ends on the day in progress (its readings still grow). */
  incluyeHoy: boolean;
  setDesde: (fecha: string) => void;
  setHasta: (fecha: string) => void;
  setIntervalo: (intervalo: IntervaloReporte) => void;
  /** The URL's search params and a setter that keeps the other filters (e.g. the water variables). */
  params: URLSearchParams;
  setParams: (change: (next: URLSearchParams) => void) => void;
}

/** The filters a query stands for (leerFiltros: checked against the plant calendar). */
const leerFiltrosDe = (params: URLSearchParams, today: string, firstDay: string) =>
  leerFiltros(
    { desde: params.get('desde'), hasta: params.get('hasta'), intervalo: params.get('intervalo') },
    today,
    firstDay,
  );

/**
 * The report filters kept in the URL (?desde=YYYY-MM-DD&hasta=YYYY-MM-DD&intervalo=1h), so a reload
 * or a shared link shows the same report. Values are checked against the plant calendar.
 */
export function useFiltrosReporte(): FiltrosReporteState {
  const { timeZone, today, firstDay, isError } = usePlantCalendar();
  const [params, setSearchParams] = useSearchParams();
  const desdeParam = params.get('desde');
  const hastaParam = params.get('hasta');
  const intervaloParam = params.get('intervalo');

  const filtros = useMemo(
    () =>
      today && firstDay
        ? leerFiltros({ desde: desdeParam, hasta: hastaParam, intervalo: intervaloParam }, today, firstDay)
        : undefined,
    [today, firstDay, desdeParam, hastaParam, intervaloParam],
  );
  const consulta = useMemo(
    () =>
      filtros && timeZone
        ? { ...instantesDe(filtros.desde, filtros.hasta, timeZone), intervalo: filtros.intervalo }
        : undefined,
    [filtros, timeZone],
  );

  const setParams = useCallback(
    (change: (next: URLSearchParams) => void) =>
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          change(next);
          return next;
        },
        { replace: true },
      ),
    [setSearchParams],
  );

  // From the query asked for last (lib/search-params.ts), not the filters still shown: both ends
  // of the range typed quickly each keep the other.
  const setRango = useCallback(
    (cambio: { desde?: string; hasta?: string }) => {
      if (!today || !firstDay) return;
      setParams((next) => {
        const actuales = leerFiltrosDe(next, today, firstDay);
        const rango = ajustarRango(actuales, cambio, today);
        next.set('desde', rango.desde);
        next.set('hasta', rango.hasta);
        next.set('intervalo', intervaloPara(diasEntre(rango.desde, rango.hasta), actuales.intervalo));
      });
    },
    [today, firstDay, setParams],
  );

  return {
    filtros,
    consulta,
    today,
    firstDay,
    timeZone,
    calendarError: isError,
    incluyeHoy: filtros !== undefined && filtros.hasta === today,
    setDesde: useCallback((desde: string) => setRango({ desde }), [setRango]),
    setHasta: useCallback((hasta: string) => setRango({ hasta }), [setRango]),
    setIntervalo: useCallback(
      (intervalo: IntervaloReporte) =>
        setParams((next) => {
          if (today && firstDay) {
            const { desde, hasta } = leerFiltrosDe(next, today, firstDay);
            next.set('desde', desde);
            next.set('hasta', hasta);
          }
          next.set('intervalo', intervalo);
        }),
      [today, firstDay, setParams],
    ),
    params,
    setParams,
  };
}
