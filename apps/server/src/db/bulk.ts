import { sql, type SQL } from 'drizzle-orm';
import type { Db } from './client.ts';

export type PgArrayType =
  'smallint' | 'int' | 'bigint' | 'float8' | 'text' | 'date' | 'timestamptz' | 'bool' | 'time';

export interface BulkColumn<Row> {
  name: string;
  type: PgArrayType;
  value: (row: Row) => unknown;
}

/**
 * Inserts many rows with one `INSERT … SELECT * FROM unnest($1::t[], $2::t[], …)` per batch: a
 * handful of parameters instead of one per cell, fast on PGlite and PostgreSQL alike.
 * `conflict` is the literal ON CONFLICT clause (idempotent upserts for time series).
 */
export async function insertUnnest<Row>(
  db: Db,
  table: string,
  columns: BulkColumn<Row>[],
  rows: readonly Row[],
  conflict: string,
  batchSize = 20_000,
): Promise<void> {
  // One batch's arrays built at a time, between the awaits: a large insert never holds the event
  // loop for all of its rows at once.
  for (const statement of unnestStatements(table, columns, rows, conflict, batchSize))
    await db.execute(statement);
}

/**
 * The statements of `insertUnnest`, built but not run: the arrays are computed here, so a caller
 * can build them ahead (while the database works on something else) and run them later, or join
 * several into one statement with `joinInserts`.
 */
export function unnestInserts<Row>(
  table: string,
  columns: BulkColumn<Row>[],
  rows: readonly Row[],
  conflict: string,
  batchSize = 20_000,
): SQL[] {
  return [...unnestStatements(table, columns, rows, conflict, batchSize)];
}

function* unnestStatements<Row>(
  table: string,
  columns: BulkColumn<Row>[],
  rows: readonly Row[],
  conflict: string,
  batchSize: number,
): Generator<SQL> {
  for (let offset = 0; offset < rows.length; offset += batchSize) {
    const batch = rows.slice(offset, offset + batchSize);
    const arrays = columns.map((column) => {
      const values = batch.map((row) => normalize(column.value(row)));
      return arrayBinario(column.type, values) ?? values;
    });
    // sql.param: one array parameter (a bare array would be expanded into a list of parameters).
    const params: SQL[] = columns.map((column, i) => sql`${sql.param(arrays[i])}::${sql.raw(column.type)}[]`);
    yield sql`insert into ${sql.identifier(table)} (${sql.raw(columns.map((c) => `"${c.name}"`).join(', '))})
          select * from unnest(${sql.join(params, sql`, `)}) ${sql.raw(conflict)}`;
  }
}

/**
 * Several INSERTs into different tables as ONE statement (each but the last as a data-modifying
 * WITH query): one round trip to the database instead of one each. The inserts must not depend on
 * each other's rows (they all see the same snapshot). Null when there is nothing to insert.
 */
export function joinInserts(statements: readonly SQL[]): SQL | null {
  if (statements.length === 0) return null;
  const last = statements[statements.length - 1]!;
  if (statements.length === 1) return last;
  const ctes = statements.slice(0, -1).map((statement, i) => sql`${sql.raw(`i${i}`)} as (${statement})`);
  return sql`with ${sql.join(ctes, sql`, `)} ${last}`;
}

function normalize(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'number' && !Number.isFinite(value)) return null;
  return value ?? null;
}

/** Element type OIDs of PostgreSQL's binary array format (pg_type.oid, fixed since 8.x). */
const OID: Record<PgArrayType, number> = {
  smallint: 21,
  int: 23,
  bigint: 20,
  float8: 701,
  text: 25,
  date: 1082,
  timestamptz: 1184,
  bool: 16,
  time: 1083,
};
const EPOCH_2000 = Date.UTC(2000, 0, 1);
const DIA_MS = 86_400_000;
/** An instant with its offset (what `toISOString` and the callers write): read the same by Date and PostgreSQL. */
const INSTANTE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;
const FECHA = /^(\d{4})-(\d{2})-(\d{2})$/;
const HORA = /^(\d{2}):(\d{2})(?::(\d{2}))?$/;

const TAMANO: Record<Exclude<PgArrayType, 'text'>, number> = {
  smallint: 2,
  int: 4,
  bigint: 8,
  float8: 8,
  date: 4,
  timestamptz: 8,
  bool: 1,
  time: 8,
};

