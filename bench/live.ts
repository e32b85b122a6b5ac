/**
 * Live values (DESIGN §8), all in this process: the OPC UA plant simulator, the collector, the server
 * over in-memory PGlite and a graphql-ws client subscribed to line 1, at the nominal tag count and
 * with 5,000 monitored items:
 * - latency from a value change in the simulator to the subscription message: receive time minus the
 *   second the sample belongs to (its source timestamp, the message's `fecha`). Budget: publishing
 *   interval + 300 ms = 1300 ms at p95. The collector's publishing timer runs at an arbitrary phase
 *   to the simulator's whole seconds (set when it subscribes), so p50 is mostly that phase and moves
 *   between runs (0 to 1 s); the spread above p50 is what the rest of the path adds. The issue's
 *   budget line is p99 ≤ 1300 ms (the once-a-minute write must not show in the tail), PASS/FAIL;
 *   at 5,000 items the latencies span `minutes` minute writes.
 *   Also per second of data: when a message first showed that second's values, counting seconds that
 *   got no message of their own and messages that carried some of the previous second's values.
 * - the collector's CPU: the process's CPU with the collector running minus the same with only the
 *   simulator and an idle server, in % of one core (budget 25 % at the nominal tag count). The window
 *   holds one minute written to the database (with its derivation); the simulator's work serving the
 *   collector's subscription, and the server's delivering to one graphql-ws client, count as the
 *   collector's.
 * - the event loop's worst delay (perf_hooks monitorEventLoopDelay) while each minute is written
 *   and its production day derived, from the collector's closing of the minute until the
 *   derivation ends. Budget (DESIGN §9): ≤ 200 ms, PASS/FAIL.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { extraNodeId, LINE_TAGS } from '@planta/domain';
import { createPlantModel } from '@planta/plant-model';
import { DEMO_SEED, startPlantSimulator, type PlantSimulator } from '@planta/plant-sim';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type Client, createClient } from 'graphql-ws';
import pino from 'pino';
import WebSocket from 'ws';
import { buildApp } from '../apps/server/src/app.ts';
import { Collector } from '../apps/server/src/collector/collector.ts';
import type { LineaEnVivo, MinuteWritten } from '../apps/server/src/collector/types.ts';
import { bootstrap } from '../apps/server/src/db/bootstrap.ts';
import { type Database, openDatabase } from '../apps/server/src/db/client.ts';
import { variables } from '../apps/server/src/db/schema/index.ts';
import { seedReference } from '../apps/server/src/demo/seed-reference.ts';
import { LiveHub } from '../apps/server/src/live/hub.ts';
import { percentile } from './stats.ts';
import { BENCH_PASSWORD, loginAdmin } from './sesion.ts';

const TZ = 'America/Lima';
const LATENCY_BUDGET_MS = 1_000 + 300; // the collector's publishing interval + 300 ms
const CPU_BUDGET = 0.25;
const EVENT_LOOP_BUDGET_MS = 200;
/** BENCH_LIVE=nominal or =5000: only that case (default both). */
const ONLY = process.env.BENCH_LIVE;
const MIN_MESSAGES = 30;
/** After the minute written in the CPU window, time left in it for the write and the derivation. */
const WRITE_MARGIN_MS = 5_000;
const LINEA = 1;
const silent = pino({ level: 'silent' });

interface LiveCase {
  label: string;
  /** Monitored items in total (line tags + variables); undefined: the plant's own tags only. */
  monitoredItems?: number;
  /** CPU with the simulator alone, seconds (the collector's window is always one minute). */
  baselineSeconds: number;
  cpuBudget?: number;
  /** Minute writes the latencies span (the CPU window always holds the first). */
  minutes?: number;
}

type LiveValues = Pick<
  LineaEnVivo,
  'velocidad' | 'formato' | 'estado' | 'botellas' | 'botellas_llenas' | 'paquetes'
>;

interface Message extends LiveValues {
  /** The data second (PLC clock) of the sample that triggered the message, epoch ms. */
  fecha: number;
  received: number;
}

const sameValues = (a: LiveValues, b: LiveValues) =>
  a.velocidad === b.velocidad &&
  a.formato === b.formato &&
  a.estado === b.estado &&
  a.botellas === b.botellas &&
  a.botellas_llenas === b.botellas_llenas &&
  a.paquetes === b.paquetes;

/** Share of one core this process used while `ms` went by. */
async function cpuShare(ms: number): Promise<number> {
  const t0 = performance.now();
  const before = process.cpuUsage();
  await sleep(ms);
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000 / (performance.now() - t0);
}

async function until(condition: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`${what}: nada en ${timeoutMs / 1000} s`);
    await sleep(100);
  }
}

/** The items the collector monitors: every line's tags and each active variable with a node id. */
async function monitoredCount(database: Database): Promise<number> {
  const [row] = (
    (await database.db.execute(
      sql`select (select count(*) from lineas where numero > 0)::int as lineas,
                 (select count(*) from variables where estado = 1 and opc_node_id is not null)::int as variables`,
    )) as unknown as { rows: { lineas: number; variables: number }[] }
  ).rows;
  return (row?.lineas ?? 0) * LINE_TAGS.length + (row?.variables ?? 0);
}

