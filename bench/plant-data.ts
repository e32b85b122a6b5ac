/**
 * Demo history and reads (DESIGN §8), on PGlite and PostgreSQL:
 * - first start: the demo backfill of BENCH_DAYS (default 400) days, and reopening the data dir;
 * - one line's day of minutes through GraphQL vs the same SQL run directly (budget ≤ 1.3×);
 * - a month's production from the rollups (historicos) vs from the raw minute rows (budget ≤ 0.05×).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { addDays, productionDay, productionDayRange } from '@planta/domain';
import { createPlantModel } from '@planta/plant-model';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { buildApp } from '../apps/server/src/app.ts';
import { bootstrap } from '../apps/server/src/db/bootstrap.ts';
import { type Database, openDatabase } from '../apps/server/src/db/client.ts';
import { createPostgresDatabase } from '../apps/server/src/db/scratch.ts';
import { runDemoBackfill } from '../apps/server/src/demo/backfill.ts';
import { DEMO_SEED } from '../apps/server/src/demo/start-demo.ts';
import { medianTime } from './stats.ts';

const TZ = 'America/Lima';
const DAYS = Number(process.env.BENCH_DAYS ?? 400);
const PG_URL = process.env.DATABASE_URL_TEST || 'postgres://postgres@127.0.0.1:5432/test';
const silent = pino({ level: 'silent' });

async function bench(
  label: string,
  open: () => Promise<Database>,
  reopen?: () => Promise<Database>,
): Promise<void> {
  console.log(`\n${label}`);
  let database = await open();
  await database.migrate();
  await bootstrap(database.db, 'clave-bench-1', silent);
  const t0 = performance.now();
  const model = createPlantModel({ seed: DEMO_SEED, timeZone: TZ });
  const now = new Date();
  await runDemoBackfill(database.db, { model, days: DAYS, timeZone: TZ, now, logger: silent });
  const seconds = (performance.now() - t0) / 1000;
  const [counts] = (
    (await database.db.execute(
      sql`select (select count(*) from scada_lecturas)::int as minutos`,
    )) as unknown as { rows: { minutos: number }[] }
  ).rows;
  console.log(
    `  demo history, ${DAYS} days               ${seconds.toFixed(1)} s   (${Math.round((counts?.minutos ?? 0) / seconds)} minute rows/s; budget 180 s)`,
  );

  if (reopen) {
    await database.close();
    const r0 = performance.now();
    database = await reopen();
    await database.db.execute(sql`select count(*) from users`);
    console.log(
      `  reopen data dir + first query            ${((performance.now() - r0) / 1000).toFixed(2)} s   (budget 10 s)`,
    );
  }

  const app = await buildApp({ database, jwtSecret: randomBytes(32).toString('hex'), plantTz: TZ });
  const login = await app.inject({
    method: 'POST',
    url: '/graphql',
    headers: { 'content-type': 'application/json' },
    payload: {
      query: 'mutation { login(input: {username: "admin", password: "clave-bench-1"}) { access_token } }',
    },
  });
  const token = (login.json() as { data: { login: { access_token: string } } }).data.login.access_token;
  const fecha = addDays(productionDay(now, TZ), -2);
  const { start, end } = productionDayRange(fecha, TZ);
  const viaGraphql = await medianTime(() =>
    app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      payload: {
        query: `query($d: DateTime!, $h: DateTime!) { scadaLinea(linea: 1, desde: $d, hasta: $h) { lecturas { fecha velocidad botellas botellas_llenas paquetes formato } } }`,
        variables: { d: start.toISOString(), h: end.toISOString() },
      },
    }),
  );
  const direct = await medianTime(() =>
    database.db
      .execute(sql`select fecha, velocidad, botellas, botellas_llenas, paquetes, formato from scada_lecturas
      where linea = 1 and fecha >= ${start.toISOString()}::timestamptz and fecha < ${end.toISOString()}::timestamptz order by fecha`),
  );
  console.log(
    `  line day (1440 rows) GraphQL ${viaGraphql.toFixed(2)} ms, SQL ${direct.toFixed(2)} ms   ratio ${(viaGraphql / direct).toFixed(2)}x (budget 1.3x)`,
  );

  const mes = `${fecha.slice(0, 7)}-01`;
  const fromRollup = await medianTime(() =>
    database.db.execute(sql`select h.mensual from historicos h join variables v on v.id = h.variable_id
      where v.nombre = 'Producción (CU)_561' and h.fecha <= ${fecha}::date and h.fecha >= ${mes}::date order by h.fecha desc limit 1`),
  );
  const { start: monthStart } = productionDayRange(mes, TZ);
  const fromRaw = await medianTime(
    () =>
      database.db.execute(sql`select sum(s.paquetes * pr.factor::float8) from scada_lecturas s
        join producto_presentaciones pp on pp.hmi_linea1_id = s.formato
        join presentaciones pr on pr.id = pp.presentacion_id
        where s.linea = 1 and s.fecha >= ${monthStart.toISOString()}::timestamptz and s.fecha < ${end.toISOString()}::timestamptz`),
    10,
  );
  console.log(
    `  month to date, rollup ${fromRollup.toFixed(2)} ms vs raw ${fromRaw.toFixed(2)} ms   ratio ${(fromRollup / fromRaw).toFixed(3)}x (budget 0.05x)`,
  );
  await app.close();
  await database.close();
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'planta-bench-'));
await bench(
  'PGlite (data dir)',
  () => openDatabase({ kind: 'pglite', dataDir: dir }),
  () => openDatabase({ kind: 'pglite', dataDir: dir }),
);
fs.rmSync(dir, { recursive: true, force: true });

const scratch = await createPostgresDatabase(PG_URL, 'planta_bench_data').catch((error: unknown) => {
  console.log(`\nPostgreSQL: not reachable at ${PG_URL} (${(error as Error).message}), skipped`);
  return null;
});
if (scratch) {
  try {
    await bench(`PostgreSQL (${new URL(scratch.url).host})`, () =>
      openDatabase({ kind: 'postgres', url: scratch.url }),
    );
  } finally {
    await scratch.drop();
  }
}
