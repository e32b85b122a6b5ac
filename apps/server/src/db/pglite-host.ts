import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Logger } from 'pino';
import type { Database, Db } from './tipos.ts';
import { registrarEscrituras } from './cache-validado.ts';
import { avisarConexionesPerdidas } from './errores-pool.ts';
import { acquireDataDirLock } from './lock.ts';
import { privatizarArbol } from '../archivos-privados.ts';
import * as schema from './schema/index.ts';

const SELECT = /^\s*select\b/i;
const WITH = /^\s*with\b/i;
/** The words a data-modifying WITH cannot do without (also found in a name or `for update`: then counted, the safe side). */
const MODIFICA = /\b(insert|update|delete|merge)\b/i;

/** Whether a statement's text is a plain read: a SELECT, or a WITH none of whose parts modifies data. */
export const soloLee = (texto: string) => SELECT.test(texto) || (WITH.test(texto) && !MODIFICA.test(texto));

/**
 * Calls `escribio` before every statement through `client` that is not a plain read (an INSERT,
 * UPDATE, DELETE, a data-modifying WITH, BEGIN, COMMIT, DDL, anything whose text it cannot read).
 */
function contarEscrituras(client: pg.ClientBase, escribio: () => void): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((...args: unknown[]) => {
    const primero = args[0];
    const texto = typeof primero === 'string' ? primero : (primero as { text?: unknown } | null)?.text;
    if (typeof texto !== 'string' || !soloLee(texto)) escribio();
    return query(...args);
  }) as typeof client.query;
}

/** What PGlite loads to start: its two WebAssembly modules, compiled, and its file bundle. */
export interface ArtefactosPglite {
  pglite: WebAssembly.Module;
  initdb: WebAssembly.Module;
  datos: Uint8Array;
}

let artefactos: Promise<ArtefactosPglite> | undefined;

/** WebAssembly.compile (the server's TypeScript libraries declare WebAssembly's types, not its values). */
const compilar = (bytes: Uint8Array) =>
  (
    globalThis as unknown as { WebAssembly: { compile(b: Uint8Array): Promise<WebAssembly.Module> } }
  ).WebAssembly.compile(bytes);

/**
 * PGlite's artefacts, read and compiled once per process and handed to every PGlite it opens (the
 * tests open hundreds, a server one): each would otherwise read its 6 MB bundle and compile its 9 MB
 * module again (measured: ≈ 0.05–0.1 CPU-s and 0.15 s of waiting each). A compiled module passed to
 * a worker thread shares its code.
 */
export function artefactosPglite(): Promise<ArtefactosPglite> {
  artefactos ??= (async () => {
    const require = createRequire(import.meta.url);
    const leer = (nombre: string) => fs.promises.readFile(require.resolve(`@electric-sql/pglite/${nombre}`));
    const [pglite, initdb, datos] = await Promise.all([
      leer('pglite.wasm').then(compilar),
      leer('initdb.wasm').then(compilar),
      leer('pglite.data'),
    ]);
    return { pglite, initdb, datos: new Uint8Array(datos) };
  })().catch((error: unknown) => {
    // Not kept: the next open reads them again.
    artefactos = undefined;
    throw error;
  });
  return artefactos;
}

/** The socket's file name inside its directory: node-postgres connects to `<host>/.s.PGSQL.<port>`. */
export const SOCKET_FILE = '.s.PGSQL.5432';
/** A unix socket path has at most 107 bytes on Linux. */
const MAX_SOCKET_PATH = 100;

/**
 * PGlite in a worker thread: the worker owns PGlite (`<dataDir>/pg`, or in memory without
 * `dataDir`) and serves it on a unix socket with `@electric-sql/pglite-socket`; this thread talks
 * to it with a node-postgres pool, exactly as to PostgreSQL. A long query then occupies the worker,
 * not the event loop that answers HTTP.
 *
 * The pool keeps ONE connection. PGlite is one backend session that runs one statement at a time,
 * and pglite-socket multiplexes its connections onto it message by message: two connections would
 * share prepared statements and could interleave the extended protocol's Parse/Bind/Execute of two
 * queries. One connection costs nothing (the statements would run one after another anyway), and
 * the pool's queue keeps the order. As on any pool, code inside `db.transaction()` must use `tx`:
 * awaiting `db` there would wait for the very connection the transaction holds.
 */
