/**
 * API overhead (DESIGN §8, issue 21 item 2): what GraphQL adds on top of the SQL it runs, for the
 * two heavy reads of the dashboards, on PGlite and PostgreSQL:
 * - a line-day of minutes (scadaLinea, 1,440 points: the Líneas screen's speed chart, its own
 *   document, which asks the points as columns; against the same fields read as rows);
 * - a dashboard's trend (/fabrica: the chart's own document, historicosSeries, which asks the
 *   dashboard window — the two previous months and the current one — of every card's variable in
 *   one request, as columns; against the same days and fields read as rows).
 * Each is timed as a whole authenticated request over HTTP (a kept-alive local connection, until the
 * last byte is in and the client has parsed the JSON, as a browser does) against the same SQL run
 * directly through the same driver with its rows turned into JSON text (`JSON.stringify`), the least
 * any server sends (issue 34 item 2). Two budgets, on both databases:
 * - the first request of a range (nothing kept: the rows read, serialized and sent; a range is
 *   kept from its second request on, db/cache-validado.ts): ≤ 1.5×, each of 60 ranges asked once;
 * - the same request repeated, as a dashboard's refresh or a second user's does (the server checks
 *   the rows' fingerprint and sends the answer it kept, graphql/respuestas-validadas.ts): ≤ 1.3×.
 * The "information" lines time the same SQL and JSON.stringify served by a bare node:http route to
 * the same client: the floor of any HTTP API. On 2026-11-30 (2 cores, 95 days) that floor alone was
 * 1.36–1.63× the SQL on PGlite and 1.60–1.88× on PostgreSQL (a line-day answer is 160 KB: turning
 * the bytes into a string ≈ 0.8 ms, JSON.parse ≈ 0.55 ms), so the first-request budget as written
 * cannot be met by a server that sends the rows it reads. Letting the database write the JSON does
 * not lower it: json_agg(json_build_object(…)) took 5.4–6.0 ms against 3.5–4.3 for the rows and
 * JSON.stringify on PostgreSQL, 9.0 against 5.7 on PGlite. The line-day meets it by sending less:
 * the three columns its chart asks, read alone (2026-12-01: 1.39–1.42×, under the bare route's own
 * ratio). Both now also run as prepared statements of fixed text (db/preparadas.ts: no query
 * building, no parse per request) and the trend's statement reads each variable's days in index
 * order with the day as an integer: the trend 1.40–1.62× on PGlite, 1.58–1.93× on PostgreSQL on a
 * slow machine (docs/architecture.md, "Long reads"). 2026-12-02, a 2-core machine between the fast
 * and the slow ones, the same code in five runs within an hour: the trend 1.38–1.57× on PGlite and
 * 1.40–1.64× on PostgreSQL (the median of 20 first requests moved ±0.15 between runs; with 60,
 * three runs: 1.49–1.51× and 1.54–1.62×, the line-day 1.00–1.08× and 1.13–1.34×). The
 * repository's read and JSON.stringify take 1.0–1.5 ms there, against 2.2–2.9 for the baseline's
 * SQL and JSON.stringify: what is over is the GraphQL request around it (app.inject: 2.1–3.5 ms in
 * all), spread over many parts (graphql-jit's completion of ≈ 3,300 list items, the request gate's
 * cost estimate, the variables coerced, serialization; none over ≈ 0.2 ms). The columns as custom
 * scalars (one serialize call per column instead of one per item) stayed within that spread: not
 * kept, as it would change the schema's types for every client. 2026-12-04, a faster 2-core machine:
 * the trend 1.56× on PGlite and 1.54× on PostgreSQL (1.07–1.09× the bare route), the line-day
 * 1.11× and 1.04×. A CPU profile of 640 first requests of the trend on PGlite, quiet (sampled every
 * 100 µs): per request ≈ 0.27 ms in JSON.parse of the lists' text (`leerLista`: ≈ 4,000 numbers),
 * ≈ 0.3 ms assembling the series in the repository, ≈ 0.17 ms the gate's cost estimate, ≈ 0.1 ms
 * the arguments' validation (zod) — the numbers are parsed from the statement's text and written
 * again by JSON.stringify, which a pass-through of the text would spare, at the price of the
 * schema's list types. 2026-12-04, evening (another 2-core machine): the trend's document asks each
 * day as its distance from `desde` (`dia: [Int!]!`) instead of its date (`fecha`, written now only
 * for a client that asks it): the answer 23 KB against ≈ 34, no Date scalar per item. First
 * request of a range, before → after: PGlite 1.48× → 1.43–1.54× (five runs), PostgreSQL 1.73× →
 * 1.46–1.68× (five runs; the bare route there 1.42–1.56× the SQL, and GraphQL 0.94–1.12× the bare
 * route). Timed in the process (app.inject, PostgreSQL, 130 first requests): the repository's read
 * 1.3–2.3 ms against 2.2–2.9 for the baseline's SQL and JSON.stringify, the whole GraphQL request
 * 3.5–4.1 ms, an authenticated `me` 0.4: what the trend's answer costs in GraphQL beyond its read
 * is ≈ 1.2 ms, of which the garbage collector ≈ 0.5, the variables coerced twice (the gate's cost
 * estimate and graphql's) ≈ 0.15, the gate ≈ 0.2, zod ≈ 0.1.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { addDays, dashboardWindow, productionDay, productionDayRange } from '@planta/domain';
import { createPlantModel } from '@planta/plant-model';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../apps/server/src/db/rows.ts';
import { HistoricosSeriesKpiDocument } from '../apps/web/src/components/kpi/api/historicos-series.generated.ts';
import { LineaVelocidadDocument } from '../apps/web/src/features/lineas/api/linea-velocidad.generated.ts';
import pino from 'pino';
import { buildApp } from '../apps/server/src/app.ts';
import { bootstrap } from '../apps/server/src/db/bootstrap.ts';
import { type Database, openDatabase } from '../apps/server/src/db/client.ts';
import { createPostgresDatabase } from '../apps/server/src/db/scratch.ts';
import { runDemoBackfill } from '../apps/server/src/demo/backfill.ts';
import { DEMO_SEED } from '../apps/server/src/demo/start-demo.ts';
import { BENCH_PASSWORD, loginAdmin } from './sesion.ts';
import { percentile, timeRuns } from './stats.ts';

const TZ = 'America/Lima';
const DAYS = Number(process.env.BENCH_API_DAYS ?? 95);
const RUNS = Number(process.env.BENCH_ITERATIONS ?? 60);
const BUDGET = 1.3;
const BUDGET_FIRST = 1.5;
/**
 * Ranges asked once each for the first-request figures: with 20, the median moved ±0.15 between
 * runs of the same code (2026-12-02); the demo's 95 days leave room for 60.
 */
