// A backup of the embedded database, in a process of its own at the lowest CPU priority (plain
// JavaScript: loads the same under tsx, vitest or node). It opens PGlite on a consistent copy of
// the data (a base backup directory, recovered at open, or the tarball PGlite dumps of an
// in-memory database), runs pg_dump (WASM, @electric-sql/pglite-tools) on it and writes the gzip
// file. pg_dump holds the thread it runs on for its whole length and keeps a core busy: here that
// is neither the server's event loop nor the thread that serves the live database, and with
// `nice 19` the server's threads get the CPU first on a small plant server.
import fs from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { pgDump } from '@electric-sql/pglite-tools/pg_dump';

/** @param {{ pgDir?: string, tarball?: string, salida: string, cabecera: string, pie: string, args: string[] }} tarea */
async function respaldar({ pgDir, tarball, salida, cabecera, pie, args }) {
  const pg = pgDir
    ? await PGlite.create(pgDir)
    : await PGlite.create({ loadDataDir: new Blob([await fs.promises.readFile(tarball)]) });
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
}

process.once('message', async (tarea) => {
  try {
    await respaldar(tarea);
    process.send({ type: 'ok' }, () => process.exit(0));
  } catch (error) {
    process.send({ type: 'error', message: error instanceof Error ? error.message : String(error) }, () =>
      process.exit(1),
    );
  }
});
