/**
 * Scale-out (DESIGN §2, §8): real app server processes (`node --import tsx apps/server/src/main.ts`)
 * on one PostgreSQL with a 30-day demo history, behind a local round-robin proxy, all reading one
 * plant simulator.
 * - throughput: autocannon (in a worker thread) through the proxy, sending in turn the four GraphQL
 *   queries /fabrica sends when it opens (calendar, variables, the day's figures, the chart's three
 *   months; the documents are read from apps/web), to 1 server (the collecting one) and to 2, in
 *   alternating rounds so that other work on the machine weighs on both. req/s, p50 (median round),
 *   p99 (worst round), errors. Budget: req/s(2) / req/s(1) ≥ 1.3 in the median pair of rounds, each
 *   server held to half a core by a Linux CPU quota (bench/cpu-quota.ts; BENCH_SCALE_SERVER_CORES,
 *   0 for none), as if each had a machine of its own: on a 2-core machine autocannon, the proxy, the
 *   simulator, PostgreSQL and the servers otherwise share the same cores, and one server already
 *   keeps both busy, so a second one has nothing to add. The same rounds without the quota follow,
 *   for information, with the CPU each part takes per request and the ratio those cores allow at
 *   best. Without root (no quota) those decide the budget.
 *   The proxy is a TCP balancer by default (each connection to the next server, like nginx's stream
 *   module); BENCH_SCALE_PROXY=http uses an HTTP one per request (node:http, keep-alive), which
 *   costs this process about 1.3 ms more CPU per request.
 * - one collector: each server's /healthz, asked directly; exactly one holds the advisory lock.
 * - live values on both: a graphql-ws subscription to line 1 on each server directly; each must get
 *   a message within 20 s (the follower's arrive through LISTEN/NOTIFY).
 * Skipped when PostgreSQL is not reachable (DATABASE_URL_TEST, default 127.0.0.1:5432).
 * BENCH_SCALE_DAYS (30) and BENCH_SCALE_SECONDS (20 per server count) change the size.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { FABRICA_ORDEN } from '@planta/charts/fabrica/fabrica-variables';
import { dashboardWindow, productionDay } from '@planta/domain';
import { createPlantModel } from '@planta/plant-model';
import { DEMO_SEED, startPlantSimulator, type PlantSimulator } from '@planta/plant-sim';
import autocannon, { type Request as LoadRequest, type Result } from 'autocannon';
import { type Client, createClient } from 'graphql-ws';
import pg from 'pg';
import pino from 'pino';
import WebSocket from 'ws';
import { bootstrap } from '../apps/server/src/db/bootstrap.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { createPostgresDatabase } from '../apps/server/src/db/scratch.ts';
import { runDemoBackfill } from '../apps/server/src/demo/backfill.ts';
import { CalendarioPlantaDocument } from '../apps/web/src/components/dates/api/calendario-planta.generated.ts';
import { HistoricosSeriesKpiDocument } from '../apps/web/src/components/kpi/api/historicos-series.generated.ts';
import { ResumenVariablesDocument } from '../apps/web/src/components/kpi/api/resumen-variables.generated.ts';
import { VariablesKpiDocument } from '../apps/web/src/components/kpi/api/variables.generated.ts';
import { type CpuQuota, createCpuQuota } from './cpu-quota.ts';

const TZ = 'America/Lima';
const PASSWORD = 'clave-bench-1';
const PG_URL = process.env.DATABASE_URL_TEST || 'postgres://postgres@127.0.0.1:5432/test';
const DAYS = Number(process.env.BENCH_SCALE_DAYS ?? 30);
const DURATION_S = Number(process.env.BENCH_SCALE_SECONDS ?? 20);
const WARMUP_S = 4;
const ROUNDS = 5;
const PROXY = process.env.BENCH_SCALE_PROXY === 'http' ? 'http' : 'tcp';
const CLOCK_TICKS = 100; // USER_HZ of Linux' /proc/<pid>/stat
const CONNECTIONS = 32;
/** Each server's CPU quota in cores (0: none). */
const SERVER_CORES = Number(process.env.BENCH_SCALE_SERVER_CORES ?? 0.5);
const RATIO_BUDGET = 1.3;
const LIVE_WAIT_MS = 20_000;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const silent = pino({ level: 'silent' });

