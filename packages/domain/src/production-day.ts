import { instanteLocal, partesLocales } from './zona-horaria.ts';

/** Local hour at which a production day starts; earlier hours belong to the previous day (SPEC §9). */
export const PRODUCTION_DAY_START_HOUR = 8;

/** Local hour from which the energy-efficiency screen defaults to today instead of yesterday (SPEC §9). */
export const ENERGY_DATE_ROLLOVER_HOUR = 7;

/** Local hours in production-day order: 8…23, then 0…7 of the next morning (SPEC §4). */
export const PRODUCTION_HOUR_ORDER: readonly number[] = Object.freeze(
  Array.from({ length: 24 }, (_, i) => (i + PRODUCTION_DAY_START_HOUR) % 24),
);

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Parses a YYYY-MM-DD date as UTC midnight, refusing impossible dates such as 2026-02-30. */
function parseIsoDate(fecha: string): Date {
  const d = new Date(`${fecha}T00:00:00Z`);
  if (!ISO_DATE.test(fecha) || Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== fecha) {
    throw new RangeError(`Fecha inválida: ${fecha}`);
  }
  return d;
}

/** True for a real calendar date written as YYYY-MM-DD. */
export function isIsoDate(fecha: string): boolean {
  try {
    parseIsoDate(fecha);
    return true;
  } catch {
    return false;
  }
}

/**
 * A YYYY-MM-DD date moved by whole calendar days. Pure calendar arithmetic (UTC), so it never
 * skips or repeats a date on daylight-saving days.
 */
export function addDays(fecha: string, days: number): string {
  const d = parseIsoDate(fecha);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * The dates `dias` days after `desde` (small integers, as a long series' columns carry them): one
 * date parsed, each distinct one written once.
 */
export function fechasDesde(desde: string, dias: readonly number[]): string[] {
  if (dias.length === 0) return [];
  const inicio = parseIsoDate(desde).getTime();
  const fechas: string[] = [];
  return dias.map((d) => (fechas[d] ??= new Date(inicio + d * 86_400_000).toISOString().slice(0, 10)));
}

/** The plant-local calendar date and hour of an instant. */
function localParts(instant: Date | number, timeZone: string): { fecha: string; hour: number } {
  return partesLocales(instant, timeZone);
}

/** The instant at which a plant-local wall-clock time occurs. */
function localInstant(fecha: string, hour: number, timeZone: string): Date {
  parseIsoDate(fecha);
  return instanteLocal(fecha, hour * 60, timeZone);
}

/**
 * The production day (YYYY-MM-DD) an instant belongs to: its plant-local date, or the previous
 * date when the local time is before 08:00 (the night shift closes the previous day's production).
 */
export function productionDay(instant: Date | number, timeZone: string): string {
  const { fecha, hour } = localParts(instant, timeZone);
  return hour < PRODUCTION_DAY_START_HOUR ? addDays(fecha, -1) : fecha;
}

/**
 * The instants of a production day: 08:00 local of `fecha` (inclusive) to 08:00 local of the next
 * date (exclusive). Both ends are resolved separately in the plant's time zone, so the range lasts
 * 23 or 25 hours on daylight-saving change days rather than a fixed 24.
 */
export function productionDayRange(fecha: string, timeZone: string): { start: Date; end: Date } {
  return {
    start: localInstant(fecha, PRODUCTION_DAY_START_HOUR, timeZone),
    end: localInstant(addDays(fecha, 1), PRODUCTION_DAY_START_HOUR, timeZone),
  };
}

/** The instants of a calendar date in the plant: local midnight to the next local midnight. */
export function calendarDayRange(fecha: string, timeZone: string): { start: Date; end: Date } {
  return { start: localInstant(fecha, 0, timeZone), end: localInstant(addDays(fecha, 1), 0, timeZone) };
}

/** Every date from `desde` to `hasta`, both inclusive; empty when `desde` is after `hasta`. */
export function productionDaysBetween(desde: string, hasta: string): string[] {
  const last = parseIsoDate(hasta).getTime();
  const days: string[] = [];
  for (let d = parseIsoDate(desde); d.getTime() <= last; d.setUTCDate(d.getUTCDate() + 1)) {
    days.push(d.toISOString().slice(0, 10));
  }
  return days;
}

/**
 * Places rows in the 24 slots of a production day (8…23, 0…7). A missing hour stays `null` so the
 * chart shows a gap instead of joining its neighbours (SPEC §4). If two rows share an hour (the
 * repeated hour when clocks go back), the later row in `rows` wins.
 */
export function orderByProductionHour<T>(rows: T[], hourOf: (row: T) => number): (T | null)[] {
  const slots: (T | null)[] = PRODUCTION_HOUR_ORDER.map(() => null);
  for (const row of rows) {
    const hour = hourOf(row);
    if (!Number.isInteger(hour) || hour < 0 || hour > 23) {
      throw new RangeError(`Hora fuera de rango: ${hour}`);
    }
    slots[(hour - PRODUCTION_DAY_START_HOUR + 24) % 24] = row;
  }
  return slots;
}

/**
 * The default date of the energy-efficiency screen: today (plant time) from 07:00 on, else
 * yesterday, because the previous day's energy figures are only complete at 07:00 (SPEC §4, §9).
 */
export function energyDate(now: Date | number, timeZone: string): string {
  const { fecha, hour } = localParts(now, timeZone);
  return hour >= ENERGY_DATE_ROLLOVER_HOUR ? fecha : addDays(fecha, -1);
}

/**
 * The window of the hourly counters of `fecha`: hourly buckets 08:00 … 23:00 and 00:00 … 07:00 of
 * the next morning (SPEC §9 "08:00 to 07:00 next day"). The 07:00 bucket holds readings up to
 * 07:59:59, so the window ends at 08:00 of the next day, exclusive: the same instants as
 * {@link productionDayRange}. Query with `start <= t < end`.
 */
export function hourlyCounterWindow(fecha: string, timeZone: string): { start: Date; end: Date } {
  return productionDayRange(fecha, timeZone);
}

/** First day (YYYY-MM-01) of the month `offset` months away from the month of `fecha`. */
function monthStart(fecha: string, offset: number): string {
  const d = parseIsoDate(fecha);
  const first = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + offset, 1));
  return first.toISOString().slice(0, 10);
}

/**
 * The dates of the dashboard chart, "last 3 months: monthly points from 2 months back, daily
 * points for the last month" (SPEC §9), read as calendar months:
 * - monthly points for the two whole calendar months before the current one:
 *   `monthlyFrom` (first day of the month two months back) up to, not including, `dailyFrom`;
 * - daily points from `dailyFrom` (first day of the current month) to `to` (= `today`), inclusive.
 *
 * Example: today 2027-01-15 → monthly November and December 2026, daily 2027-01-01…2027-01-15.
 * Calendar months (not "today minus 30 days") so monthly points match the rollup tables.
 */
export function dashboardWindow(today: string): { monthlyFrom: string; dailyFrom: string; to: string } {
  return { monthlyFrom: monthStart(today, -2), dailyFrom: monthStart(today, 0), to: today };
}
