import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { arrancarServidor, freePort, root } from './servidor.ts';

export { E2E_ADMIN } from './servidor.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}

/** Starts the real server (built web app, embedded PGlite in a fresh DATA_DIR) for the browser tests. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // WEB_DIST: another build of the web app (e.g. `vite build --outDir /tmp/dist-x`), passed on to
  // the server, so a build in progress in apps/web/dist never breaks a run.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'planta-e2e-'));
  const logFile = path.join(root, 'test-results/e2e-server.log');
  fs.rmSync(logFile, { force: true });
  const servidor = await arrancarServidor({
    port: await freePort(),
    opcPort: await freePort(),
    dataDir,
    logFile,
  });
  project.provide('baseURL', servidor.baseURL);
  return async () => {
    await servidor.detener();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
