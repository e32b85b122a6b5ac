import { addDays, isIsoDate } from '@planta/domain';

/** A range of production days, both inclusive (YYYY-MM-DD). */
export interface Periodo {
  desde: string;
  hasta: string;
  /** True when the range is the month of the screen's day (the default), false for a chosen range. */
  mes: boolean;
}

/** Longest range the screen asks for (the server accepts at most 366 days). */
export const MAX_DIAS_PERIODO = 366;

/** Last day of the month of `fecha`. */
export function finDeMes(fecha: string): string {
  const [y, m] = fecha.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}

/** The month of `fecha`: its 1st to its last day, never past `hoy` (the days to come have no data). */
export function periodoMes(fecha: string, hoy: string | undefined): Periodo {
  const fin = finDeMes(fecha);
  return { desde: `${fecha.slice(0, 8)}01`, hasta: hoy !== undefined && hoy < fin ? hoy : fin, mes: true };
}

/** Days from desde to hasta, both inclusive. */
export function diasDelPeriodo(desde: string, hasta: string): number {
  return Math.round((Date.parse(`${hasta}T00:00:00Z`) - Date.parse(`${desde}T00:00:00Z`)) / 86_400_000) + 1;
}

/**
 * The range the screen shows: the URL's `desde`/`hasta` when both are valid dates, ordered, within
 * [primerDia, hoy] and at most MAX_DIAS_PERIODO days; otherwise the month of `fecha`.
 */
export function resolverPeriodo(
  desde: string | null,
  hasta: string | null,
  fecha: string,
  hoy: string | undefined,
  primerDia: string | undefined,
): Periodo {
  const valido =
    desde !== null &&
    hasta !== null &&
    isIsoDate(desde) &&
    isIsoDate(hasta) &&
    desde <= hasta &&
    (hoy === undefined || hasta <= hoy) &&
    (primerDia === undefined || desde >= primerDia) &&
    diasDelPeriodo(desde, hasta) <= MAX_DIAS_PERIODO;
  return valido ? { desde, hasta, mes: false } : periodoMes(fecha, hoy);
}

/** Every date of the range, in order (the category axis of the daily charts). */
export function diasEntre(desde: string, hasta: string): string[] {
  const dias: string[] = [];
  for (let d = desde; d <= hasta && dias.length <= MAX_DIAS_PERIODO; d = addDays(d, 1)) dias.push(d);
  return dias;
}
