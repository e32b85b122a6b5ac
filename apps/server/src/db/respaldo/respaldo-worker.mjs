// A backup of the embedded database, on a thread of its own (plain JavaScript: loads the same
// under tsx, vitest or node). It opens PGlite on a consistent copy of the data (a base backup
// directory, recovered at open, or the tarball PGlite dumps of an in-memory database), runs
// pg_dump (WASM, @electric-sql/pglite-tools) on it and writes the gzip file. pg_dump holds the
// thread it runs on for its whole length: here that is neither the server's event loop nor the
// thread that serves the live database.
import fs from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parentPort, workerData } from 'node:worker_threads';
import zlib from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { pgDump } from '@electric-sql/pglite-tools/pg_dump';

/** @type {{ pgDir?: string, tarball?: ArrayBuffer, salida: string, cabecera: string, pie: string, args: string[] }} */
const { pgDir, tarball, salida, cabecera, pie, args } = workerData;

try {
  const pg = pgDir ? await PGlite.create(pgDir) : await PGlite.create({ loadDataDir: new Blob([tarball]) });
  try {
    const dump = await pgDump({ pg, args });
    async function* contenido() {
      yield cabecera;
      yield* Readable.fromWeb(dump.stream());
      yield `\n${pie}\n`;
    }
    await pipeline(Readable.from(contenido()), zlib.createGzip({ level: 6 }), fs.createWriteStream(salida));
  } finally {
    await pg.close();
  }
  parentPort.postMessage({ type: 'ok' });
} catch (error) {
  parentPort.postMessage({ type: 'error', message: error instanceof Error ? error.message : String(error) });
}