interface Health {
  colector?: { estado: string; lider: boolean };
}

interface Server {
  port: number;
  child: ChildProcess;
  output: () => string;
  exited: Promise<unknown>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

async function until(check: () => Promise<boolean> | boolean, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms / 1000} s`);
    await sleep(200);
  }
}

/** A Planta server as deployed: its own process, from the sources (as `npm run dev:server`). */
function startServer(port: number, env: Record<string, string>): Server {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/root',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      HOST: '127.0.0.1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const keep = (d: Buffer) => (out = (out + d.toString()).slice(-4_000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return { port, child, output: () => out, exited };
}

async function stopServer(server: Server): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill('SIGTERM');
  const stopped = await Promise.race([server.exited.then(() => true), sleep(12_000).then(() => false)]);
  if (!stopped) {
    server.child.kill('SIGKILL');
    await server.exited;
  }
}

async function health(port: number): Promise<Health | null> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/healthz`);
    return response.ok || response.status === 503 ? ((await response.json()) as Health) : null;
  } catch {
    return null;
  }
}

/**
 * A TCP round-robin balancer (nginx's stream module or HAProxy in TCP mode): each client connection
 * goes to the next server and stays there. It parses no HTTP, so it costs little of the cores the
 * servers need; autocannon keeps its connections open, so they split evenly. It counts connections.
 */
