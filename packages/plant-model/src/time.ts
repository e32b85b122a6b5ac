import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);
dayjs.extend(timezone);

/** The production day starts at 08:00 plant time (SPEC §9). */
export const PRODUCTION_DAY_START_HOUR = 8;
export const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

const FECHA_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days since 1970-01-01 of a 'YYYY-MM-DD' date: the integer used to seed a day's randomness. */
export function dayIndex(fecha: string): number {
  const match = FECHA_RE.exec(fecha);
  if (!match) throw new RangeError(`Fecha inválida: ${fecha}`);
  const [, y, m, d] = match;
  const ms = Date.UTC(Number(y), Number(m) - 1, Number(d));
  const index = ms / DAY_MS;
  if (fechaFromIndex(index) !== fecha) throw new RangeError(`Fecha inválida: ${fecha}`);
  return index;
}

export function fechaFromIndex(index: number): string {
  return new Date(index * DAY_MS).toISOString().slice(0, 10);
}

/** Calendar parts of a day index (the date itself, zone-free). */
export function dateParts(index: number): { year: number; month: number; day: number; weekday: number } {
  const date = new Date(index * DAY_MS);
  // weekday: Monday = 0 … Sunday = 6
  return {
    year: date.getUTCFullYear(),
    month: date.getUTCMonth() + 1,
    day: date.getUTCDate(),
    weekday: (date.getUTCDay() + 6) % 7,
  };
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Peruvian fixed-date public holidays (MM-DD); the plant closes on the first three. */
const FERIADOS = new Set([
  '01-01',
  '05-01',
  '06-07',
  '06-29',
  '07-23',
  '07-28',
  '07-29',
  '08-06',
  '08-30',
  '10-08',
  '11-01',
  '12-08',
  '12-09',
  '12-25',
]);
const PLANT_CLOSED = new Set(['01-01', '05-01', '12-25']);

export function isFeriado(fecha: string): boolean {
  return FERIADOS.has(fecha.slice(5));
}

export function isPlantClosed(fecha: string): boolean {
  return PLANT_CLOSED.has(fecha.slice(5));
}

/**
 * Instants of production days in one zone. dayjs resolves the zone's offset (DST included), so a
 * production day in a DST zone may have 1380 or 1500 minutes; the results are cached because the
 * zone lookup is the slowest step of a day.
 */
export class PlantCalendar {
  private readonly starts = new Map<number, number>();
  private lastIndex: number | null = null;

  constructor(readonly timeZone: string) {
    // Fail fast on an unknown zone rather than silently using UTC.
    new Intl.DateTimeFormat('en-US', { timeZone });
  }

  /** Epoch ms of 08:00 plant time on the production day with this index. */
  startOf(index: number): number {
    let start = this.starts.get(index);
    if (start === undefined) {
      start = dayjs.tz(`${fechaFromIndex(index)} 08:00:00`, this.timeZone).valueOf();
      if (this.starts.size > 4096) this.starts.clear();
      this.starts.set(index, start);
    }
    return start;
  }

  /** Minutes in the production day (1440 except on DST change days). */
  minutesOf(index: number): number {
    return Math.round((this.startOf(index + 1) - this.startOf(index)) / MINUTE_MS);
  }

  /** Index of the production day that contains an instant. */
  indexAt(t: number): number {
    // Live callers ask minute after minute: try the last answer before asking the zone database.
    const last = this.lastIndex;
    if (last !== null && t >= this.startOf(last) && t < this.startOf(last + 1)) return last;
    const local = dayjs(t).tz(this.timeZone);
    let index = dayIndex(local.format('YYYY-MM-DD'));
    if (t < this.startOf(index)) index--;
    else if (t >= this.startOf(index + 1)) index++;
    this.lastIndex = index;
    return index;
  }
}
