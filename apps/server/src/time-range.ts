import { z } from 'zod';
import { badInput } from './errors.ts';
import { calendarDate, parseInput } from './validation.ts';

export const MAX_RANGE_DAYS = 5 * 366;

// Built once: zod compiles an object schema on its first parse (every dashboard request parses one).
const instantRangeSchema = z.object({
  desde: z.date({ error: 'El campo "desde" debe ser una fecha y hora' }),
  hasta: z.date({ error: 'El campo "hasta" debe ser una fecha y hora' }),
});
const dayRangeSchema = z.object({ desde: calendarDate('desde'), hasta: calendarDate('hasta') });

/** desde/hasta instants (DateTime scalars arrive as Date): ordered, not absurd. */
export function parseInstantRange(
  desde: unknown,
  hasta: unknown,
  maxDays = MAX_RANGE_DAYS,
): { desde: Date; hasta: Date } {
  const range = parseInput(instantRangeSchema, { desde, hasta });
  if (range.desde.getTime() > range.hasta.getTime()) {
    throw badInput('La fecha "desde" debe ser anterior o igual a "hasta"', 'desde');
  }
  if (range.hasta.getTime() - range.desde.getTime() > maxDays * 86_400_000) {
    throw badInput(`El rango de fechas no puede superar ${maxDays} días`, 'hasta');
  }
  return range;
}

/** desde/hasta production days 'YYYY-MM-DD' (Date scalar): ordered, not absurd. */
export function parseDayRange(
  desde: unknown,
  hasta: unknown,
  maxDays = MAX_RANGE_DAYS,
): { desde: string; hasta: string } {
  const range = parseInput(dayRangeSchema, { desde, hasta });
  if (range.desde > range.hasta)
    throw badInput('La fecha "desde" debe ser anterior o igual a "hasta"', 'desde');
  const days = (Date.parse(`${range.hasta}T00:00:00Z`) - Date.parse(`${range.desde}T00:00:00Z`)) / 86_400_000;
  if (days > maxDays) throw badInput(`El rango de fechas no puede superar ${maxDays} días`, 'hasta');
  return range;
}

const UNITS: Record<string, number> = {
  m: 1,
  min: 1,
  minuto: 1,
  minutos: 1,
  minute: 1,
  minutes: 1,
  h: 60,
  hora: 60,
  horas: 60,
  hour: 60,
  hours: 60,
  d: 1440,
  dia: 1440,
  dias: 1440,
  día: 1440,
  días: 1440,
  day: 1440,
  days: 1440,
};

/** '5m', '15 minutos', '1 hour', '1d' … → minutes (1 minute to 31 days). */
export function parseIntervalMinutes(intervalo: unknown, field = 'intervalo'): number {
  const text = typeof intervalo === 'string' ? intervalo.trim().toLowerCase() : '';
  const match = /^(\d{1,4})\s*([a-zí]+)$/.exec(text);
  const unit = match ? UNITS[match[2] ?? ''] : undefined;
  const minutes = match && unit ? Number(match[1]) * unit : NaN;
  if (!Number.isInteger(minutes) || minutes < 1 || minutes > 31 * 1440) {
    throw badInput(
      `El campo "${field}" debe ser un intervalo como "5m", "15 minutos", "1 hora" o "1 día" (entre 1 minuto y 31 días)`,
      field,
    );
  }
  return minutes;
}

/**
 * The bucket (minutes) that keeps a series of `spanMinutes` at or under `maxPoints` points: at least
 * `minBucket`, rounded up to a "nice" size so buckets align with hours and days.
 */
export function bucketMinutes(spanMinutes: number, maxPoints: number, minBucket = 1): number {
  const needed = Math.max(minBucket, Math.ceil(spanMinutes / Math.max(1, maxPoints)));
  const nice = [1, 2, 5, 10, 15, 30, 60, 120, 180, 360, 720, 1440, 2880, 10080];
  return nice.find((n) => n >= needed) ?? needed;
}
