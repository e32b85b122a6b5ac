import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema/index.ts';

/*
 * The database handle's types. client.ts (and pglite-host.ts, for the worker) build them; they live
 * apart so that the files client.ts imports (esquema.ts, particiones.ts, pglite-host.ts,
 * cache-validado.ts) can name them without importing client.ts back (no import cycles:
 * .dependency-cruiser.cjs). client.ts re-exports them for everyone else.
 */

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs the migrations; on PostgreSQL under an advisory lock so several servers can start at once. */
  migrate(): Promise<void>;
  /** Cheap round trip, for /healthz. */
  ping(): Promise<void>;
  /**
   * Takes a session-level advisory lock for as long as the process lives (exactly one collector
   * among servers sharing a PostgreSQL). Returns its release, or null when another holder has it.
   * `onLost` runs if the lock's connection dies (the lock is then free for another server).
   */
  tryLock(key: number, onLost: () => void): Promise<(() => Promise<void>) | null>;
  /**
   * Messages between the servers sharing a PostgreSQL (LISTEN/NOTIFY); absent on PGlite, where one
   * process owns the data dir. `listen` keeps its own connection and reconnects after failures.
   */
  channel?: {
    notify(channel: string, payload: string): Promise<void>;
    listen(channel: string, onMessage: (payload: string) => void): () => Promise<void>;
  };
  /** PostgreSQL only: its connection URL (pg_dump connects on its own for a backup). */
  url?: string;
  /** PGlite only: what a backup needs (db/respaldo/crear.ts). */
  embebida?: {
    /** The data directory on disk; absent for an in-memory database. */
    pgDir?: string;
    /** The whole data directory as an uncompressed tarball (PGlite's dumpDataDir). */
    volcar(): Promise<ArrayBuffer>;
  };
  close(): Promise<void>;
}
