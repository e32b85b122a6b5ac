import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Logger } from 'pino';
import { openDatabase } from '../client.ts';
import { type Migracion, migraciones } from '../esquema.ts';
import { acquireDataDirLock } from '../lock.ts';
import { mantenerParticionesEn } from '../particiones.ts';
import { rowsOf } from '../rows.ts';
import { type MetadatosRespaldo, RespaldoInvalidoError } from './formato.ts';
import { recorrerRespaldo } from './leer.ts';

export type DestinoRestauracion = { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string };

export interface Restauracion {
  meta: MetadatosRespaldo;
  /** Rows per table of the restored database. */
  filas: Record<string, number>;
  /** Where the previous data was put aside (a directory, or PostgreSQL schemas), if there was any. */
  anterior?: string;
}

/** Something that runs SQL text (several statements at once) on one session. */
type Ejecutar = (texto: string) => Promise<void>;

/** The target database refused part of the backup (the whole restore was rolled back). */
export class RestauracionError extends Error {}

/** The database's own reason, without drizzle's copy of the whole failed batch. */
function rechazo(error: unknown, texto: string): RestauracionError {
  const causa = (error as { cause?: unknown }).cause ?? error;
  const motivo = causa instanceof Error ? causa.message : String(causa);
  return new RestauracionError(
    `la base de datos rechazó el respaldo: ${motivo} (en: ${texto.slice(0, 60).replace(/\s+/g, ' ')}…)`,
  );
}

/**
 * Checks the whole file first (complete, made by Planta, a schema this code knows), then restores
 * it into the configured database, keeping the previous data aside until the restore has
 * succeeded: a truncated or foreign file changes nothing.
 *
 * PGlite: the restore is built in `DATA_DIR/restauracion/` and swapped in by renaming; the old
 * data dir becomes `DATA_DIR/pg-anterior-<fecha>`. Refused while a server holds the data dir.
 * PostgreSQL: one transaction renames the current `public` and `drizzle` schemas to
 * `planta_anterior_<fecha>` / `drizzle_anterior_<fecha>` and builds the new ones; refused while
 * a Planta server is connected to the database.
 */
export async function restaurarRespaldo(
  archivo: string,
  destino: DestinoRestauracion,
  logger?: Logger,
): Promise<Restauracion> {
  const { meta } = await recorrerRespaldo(archivo);
  const hasta = migracionesHasta(meta);
  return destino.kind === 'pglite'
    ? enPglite(archivo, meta, hasta, destino.dataDir, logger)
    : enPostgres(archivo, meta, hasta, destino.url);
}

function migracionesHasta(meta: MetadatosRespaldo): Migracion[] {
  const conocidas = migraciones();
  const ultima = conocidas[conocidas.length - 1];
  if (meta.esquema > conocidas.length) {
    throw new RespaldoInvalidoError(
      `el respaldo es de una versión más nueva de Planta (migración ${meta.migracion}); ` +
        `esta versión conoce hasta ${ultima?.tag}: actualice Planta antes de restaurarlo`,
    );
  }
  const propia = conocidas[meta.esquema - 1];
  if (!propia || propia.tag !== meta.migracion) {
    throw new RespaldoInvalidoError(
      `el esquema del respaldo (${meta.migracion}) no es uno de esta versión de Planta`,
    );
  }
  return conocidas.slice(0, meta.esquema);
}

const sello = () => new Date().toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '_');

async function enPglite(
  archivo: string,
  meta: MetadatosRespaldo,
  hasta: Migracion[],
  dataDir: string,
  logger?: Logger,
): Promise<Restauracion> {
  // The server's own lock: a data dir a running server holds is refused (DataDirLockedError).
  const liberar = acquireDataDirLock(dataDir);
  const trabajo = path.join(dataDir, 'restauracion');
  try {
    fs.rmSync(trabajo, { recursive: true, force: true });
    const database = await openDatabase({ kind: 'pglite', dataDir: trabajo }, logger);
    let filas: Record<string, number>;
    try {
      filas = await database.db.transaction((tx) =>
        cargar(
          async (texto) => {
            await tx.execute(sql.raw(texto));
          },
          archivo,
          hasta,
          (q) => rowsOf(tx.execute(sql.raw(q))),
        ),
      );
    } finally {
      await database.close();
    }
    const actual = path.join(dataDir, 'pg');
    let anterior: string | undefined;
    if (fs.existsSync(actual)) {
      anterior = path.join(dataDir, `pg-anterior-${sello()}`);
      fs.renameSync(actual, anterior);
    }
    fs.renameSync(path.join(trabajo, 'pg'), actual);
    fs.rmSync(trabajo, { recursive: true, force: true });
    return { meta, filas, anterior };
  } catch (error) {
    fs.rmSync(trabajo, { recursive: true, force: true });
    throw error;
  } finally {
    liberar();
  }
}

