import { energyDate, productionDay } from '@planta/domain';
import { useEffect, useState } from 'react';
import { useCalendarioPlanta } from './api/calendario.ts';

/** The earliest date ever offered when the plant's first day of history is unknown. */
export const FECHA_MINIMA = '2000-01-01';

/** Re-renders every `ms` with the current time (so "today" rolls over at 08:00 on an open screen). */
function useNow(ms: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}

export interface PlantCalendar {
  /** The plant's IANA time zone (PLANT_TZ); undefined until the server answered. */
  timeZone: string | undefined;
  /** The current production day (08:00 → 07:59 plant time), YYYY-MM-DD; undefined while loading. */
  today: string | undefined;
  /** The energy screens' default date (today from 07:00 plant time, else yesterday). */
  energyDate: string | undefined;
  /**
   * The earliest date the pickers offer: the plant's first day of history (`primer_dia`), or
   * FECHA_MINIMA when the server does not know it; undefined while loading.
   */
  firstDay: string | undefined;
  isLoading: boolean;
  isError: boolean;
}

/**
 * The plant's calendar: its time zone comes from the server (`calendarioPlanta`), the days are
 * computed here from the clock every minute, in plant time whatever the browser's own zone.
 */
export function usePlantCalendar(): PlantCalendar {
  const calendario = useCalendarioPlanta();
  const now = useNow(60_000);
  const timeZone = calendario.data?.zona_horaria;
  return {
    timeZone,
    today: timeZone ? productionDay(now, timeZone) : undefined,
    energyDate: timeZone ? energyDate(now, timeZone) : undefined,
    firstDay: calendario.data ? (calendario.data.primer_dia ?? FECHA_MINIMA) : undefined,
    isLoading: calendario.isLoading,
    isError: calendario.isError,
  };
}
