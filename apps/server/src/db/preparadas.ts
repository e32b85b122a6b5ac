import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Db } from './tipos.ts';
import { rowsOf } from './rows.ts';

/** What a statement kept by name needs of the driver: node-postgres' query with a name. */
interface ConNombre {
  query(config: {
    name: string;
    text: string;
    values: unknown[];
    types: typeof COMO_DRIZZLE;
  }): Promise<{ rows: unknown[] }>;
}

/**
 * The values as drizzle's `execute` reads them (its node-postgres session): dates, timestamps and
 * intervals, and their arrays, as PostgreSQL writes them, not as Date objects.
 */
const COMO_TEXTO = new Set([
  pg.types.builtins.TIMESTAMPTZ,
  pg.types.builtins.TIMESTAMP,
  pg.types.builtins.DATE,
  pg.types.builtins.INTERVAL,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
]);
const COMO_DRIZZLE = {
  getTypeParser: ((id: number, formato?: 'text' | 'binary') =>
    COMO_TEXTO.has(id)
      ? (valor: string) => valor
      : pg.types.getTypeParser(id, formato)) as typeof pg.types.getTypeParser,
};

/** The pool under a database handle (drizzle's node-postgres `$client`); absent in a transaction's handle. */
const poolDe = (db: Db): ConNombre | undefined => (db as unknown as { $client?: ConNombre }).$client;

/** `texto` with its `$n` placeholders bound to `valores` as drizzle parameters. */
function comoSql(texto: string, valores: readonly unknown[]): SQL {
  const partes = texto.split(/\$(\d+)/);
  return sql.join(
    partes.map((parte, i) => (i % 2 === 0 ? sql.raw(parte) : sql`${valores[Number(parte) - 1]}`)),
    sql``,
  );
}

/** Each statement text's name, given here only (unique: `planta_sentencia_<n>`, under PostgreSQL's 63 characters). */
const nombres = new Map<string, string>();
/**
 * Texts named at most: each named statement stays in every pooled connection's memory, so a text
 * built from data by mistake must not fill it (past the bound, texts run unnamed, as before).
 */
const MAX_SENTENCIAS_PREPARADAS = 200;

/**
 * A hot read's statement, parsed and planned by the database once per connection (a named prepared
 * statement, its name given by `nombres`) and sent as its fixed text with its parameters, so
 * neither the ORM's query building nor the database's parsing runs again on every request
 * (issue 34 item 2: 0.3 ms of building and 0.2–0.3 ms of planning on a 1 ms read). Both databases
 * take it: PostgreSQL per pooled connection, PGlite in its one session. In a transaction's handle
 * (no pool of its own) it runs as an ordinary statement with the same parameters. `texto` is fixed
 * by the code (a few variants per read, never built from data: `nombres` keeps one entry per text,
 * and values go in `valores` only); a `$n` inside a quoted literal would be taken as a parameter.
 */
export function consultaPreparada<T>(db: Db, texto: string, valores: unknown[]): Promise<T[]> {
  const pool = poolDe(db);
  if (!pool) return rowsOf<T>(db.execute(comoSql(texto, valores)));
  let nombre = nombres.get(texto);
  if (!nombre) {
    if (nombres.size >= MAX_SENTENCIAS_PREPARADAS) return rowsOf<T>(db.execute(comoSql(texto, valores)));
    nombres.set(texto, (nombre = `planta_sentencia_${nombres.size + 1}`));
  }
  return pool
    .query({ name: nombre, text: texto, values: valores, types: COMO_DRIZZLE })
    .then((r) => r.rows as T[]);
}

const dialecto = new PgDialect();

/**
 * `consultaPreparada` for a statement written with drizzle's `sql`: its text must be fixed by the
 * code (every value a parameter, a few variants chosen by the code), as a read whose planning
 * costs more than its execution (the losses' statements of perdidas.repository.ts: one line-day
 * read 20 → 11 ms on PGlite, 14.5 → 9 on PostgreSQL once prepared).
 */
export function sentenciaPreparada<T>(db: Db, consulta: SQL): Promise<T[]> {
  if (!poolDe(db)) return rowsOf<T>(db.execute(consulta));
  const { sql: texto, params } = dialecto.sqlToQuery(consulta);
  return consultaPreparada<T>(db, texto, params);
}