async function enPostgres(
  archivo: string,
  meta: MetadatosRespaldo,
  hasta: Migracion[],
  url: string,
): Promise<Restauracion> {
  const client = new pg.Client({ connectionString: url, application_name: 'planta-restauracion' });
  await client.connect();
  try {
    const { rows: otros } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and application_name like 'planta%'`,
    );
    if ((otros[0]?.n ?? 0) > 0) {
      throw new RespaldoInvalidoError(
        `hay ${otros[0]?.n} conexiones de servidores de Planta a esta base de datos: deténgalos antes de restaurar`,
      );
    }
    await client.query('begin');
    try {
      const { rows: tablas } = await client.query<{ n: number }>(
        `select count(*)::int as n from pg_tables where schemaname in ('public', 'drizzle')`,
      );
      let anterior: string | undefined;
      if ((tablas[0]?.n ?? 0) > 0) {
        const s = sello().toLowerCase();
        anterior = `planta_anterior_${s}, drizzle_anterior_${s}`;
        await client.query(`alter schema public rename to planta_anterior_${s}`);
        const { rows: drizzle } = await client.query(`select 1 from pg_namespace where nspname = 'drizzle'`);
        if (drizzle.length > 0) await client.query(`alter schema drizzle rename to drizzle_anterior_${s}`);
        await client.query('create schema public');
      }
      const filas = await cargar(
        async (texto) => {
          await client.query(texto);
        },
        archivo,
        hasta,
        async (q) => (await client.query(q)).rows,
      );
      await client.query('commit');
      return { meta, filas, anterior };
    } catch (error) {
      await client.query('rollback').catch(() => {});
      throw error;
    }
  } finally {
    await client.end();
  }
}

/**
 * Inside the caller's transaction: the schema of the file's version (this code's migrations up to
 * it, recorded as drizzle records them, so the server migrates forward from there), then the data.
 */
async function cargar(
  ejecutarSinMotivo: Ejecutar,
  archivo: string,
  hasta: Migracion[],
  consultar: (q: string) => Promise<Record<string, unknown>[]>,
): Promise<Record<string, number>> {
  const ejecutar: Ejecutar = async (texto) => {
    try {
      await ejecutarSinMotivo(texto);
    } catch (error) {
      throw rechazo(error, texto);
    }
  };
  await ejecutar(
    'create schema if not exists drizzle; ' +
      'create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)',
  );
  for (const migracion of hasta) {
    for (const sentencia of migracion.sentencias) if (sentencia.trim()) await ejecutar(sentencia);
    await ejecutar(
      `insert into drizzle.__drizzle_migrations (hash, created_at) values ('${migracion.hash}', ${migracion.when})`,
    );
  }
  // Some migrations write rows of their own (0009: the default stop reasons and shifts). The file
  // holds those tables as they were when it was made (edited, or emptied): its rows replace them.
  const sembradas = Object.entries(await filasPorTabla(consultar))
    .filter(([, n]) => n > 0)
    .map(([tabla]) => `public."${tabla}"`);
  if (sembradas.length > 0) await ejecutar(`truncate ${sembradas.join(', ')} restart identity cascade`);
  await recorrerRespaldo(archivo, ejecutar);
  // The readings arrive through their partitioned parents into the default partition: each month
  // moves into its own partition now, as the server would at its next start.
  const [particionada] = (await consultar(
    `select exists (select 1 from pg_partitioned_table where partrelid = to_regclass('public.lecturas')) as si`,
  )) as { si: boolean }[];
  if (particionada?.si) await mantenerParticionesEn(consultar);
  return filasPorTabla(consultar);
}

/**
 * Every table of Planta's schema with its row count (what a restore reports, and tests compare); a
 * partitioned table counts its partitions' rows, which are not listed on their own (which month
 * holds a row is the server's bookkeeping, not data).
 */
export async function filasPorTabla(
  consultar: (q: string) => Promise<Record<string, unknown>[]>,
): Promise<Record<string, number>> {
  const tablas = (await consultar(
    `select c.relname as tablename from pg_class c
      where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') and not c.relispartition
      order by 1`,
  )) as { tablename: string }[];
  const filas: Record<string, number> = {};
  for (const { tablename } of tablas) {
    const [fila] = await consultar(`select count(*)::bigint::text as n from public."${tablename}"`);
    filas[tablename] = Number((fila as { n: string } | undefined)?.n ?? 0);
  }
  return filas;
}
