// The thread that owns PGlite (plain JavaScript so it loads the same under tsx, vitest or node).
// PGlite computes on the thread that calls it; here that thread is this worker, and the server's
// main thread reaches it through a unix socket (pglite-socket speaks the PostgreSQL protocol),
// so a long query no longer stops the event loop that answers HTTP.
import fs from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

/** @type {{ pgDir: string | undefined, socketPath: string, plantilla: string | undefined, artefactos: { pglite: WebAssembly.Module, initdb: WebAssembly.Module, datos: Uint8Array } }} */
const { pgDir, socketPath, plantilla, artefactos } = workerData;
// Compiled once by the process that opens it (pglite-host.ts, artefactosPglite).
const comunes = {
  pgliteWasmModule: artefactos.pglite,
  initdbWasmModule: artefactos.initdb,
  fsBundle: new Blob([artefactos.datos]),
};

try {
  // A template: a data dir dumped by `dumpDataDir('none')` (the tests' migrated database), loaded
  // instead of running initdb and the migrations again.
  const db = plantilla
    ? await PGlite.create(pgDir, { ...comunes, loadDataDir: new Blob([fs.readFileSync(plantilla)]) })
    : await PGlite.create(pgDir, comunes);
  // The main thread keeps one connection (see pglite-host.ts); a few more slots let a replaced
  // connection come in while the old one is still being torn down.
  const server = new PGLiteSocketServer({ db, path: socketPath, maxConnections: 8 });
  await server.start();
  // The socket has no password: only this server's own user may connect to it.
  fs.chmodSync(socketPath, 0o600);
  parentPort.on('message', async (message) => {
    if (message?.type === 'volcar') {
      // The whole data dir as a tarball: the backup of an in-memory database (the tests').
      try {
        const buffer = await (await db.dumpDataDir('none')).arrayBuffer();
        parentPort.postMessage({ type: 'volcado', id: message.id, buffer }, [buffer]);
      } catch (error) {
        parentPort.postMessage({ type: 'volcado', id: message.id, error: String(error) });
      }
      return;
    }
    if (message !== 'close') return;
    try {
      await server.stop();
    } finally {
      await db.close();
      parentPort.postMessage({ type: 'closed' });
    }
  });
  parentPort.postMessage({ type: 'ready' });
} catch (error) {
  parentPort.postMessage({ type: 'error', message: error instanceof Error ? error.message : String(error) });
}
