/**
 * Benchmarks printed as figures and ratios (see DESIGN.md §8). Run: npm run bench.
 * Each case runs on PGlite and, when reachable, on PostgreSQL (DATABASE_URL_TEST).
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { buildApp } from '../apps/server/src/app.ts';
import { bootstrap } from '../apps/server/src/db/bootstrap.ts';
import { type Database, openDatabase } from '../apps/server/src/db/client.ts';
import { createPostgresDatabase } from '../apps/server/src/db/scratch.ts';
import { BENCH_PASSWORD, loginAdmin } from './sesion.ts';
import { percentile, timeRuns } from './stats.ts';

const PG_URL = process.env.DATABASE_URL_TEST || 'postgres://postgres@127.0.0.1:5432/test';
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 300);

async function timeIt(label: string, fn: () => Promise<unknown>, n = ITERATIONS): Promise<number> {
  const samples = await timeRuns(fn, n, Math.min(20, n)); // warm-up: JIT, graphql-jit, caches
  const p50 = percentile(samples, 0.5);
  const p95 = percentile(samples, 0.95);
  console.log(`  ${label.padEnd(44)} p50 ${p50.toFixed(3)} ms   p95 ${p95.toFixed(3)} ms`);
  return p50;
}

async function withPostgres(): Promise<{ database: Database; drop: () => Promise<void> } | null> {
  const scratch = await createPostgresDatabase(PG_URL, 'planta_bench').catch(() => null);
  if (!scratch) return null;
  const database = await openDatabase({ kind: 'postgres', url: scratch.url });
  return {
    database,
    drop: async () => {
      await database.close();
      await scratch.drop();
    },
  };
}

async function benchAuthenticatedRead(database: Database, label: string): Promise<number> {
  console.log(`\n${label}`);
  const t0 = performance.now();
  await database.migrate();
  await bootstrap(database.db, BENCH_PASSWORD, pino({ level: 'silent' }));
  console.log(`  migrate + bootstrap                          ${(performance.now() - t0).toFixed(0)} ms`);
  const app = await buildApp({ database, jwtSecret: randomBytes(32).toString('hex') });
  const token = await loginAdmin(app);
  const viaGraphql = await timeIt('users through GraphQL (auth + query)', () =>
    app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      payload: { query: '{ users { id name username email deleted_at roles { id name } } }' },
    }),
  );
  const direct = await timeIt('same rows with SQL directly', () =>
    database.db.execute(
      sql`select u.id, u.name, u.username, u.email, u.deleted_at, r.id as role_id, r.name as role_name
          from users u left join user_roles ur on ur.user_id = u.id left join roles r on r.id = ur.role_id
          order by u.id`,
    ),
  );
  console.log(`  ratio GraphQL / SQL                          ${(viaGraphql / direct).toFixed(2)}x`);
  await app.close();
  return viaGraphql / direct;
}

const pglite = await openDatabase({ kind: 'pglite' });
await benchAuthenticatedRead(pglite, 'PGlite (in memory, worker thread: the server default)');
await pglite.close();

// For comparison: PGlite on the calling thread, as before it moved to a worker.
const inProcess = await openDatabase({ kind: 'pglite', inProcess: true });
await benchAuthenticatedRead(inProcess, 'PGlite (in memory, in process: before the worker)');
await inProcess.close();

const postgres = await withPostgres();
if (postgres) {
  await benchAuthenticatedRead(postgres.database, `PostgreSQL (${new URL(PG_URL).host})`);
  await postgres.drop();
} else {
  console.log(`\nPostgreSQL: not reachable at ${PG_URL}, skipped`);
}