const FIRST_RANGES = Math.min(60, DAYS - 5);
const PG_URL = process.env.DATABASE_URL_TEST || 'postgres://postgres@127.0.0.1:5432/test';
const silent = pino({ level: 'silent' });

/** Median of interleaved runs of `a` and `b`: both see the same machine load. */
async function sideBySide(a: () => Promise<unknown>, b: () => Promise<unknown>) {
  const sa: number[] = [];
  const sb: number[] = [];
  await timeRuns(a, 10, 0);
  await timeRuns(b, 10, 0);
  for (let i = 0; i < RUNS; i++) {
    sa.push(...(await timeRuns(a, 1, 0)));
    sb.push(...(await timeRuns(b, 1, 0)));
  }
  return { a: percentile(sa, 0.5), b: percentile(sb, 0.5) };
}

/** Median of `n` rounds of each function run on fresh arguments (`i` = 0…n-1): nothing kept. */
async function firstTimes(n: number, ...fns: ((i: number) => Promise<unknown>)[]) {
  const samples = fns.map((): number[] => []);
  for (let i = 0; i < n; i++) {
    for (const [k, fn] of fns.entries()) samples[k]!.push(...(await timeRuns(() => fn(i), 1, 0)));
  }
  const [a = 0, b = 0, c = 0] = samples.map((s) => percentile(s, 0.5));
  return { a, b, c };
}