/** Variables on the simulator's filler tags, so that the collector monitors those too. */
async function addExtraVariables(database: Database, count: number): Promise<void> {
  const rows = Array.from({ length: count }, (_, i) => ({
    nombre: `Tag de carga ${i + 1}`,
    estado: 1,
    nivel: 'GLOBAL' as const,
    area: 'utilidades',
    unidad: '',
    agregacion: 'PROMEDIO' as const,
    fuente: 'OPC' as const,
    opcNodeId: extraNodeId(i + 1),
  }));
  for (let i = 0; i < rows.length; i += 1_000) {
    await database.db.insert(variables).values(rows.slice(i, i + 1_000));
  }
}

/**
 * Per second of data: the delay until a message showed it. A message shows its `fecha` when its
 * values are the collector's final ones for that second, else the second before (the collector
 * published it on the first tag of the second to arrive).
 */
function perDataSecond(window: Message[], final: Map<number, LiveValues>) {
  const shown = window.map((m) => {
    const values = final.get(m.fecha);
    return values && sameValues(m, values) ? m.fecha : m.fecha - 1_000;
  });
  const delays: number[] = [];
  const first = window[0]?.fecha ?? 0;
  const last = window.at(-1)?.fecha ?? 0;
  for (let second = first; second <= last; second += 1_000) {
    const i = shown.findIndex((s) => s >= second);
    const message = window[i];
    if (message) delays.push(message.received - second);
  }
  return {
    delays,
    seconds: (last - first) / 1_000 + 1,
    previousSecond: shown.filter((s, i) => s !== window[i]?.fecha).length,
  };
}

const row = (label: string, figures: string) => console.log(`  ${label.padEnd(48)} ${figures}`);
const verdict = (pass: boolean) => {
  if (!pass) process.exitCode = 1;
  return pass ? 'PASS' : 'FAIL';
};
const latencyFigures = (ms: number[]) => {
  const p95 = percentile(ms, 0.95);
  const p99 = percentile(ms, 0.99);
  return (
    `p50 ${percentile(ms, 0.5).toFixed(0)}   p95 ${p95.toFixed(0)}   p99 ${p99.toFixed(0)}   ` +
    `max ${Math.max(...ms).toFixed(0)} ms   p95 ${verdict(p95 <= LATENCY_BUDGET_MS)}, ` +
    `p99 ${p99.toFixed(0)} ≤ ${LATENCY_BUDGET_MS} ms ${verdict(p99 <= LATENCY_BUDGET_MS)}`
  );
};

