import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { bootstrap } from '../src/db/bootstrap.ts';
import { openDatabase } from '../src/db/client.ts';
import { createPostgresDatabase } from '../src/db/scratch.ts';

/** The super-admin of every test database (bootstrap's first user). */
export const ADMIN = { username: 'admin', password: 'clave-admin-1' };

/** Where the databases of a test run start from: migrated once, with the super-admin. */
export interface Plantillas {
  /** An uncompressed tarball of a PGlite data dir (`dumpDataDir('none')`). */
  pglite: string;
  /** A PostgreSQL database to copy (`create database … template`); null without PostgreSQL. */
  postgres: string | null;
}

/**
 * Migrates one PGlite database and, when PostgreSQL answers, one PostgreSQL database, each with the
 * super-admin (an argon2 hash, once): every test database of the run is a copy of them, instead of
 * initdb, the migrations and the hash again (≈ 3 s each on two loaded cores). Returns them and
 * their removal.
 */
export async function crearPlantillas(
  postgresUrl: string | null,
): Promise<{ plantillas: Plantillas; borrar: () => Promise<void> }> {
  const logger = pino({ level: 'silent' });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'planta-plantilla-'));
  const pglite = path.join(dir, 'pglite.tar');
  const embebida = await openDatabase({ kind: 'pglite' });
  try {
    await embebida.migrate();
    await bootstrap(embebida.db, ADMIN.password, logger);
    fs.writeFileSync(pglite, Buffer.from(await embebida.embebida!.volcar()));
  } finally {
    await embebida.close();
  }
  let postgres: string | null = null;
  let dropPostgres = async () => {};
  if (postgresUrl) {
    const created = await createPostgresDatabase(postgresUrl, 'planta_plantilla');
    dropPostgres = created.drop;
    const database = await openDatabase({ kind: 'postgres', url: created.url, poolSize: 2 });
    try {
      await database.migrate();
      await bootstrap(database.db, ADMIN.password, logger);
    } finally {
      await database.close();
    }
    postgres = new URL(created.url).pathname.slice(1);
  }
  return {
    plantillas: { pglite, postgres },
    borrar: async () => {
      fs.rmSync(dir, { recursive: true, force: true });
      await dropPostgres();
    },
  };
}
