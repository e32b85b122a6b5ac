import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildServer } from '../scripts/build-server.ts';
import { arrancarServidor, basePostgres, E2E_SERVIDORES, freePort, root, type Servidor } from './servidor.ts';
import { registrarDetener } from './detener-servidores.ts';
import type { ServidorE2E } from './servidores.ts';

export { E2E_ADMIN } from './servidor.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One server per e2e worker (each worker reserves one): see servidores.ts. */
    servidoresE2E: ServidorE2E[];
  }
}

/** Builds the web app into `outDir` (Vite, the project's config), its output in `logFile`. */
function construirWeb(outDir: string, logFile: string): { listo: Promise<void>; proceso: ChildProcess } {
  const vite = path.join(root, 'node_modules/vite/bin/vite.js');
  const log = fs.openSync(logFile, 'w');
  const proceso = spawn(
    process.execPath,
    [vite, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
    {
      cwd: path.join(root, 'apps/web'),
      // Vitest sets NODE_ENV=test, which would make a development build (import.meta.env.DEV).
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: ['ignore', log, log],
    },
  );
  const listo = new Promise<void>((resolve, reject) => {
    proceso.once('error', reject);
    proceso.once('exit', (code, signal) => {
      fs.closeSync(log);
      if (code === 0) resolve();
      else
        reject(
          new Error(
            `la compilación de la aplicación web falló (${signal ?? code}):\n${fs.readFileSync(logFile, 'utf8').slice(-4_000)}`,
          ),
        );
    });
  });
  return { listo, proceso };
}

/**
 * The browser tests' servers: E2E_SERVIDORES real servers (built web app, embedded PGlite in a
 * fresh DATA_DIR, the simulator and collector), one per e2e worker, so two spec files run at once
 * without sharing a database. Nothing here waits: the web app is built (unless WEB_DIST names a
 * build) and the servers start while the other suites run; each e2e file waits for its server
 * (servidores.ts, `esperarServidor`), which says why it could not start if it failed.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const resultados = path.join(root, 'test-results');
  fs.mkdirSync(resultados, { recursive: true });
  const trabajo = fs.mkdtempSync(path.join(os.tmpdir(), 'planta-e2e-'));
  if (process.env.E2E_BASE_URL) {
    // A server already running (started with ADMIN_PASSWORD=clave-e2e-admin): no build, no start.
    const estado = path.join(trabajo, 'servidor-1.json');
    fs.writeFileSync(estado, JSON.stringify({ listo: true }));
    const baseURL = process.env.E2E_BASE_URL.replace(/\/+$/, '');
    project.provide('servidoresE2E', [{ baseURL, estado, logFile: '(el del servidor)' }]);
    return async () => fs.rmSync(trabajo, { recursive: true, force: true });
  }
  // The server's bundle, as `npm start` builds it (nothing to do when up to date).
  await buildServer();
  let construccion: ReturnType<typeof construirWeb> | undefined;
  let dist: Promise<string>;
  if (process.env.WEB_DIST) dist = Promise.resolve(path.resolve(root, process.env.WEB_DIST));
  else {
    const outDir = path.join(trabajo, 'web');
    construccion = construirWeb(outDir, path.join(resultados, 'e2e-web-build.log'));
    dist = construccion.listo.then(() => outDir);
    // For the specs that start a server of their own (servidor.ts, webDist): the workers start
    // after this and inherit it; they wait for the build through esperarServidor.
    process.env.E2E_WEB_DIST = outDir;
  }
  // On PostgreSQL when it answers (CI): the same screens, served several times faster than by
  // PGlite's WebAssembly, which the other suites and the files that start it as `npm start` does
  // (restart, demo history) cover in the browser.
  const bases: { url: string; drop: () => Promise<void> }[] = [];
  const servidores: ServidorE2E[] = [];
  const arranques: Promise<Servidor | undefined>[] = [];
  for (let i = 0; i < E2E_SERVIDORES; i++) {
    const base = await basePostgres('planta_e2e');
    if (base) bases.push(base);
    const port = await freePort();
    const opcPort = await freePort();
    const estado = path.join(trabajo, `servidor-${i + 1}.json`);
    const logFile = path.join(resultados, `e2e-server-${i + 1}.log`);
    fs.rmSync(logFile, { force: true });
    servidores.push({ baseURL: `http://127.0.0.1:${port}`, estado, logFile });
    arranques.push(
      dist
        .then((webDist) =>
          arrancarServidor({
            port,
            opcPort,
            dataDir: path.join(trabajo, `datos-${i + 1}`),
            logFile,
            webDist,
            databaseUrl: base?.url,
            // The suites that read the day in progress (its production, pace, ETA, per-unit
            // figures) need lines 1 and 2 producing whatever the hour the run starts; lines 3 and 4
            // keep the model's shifts, changeovers and stops.
            lineasEnMarcha: [1, 2],
          }),
        )
        .then(
          (servidor) => {
            fs.writeFileSync(estado, JSON.stringify({ listo: true }));
            return servidor;
          },
          (error: unknown) => {
            fs.writeFileSync(estado, JSON.stringify({ listo: false, error: String(error) }));
            return undefined;
          },
        ),
    );
  }
  project.provide('servidoresE2E', servidores);
  const detener = () => Promise.all(arranques.map(async (arranque) => (await arranque)?.detener()));
  // Stopped by e2e/detener-servidores.ts when the last browser file ends, before `timing`.
  registrarDetener(detener);
  return async () => {
    construccion?.proceso.kill('SIGKILL');
    await detener();
    await Promise.all(bases.map((base) => base.drop().catch(() => {})));
    fs.rmSync(trabajo, { recursive: true, force: true });
  };
}
