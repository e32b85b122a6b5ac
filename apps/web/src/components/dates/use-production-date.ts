import { useCallback } from 'react';
import { useSearchParams } from '../../lib/search-params.ts';
import { FECHA_PARAM, resolveProductionDate } from './production-date.ts';
import { usePlantCalendar } from './use-plant-calendar.ts';

export interface ProductionDateState {
  /** The production day shown (YYYY-MM-DD); undefined while the plant calendar loads. */
  fecha: string | undefined;
  /** The current production day: the latest selectable date. */
  today: string | undefined;
  /** The plant's first day of history: the earliest selectable date. */
  firstDay: string | undefined;
  /** True when the screen shows the current production day. */
  isToday: boolean;
  /** The URL's `fecha` when it was not a usable date (the screen shows today instead). */
  invalidParam: string | null;
  /** Shows another day; choosing today clears the URL parameter so the screen follows the clock. */
  setFecha: (fecha: string) => void;
  /** The plant calendar could not be loaded (fecha stays undefined). */
  isError: boolean;
}

export interface ProductionDateOptions {
  /**
   * The default (and latest) day: the production day in progress ('produccion', default) or the
   * energy-efficiency date ('energia': today from 07:00 plant time, else yesterday; SPEC §4).
   */
  base?: 'produccion' | 'energia';
}

/**
 * A screen's production day, kept in the URL (`?fecha=YYYY-MM-DD`) so reloads and shared links
 * keep it; by default the current production day in plant time. A bad `fecha` in the URL falls
 * back to today and is reported in `invalidParam`, never thrown.
 */
export function useProductionDate(options: ProductionDateOptions = {}): ProductionDateState {
  const calendar = usePlantCalendar();
  const { firstDay, isError } = calendar;
  // The energy date is never before the production day (it rolls over at 07:00, one hour earlier).
  const today = options.base === 'energia' ? calendar.energyDate : calendar.today;
  const [params, setParams] = useSearchParams();
  const resolved = resolveProductionDate(params.get(FECHA_PARAM), today, firstDay);
  const fecha = resolved?.fecha;
  const setFecha = useCallback(
    (next: string) => {
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (today && next >= today) updated.delete(FECHA_PARAM);
          else updated.set(FECHA_PARAM, next);
          return updated;
        },
        { replace: true },
      );
    },
    [setParams, today],
  );
  return {
    fecha,
    today,
    firstDay,
    isToday: fecha !== undefined && fecha === today,
    invalidParam: resolved?.invalida ?? null,
    setFecha,
    isError,
  };
}
