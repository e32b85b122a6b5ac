import { orderByProductionHour, plantClockParts, PRODUCTION_HOUR_ORDER } from '@planta/domain';

function clockParts(instant: string | number | Date, timeZone: string): { hour: number; minute: number } {
  const parts = plantClockParts(instant, timeZone);
  return { hour: Number(parts.hour) % 24, minute: Number(parts.minute) };
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The plant-local hour (0–23) of an instant. The server sends UTC instants; the hour on the axis is
 * the plant's wall clock (PLANT_TZ), whatever the browser's own zone.
 */
export function plantHour(instant: string | number | Date, timeZone: string): number {
  return clockParts(instant, timeZone).hour;
}

/** The plant-local wall-clock time of an instant, 'HH:MM'. */
export function plantClock(instant: string | number | Date, timeZone: string): string {
  const { hour, minute } = clockParts(instant, timeZone);
  return `${pad(hour)}:${pad(minute)}`;
}

/** Axis labels of a production day's hours, in production order: '08', '09', … '23', '00', … '07'. */
export const HOUR_LABELS: readonly string[] = PRODUCTION_HOUR_ORDER.map(pad);

/** '08:00 – 08:59': the hour slot a point covers, for tooltips and tables. */
export function hourRangeLabel(hour: number): string {
  return `${pad(hour)}:00 – ${pad(hour)}:59`;
}

/**
 * Places hourly readings (UTC instants) in the 24 slots of the production day, 8…23 then 0…7 plant
 * time (SPEC §4); an hour without a reading stays null so charts show a gap instead of joining its
 * neighbours.
 */
export function hourlySlots<T extends { fecha: string }>(rows: readonly T[], timeZone: string): (T | null)[] {
  return orderByProductionHour([...rows], (row) => plantHour(row.fecha, timeZone));
}
