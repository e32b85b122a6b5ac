import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

export const E2E_ADMIN = { username: 'admin', password: 'clave-e2e-admin' };

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** Starts the real server (built web app, embedded PGlite in a fresh DATA_DIR) for the browser tests. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // WEB_DIST: another build of the web app (e.g. `vite build --outDir /tmp/dist-x`), passed on to
  // the server, so a build in progress in apps/web/dist never breaks a run.
  const webDist = path.resolve(root, process.env.WEB_DIST ?? 'apps/web/dist');
  if (!fs.existsSync(path.join(webDist, 'index.html'))) {
    throw new Error('La aplicación web no está compilada: ejecute "npm run build" antes de las pruebas e2e');
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'planta-e2e-'));
  const port = await freePort();
  const opcPort = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      // The real plant simulator and collector, without demo history (fast start).
      SIMULATOR: 'on',
      OPCUA_ENDPOINT: `opc.tcp://127.0.0.1:${opcPort}`,
      DEMO_DAYS: '0',
      // Every request is logged (to test-results/e2e-server.log) to explain a failure afterwards.
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  fs.mkdirSync(path.join(root, 'test-results'), { recursive: true });
  const log = fs.createWriteStream(path.join(root, 'test-results/e2e-server.log'));
  const keep = (d: Buffer) => {
    if (output.length < 100_000) output += d.toString();
    log.write(d);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const baseURL = `http://127.0.0.1:${port}`;
  // Generous: a loaded machine (several test runs at once) has taken ~110 s to start it.
  const until = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`el servidor terminó al arrancar:\n${output}`);
    try {
      if ((await fetch(`${baseURL}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) throw new Error(`el servidor no arrancó a tiempo:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  project.provide('baseURL', baseURL);
  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    log.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
