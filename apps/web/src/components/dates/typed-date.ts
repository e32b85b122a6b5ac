/**
 * Dates as people type them in a plant (DD/MM/AAAA): '15/03/2026', '15-3-2026', '15.03.2026' or
 * just the digits '15032026'. Pure functions for the production-day field.
 */

/** How plant dates are typed and shown (the MUI X pickers' format string of the same). */
export const DATE_FORMAT = 'DD/MM/YYYY';

const SEPARATED = /^(\d{1,2})\s*[/.-]\s*(\d{1,2})\s*[/.-]\s*(\d{4})$/;
const DIGITS = /^(\d{2})(\d{2})(\d{4})$/;

/** 'YYYY-MM-DD' of a typed date; 'vacia' when nothing was typed; 'invalida' for anything else (31/02/2026 too). */
export function parseTypedDate(text: string): string | 'vacia' | 'invalida' {
  const trimmed = text.trim();
  if (trimmed === '') return 'vacia';
  const match = SEPARATED.exec(trimmed) ?? DIGITS.exec(trimmed);
  if (!match) return 'invalida';
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (
    year < 1000 ||
    date.getUTCFullYear() !== year ||
    date.getUTCMonth() !== month - 1 ||
    date.getUTCDate() !== day
  ) {
    return 'invalida';
  }
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** 'DD/MM/YYYY' of 'YYYY-MM-DD'. */
export const toTyped = (fecha: string) => `${fecha.slice(8, 10)}/${fecha.slice(5, 7)}/${fecha.slice(0, 4)}`;
