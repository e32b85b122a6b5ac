/**
 * Export of a year of hourly data for 10 variables (DESIGN §8, issue 13): exportarReporteAire at
 * '1 hora' over 366 days (8,784 rows × 10 columns) on the server over PGlite (worker thread) and,
 * when reachable, PostgreSQL. Prints the time from the mutation to LISTA, the file size, the peak
 * RSS of the process, the event loop's worst delay and /healthz latency (sampled every 20 ms)
 * while it runs. Budget: /healthz < 200 ms.
 * Run alone: node --import tsx bench/export.ts (BENCH_EXPORT_FORMAT=CSV for the CSV writer;
 * BENCH_EXPORT_INTERVAL=minuto for a year of minutes: 527,040 rows × 10 columns from `lecturas`).
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import pino from 'pino';
import { buildApp } from '../apps/server/src/app.ts';
import { bootstrap } from '../apps/server/src/db/bootstrap.ts';
import { insertUnnest } from '../apps/server/src/db/bulk.ts';
import { type Database, openDatabase } from '../apps/server/src/db/client.ts';
import { plantas, variables } from '../apps/server/src/db/schema/index.ts';
import { createPostgresDatabase } from '../apps/server/src/db/scratch.ts';
import { percentile } from './stats.ts';

const PG_URL = process.env.DATABASE_URL_TEST || 'postgres://postgres@127.0.0.1:5432/test';
const FORMAT = process.env.BENCH_EXPORT_FORMAT === 'CSV' ? 'CSV' : 'XLSX';
const MINUTES = process.env.BENCH_EXPORT_INTERVAL === 'minuto';
const DAYS = Number(process.env.BENCH_EXPORT_DAYS) || 366;
const INTERVALO = MINUTES ? '1 minuto' : '1 hora';
const PASO_MIN = MINUTES ? 1 : 60;
const VARIABLES = 10;
const DESDE = new Date('2025-01-06T13:00:00Z'); // 08:00 in Lima

async function seed(database: Database): Promise<void> {
  const { db } = database;
  await db.insert(plantas).values({ nombre: 'Planta bench' });
  const ids: number[] = [];
  for (let v = 0; v < VARIABLES; v++) {
    const [row] = await db
      .insert(variables)
      .values({
        nombre: `Flujo aire ${v + 1} (Nm³/h)`,
        nivel: 'GLOBAL',
        area: 'utilidades',
        unidad: 'Nm³/h',
        agregacion: v % 2 ? 'SUMA' : 'PROMEDIO',
        fuente: 'OPC',
        decimales: 2,
      })
      .returning({ id: variables.id });
    ids.push(row!.id);
  }
  const pasos = (DAYS * 1440) / PASO_MIN;
  const LOTE = 50_000;
  for (const id of ids) {
    for (let desde = 0; desde < pasos; desde += LOTE) {
      const rows = Array.from({ length: Math.min(LOTE, pasos - desde) }, (_, i) => {
        const m = (desde + i) * PASO_MIN;
        return { t: new Date(DESDE.getTime() + m * 60_000), x: 100 + id + 20 * Math.sin(m / 420) };
      });
      if (MINUTES) {
        await insertUnnest(
          db,
          'lecturas',
          [
            { name: 'variable_id', type: 'int', value: () => id },
            { name: 'fecha', type: 'timestamptz', value: (r) => r.t },
            { name: 'valor', type: 'float8', value: (r) => r.x },
          ],
          rows,
          'on conflict do nothing',
        );
        continue;
      }
      await insertUnnest(
        db,
        'lecturas_hora',
        [
          { name: 'variable_id', type: 'int', value: () => id },
          { name: 'fecha', type: 'timestamptz', value: (r) => r.t },
          { name: 'suma', type: 'float8', value: (r) => r.x * 60 },
          { name: 'minimo', type: 'float8', value: (r) => r.x },
          { name: 'maximo', type: 'float8', value: (r) => r.x },
          { name: 'conteo', type: 'int', value: () => 60 },
          { name: 'ultimo', type: 'float8', value: (r) => r.x },
        ],
        rows,
        'on conflict do nothing',
      );
    }
  }
}

async function benchExport(database: Database, label: string): Promise<void> {
  console.log(`\n${label}: export of ${DAYS} days by ${INTERVALO} × ${VARIABLES} variables (${FORMAT})`);
  await database.migrate();
  await bootstrap(database.db, 'clave-bench-1', pino({ level: 'silent' }));
  let t0 = performance.now();
  await seed(database);
  console.log(
    `  seed ${((DAYS * 1440) / PASO_MIN) * VARIABLES} rows                      ${(performance.now() - t0).toFixed(0)} ms`,
  );
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'planta-bench-'));
  const app = await buildApp({ database, jwtSecret: randomBytes(32).toString('hex'), dataDir });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const gql = async (query: string, variables: Record<string, unknown>, token?: string) => {
    const res = await fetch(`${url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ query, variables }),
    });
    return (await res.json()) as { data?: Record<string, Record<string, unknown>>; errors?: unknown };
  };
  try {
    const login = await gql(
      'mutation { login(input: {username: "admin", password: "clave-bench-1"}) { access_token } }',
      {},
    );
    const token = login.data!.login!.access_token as string;
    // Warm-up: the code paths JIT-compiled, the statistics of the new rows fresh.
    await fetch(`${url}/healthz`);

    const rssBefore = process.memoryUsage().rss;
    let peakRss = rssBefore;
    const eld = monitorEventLoopDelay({ resolution: 5 });
    eld.enable();
    t0 = performance.now();
    const started = await gql(
      `mutation($input: ExportarReporteInput!) { exportarReporteAire(input: $input) { id } }`,
      {
        input: {
          desde: DESDE.toISOString(),
          hasta: new Date(DESDE.getTime() + DAYS * 86_400_000).toISOString(),
          intervalo: INTERVALO,
          formato: FORMAT,
        },
      },
      token,
    );
    const id = started.data?.exportarReporteAire?.id as string | undefined;
    if (!id) throw new Error(`exportarReporteAire falló: ${JSON.stringify(started.errors)}`);
    const answered = performance.now() - t0;
    let state: Record<string, unknown> = { estado: 'EN_PROCESO' };
    const health: number[] = [];
    const sampler = (async () => {
      while (state.estado === 'EN_PROCESO') {
        const h0 = performance.now();
        await (await fetch(`${url}/healthz`)).arrayBuffer();
        health.push(performance.now() - h0);
        peakRss = Math.max(peakRss, process.memoryUsage().rss);
        await sleep(20);
      }
    })();
    while (state.estado === 'EN_PROCESO') {
      await sleep(100);
      state = (
        await gql('query($id: ID!) { exportacion(id: $id) { estado filas bytes error } }', { id }, token)
      ).data!.exportacion!;
    }
    const total = performance.now() - t0;
    await sampler;
    eld.disable();
    if (state.estado !== 'LISTA') throw new Error(`la exportación terminó en ${JSON.stringify(state)}`);
    console.log(`  mutation answered (EN_PROCESO)                ${answered.toFixed(0)} ms`);
    console.log(
      `  file ready (LISTA)                            ${(total / 1000).toFixed(2)} s   ${state.filas} rows   ${(Number(state.bytes) / 1024).toFixed(0)} KiB`,
    );
    console.log(
      `  peak RSS                                      ${(peakRss / 2 ** 20).toFixed(0)} MiB (+${((peakRss - rssBefore) / 2 ** 20).toFixed(0)} MiB during the export)`,
    );
    console.log(
      `  /healthz during it (${String(health.length).padStart(3)} samples)            p50 ${percentile(health, 0.5).toFixed(1)} ms   p95 ${percentile(health, 0.95).toFixed(1)} ms   max ${Math.max(...health).toFixed(1)} ms   (budget < 200 ms)`,
    );
    console.log(
      `  event loop delay                              p99 ${(eld.percentile(99) / 1e6).toFixed(1)} ms   max ${(eld.max / 1e6).toFixed(1)} ms`,
    );
  } finally {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

{
  const pglite = await openDatabase({ kind: 'pglite' });
  try {
    await benchExport(pglite, 'PGlite (worker thread)');
  } finally {
    await pglite.close();
  }
  const scratch = await createPostgresDatabase(PG_URL, 'planta_bench').catch(() => null);
  if (scratch) {
    const pg = await openDatabase({ kind: 'postgres', url: scratch.url });
    try {
      await benchExport(pg, 'PostgreSQL');
    } finally {
      await pg.close();
      await scratch.drop();
    }
  } else {
    console.log('\nPostgreSQL: not reachable, skipped');
  }
}

export {};
