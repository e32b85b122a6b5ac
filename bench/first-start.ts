/**
 * First start of the real server (DESIGN §8, issue 21 item 6): `node apps/server/dist/main.mjs`
 * (npm start's server, scripts/build-server.ts; brought up to date first) on a fresh data dir with
 * BENCH_DAYS demo days (default 400) and the plant simulator; measures when
 * /healthz and a login first answer while the history fills, when the history is complete (the
 * server's log line), and, after a clean stop, how long a restart as the README gives it takes
 * (`npm start`: the build checks of the server and the web app, then the server on the same data dir) until the first
 * query (a login) answers (issue 34 item 4: ≤ 5 s with the web app's sources unchanged).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { buildServer, entradaServidor } from '../scripts/build-server.ts';
import { buildWeb } from '../scripts/build-web.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PASSWORD = 'clave-bench-1';

export interface FirstStartResult {
  days: number;
  /** Seconds from the spawn to the first 200 of /healthz and to the first successful login. */
  healthz: number;
  login: number;
  /** Slowest /healthz answer while the history filled, in ms. */
  healthzMaxMs: number;
  /** Seconds from the spawn to the log line "historia de demostración lista". */
  history: number;
  /**
   * Seconds from the first /healthz answer to the three months' figures written (the log line
   * "cifras de los tres meses listas"): every dashboard's window reads right (issue 31 item 18).
   */
  window: number;
  /** Seconds from `npm start` on the same data dir to its first login. */
  reopen: number;
}

function startServer(
  dataDir: string,
  port: number,
  days: number,
  npmStart = false,
): { child: ChildProcess; log: string[] } {
  const [command, args] = npmStart
    ? ['npm', ['start', '--silent']]
    : [process.execPath, [entradaServidor('main')]];
  const child = spawn(command, args, {
    cwd: ROOT,
    // Its own process group: npm's children are stopped with it.
    detached: npmStart,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_DAYS: String(days),
      ADMIN_PASSWORD: PASSWORD,
      // Its own OPC UA port: the simulator of another server may hold the default one.
      OPCUA_ENDPOINT: `opc.tcp://127.0.0.1:${port + 1}`,
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log: string[] = [];
  let rest = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    const lines = (rest + chunk.toString()).split('\n');
    rest = lines.pop() ?? '';
    log.push(...lines);
  });
  child.stderr?.on('data', () => {});
  return { child, log };
}

async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T | undefined }> {
  const t0 = performance.now();
  try {
    const value = await fn();
    return { ms: performance.now() - t0, value };
  } catch {
    return { ms: performance.now() - t0, value: undefined };
  }
}

async function healthz(port: number): Promise<boolean> {
  const res = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(5_000) });
  await res.arrayBuffer();
  return res.ok;
}

async function login(port: number): Promise<boolean> {
  const res = await fetch(`http://127.0.0.1:${port}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      query: `mutation { login(input: {username: "admin", password: "${PASSWORD}"}) { access_token } }`,
    }),
    signal: AbortSignal.timeout(10_000),
  });
  const body = (await res.json()) as { data?: { login?: { access_token?: string } } };
  return Boolean(body.data?.login?.access_token);
}

async function stop(child: ChildProcess, group = false): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const kill = (signal: NodeJS.Signals) => {
    try {
      if (group && child.pid) process.kill(-child.pid, signal);
      else child.kill(signal);
    } catch {
      // already gone
    }
  };
  kill('SIGTERM');
  const timer = setTimeout(() => kill('SIGKILL'), 20_000);
  await exited;
  clearTimeout(timer);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function measureFirstStart(
  days: number,
  port = 18090,
  limitSeconds = 600,
): Promise<FirstStartResult> {
  // As npm start: the server's bundle and the web app up to date before the clock starts (their
  // builds are not the server's), so the restart below measures a restart with nothing changed.
  await buildServer();
  buildWeb();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'planta-first-'));
  try {
    const t0 = performance.now();
    const since = () => (performance.now() - t0) / 1000;
    const first = startServer(dataDir, port, days);
    let healthzAt: number | undefined;
    let loginAt: number | undefined;
    let historyAt: number | undefined;
    let windowAt: number | undefined;
    let healthzMaxMs = 0;
    while (historyAt === undefined) {
      if (first.child.exitCode !== null)
        throw new Error(`el servidor terminó (código ${first.child.exitCode})`);
      if (since() > limitSeconds) throw new Error(`la historia no terminó en ${limitSeconds} s`);
      const h = await timed(() => healthz(port));
      if (h.value) {
        healthzAt ??= since();
        healthzMaxMs = Math.max(healthzMaxMs, h.ms);
      }
      if (h.value && loginAt === undefined && (await timed(() => login(port))).value) loginAt = since();
      if (
        windowAt === undefined &&
        first.log.some((line) => line.includes('cifras de los tres meses listas'))
      )
        windowAt = since();
      if (first.log.some((line) => line.includes('historia de demostración lista'))) historyAt = since();
      else await sleep(100);
    }
    await stop(first.child);

    const r0 = performance.now();
    const second = startServer(dataDir, port, days, true);
    let reopen: number | undefined;
    while (reopen === undefined) {
      if (second.child.exitCode !== null)
        throw new Error(`el servidor terminó (código ${second.child.exitCode})`);
      if ((performance.now() - r0) / 1000 > 120) throw new Error('el servidor no respondió al reabrir');
      if ((await timed(() => login(port))).value) reopen = (performance.now() - r0) / 1000;
      else await sleep(50);
    }
    await stop(second.child, true);
    return {
      days,
      healthz: healthzAt ?? NaN,
      login: loginAt ?? NaN,
      healthzMaxMs,
      history: historyAt,
      window: (windowAt ?? historyAt) - (healthzAt ?? 0),
      reopen,
    };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const days = Number(process.env.BENCH_DAYS ?? 400);
  console.log(await measureFirstStart(days));
}
