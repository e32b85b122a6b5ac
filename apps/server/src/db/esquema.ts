import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { Db } from './tipos.ts';
import { rowsOf } from './rows.ts';

/** The migrations shipped with this code (drizzle-kit's folder). */
export const MIGRATIONS_FOLDER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface Migracion {
  /** 1-based: the schema version this migration brings a database to. */
  numero: number;
  tag: string;
  /** drizzle's `created_at` for it (the journal's `when`). */
  when: number;
  hash: string;
  sentencias: string[];
}

let cache: Migracion[] | undefined;

/** This code's migrations, in order. Migrations only move forward: a shipped one is never edited. */
export function migraciones(): Migracion[] {
  if (cache) return cache;
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as {
    entries: { when: number; tag: string }[];
  };
  const files = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER });
  cache = journal.entries.map((entry, i) => {
    const file = files[i];
    if (!file || file.folderMillis !== entry.when) throw new Error(`migración ${entry.tag} sin archivo`);
    return { numero: i + 1, tag: entry.tag, when: entry.when, hash: file.hash, sentencias: file.sql };
  });
  return cache;
}

export interface EstadoEsquema {
  /** How many of this code's migrations the database has (0: empty database). */
  version: number;
  /** The database holds migrations this code does not know: it was made by a newer Planta. */
  masNueva: boolean;
}

/** Which of this code's migrations a database has applied (drizzle's own bookkeeping table). */
export async function estadoEsquema(db: Db): Promise<EstadoEsquema> {
  const [exists] = await rowsOf<{ ok: boolean }>(
    db.execute(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as ok`),
  );
  if (!exists?.ok) return { version: 0, masNueva: false };
  const rows = await rowsOf<{ created_at: string | null }>(
    db.execute(sql`select created_at::text as created_at from drizzle.__drizzle_migrations`),
  );
  const applied = new Set(rows.map((r) => Number(r.created_at)));
  const known = migraciones();
  const last = known[known.length - 1]?.when ?? 0;
  let version = 0;
  for (const m of known) if (applied.has(m.when)) version = m.numero;
  return { version, masNueva: [...applied].some((when) => when > last) };
}

export class EsquemaMasNuevoError extends Error {}

/**
 * A server (or a restore) never runs on a database whose schema is newer than its code: drizzle
 * would skip the unknown migrations silently and the old code would misread the new tables.
 */
export async function rechazarEsquemaMasNuevo(db: Db): Promise<void> {
  const estado = await estadoEsquema(db);
  if (!estado.masNueva) return;
  const known = migraciones();
  throw new EsquemaMasNuevoError(
    'La base de datos tiene un esquema más nuevo que esta versión de Planta ' +
      `(que conoce hasta la migración ${known[known.length - 1]?.tag}). ` +
      'Instale la versión de Planta que la creó o una posterior; no se inicia para no dañar los datos.',
  );
}
