import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, inject, onTestFinished } from 'vitest';
import { createPostgresDatabase } from '../src/db/scratch.ts';
import { entradaServidor } from '../../../scripts/build-server.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface Running {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

export const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export function start(env: Record<string, string>): Running {
  // The bundle `npm start` runs (scripts/build-server.ts; global-setup.ts builds it from these sources).
  const child = spawn(process.execPath, [entradaServidor('main')], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/root',
      LOG_LEVEL: 'info',
      SIMULATOR: 'off',
      // The tests' simulators run in the test process: a plain channel, as with the built-in one.
      OPCUA_SECURITY_MODE: 'None',
      DEMO_DAYS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  child.stdout?.on('data', (d) => (out += d));
  child.stderr?.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

export async function waitFor(check: () => boolean | Promise<boolean>, ms = 30_000): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('tiempo de espera agotado');
}

/**
 * A fresh temporary directory (a data dir, a backup's target) inside the run's (global-setup.ts),
 * removed with it when the run ends.
 */
export const tmpDir = () => fs.mkdtempSync(path.join(inject('temporales'), 'planta-start-'));

/**
 * The environment of a server process whose test is not about the database (its log, its pipes):
 * a PostgreSQL database of its own when the run's PostgreSQL answers (a first start there costs a
 * fraction of the embedded PGlite's initdb and migrations), dropped when the test ends, passed or
 * failed (the drop closes what is still connected); without it, nothing: the process opens the
 * embedded PGlite in its DATA_DIR, as `npm start` does. Called inside a test.
 */
export async function baseDelProceso(): Promise<{ DATABASE_URL?: string }> {
  const postgres = inject('postgres');
  if (!postgres.available) return {};
  const creada = await createPostgresDatabase(postgres.url, 'planta_proc');
  onTestFinished(creada.drop);
  return { DATABASE_URL: creada.url };
}
