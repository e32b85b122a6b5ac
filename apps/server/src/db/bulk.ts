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
    const arrays = columns.map((column) => batch.map((row) => normalize(column.value(row))));
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
