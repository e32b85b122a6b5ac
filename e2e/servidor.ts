import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createPostgresDatabase, DEFAULT_POSTGRES_TEST_URL } from '../apps/server/src/db/scratch.ts';
import { entradaServidor } from '../scripts/build-server.ts';

export const E2E_ADMIN = { username: 'admin', password: 'clave-e2e-admin' };

/**
 * How many e2e servers (and e2e workers: vitest.config.ts gives the e2e project as many) run at
 * once. Each worker uses its own server (servidores.ts), so the spec files of one server still run
 * one at a time. With E2E_BASE_URL (a server already running, docs/testing.md): that one only.
 */
export const E2E_SERVIDORES = process.env.E2E_BASE_URL ? 1 : 3;

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * A PostgreSQL database of its own on the server suites' PostgreSQL (DATABASE_URL_TEST or the
 * default), or undefined when it does not answer (then a server uses the embedded PGlite).
 */
export async function basePostgres(
  prefijo: string,
): Promise<{ url: string; drop: () => Promise<void> } | undefined> {
  const url = process.env.DATABASE_URL_TEST || DEFAULT_POSTGRES_TEST_URL;
  return createPostgresDatabase(url, prefijo).catch(() => undefined);
}

/**
 * The built web app the server serves: the e2e run's own build (E2E_WEB_DIST, set by
 * global-setup.ts for the workers), WEB_DIST (another build, e.g. /tmp/dist-x) or apps/web/dist.
 */
export function webDist(): string {
  const dir = path.resolve(root, process.env.E2E_WEB_DIST ?? process.env.WEB_DIST ?? 'apps/web/dist');
  if (!fs.existsSync(path.join(dir, 'index.html'))) {
    throw new Error('La aplicación web no está compilada: ejecute "npm run build" antes de las pruebas e2e');
  }
  return dir;
}

export interface OpcionesServidor {
  port: number;
  /** Kept between starts: the same DATA_DIR is the same database, sessions and JWT secret. */
  dataDir: string;
  opcPort: number;
  /** Where the server's output goes (appended), to explain a failure afterwards. */
  logFile: string;
  /** Days of demo history written behind the start (default 0: a fast start, past days empty). */
  demoDays?: number;
  /** The built web app to serve (default: {@link webDist}). */
  webDist?: string;
  /** A PostgreSQL database of its own (DATABASE_URL); without it, the embedded PGlite in dataDir. */
  databaseUrl?: string;
  /**
   * Lines the simulator keeps running whatever the hour (SIMULATOR_LINEAS_EN_MARCHA; default none):
   * tests that read the day in progress need production at any time of day, on a Sunday morning or
   * in a CIP that lasts the whole run.
   */
  lineasEnMarcha?: readonly number[];
}

export interface Servidor {
  baseURL: string;
  child: ChildProcess;
  /** Stops the process with a signal (SIGTERM: the server's graceful close; SIGKILL: none) and waits. */
  detener(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * Starts the real server (built web app, embedded PGlite in `dataDir` or the PostgreSQL database
 * given, the plant simulator and collector without demo history) and waits for /healthz.
 */
export async function arrancarServidor(o: OpcionesServidor): Promise<Servidor> {
  // The bundle `npm start` runs (scripts/build-server.ts; global-setup.ts builds it).
  const child: ChildProcess = spawn(process.execPath, [entradaServidor('main')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(o.port),
      HOST: '127.0.0.1',
      DATA_DIR: o.dataDir,
      WEB_DIST: o.webDist ?? webDist(),
      ADMIN_PASSWORD: E2E_ADMIN.password,
      // The real plant simulator and collector, without demo history (fast start).
      SIMULATOR: 'on',
      OPCUA_ENDPOINT: `opc.tcp://127.0.0.1:${o.opcPort}`,
      DEMO_DAYS: String(o.demoDays ?? 0),
      SIMULATOR_LINEAS_EN_MARCHA: (o.lineasEnMarcha ?? []).join(','),
      // Alarms at their default period (10 s, as in a plant; a write asks for a pass at once): a pass
      // every second cost each server ≈ 2 % of a core for the whole e2e run.
      // Every request is logged, to explain a failure afterwards.
      LOG_LEVEL: 'info',
      DATABASE_URL: o.databaseUrl ?? '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let output = '';
  fs.mkdirSync(path.dirname(o.logFile), { recursive: true });
  const log = fs.createWriteStream(o.logFile, { flags: 'a' });
  const keep = (d: Buffer) => {
    if (output.length < 100_000) output += d.toString();
    log.write(d);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  void exited.then(() => log.end());
  const baseURL = `http://127.0.0.1:${o.port}`;
  // Generous: a loaded machine (several test runs at once) has taken ~110 s to start it.
  const until = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`el servidor terminó al arrancar:\n${output}`);
    try {
      if ((await fetch(`${baseURL}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) {
      child.kill('SIGKILL');
      throw new Error(`el servidor no arrancó a tiempo:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    baseURL,
    child,
    detener: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}
