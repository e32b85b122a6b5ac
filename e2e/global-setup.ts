import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildServer } from '../scripts/build-server.ts';
import { arrancarServidor, basePostgres, E2E_SERVIDORES, freePort, root, type Servidor } from './servidor.ts';
import { registrarDetener } from './detener-servidores.ts';
import { PEDIDO_DE_ARRANQUE, type ServidorE2E } from './servidores.ts';

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
 * `llegado` resolves to true once `archivo` exists (a browser file's worker writes it:
 * servidores.ts), to false when `cancelar` is called first (no browser file asked: nothing starts).
 */
function esperarPedido(archivo: string): { llegado: Promise<boolean>; cancelar: () => void } {
  let intervalo: NodeJS.Timeout | undefined;
  let terminar: (pedido: boolean) => void = () => {};
  const llegado = new Promise<boolean>((resolve) => {
    terminar = (pedido) => {
      clearInterval(intervalo);
      resolve(pedido);
    };
    intervalo = setInterval(() => {
      if (fs.existsSync(archivo)) terminar(true);
    }, 200);
    intervalo.unref();
  });
  return { llegado, cancelar: () => terminar(false) };
}

/**
 * The browser tests' servers: E2E_SERVIDORES real servers (built web app, embedded PGlite in a
 * fresh DATA_DIR, the simulator and collector), one per e2e worker, so two spec files run at once
 * without sharing a database. Nothing here waits: the web app is built (unless WEB_DIST names a
 * build) while the other suites run, and the servers start when the first browser file asks for
 * one (servidores.ts, `esperarServidor`, which also says why a server could not start). Started
 * with the run, each ran its simulator and collector idle through the server and web suites: about
 * 4 % of a core each for 12 minutes of a 27-minute run (≈ 90 CPU-s of the three; docs/testing.md).
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
  // Resolved when a browser file first asks for its server (the file `PEDIDO_DE_ARRANQUE` appears).
  const pedido = esperarPedido(path.join(trabajo, PEDIDO_DE_ARRANQUE));
  // A failed build is reported by the start that awaits it; none may (no browser file asked).
  dist.catch(() => {});
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
      (async () => {
        if (!(await pedido.llegado)) return undefined;
        try {
          const servidor = await arrancarServidor({
            port,
            opcPort,
            dataDir: path.join(trabajo, `datos-${i + 1}`),
            logFile,
            webDist: await dist,
            databaseUrl: base?.url,
            // The suites that read the day in progress (its production, pace, ETA, per-unit
            // figures) need lines 1 and 2 producing whatever the hour the run starts; lines 3 and 4
            // keep the model's shifts, changeovers and stops.
            lineasEnMarcha: [1, 2],
          });
          fs.writeFileSync(estado, JSON.stringify({ listo: true }));
          return servidor;
        } catch (error) {
          fs.writeFileSync(estado, JSON.stringify({ listo: false, error: String(error) }));
          return undefined;
        }
      })(),
    );
  }
  project.provide('servidoresE2E', servidores);
  const detener = async () => {
    // No server is started after the browser files are done (none asked: nothing to stop).
    pedido.cancelar();
    await Promise.all(arranques.map(async (arranque) => (await arranque)?.detener()));
  };
  // Stopped by e2e/detener-servidores.ts when the last browser file ends, before `timing`.
  registrarDetener(detener);
  return async () => {
    construccion?.proceso.kill('SIGKILL');
    await detener();
    await Promise.all(bases.map((base) => base.drop().catch(() => {})));
    fs.rmSync(trabajo, { recursive: true, force: true });
  };
}
