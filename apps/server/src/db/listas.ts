import { type SQL, sql } from 'drizzle-orm';

/**
 * Long reads as one row of columns instead of a row per item (a line-day's 1,440 minutes, months
 * of daily values): the statement sorts the items once in a subquery and one aggregate pass joins
 * each column's values with commas, which JavaScript reads as one JSON array per column. The driver
 * then parses one row instead of building a row object per item (≈ 40 % of a line-day's first
 * request on PostgreSQL). Aggregate over a sorted subquery without an ORDER BY of its own: one
 * with it sorts again for every column on PostgreSQL 15, and PostgreSQL keeps a subquery with an
 * ORDER BY as it is (never pulled up), so a plain aggregate above it reads its order.
 */

/** A column's values as JSON-readable text: numbers and booleans as PostgreSQL writes them, null as null. */
export const lista = (valor: SQL) => sql`string_agg(coalesce((${valor})::text, 'null'), ',')`;

/** `lista` in a statement of fixed text (db/preparadas.ts): `valor` is an expression of the code, never data. */
export const listaTexto = (valor: string) => `string_agg(coalesce((${valor})::text, 'null'), ',')`;

/** A text column's values (text without quotes, commas or backslashes: dates, codes) as JSON strings. */
export const listaDeTextos = (valor: SQL) => sql`string_agg('"' || (${valor}) || '"', ',')`;

/** A `lista` read back (empty when the statement aggregated no item). */
export function leerLista<T = number>(texto: string | null | undefined): T[] {
  if (!texto) return [];
  try {
    return JSON.parse(`[${texto}]`) as T[];
  } catch {
    // 'NaN' or 'Infinity' among the numbers: not JSON.
    return texto.split(',').map((v) => (v === 'null' ? null : Number(v))) as T[];
  }
}