export async function openPgliteWorker(
  dataDir: string | undefined,
  migrationsFolder: string,
  logger?: Logger,
  plantilla?: string,
): Promise<Database> {
  const release = dataDir ? acquireDataDirLock(dataDir) : () => {};
  let socketDir: string | undefined;
  let temporary = false;
  let worker: Worker | undefined;
  try {
    if (dataDir && path.join(path.resolve(dataDir), SOCKET_FILE).length <= MAX_SOCKET_PATH) {
      socketDir = path.resolve(dataDir);
    } else {
      socketDir = fs.mkdtempSync(path.join(os.tmpdir(), 'planta-pg-'));
      temporary = true;
    }
    const socketPath = path.join(socketDir, SOCKET_FILE);
    // A crash (kill -9) leaves the socket file behind and listen() would fail with EADDRINUSE. We
    // hold the data-dir lock, so no live server uses it: remove it.
    fs.rmSync(socketPath, { force: true });

    worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
      workerData: {
        pgDir: dataDir ? path.join(dataDir, 'pg') : undefined,
        socketPath,
        plantilla,
        artefactos: await artefactosPglite(),
      },
      // Plain JavaScript: no TypeScript loader needed in the worker.
      execArgv: [],
    });
    const started = worker;
    await new Promise<void>((resolve, reject) => {
      const onMessage = (message: { type: string; message?: string }) => {
        if (message.type === 'ready') done(null);
        else if (message.type === 'error') done(new Error(`PGlite no pudo abrirse: ${message.message}`));
      };
      const onError = (error: Error) => done(error);
      const onExit = (code: number) => done(new Error(`el hilo de PGlite terminó al abrir (código ${code})`));
      const done = (error: Error | null) => {
        started.off('message', onMessage).off('error', onError).off('exit', onExit);
        if (error) reject(error);
        else resolve();
      };
      started.on('message', onMessage).on('error', onError).on('exit', onExit);
    });
    // PGlite writes its initial files 0666 (pg_hba.conf, pg_control…), whatever the umask: the
    // data dir is its owner's only (archivos-privados.ts).
    if (dataDir) privatizarArbol(path.join(dataDir, 'pg'));

    let closing = false;
    let volcados = 0;
    started.on('error', (err) => logger?.error({ err }, 'el hilo de PGlite falló'));
    started.on('exit', (code) => {
      if (!closing) logger?.error({ code }, 'el hilo de PGlite terminó: la base de datos no responde');
    });

    // Statements that may have written, since the start. This process owns the data dir and is its
    // only writer, and statements run one at a time on the one connection, so while the count has
    // not moved no row has changed: `CacheValidado` and the kept answers skip their fingerprint.
    let escrituras = 0;
    const pool = new pg.Pool({
      host: socketDir,
      user: 'postgres',
      database: 'postgres',
      max: 1,
      // Never retire the connection: PGlite's session outlives it and keeps its prepared statements.
      idleTimeoutMillis: 0,
      // Waiting for the one connection: a request behind a long transaction waits, but code that
      // wrongly awaits `db` inside `db.transaction()` fails after a minute instead of hanging.
      connectionTimeoutMillis: 60_000,
      application_name: 'planta',
      // A replacement connection (after an error) finds the old one's prepared statements in the
      // one PGlite session: drop them before the connection is used.
      onConnect: async (client) => {
        await client.query('deallocate all');
        contarEscrituras(client, () => escrituras++);
      },
    });
    avisarConexionesPerdidas(pool, logger, 'conexión con el hilo de PGlite perdida');
    const db = drizzle({ client: pool, schema }) as unknown as Db;
    registrarEscrituras(db, () => escrituras);
    return {
      db,
      kind: 'pglite',
      migrate: () => migrate(drizzle({ client: pool, schema }), { migrationsFolder }),
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      // One process per PGlite data dir (planta.lock): it is always the holder.
      tryLock: async () => async () => {},
      embebida: {
        pgDir: dataDir ? path.join(path.resolve(dataDir), 'pg') : undefined,
        volcar: () =>
          new Promise<ArrayBuffer>((resolve, reject) => {
            const id = ++volcados;
            const onMessage = (message: {
              type: string;
              id?: number;
              buffer?: ArrayBuffer;
              error?: string;
            }) => {
              if (message.type !== 'volcado' || message.id !== id) return;
              started.off('message', onMessage);
              if (message.buffer) resolve(message.buffer);
              else reject(new Error(`PGlite no pudo volcar sus datos: ${message.error}`));
            };
            started.on('message', onMessage);
            started.postMessage({ type: 'volcar', id });
          }),
      },
      close: async () => {
        closing = true;
        try {
          await pool.end();
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, 10_000);
            started.once('message', (message: { type: string }) => {
              if (message.type === 'closed') {
                clearTimeout(timer);
                resolve();
              }
            });
            started.once('exit', () => {
              clearTimeout(timer);
              resolve();
            });
            started.postMessage('close');
          });
          await started.terminate();
        } finally {
          if (temporary && socketDir) fs.rmSync(socketDir, { recursive: true, force: true });
          else if (socketDir) fs.rmSync(path.join(socketDir, SOCKET_FILE), { force: true });
          release();
        }
      },
    };
  } catch (error) {
    await worker?.terminate();
    if (temporary && socketDir) fs.rmSync(socketDir, { recursive: true, force: true });
    release();
    throw error;
  }
}