/**
 * Writes one element's bytes at `o` (room for them is there); false when the value is not one
 * this encoder reads exactly as PostgreSQL would.
 */
function escribirElemento(b: Buffer, o: number, type: Exclude<PgArrayType, 'text'>, value: unknown): boolean {
  switch (type) {
    case 'float8':
      if (typeof value !== 'number') return false;
      b.writeDoubleBE(value, o);
      return true;
    case 'int':
      if (!Number.isInteger(value) || (value as number) < -(2 ** 31) || (value as number) >= 2 ** 31)
        return false;
      b.writeInt32BE(value as number, o);
      return true;
    case 'smallint':
      if (!Number.isInteger(value) || (value as number) < -(2 ** 15) || (value as number) >= 2 ** 15)
        return false;
      b.writeInt16BE(value as number, o);
      return true;
    case 'bigint':
      if (!Number.isSafeInteger(value)) return false;
      b.writeBigInt64BE(BigInt(value as number), o);
      return true;
    case 'bool':
      if (typeof value !== 'boolean') return false;
      b.writeUInt8(value ? 1 : 0, o);
      return true;
    case 'timestamptz': {
      // Microseconds since 2000-01-01 UTC.
      const ms = typeof value === 'string' && INSTANTE.test(value) ? Date.parse(value) : NaN;
      if (!Number.isFinite(ms)) return false;
      b.writeBigInt64BE(BigInt(ms - EPOCH_2000) * 1000n, o);
      return true;
    }
    case 'date': {
      // Days since 2000-01-01.
      const m = typeof value === 'string' ? FECHA.exec(value) : null;
      if (!m) return false;
      const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
      if (new Date(ms).toISOString().slice(0, 10) !== value) return false;
      b.writeInt32BE((ms - EPOCH_2000) / DIA_MS, o);
      return true;
    }
    case 'time': {
      // Microseconds since midnight.
      const m = typeof value === 'string' ? HORA.exec(value) : null;
      if (!m) return false;
      const [h, min, sec] = [Number(m[1]), Number(m[2]), Number(m[3] ?? 0)];
      if (h > 23 || min > 59 || sec > 59) return false;
      b.writeBigInt64BE(BigInt(((h * 60 + min) * 60 + sec) * 1_000_000), o);
      return true;
    }
  }
}

/**
 * `values` in PostgreSQL's binary array format (one dimension, lower bound 1), sent as a binary
 * parameter (node-postgres sends a Buffer so): the database reads each element's bytes instead of
 * parsing its text, a third of a large insert's time on PGlite (a day of minute rows, 5,760 × 7
 * values: ≈ 70 → 45 ms). Null when a value is not one it encodes exactly as PostgreSQL would parse
 * it (a timestamp without its offset, a non-integer for int, …): the caller then sends the text
 * array, and PostgreSQL parses it, or refuses it, as it always did.
 */
export function arrayBinario(type: PgArrayType, values: readonly unknown[]): Buffer | null {
  let nulos = 0;
  let datos = 0;
  for (const value of values) {
    if (value === null || value === undefined) nulos++;
    else if (type === 'text') {
      if (typeof value !== 'string') return null;
      datos += Buffer.byteLength(value, 'utf8');
    }
  }
  if (type !== 'text') datos = (values.length - nulos) * TAMANO[type];
  const b = Buffer.allocUnsafe(20 + values.length * 4 + datos);
  b.writeInt32BE(1, 0); // dimensions
  b.writeInt32BE(nulos > 0 ? 1 : 0, 4);
  b.writeInt32BE(OID[type], 8);
  b.writeInt32BE(values.length, 12);
  b.writeInt32BE(1, 16); // lower bound
  let o = 20;
  for (const value of values) {
    if (value === null || value === undefined) {
      b.writeInt32BE(-1, o);
      o += 4;
    } else if (type === 'text') {
      const largo = b.write(value as string, o + 4, 'utf8');
      b.writeInt32BE(largo, o);
      o += 4 + largo;
    } else {
      const tamano = TAMANO[type];
      b.writeInt32BE(tamano, o);
      if (!escribirElemento(b, o + 4, type, value)) return null;
      o += 4 + tamano;
    }
  }
  return b;
}
