import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Logger } from 'pino';
import { MIGRATIONS_FOLDER, rechazarEsquemaMasNuevo } from './esquema.ts';
import { acquireDataDirLock } from './lock.ts';
import { mantenerParticiones } from './particiones.ts';
import { openPgliteWorker } from './pglite-host.ts';
import * as schema from './schema/index.ts';
import { CANDADOS } from './candados.ts';
import { avisarConexionesPerdidas } from './errores-pool.ts';
import type { Database, Db } from './tipos.ts';

export type { Database, Db } from './tipos.ts';

const MIGRATION_LOCK_KEY = CANDADOS.migraciones;

export type DatabaseOptions =
  | {
      kind: 'pglite';
      /** No dataDir: in memory (tests). */
      dataDir?: string;
      inProcess?: boolean;
      /**
       * A new database only: start from this data dir, dumped as an uncompressed tarball by PGlite's
       * `dumpDataDir('none')` (the tests' migrated template), instead of an empty one.
       */
      plantilla?: string;
    }
  | { kind: 'postgres'; url: string; poolSize?: number };

export async function openDatabase(options: DatabaseOptions, logger?: Logger): Promise<Database> {
  const database =
    options.kind === 'pglite'
      ? await openPglite(options.dataDir, options.inProcess ?? false, logger, options.plantilla)
      : await openPostgres(options.url, options.poolSize ?? 10, logger);
  const migrate = database.migrate;
  // Never on a schema newer than this code (EsquemaMasNuevoError): drizzle would skip what it does
  // not know and carry on.
  database.migrate = async () => {
    await rechazarEsquemaMasNuevo(database.db);
    await migrate();
    // The reading tables' months around now exist before anything writes them. Should it fail (a
    // lock another server holds), rows wait in the default partitions and the daily pass retries.
    await mantenerParticiones(database.db).catch((err: unknown) =>
      logger?.warn({ err }, 'no se pudieron crear las particiones de lecturas; se reintentará'),
    );
  };
  return database;
}

/**
 * PGlite runs in a worker thread and is reached over a unix socket with node-postgres
 * (pglite-host.ts), so its queries never hold this thread's event loop. `inProcess` keeps the old
 * arrangement (PGlite on the calling thread), for comparisons in the benches only.
 */
async function openPglite(
  dataDir: string | undefined,
  inProcess: boolean,
  logger?: Logger,
  plantilla?: string,
): Promise<Database> {
  if (!inProcess) return openPgliteWorker(dataDir, MIGRATIONS_FOLDER, logger, plantilla);
  const release = dataDir ? acquireDataDirLock(dataDir) : () => {};
  try {
    const pgDir = dataDir ? path.join(dataDir, 'pg') : undefined;
    const client = plantilla
      ? await PGlite.create(pgDir, { loadDataDir: new Blob([fs.readFileSync(plantilla)]) })
      : await PGlite.create(pgDir);
    const db = drizzlePglite({ client, schema }) as unknown as Db;
    return {
      db,
      kind: 'pglite',
      migrate: () => migratePglite(db as never, { migrationsFolder: MIGRATIONS_FOLDER }),
      ping: async () => {
        await client.query('select 1');
      },
      tryLock: async () => async () => {},
      close: async () => {
        try {
          await client.close();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

async function openPostgres(url: string, poolSize: number, logger?: Logger): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    // A request never hangs on a stuck query.
    statement_timeout: 30_000,
    application_name: 'planta',
  });
  avisarConexionesPerdidas(pool, logger, 'conexión a PostgreSQL perdida');
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    url,
    migrate: async () => {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        try {
          await migratePg(drizzlePg({ client, schema }), { migrationsFolder: MIGRATIONS_FOLDER });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
        }
      } finally {
        client.release();
      }
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    tryLock: async (key, onLost) => {
      const client = await pool.connect();
      const state: { alive: boolean; heartbeat?: NodeJS.Timeout } = { alive: true };
      const lost = () => {
        if (!state.alive) return;
        state.alive = false;
        clearInterval(state.heartbeat);
        client.release(true);
        onLost();
      };
      client.on('error', lost);
      const { rows } = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1) as ok', [key]);
      if (!rows[0]?.ok) {
        state.alive = false;
        client.off('error', lost);
        client.release();
        return null;
      }
      // A dead connection is noticed within seconds, so the holder stops and another can take over.
      state.heartbeat = setInterval(() => {
        client.query('select 1').catch(lost);
      }, 5_000);
      state.heartbeat.unref();
      return async () => {
        if (!state.alive) return;
        state.alive = false;
        clearInterval(state.heartbeat);
        client.off('error', lost);
        await client.query('select pg_advisory_unlock($1)', [key]).catch(() => {});
        client.release();
      };
    },
    channel: {
      notify: async (channel, payload) => {
        await pool.query('select pg_notify($1, $2)', [channel, payload]);
      },
      listen: (channel, onMessage) => listenForever(url, channel, onMessage, logger),
    },
    close: () => pool.end(),
  };
}

/** LISTEN on a connection of its own; after any failure, connects again (every 2 s) until stopped. */
function listenForever(
  url: string,
  channel: string,
  onMessage: (payload: string) => void,
  logger?: Logger,
): () => Promise<void> {
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const again = () => {
    client = undefined;
    if (stopped) return;
    retry = setTimeout(() => void connect(), 2_000);
    retry.unref();
  };
  const connect = async () => {
    const c = new pg.Client({ connectionString: url, application_name: 'planta-vivo' });
    client = c;
    let failed = false;
    const fail = (err: unknown) => {
      if (failed) return;
      failed = true;
      if (!stopped) logger?.warn({ err, canal: channel }, 'canal entre servidores caído; se reconecta');
      void c.end().catch(() => {});
      again();
    };
    c.on('error', fail);
    c.on('end', () => fail(new Error('conexión cerrada')));
    c.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) onMessage(message.payload);
    });
    try {
      await c.connect();
      await c.query(`listen ${pg.escapeIdentifier(channel)}`);
      if (stopped) await c.end();
    } catch (err) {
      fail(err);
    }
  };
  void connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => {});
  };
}
