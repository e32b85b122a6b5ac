import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { buildServer } from '../../../scripts/build-server.ts';
import { DEFAULT_POSTGRES_TEST_URL } from '../src/db/scratch.ts';
import { crearPlantillas, type Plantillas } from './plantillas.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    postgres: { url: string; available: boolean; reason: string; required: boolean };
    /** The migrated databases every test database is copied from (plantillas.ts). */
    plantillas: Plantillas;
    /** Where this run's temporary directories go (processes.ts `tmpDir`): removed at its end. */
    temporales: string;
  }
}

/**
 * Probes PostgreSQL once for the whole run (the PostgreSQL suites read the answer), migrates the
 * template databases and brings the server's bundle up to date (the server processes the tests
 * start run it, as `npm start` does); returns the templates' removal, and the run's temporary
 * directories' (data dirs of 60–110 MB: a full run left ≈ 700 MB of them behind).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  await buildServer();
  const url = process.env.DATABASE_URL_TEST || DEFAULT_POSTGRES_TEST_URL;
  const required = process.env.REQUIRE_POSTGRES === '1';
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  let available = false;
  let reason = '';
  try {
    await client.connect();
    await client.query('select 1');
    available = true;
  } catch (error) {
    reason = `PostgreSQL no disponible en ${url}: ${(error as Error).message}`;
  } finally {
    await client.end().catch(() => {});
  }
  if (!available) {
    process.stderr.write(
      required
        ? `\nREQUIRE_POSTGRES=1 y ${reason}: las pruebas de PostgreSQL fallarán.\n`
        : `\n${reason}: se omiten las pruebas de PostgreSQL (defina REQUIRE_POSTGRES=1 para exigirlas).\n`,
    );
  }
  project.provide('postgres', { url, available, reason, required });
  const { plantillas, borrar } = await crearPlantillas(available ? url : null);
  project.provide('plantillas', plantillas);
  const temporales = fs.mkdtempSync(path.join(os.tmpdir(), 'planta-pruebas-'));
  project.provide('temporales', temporales);
  return async () => {
    await borrar();
    fs.rmSync(temporales, { recursive: true, force: true });
  };
}
