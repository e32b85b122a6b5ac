/**
 * Losses explained (issue 33 item 5): perdidasOee over a year of the whole plant (the heaviest
 * read of /fabrica/perdidas: every line-day's eficiencias row and every stop of the year cut by
 * day), budget ≤ 250 ms on PostgreSQL and PGlite ≤ 3× PostgreSQL on the same history; also a
 * month of one shift and one line-day with its timeline, for scale. The service is called as the
 * resolver calls it (validation, every query, the sums), without HTTP.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { addDays, productionDay } from '@planta/domain';
import { createPlantModel } from '@planta/plant-model';
import pino from 'pino';
import { bootstrap } from '../apps/server/src/db/bootstrap.ts';
import { type Database, openDatabase } from '../apps/server/src/db/client.ts';
import { createPostgresDatabase } from '../apps/server/src/db/scratch.ts';
import { runDemoBackfill } from '../apps/server/src/demo/backfill.ts';
import { DEMO_SEED } from '../apps/server/src/demo/start-demo.ts';
import { PerdidasRepository } from '../apps/server/src/modules/perdidas/perdidas.repository.ts';
import { PerdidasService } from '../apps/server/src/modules/perdidas/perdidas.service.ts';
import { BENCH_PASSWORD } from './sesion.ts';
import { medianTime } from './stats.ts';

const TZ = 'America/Lima';
/**
 * Days of history PostgreSQL holds (the issue's budget is for five years: BENCH_PERDIDAS_DAYS=1826,
 * about a quarter of an hour to write on 2 cores); PGlite holds the demo's 400 days at most. The
 * query always reads the last year.
 */
const DAYS = Number(process.env.BENCH_PERDIDAS_DAYS ?? 366);
const DEMO_DAYS = 400;
/** BENCH_PERDIDAS_RUNS: measurements over the same histories (each the median of 9 requests). */
const RUNS = Math.max(1, Number(process.env.BENCH_PERDIDAS_RUNS ?? 1) || 1);
const YEAR = 366;
const PG_URL = process.env.DATABASE_URL_TEST || 'postgres://postgres@127.0.0.1:5432/test';
const BUDGET_MS = 250;
const silent = pino({ level: 'silent' });
const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');

async function preparar(label: string, open: () => Promise<Database>, days: number): Promise<Database> {
  const database = await open();
  await database.migrate();
  await bootstrap(database.db, BENCH_PASSWORD, silent);
  const t0 = performance.now();
  const model = createPlantModel({ seed: DEMO_SEED, timeZone: TZ });
  await runDemoBackfill(database.db, { model, days, timeZone: TZ, now: new Date(), logger: silent });
  console.log(`  ${label}: ${days} demo days written in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  return database;
}

async function medir(database: Database) {
  const service = new PerdidasService(new PerdidasRepository(database.db), TZ);
  const ayer = addDays(productionDay(new Date(), TZ), -1);
  const desde = addDays(ayer, -(Math.min(DAYS, YEAR) - 2));
  const anio = await medianTime(() => service.perdidasOee({ desde, hasta: ayer }), 9);
  const turno = await medianTime(
    () => service.perdidasOee({ desde: addDays(ayer, -30), hasta: ayer, turno: 2 }),
    9,
  );
  const dia = await medianTime(() => service.perdidasOee({ desde: ayer, hasta: ayer }), 9);
  return { anio, turno, dia };
}

console.log(`\nperdidasOee (issue 33 item 5): a year of the plant, ${DAYS} days of history on PostgreSQL`);
const scratch = await createPostgresDatabase(PG_URL, 'planta_bench_perdidas').catch((error: unknown) => {
  console.log(`  PostgreSQL: not reachable at ${PG_URL} (${(error as Error).message}), skipped`);
  return null;
});
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'planta-bench-perdidas-'));
try {
  const postgres: Awaited<ReturnType<typeof medir>>[] = [];
  if (scratch) {
    const db = await preparar('PostgreSQL', () => openDatabase({ kind: 'postgres', url: scratch.url }), DAYS);
    try {
      for (let run = 0; run < RUNS; run++) postgres.push(await medir(db));
    } finally {
      await db.close();
    }
    for (const m of postgres) {
      console.log(
        `  PostgreSQL: the plant, a year   ${m.anio.toFixed(1)} ms (budget ${BUDGET_MS} ms) ${verdict(m.anio <= BUDGET_MS)}`,
      );
      console.log(`  PostgreSQL: shift 2, 31 days   ${m.turno.toFixed(1)} ms`);
      console.log(`  PostgreSQL: one day + timeline ${m.dia.toFixed(1)} ms`);
    }
  }
  const lite = await preparar(
    'PGlite',
    () => openDatabase({ kind: 'pglite', dataDir: dir }),
    Math.min(DAYS, DEMO_DAYS),
  );
  try {
    for (let run = 0; run < RUNS; run++) {
      const m = await medir(lite);
      const pg = postgres[run];
      const ratio = pg ? m.anio / pg.anio : null;
      console.log(
        `  PGlite: the plant, a year       ${m.anio.toFixed(1)} ms${
          ratio === null ? '' : `   ${ratio.toFixed(2)}x PostgreSQL (budget ≤ 3×) ${verdict(ratio <= 3)}`
        }`,
      );
      console.log(`  PGlite: shift 2, 31 days       ${m.turno.toFixed(1)} ms`);
      console.log(`  PGlite: one day + timeline     ${m.dia.toFixed(1)} ms`);
    }
  } finally {
    await lite.close();
  }
} finally {
  await scratch?.drop();
  fs.rmSync(dir, { recursive: true, force: true });
}
