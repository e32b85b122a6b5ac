import { z } from 'zod';
import { isCalendarDate, MAX_YEAR, MIN_YEAR } from './validation.ts';

export { isCalendarDate, MAX_YEAR, MIN_YEAR };

/**
 * Production days are plain 'YYYY-MM-DD' strings in plant time. Everything here works on the
 * string (or on UTC calendar arithmetic), never on a JavaScript Date in the server's local zone.
 */

/** Longest range a query may ask for, in years. */
export const MAX_RANGE_YEARS = 5;

/** The first day of the month of a YYYY-MM-DD date. */
export function firstOfMonth(fecha: string): string {
  return `${fecha.slice(0, 7)}-01`;
}

/** The first and last day of a year. */
export function yearBounds(anio: number): { desde: string; hasta: string } {
  const y = String(anio).padStart(4, '0');
  return { desde: `${y}-01-01`, hasta: `${y}-12-31` };
}

/**
 * True when hasta is no more than `years` years after desde. Compared as strings: the same month
 * and day `years` later ('2029-02-29' for a leap day is still ordered correctly).
 */
export function withinYears(desde: string, hasta: string, years: number): boolean {
  const limit = `${String(Number(desde.slice(0, 4)) + years).padStart(4, '0')}${desde.slice(4)}`;
  return hasta <= limit;
}

export const fechaSchema = (field: string) =>
  z
    .string({ error: `El campo "${field}" es obligatorio` })
    .refine(isCalendarDate, `El campo "${field}" debe ser una fecha válida AAAA-MM-DD`)
    .refine((value) => {
      const year = Number(value.slice(0, 4));
      return year >= MIN_YEAR && year <= MAX_YEAR;
    }, `El campo "${field}" debe estar entre los años ${MIN_YEAR} y ${MAX_YEAR}`);

export const anioSchema = z
  .number({ error: 'El campo "anio" debe ser un año' })
  .int('El campo "anio" debe ser un año')
  .min(MIN_YEAR, `El campo "anio" debe estar entre ${MIN_YEAR} y ${MAX_YEAR}`)
  .max(MAX_YEAR, `El campo "anio" debe estar entre ${MIN_YEAR} y ${MAX_YEAR}`);

/** desde ≤ hasta and at most MAX_RANGE_YEARS apart; extra fields (nombre, ids) merge in. */
export const rangeSchema = z
  .object({ desde: fechaSchema('desde'), hasta: fechaSchema('hasta') })
  .refine((r) => r.desde <= r.hasta, {
    error: 'La fecha "desde" debe ser anterior o igual a "hasta"',
    path: ['desde'],
  })
  .refine((r) => withinYears(r.desde, r.hasta, MAX_RANGE_YEARS), {
    error: `El rango de fechas no puede superar ${MAX_RANGE_YEARS} años`,
    path: ['hasta'],
  });