async function benchLive({
  label,
  monitoredItems,
  baselineSeconds,
  cpuBudget,
  minutes: minuteWrites = 1,
}: LiveCase): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'planta-bench-live-'));
  const database = await openDatabase({ kind: 'pglite' });
  let app: FastifyInstance | undefined;
  let simulator: PlantSimulator | undefined;
  let collector: Collector | undefined;
  let client: Client | undefined;
  try {
    await database.migrate();
    await bootstrap(database.db, BENCH_PASSWORD, silent);
    await seedReference(database.db, createPlantModel({ seed: DEMO_SEED, timeZone: TZ }).reference);
    const extraTags = monitoredItems ? monitoredItems - (await monitoredCount(database)) : 0;
    if (extraTags > 0) await addExtraVariables(database, extraTags);
    console.log(`\n${label} (${await monitoredCount(database)} monitored items, PGlite in memory)`);

    const live = new LiveHub();
    app = await buildApp({ database, jwtSecret: randomBytes(32).toString('hex'), plantTz: TZ, live });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const token = await loginAdmin(app);

    // The PLC's clock runs whole seconds ahead so that it reads hh:mm:51 to :54 when the collector
    // starts, right after the simulator: the collector's first minute boundary (its baseline) comes a
    // few seconds later and the next one falls in the CPU window, instead of waiting up to a minute
    // for it. The collector goes by the PLC's clock (like any PLC's, skewed or not); latencies are
    // taken in real time.
    const ahead = (Math.round((60_000 + 51_000 - ((Date.now() + 1_000) % 60_000)) / 1_000) % 60) * 1_000;
    const plcNow = () => Date.now() + ahead;
    simulator = await startPlantSimulator({
      port: 0,
      seed: DEMO_SEED,
      timeZone: TZ,
      dataDir,
      extraTags,
      now: plcNow,
    });
    const secondOfMinute = () => Math.floor(plcNow() / 1_000) % 60;
    while (secondOfMinute() < 51 || secondOfMinute() > 54) await sleep(100);

    const messages: Message[] = [];
    let failure: unknown;
    client = createClient({
      url: `${address.replace(/^http/, 'ws')}/graphql`,
      webSocketImpl: WebSocket,
      connectionParams: { token },
      lazy: false,
      retryAttempts: 0,
    });
    client.subscribe<{ lineaEnVivo: LiveValues & { fecha: string } }>(
      {
        query: `subscription { lineaEnVivo(linea: ${LINEA}) {
          linea fecha velocidad formato estado botellas botellas_llenas paquetes } }`,
      },
      {
        next: ({ data }) => {
          const received = Date.now();
          if (data)
            messages.push({ ...data.lineaEnVivo, fecha: Date.parse(data.lineaEnVivo.fecha), received });
        },
        error: (error) => (failure = error),
        complete: () => {},
      },
    );

    // The collector's last values for each second of line 1: what a complete message would carry.
    const final = new Map<number, LiveValues>();
    let baselineAt: number | undefined;
    // The event loop while each minute is written and derived (10 ms resolution).
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const writes: (MinuteWritten & { loopMaxMs: number })[] = [];
    collector = new Collector({
      database,
      endpoint: simulator.endpoint,
      timeZone: TZ,
      dataDir,
      logger: silent,
      publishLine: (v) => {
        if (v.linea === LINEA) final.set(v.fecha.getTime(), v);
        live.publishLine(v);
      },
      publishConnection: (v) => live.publishConnection(v),
      onBaseline: async () => {
        baselineAt = Date.now();
      },
      onMinuteClosing: () => loop.reset(),
      onMinuteWritten: (report) => writes.push({ ...report, loopMaxMs: loop.max / 1e6 }),
    });
    collector.start();
    await until(() => baselineAt !== undefined || failure !== undefined, 150_000, 'primer minuto');
    if (failure) throw new Error(`suscripción fallida: ${JSON.stringify(failure)}`);

    // One minute from just after the baseline: the next boundary's write falls WRITE_MARGIN_MS before its end.
    const first = messages.length;
    await sleep(Math.max(0, (baselineAt ?? 0) + WRITE_MARGIN_MS - Date.now()));
    const withCollector = await cpuShare(60_000);
    await until(() => messages.length - first >= MIN_MESSAGES, 60_000, `${MIN_MESSAGES} mensajes en vivo`);
    // More minute writes for the latencies' tail (the CPU window holds the first).
    await until(
      () => writes.length >= minuteWrites,
      (minuteWrites - writes.length + 1) * 60_000,
      'minutos escritos',
    );
    loop.disable();

    // Then the simulator alone (and the idle server): after the collector, so that the process's
    // one-off warm-up (JIT, the GC that follows the set-up) counts against the collector, not for it.
    await client.dispose();
    client = undefined;
    await collector.stop();
    collector = undefined;
    await sleep(2_000);
    const baseline = await cpuShare(baselineSeconds * 1_000);

    // Latencies in real time: the data second in real time is the PLC's minus its lead.
    const window = messages.slice(first).map((m) => ({ ...m, fecha: m.fecha - ahead }));
    const finalReal = new Map([...final].map(([t, v]) => [t - ahead, v]));
    const { delays, seconds, previousSecond } = perDataSecond(window, finalReal);
    row('value change → subscription message', latencyFigures(window.map((m) => m.received - m.fecha)));
    row('each second of data → first message showing it', latencyFigures(delays));
    console.log(
      `    ${window.length} messages for ${seconds} s of data: ${seconds - window.length} s without one, ` +
        `${previousSecond} carrying the previous second's counts or state`,
    );
    const [written] = (
      (await database.db.execute(
        sql`select count(distinct fecha)::int as minutos from scada_lecturas`,
      )) as unknown as { rows: { minutos: number }[] }
    ).rows;
    const minutes = written?.minutos ?? 0;
    const share = withCollector - baseline;
    row(
      'collector CPU, one minute',
      `${(share * 100).toFixed(1)} % of one core   ` +
        (cpuBudget === undefined
          ? '(information)'
          : `${(share / cpuBudget).toFixed(2)}x budget (${cpuBudget * 100} %) ${verdict(share <= cpuBudget)}`),
    );
    for (const w of writes) {
      row(
        `event loop, minute ${w.boundary.toISOString().slice(11, 16)} written`,
        `worst delay ${w.loopMaxMs.toFixed(0)} ms ≤ ${EVENT_LOOP_BUDGET_MS} ms ${verdict(w.loopMaxMs <= EVENT_LOOP_BUDGET_MS)}   ` +
          `(${w.filas} rows written in ${w.escrituraMs.toFixed(0)} ms, day derived in ${w.derivacionMs.toFixed(0)} ms)`,
      );
    }
    if (writes.length === 0) row('event loop during the minute write', `no minute written ${verdict(false)}`);
    console.log(
      `    process ${(withCollector * 100).toFixed(1)} % with the collector ` +
        `(${minutes} minute${minutes === 1 ? '' : 's'} written to the database), ` +
        `${(baseline * 100).toFixed(1)} % over ${baselineSeconds} s with the simulator alone`,
    );
  } finally {
    await client?.dispose();
    await collector?.stop();
    await simulator?.stop();
    await app?.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (ONLY !== '5000')
  await benchLive({ label: 'Live, nominal tags', baselineSeconds: 60, cpuBudget: CPU_BUDGET });
if (ONLY !== 'nominal') {
  await benchLive({
    label: 'Live, 5,000 monitored items',
    monitoredItems: 5_000,
    baselineSeconds: 20,
    minutes: 2,
  });
}