function startTcpProxy(): Promise<Proxy> {
  const served = new Map<number, number>();
  const sockets = new Set<net.Socket>();
  let targets: number[] = [];
  let next = 0;
  const server = net.createServer((client) => {
    const port = targets[next++ % targets.length]!;
    served.set(port, (served.get(port) ?? 0) + 1);
    const upstream = net.connect(port, '127.0.0.1');
    for (const socket of [client, upstream]) {
      socket.setNoDelay(true);
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      resolve({
        port: (server.address() as net.AddressInfo).port,
        unit: 'connections',
        use: (ports) => {
          targets = ports;
          served.clear();
        },
        served,
        close: () =>
          new Promise<void>((done) => {
            for (const socket of sockets) socket.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}

interface Proxy {
  port: number;
  /** What `served` counts per server port. */
  unit: string;
  /** The servers (ports) new requests or connections go to, in turn; clears `served`. */
  use: (ports: number[]) => void;
  served: Map<number, number>;
  close: () => Promise<void>;
}

/**
 * A round-robin reverse proxy (as nginx or a load balancer would be): keep-alive to each server, the
 * client's address in X-Forwarded-For (the servers run with TRUST_PROXY=on). It counts the requests
 * each server got.
 */
function startHttpProxy(): Promise<Proxy> {
  const HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'proxy-connection', 'upgrade']);
  const agents = new Map<number, http.Agent>();
  const served = new Map<number, number>();
  let targets: number[] = [];
  let next = 0;
  const server = http.createServer((req, res) => {
    const port = targets[next++ % targets.length]!;
    served.set(port, (served.get(port) ?? 0) + 1);
    let agent = agents.get(port);
    if (!agent) {
      agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS * 2 });
      agents.set(port, agent);
    }
    const headers: http.OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(req.headers)) if (!HOP.has(name)) headers[name] = value;
    headers['x-forwarded-for'] = req.socket.remoteAddress ?? '127.0.0.1';
    headers['x-forwarded-proto'] = 'http';
    const upstream = http.request(
      { host: '127.0.0.1', port, method: req.method, path: req.url, headers, agent },
      (answer) => {
        const back: http.OutgoingHttpHeaders = {};
        for (const [name, value] of Object.entries(answer.headers)) if (!HOP.has(name)) back[name] = value;
        res.writeHead(answer.statusCode ?? 502, back);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  server.keepAliveTimeout = 60_000;
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      resolve({
        port: (server.address() as net.AddressInfo).port,
        unit: 'requests',
        use: (ports) => {
          targets = ports;
          served.clear();
        },
        served,
        close: () =>
          new Promise<void>((done) => {
            for (const agent of agents.values()) agent.destroy();
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

async function graphql<T>(base: string, query: string, token?: string, variables?: object): Promise<T> {
  const response = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: T; errors?: { message: string }[] };
  if (!response.ok || body.errors?.length || !body.data) {
    throw new Error(`GraphQL ${response.status}: ${JSON.stringify(body.errors ?? body).slice(0, 300)}`);
  }
  return body.data;
}

/**
 * The documents /fabrica sends when it opens, as the web app has them (its generated documents: one
 * renamed or removed fails the typecheck); the trend asks the three months of every card's variable.
 */
function fabricaRequests(token: string): { requests: LoadRequest[]; sanity: [string, object][] } {
  const fecha = productionDay(new Date(), TZ);
  const window = dashboardWindow(fecha);
  const calls: [string, object][] = [
    [String(CalendarioPlantaDocument), {}],
    [String(VariablesKpiDocument), {}],
    [String(ResumenVariablesDocument), { nombres: [...FABRICA_ORDEN], fecha }],
    [
      String(HistoricosSeriesKpiDocument),
      { nombres: [...FABRICA_ORDEN], desde: window.monthlyFrom, hasta: window.to },
    ],
  ];
  return {
    sanity: calls,
    requests: calls.map(([query, variables]) => ({
      method: 'POST',
      path: '/graphql',
      headers: {
        'content-type': 'application/json',
        'accept-encoding': 'gzip, deflate, br',
        authorization: `Bearer ${token}`,
      },
      body: JSON.stringify({ query, variables }),
    })),
  };
}

/** Live values of line 1 on one server, counted. */
function subscribeLive(port: number, token: string): { client: Client; count: () => number } {
  let messages = 0;
  const client = createClient({
    url: `ws://127.0.0.1:${port}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: { token },
    retryAttempts: 0,
  });
  client.subscribe(
    { query: 'subscription { lineaEnVivo(linea: 1) { linea velocidad fecha } }' },
    {
      next: (message) => {
        if (message.data) messages += 1;
      },
      error: () => {},
      complete: () => {},
    },
  );
  return { client, count: () => messages };
}

/** CPU time a process has used, ms (Linux /proc; 0 when it is gone or elsewhere). */
function processCpuMs(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}

/** The PostgreSQL backends serving the scratch database (the servers' pools). */
async function backendPids(url: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    return rows.map((r) => r.pid);
  } finally {
    await client.end();
  }
}

const fmt = (n: number, width: number, digits = 0) => n.toFixed(digits).padStart(width);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
const rps = (results: Result[]) =>
  results.reduce((sum, r) => sum + r['2xx'], 0) / results.reduce((sum, r) => sum + r.duration, 0);
const failures = (results: Result[]) => results.reduce((sum, r) => sum + r.errors + r.timeouts, 0);

/** One measurement of 1 against 2 servers. */
interface Measured {
  /** req/s 2 / 1 servers in the median pair of rounds, and in each. */
  ratio: number;
  rounds: number[];
  /** Over all rounds. */
  overall: number;
  /** CPU ms per request answered by 1 server: the servers, PostgreSQL, this process. */
  cpu: { servers: number; postgres: number; bench: number };
}

async function scaleOut(url: string): Promise<void> {
  const cores = os.availableParallelism();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'planta-scale-'));
  const servers: Server[] = [];
  let quotas: CpuQuota[] | null = null;
  const live: ReturnType<typeof subscribeLive>[] = [];
  let simulator: PlantSimulator | undefined;
  let proxy: Proxy | undefined;
  const killAll = () => {
    for (const s of servers) if (s.child.exitCode === null) s.child.kill('SIGKILL');
  };
  process.once('exit', killAll);
  let failed = false;
  const verdict = (ok: boolean) => {
    if (!ok) failed = true;
    return ok ? 'PASS' : 'FAIL';
  };

  try {
    const t0 = performance.now();
    const database = await openDatabase({ kind: 'postgres', url });
    try {
      await database.migrate();
      await bootstrap(database.db, PASSWORD, silent);
      const model = createPlantModel({ seed: DEMO_SEED, timeZone: TZ });
      await runDemoBackfill(database.db, {
        model,
        days: DAYS,
        timeZone: TZ,
        now: new Date(),
        logger: silent,
      });
    } finally {
      await database.close();
    }
    console.log(
      `  demo history, ${DAYS} days                 ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );

    simulator = await startPlantSimulator({
      port: 0,
      seed: DEMO_SEED,
      timeZone: TZ,
      dataDir: path.join(tmp, 'sim'),
    });
    const jwtSecret = randomBytes(32).toString('hex');
    const t1 = performance.now();
    for (const n of [1, 2]) {
      servers.push(
        startServer(await freePort(), {
          DATABASE_URL: url,
          DATA_DIR: path.join(tmp, `server-${n}`),
          JWT_SECRET: jwtSecret,
          ADMIN_PASSWORD: PASSWORD,
          TRUST_PROXY: 'on',
          DEMO_DAYS: '0',
          SIMULATOR: 'off',
          OPCUA_ENDPOINT: simulator.endpoint,
          OPCUA_SECURITY_MODE: 'None',
          PLANT_TZ: TZ,
          BACKUP_CRON: 'off',
        }),
      );
    }
    const explain = (error: unknown) =>
      new Error(
        `${(error as Error).message}\n${servers.map((s, i) => `--- server ${i + 1}\n${s.output()}`).join('\n')}`,
      );
    await until(
      async () => (await Promise.all(servers.map((s) => health(s.port)))).every((h) => h !== null),
      60_000,
      'servers answering /healthz',
    ).catch((error: unknown) => {
      throw explain(error);
    });
    // One of them takes the collector's advisory lock and connects to the simulator.
    const leaders = async () =>
      (await Promise.all(servers.map((s) => health(s.port)))).map(
        (h) => h?.colector?.lider === true && h.colector.estado === 'CONECTADO',
      );
    await until(async () => (await leaders()).includes(true), 40_000, 'a collector connected').catch(
      (error: unknown) => {
        throw explain(error);
      },
    );
    console.log(`  2 servers up, collector connected      ${((performance.now() - t1) / 1000).toFixed(1)} s`);
    if (SERVER_CORES > 0) {
      const made = servers.map((s, i) => createCpuQuota(`planta-scale-${process.pid}-${i + 1}`));
      if (made.every((q) => q !== null)) {
        quotas = made;
        quotas.forEach((q, i) => q.add(servers[i]!.child.pid!));
      } else for (const q of made) q?.remove();
    }

    proxy = PROXY === 'http' ? await startHttpProxy() : await startTcpProxy();
    const base = `http://127.0.0.1:${proxy.port}`;
    proxy.use(servers.map((s) => s.port));
    const { login } = await graphql<{ login: { access_token: string } }>(
      base,
      `mutation { login(input: {username: "admin", password: "${PASSWORD}"}) { access_token } }`,
    );
    const token = login.access_token;

    // Live values on each server, asked directly (the collector's own and the other's via NOTIFY).
    for (const s of servers) live.push(subscribeLive(s.port, token));
    const t2 = performance.now();
    await until(() => live.every((l) => l.count() > 0), LIVE_WAIT_MS, 'live values on both').catch(() => {});
    const liveSeconds = (performance.now() - t2) / 1000;
    const liveCounts = live.map((l) => l.count());

    const { requests, sanity } = fabricaRequests(token);
    // Every query answers with data through the proxy, on each server (no GraphQL error hidden by a 200).
    for (const s of servers) {
      for (const [query, variables] of sanity)
        await graphql(`http://127.0.0.1:${s.port}`, query, token, variables);
    }
    const load = (duration: number): Promise<Result> =>
      autocannon({ url: base, connections: CONNECTIONS, duration, workers: 1, requests, timeout: 10 });

    await load(WARMUP_S); // JIT, graphql-jit, connection pools: both servers
    const leader = (await leaders()).indexOf(true);
    // 1 server (the collecting one) and 2.
    const configs = [[servers[leader]!], servers];
    const all: Result[] = [];

    /** 1 and 2 servers in alternating rounds, so that whatever else the machine does weighs on both. */
    const measure = async (): Promise<Measured> => {
      const rounds: Result[][] = [[], []];
      const served = configs.map((chosen) => chosen.map(() => 0));
      const cpu = configs.map(() => ({ servers: 0, postgres: 0, bench: 0 }));
      for (let round = 0; round < ROUNDS; round++) {
        for (const [c, chosen] of configs.entries()) {
          proxy!.use(chosen.map((s) => s.port));
          const backends = await backendPids(url);
          const before = {
            servers: servers.map((s) => processCpuMs(s.child.pid!)),
            postgres: backends.map(processCpuMs),
            bench: process.cpuUsage(),
          };
          rounds[c]!.push(await load(DURATION_S / ROUNDS));
          const bench = process.cpuUsage(before.bench);
          cpu[c]!.servers += servers.reduce(
            (sum, s, i) => sum + processCpuMs(s.child.pid!) - before.servers[i]!,
            0,
          );
          cpu[c]!.postgres += backends.reduce(
            (sum, pid, i) => sum + Math.max(0, processCpuMs(pid) - before.postgres[i]!),
            0,
          );
          cpu[c]!.bench += (bench.user + bench.system) / 1000;
          chosen.forEach((s, i) => (served[c]![i]! += proxy!.served.get(s.port) ?? 0));
        }
      }
      all.push(...rounds.flat());
      const [one, two] = rounds as [Result[], Result[]];
      console.log(`  servers     req/s    p50 ms    p99 ms    errors   non-2xx   ${proxy!.unit} per server`);
      for (const [c, results] of rounds.entries()) {
        console.log(
          `  ${String(configs[c]!.length).padEnd(7)}${fmt(rps(results), 10)}${fmt(median(results.map((r) => r.latency.p50)), 10)}${fmt(Math.max(...results.map((r) => r.latency.p99)), 10)}${fmt(failures(results), 10)}${fmt(
            results.reduce((sum, r) => sum + r.non2xx, 0),
            10,
          )}   ${served[c]!.join(' / ')}`,
        );
      }
      // Each 2-server round against the 1-server round just before it; the median round decides, so a
      // burst of other work on the machine during one round does not.
      const perRound = one.map((r, i) => two[i]!['2xx'] / two[i]!.duration / (r['2xx'] / r.duration));
      // Where the CPU goes, per request answered (1 server).
      const answered = one.reduce((sum, r) => sum + r['2xx'], 0);
      return {
        ratio: median(perRound),
        rounds: perRound,
        overall: rps(two) / rps(one),
        cpu: {
          servers: cpu[0]!.servers / answered,
          postgres: cpu[0]!.postgres / answered,
          bench: cpu[0]!.bench / answered,
        },
      };
    };
    const ratioLine = (m: Measured) =>
      `${m.ratio.toFixed(2)}x   (rounds ${m.rounds.map((r) => r.toFixed(2)).join(', ')}; all rounds ${m.overall.toFixed(2)}x; budget ≥ ${RATIO_BUDGET}x)`;

    console.log(
      `  /fabrica's 4 queries in turn through the ${PROXY} proxy, ${CONNECTIONS} connections, ${DURATION_S} s per server count in ${ROUNDS} alternating rounds`,
    );
    console.log(
      `  ${cores} cores, load average ${os.loadavg()[0]!.toFixed(1)} before the load (other work on the machine counts against both)`,
    );
    if (quotas) {
      for (const quota of quotas) quota.limit(SERVER_CORES);
      console.log(
        `  each server limited to ${SERVER_CORES} of a core (Linux CPU quota, ${quotas[0]!.where.replace(/-\d+$/, '-N')}), as on a machine of its own:`,
      );
      const capped = await measure();
      console.log(
        `  ratio req/s 2 / 1 servers, median round  ${ratioLine(capped)}   ${verdict(capped.ratio >= RATIO_BUDGET)}`,
      );
      for (const quota of quotas) quota.limit(null);
      await load(WARMUP_S);
    }
    console.log(
      quotas
        ? `  the same, the servers without a quota, sharing the ${cores} cores with PostgreSQL and the load (the machine's limit, not the app's):`
        : `  no CPU quota here (Linux control groups need root: BENCH_SCALE_SERVER_CORES=${SERVER_CORES}); the servers share the ${cores} cores with PostgreSQL and the load:`,
    );
    const shared = await measure();
    const per = shared.cpu;
    const total = per.servers + per.postgres + per.bench;
    const ceiling =
      Math.min(2 * (1000 / per.servers), (cores * 1000) / total) /
      Math.min(1000 / per.servers, (cores * 1000) / total);
    console.log(
      `  CPU per request (1 server): app server ${per.servers.toFixed(1)} ms, PostgreSQL ${per.postgres.toFixed(1)} ms, proxy, autocannon and simulator ${per.bench.toFixed(1)} ms: at most ${ceiling.toFixed(2)}x from a second server on ${cores} idle cores`,
    );
    console.log(
      `  ratio req/s 2 / 1 servers, median round  ${ratioLine(shared)}   ${quotas ? 'information' : verdict(shared.ratio >= RATIO_BUDGET)}`,
    );
    const liveUnderLoad = live.map((l, i) => l.count() - liveCounts[i]!);

    const health2 = await Promise.all(servers.map((s) => health(s.port)));
    const lideres = health2.filter((h) => h?.colector?.lider === true).length;
    const estados = health2.map(
      (h, i) => `server ${i + 1} ${h?.colector?.lider ? 'lider' : (h?.colector?.estado ?? 'sin colector')}`,
    );
    const clean = all.every((r) => r.errors + r.timeouts + r.non2xx === 0);
    console.log(`  no errors, timeouts or non-2xx          ${verdict(clean)}`);
    console.log(`  one collector (${estados.join(', ')})   ${verdict(lideres === 1)}`);
    console.log(
      `  live values: ${liveCounts.map((c, i) => `server ${i + 1} ${c}`).join(', ')} messages in ${liveSeconds.toFixed(1)} s (budget ≥ 1 each within ${LIVE_WAIT_MS / 1000} s); during the load ${liveUnderLoad.join(' / ')}   ${verdict(liveCounts.every((c) => c > 0))}`,
    );
  } finally {
    await Promise.all(live.map((l) => l.client.dispose()));
    await proxy?.close();
    await Promise.all(servers.map((s) => stopServer(s)));
    for (const quota of quotas ?? []) quota.remove();
    await simulator?.stop();
    process.removeListener('exit', killAll);
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  if (failed) process.exitCode = 1;
}

console.log('\nScale-out: app servers behind a round-robin proxy on one PostgreSQL');
const scratch = await createPostgresDatabase(PG_URL, 'planta_bench_scale').catch((error: unknown) => {
  console.log(`  PostgreSQL: not reachable at ${PG_URL} (${(error as Error).message}), skipped`);
  return null;
});
if (scratch) {
  try {
    await scaleOut(scratch.url);
  } catch (error) {
    console.log(`  FAIL: ${(error as Error).message}`);
    process.exitCode = 1;
  } finally {
    await scratch.drop();
  }
}
