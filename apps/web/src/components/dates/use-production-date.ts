import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { FECHA_PARAM, resolveProductionDate } from './production-date.ts';
import { usePlantCalendar } from './use-plant-calendar.ts';

export interface ProductionDateState {
  /** The production day shown (YYYY-MM-DD); undefined while the plant calendar loads. */
  fecha: string | undefined;
  /** The current production day: the latest selectable date. */
  today: string | undefined;
  /** True when the screen follows the current production day (no date in the URL). */
  isToday: boolean;
  /** Shows another day; choosing today clears the URL parameter so the screen follows the clock. */
  setFecha: (fecha: string) => void;
  /** The plant calendar could not be loaded (fecha stays undefined). */
  isError: boolean;
}

/**
 * A screen's production day, kept in the URL (`?fecha=YYYY-MM-DD`) so reloads and shared links
 * keep it; by default the current production day in plant time.
 */
export function useProductionDate(): ProductionDateState {
  const { today, isError } = usePlantCalendar();
  const [params, setParams] = useSearchParams();
  const fecha = resolveProductionDate(params.get(FECHA_PARAM), today);
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
  return { fecha, today, isToday: fecha !== undefined && fecha === today, setFecha, isError };
}