/** A figure without a budget of its own (what GraphQL adds to an HTTP API's floor). */
function info(label: string, graphql: number, bare: number): void {
  console.log(
    `  ${label.padEnd(44)} GraphQL ${graphql.toFixed(2)} ms, HTTP ${bare.toFixed(2)} ms   ratio ${(graphql / bare).toFixed(2)}x (information)`,
  );
}

function line(label: string, graphql: number, direct: number, budget = BUDGET): boolean {
  const ratio = graphql / direct;
  const ok = ratio <= budget;
  console.log(
    `  ${label.padEnd(44)} GraphQL ${graphql.toFixed(2)} ms, SQL ${direct.toFixed(2)} ms   ratio ${ratio.toFixed(2)}x (budget ${budget}x) ${ok ? 'PASS' : 'FAIL'}`,
  );
  return ok;
}

async function bench(label: string, database: Database): Promise<boolean> {
  console.log(`\n${label}`);
  await database.migrate();
  await bootstrap(database.db, BENCH_PASSWORD, silent);
  const now = new Date();
  const t0 = performance.now();
  const model = createPlantModel({ seed: DEMO_SEED, timeZone: TZ });
  await runDemoBackfill(database.db, { model, days: DAYS, timeZone: TZ, now, logger: silent });
  console.log(`  demo history, ${DAYS} days: ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const app = await buildApp({ database, jwtSecret: randomBytes(32).toString('hex'), plantTz: TZ });
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  let bare: http.Server | undefined;
  try {
    const token = await loginAdmin(app);
    const url = `${await app.listen({ port: 0, host: '127.0.0.1' })}/graphql`;
    // The whole answer received and parsed, as a browser's fetch and response.json() get it (one
    // kept-alive connection).
    const post = (to: string, payload: unknown, headers: Record<string, string> = {}) =>
      new Promise<void>((resolve, reject) => {
        const body = JSON.stringify(payload);
        const request = http.request(
          to,
          {
            method: 'POST',
            agent,
            headers: {
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(body),
              ...headers,
            },
          },
          (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('error', reject);
            response.on('end', () => {
              const text = Buffer.concat(chunks).toString();
              const parsed = JSON.parse(text) as { errors?: unknown[] };
              if (response.statusCode !== 200 || parsed.errors) reject(new Error(text.slice(0, 300)));
              else resolve();
            });
          },
        );
        request.on('error', reject);
        request.end(body);
      });
    const graphql = (query: string, variables: Record<string, unknown>) => () =>
      post(url, { query, variables }, { authorization: `Bearer ${token}` });

    // A closed day: the day before yesterday.
    const fecha = addDays(productionDay(now, TZ), -2);
    // The Líneas screen's speed chart asks exactly this (its own document): the points as columns.
    const LINE_DAY = String(LineaVelocidadDocument);
    const lineDay = (dia: string) => {
      const { start, end } = productionDayRange(dia, TZ);
      return { linea: 1, desde: start.toISOString(), hasta: end.toISOString(), max_puntos: 1440 };
    };
    const lineDaySql = async (dia: string) => {
      const { desde: d, hasta: h } = lineDay(dia);
      return JSON.stringify(
        await rowsOf(
          database.db.execute(sql`
        select to_char(fecha at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as fecha, velocidad, formato
        from scada_lecturas
        where linea = 1 and fecha >= ${d}::timestamptz and fecha < ${h}::timestamptz
        order by fecha`),
        ),
      );
    };
    // The floor of any HTTP API: the same SQL and JSON.stringify served by a bare node:http route,
    // received and parsed by the same client. What GraphQL adds is the distance to this line.
    const servidor = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const { q, dia: d } = JSON.parse(Buffer.concat(chunks).toString()) as { q: string; dia: string };
        void (q === 'dia' ? lineDaySql(d) : threeMonthsSql(d)).then((text) => {
          response.writeHead(200, {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(text),
          });
          response.end(text);
        });
      });
    });
    bare = servidor;
    await new Promise<void>((resolve) => servidor.listen(0, '127.0.0.1', resolve));
    const bareUrl = `http://127.0.0.1:${(servidor.address() as AddressInfo).port}/`;
    const dia = await sideBySide(graphql(LINE_DAY, lineDay(fecha)), () => lineDaySql(fecha));
    // Days further back, each asked once.
    const diaPrimera = await firstTimes(
      FIRST_RANGES,
      (i) => graphql(LINE_DAY, lineDay(addDays(fecha, -3 - i)))(),
      (i) => lineDaySql(addDays(fecha, -3 - i)),
      (i) => post(bareUrl, { q: 'dia', dia: addDays(fecha, -3 - i) }),
    );

    // The dashboard's trend (/fabrica): the chart's own document asks the three months of every
    // card's variable in one request (the chosen one's chart, the others' ready for a click).
    const fabrica = (
      (await database.db.execute(
        sql`select v.id, v.nombre from variables v where v.area = 'fabrica' and v.linea_id is null and v.estado = 1`,
      )) as unknown as { rows: { id: number; nombre: string }[] }
    ).rows;
    const ids = fabrica.map((v) => v.id);
    const THREE_MONTHS = String(HistoricosSeriesKpiDocument);
    const threeMonths = (hasta: string) => ({
      nombres: fabrica.map((v) => v.nombre),
      desde: dashboardWindow(hasta).monthlyFrom,
      hasta,
    });
    // The same days and fields as rows, with their variable, turned into JSON.
    const threeMonthsSql = async (hasta: string) =>
      JSON.stringify(
        await rowsOf(
          database.db.execute(sql`
        select h.variable_id, to_char(h.fecha, 'YYYY-MM-DD') as fecha, h.diario, h.mensual, h.meta
        from historicos h
        where h.variable_id in (${sql.join(ids, sql`, `)}) and h.fecha >= ${dashboardWindow(hasta).monthlyFrom}::date and h.fecha <= ${hasta}::date
        order by h.variable_id, h.fecha`),
        ),
      );
    const meses = await sideBySide(graphql(THREE_MONTHS, threeMonths(fecha)), () => threeMonthsSql(fecha));
    const mesesPrimera = await firstTimes(
      FIRST_RANGES,
      (i) => graphql(THREE_MONTHS, threeMonths(addDays(fecha, -1 - i)))(),
      (i) => threeMonthsSql(addDays(fecha, -1 - i)),
      (i) => post(bareUrl, { q: 'meses', dia: addDays(fecha, -1 - i) }),
    );
    const a = line('line-day (1,440 minutes), repeated', dia.a, dia.b);
    const b = line(`dashboard trend (${ids.length} variables, 3 months), repeated`, meses.a, meses.b);
    const c = line('line-day, first request of a range', diaPrimera.a, diaPrimera.b, BUDGET_FIRST);
    const d = line(`dashboard trend, first request of a range`, mesesPrimera.a, mesesPrimera.b, BUDGET_FIRST);
    info('line-day, first request, vs the SQL over bare HTTP', diaPrimera.a, diaPrimera.c);
    info('dashboard trend, first request, vs bare HTTP', mesesPrimera.a, mesesPrimera.c);
    return a && b && c && d;
  } finally {
    bare?.close();
    agent.destroy();
    await app.close();
  }
}

let pass = true;
const pglite = await openDatabase({ kind: 'pglite' });
try {
  pass = (await bench('API overhead, PGlite (in memory, worker thread)', pglite)) && pass;
} finally {
  await pglite.close();
}
const scratch = await createPostgresDatabase(PG_URL, 'planta_bench_api').catch((error: unknown) => {
  console.log(`\nAPI overhead, PostgreSQL: not reachable at ${PG_URL} (${(error as Error).message}) FAIL`);
  return null;
});
if (scratch) {
  const database = await openDatabase({ kind: 'postgres', url: scratch.url });
  try {
    pass = (await bench(`API overhead, PostgreSQL (${new URL(scratch.url).host})`, database)) && pass;
  } finally {
    await database.close();
    await scratch.drop();
  }
} else pass = false;
if (!pass) process.exitCode = 1;
