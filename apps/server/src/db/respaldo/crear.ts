import { type ChildProcess, fork, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { estadoEsquema, migraciones } from '../esquema.ts';
import { rowsOf } from '../rows.ts';
import { MODO_ARCHIVO, MODO_CARPETA } from '../../archivos-privados.ts';
import { VERSION } from '../../version.ts';
import { FORMATO, lineaCabecera, type MetadatosRespaldo, PIE } from './formato.ts';

/** pg_dump's arguments, the same on both databases: the data of Planta's schema as INSERTs. */
export const PG_DUMP_ARGS = [
  '--data-only',
  '--schema=public',
  '--inserts',
  '--rows-per-insert=500',
  // Rows of partitioned tables go to their parent: the restore creates the schema, not the partitions.
  '--load-via-partition-root',
  '--no-owner',
  '--no-privileges',
  '--encoding=UTF8',
];

export class RespaldoError extends Error {}

/** The name of a backup Planta writes (scheduled, from the app, or `db:backup` without a name). */
export const nombreRespaldo = (fecha: Date) =>
  `planta-${fecha.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z.sql.gz`;
/** Files named by nombreRespaldo: the scheduled ones, the newest BACKUP_KEEP kept. */
export const NOMBRE_RESPALDO = /^planta-\d{8}T\d{6}Z\.sql\.gz$/;
/** A backup asked for in the app (crearRespaldo): its own name, counted apart from the scheduled. */
export const nombreRespaldoManual = (fecha: Date) =>
  nombreRespaldo(fecha).replace(/^planta-/, 'planta-manual-');
/** Files named by nombreRespaldoManual: the newest BACKUP_KEEP of them kept, apart. */
export const NOMBRE_RESPALDO_MANUAL = /^planta-manual-\d{8}T\d{6}Z\.sql\.gz$/;

/** A backup's helper process at the lowest CPU priority: the live server's threads come first. */
function bajarPrioridad(pid: number | undefined): void {
  try {
    if (pid) os.setPriority(pid, 19);
  } catch {
    // not allowed here: it runs at normal priority
  }
}

export interface Respaldo {
  /** Full path of the file written. */
  ruta: string;
  bytes: number;
  creado: Date;
}

export interface OpcionesRespaldo {
  /** The pg_dump program (PostgreSQL): `PG_DUMP`, else `pg_dump` on the PATH. */
  pgDump?: string;
  /**
   * Stops the backup being written (the server is closing): its helper process is killed, the
   * partial file removed, and the call rejects with a RespaldoError.
   */
  signal?: AbortSignal;
}

/** Kills `hijo` when `signal` aborts (now, if it already has); returns the listener's removal. */
function matarAlAbortar(hijo: ChildProcess, signal: AbortSignal | undefined): () => void {
  if (!signal) return () => {};
  const matar = () => hijo.kill('SIGKILL');
  if (signal.aborted) matar();
  else signal.addEventListener('abort', matar, { once: true });
  return () => signal.removeEventListener('abort', matar);
}

const INTERRUMPIDO = 'interrumpido: el servidor se está cerrando';

/**
 * Writes a consistent backup of the whole database to `destino` while everything keeps running.
 * The file appears under its name only when complete (written beside it, then renamed).
 *
 * PGlite on disk: an online base backup (pg_backup_start, copy of the data dir, pg_backup_stop
 * and the WAL written meanwhile) taken while the live database keeps serving, opened in a process
 * of its own at the lowest CPU priority (PostgreSQL's recovery brings it to the backup's end) and
 * dumped there with pg_dump (WASM). PGlite in memory (tests): its data dir as a tarball, dumped the same way. PostgreSQL:
 * pg_dump, which reads one snapshot.
 */
export async function escribirRespaldo(
  database: Database,
  destino: string,
  opciones: OpcionesRespaldo = {},
): Promise<Respaldo> {
  const creado = new Date();
  const meta = await metadatos(database, creado);
  try {
    // Folders it creates 0700 (an existing one, maybe the administrator's, keeps its mode).
    fs.mkdirSync(path.dirname(destino), { recursive: true, mode: MODO_CARPETA });
  } catch (error) {
    throw new RespaldoError(`no se puede escribir en ${path.dirname(destino)}: ${(error as Error).message}`);
  }
  const parcial = path.join(
    path.dirname(destino),
    `.${path.basename(destino)}.${randomBytes(6).toString('hex')}.parcial`,
  );
  try {
    // Password hashes, sessions, employees: 0600 from its first byte, whatever the umask (the
    // writers below open this file again and keep its mode).
    await fs.promises.writeFile(parcial, '', { mode: MODO_ARCHIVO, flag: 'wx' });
    await fs.promises.chmod(parcial, MODO_ARCHIVO);
    if (opciones.signal?.aborted) throw new RespaldoError(INTERRUMPIDO);
    if (database.kind === 'postgres') await conPgDump(database.url, opciones, meta, parcial);
    else await conPglite(database, meta, parcial, opciones.signal);
    // Durable before it takes its name: a power cut never leaves a short file under the real name.
    const fd = await fs.promises.open(parcial, 'r');
    await fd.sync();
    await fd.close();
    await fs.promises.rename(parcial, destino);
  } catch (error) {
    await fs.promises.rm(parcial, { force: true });
    if (error instanceof RespaldoError) throw error;
    // Disk full, no permission…: the administrator's problem, said in one line.
    throw new RespaldoError(`no se pudo escribir ${destino}: ${(error as Error).message}`);
  }
  const { size } = await fs.promises.stat(destino);
  return { ruta: destino, bytes: size, creado };
}

async function metadatos(database: Database, creado: Date): Promise<MetadatosRespaldo> {
  const estado = await estadoEsquema(database.db);
  const migracion = migraciones()[estado.version - 1];
  if (!migracion) throw new RespaldoError('la base de datos no tiene esquema: no hay nada que respaldar');
  return {
    formato: FORMATO,
    esquema: estado.version,
    migracion: migracion.tag,
    creado: creado.toISOString(),
    origen: database.kind,
    version: VERSION,
  };
}

async function conPglite(
  database: Database,
  meta: MetadatosRespaldo,
  parcial: string,
  signal: AbortSignal | undefined,
): Promise<void> {
  const embebida = database.embebida;
  if (!embebida) throw new RespaldoError('esta base embebida no admite respaldos (PGlite en el mismo hilo)');
  const copia = `${parcial}.copia`;
  try {
    if (embebida.pgDir) {
      await copiaEnLinea(database, embebida.pgDir, copia);
      await enProceso({ pgDir: copia }, meta, parcial, signal);
    } else {
      await fs.promises.writeFile(copia, Buffer.from(await embebida.volcar()), { mode: MODO_ARCHIVO });
      await enProceso({ tarball: copia }, meta, parcial, signal);
    }
  } finally {
    await fs.promises.rm(copia, { recursive: true, force: true });
  }
}

/**
 * PostgreSQL's low-level online backup on the live PGlite: every file of the data dir copied
 * between pg_backup_start and pg_backup_stop (the database keeps serving; the copy may hold torn
 * pages), then the WAL from the start to the stop, and the backup label that makes the copy's
 * first open replay that WAL. The result is the database as it was at pg_backup_stop.
 */
async function copiaEnLinea(database: Database, pgDir: string, copia: string): Promise<void> {
  const [inicio] = await rowsOf<{ wal: string }>(
    database.db.execute(sql`select pg_walfile_name(lsn) as wal from pg_backup_start('planta', true) as lsn`),
  );
  let etiqueta: { labelfile: string; wal: string } | undefined;
  try {
    // The copy's folder made first, 0700: cp keeps the files' modes (PGlite's own are 0666).
    await fs.promises.mkdir(copia, { mode: MODO_CARPETA });
    await fs.promises.chmod(copia, MODO_CARPETA);
    await fs.promises.cp(pgDir, copia, {
      recursive: true,
      filter: (origen) => {
        const relativo = path.relative(pgDir, origen);
        return !relativo.startsWith('pg_wal' + path.sep) && relativo !== 'postmaster.pid';
      },
    });
  } finally {
    [etiqueta] = await rowsOf<{ labelfile: string; wal: string }>(
      database.db.execute(sql`select labelfile, pg_walfile_name(lsn) as wal from pg_backup_stop(false)`),
    );
  }
  if (!inicio || !etiqueta) throw new RespaldoError('PGlite no devolvió la etiqueta del respaldo');
  const desde = inicio.wal;
  const hasta = etiqueta.wal;
  fs.mkdirSync(path.join(copia, 'pg_wal'), { recursive: true });
  for (const nombre of await fs.promises.readdir(path.join(pgDir, 'pg_wal'))) {
    // Segments are named timeline + position (24 hex digits): those from the start to the stop.
    if (/^[0-9A-F]{24}$/.test(nombre) && nombre >= desde && nombre <= hasta) {
      await fs.promises.copyFile(path.join(pgDir, 'pg_wal', nombre), path.join(copia, 'pg_wal', nombre));
    }
  }
  await fs.promises.writeFile(path.join(copia, 'backup_label'), etiqueta.labelfile);
}

/** pg_dump (WASM) on a copy, in a child process at the lowest CPU priority (respaldo-proceso.mjs). */
function enProceso(
  origen: { pgDir: string } | { tarball: string },
  meta: MetadatosRespaldo,
  parcial: string,
  signal: AbortSignal | undefined,
): Promise<void> {
  return new Promise((resolve, reject) => {
    // Stopped while the copy was made: no process to start.
    if (signal?.aborted) return reject(new RespaldoError(INTERRUMPIDO));
    const hijo = fork(fileURLToPath(new URL('./respaldo-proceso.mjs', import.meta.url)), [], {
      execArgv: [],
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    bajarPrioridad(hijo.pid);
    const soltar = matarAlAbortar(hijo, signal);
    let errores = '';
    hijo.stderr?.on('data', (d: Buffer) => {
      if (errores.length < 2000) errores += d.toString();
    });
    let respuesta: { type: string; message?: string } | undefined;
    hijo.on('message', (message: { type: string; message?: string }) => {
      respuesta = message;
    });
    hijo.on('error', (error) =>
      reject(new RespaldoError(`no se pudo iniciar el proceso del respaldo: ${error.message}`)),
    );
    hijo.on('exit', (code, senal) => {
      soltar();
      if (respuesta?.type === 'ok' && code === 0) resolve();
      else if (signal?.aborted) reject(new RespaldoError(INTERRUMPIDO));
      else if (respuesta?.type === 'error') reject(new RespaldoError(`pg_dump falló: ${respuesta.message}`));
      else
        reject(
          new RespaldoError(
            `el proceso del respaldo terminó sin respaldo (${senal ?? code}): ${errores.trim()}`,
          ),
        );
    });
    hijo.send({ ...origen, salida: parcial, cabecera: lineaCabecera(meta), pie: PIE, args: PG_DUMP_ARGS });
  });
}

async function conPgDump(
  conexion: string | undefined,
  opciones: OpcionesRespaldo,
  meta: MetadatosRespaldo,
  parcial: string,
): Promise<void> {
  if (!conexion) throw new RespaldoError('falta la URL de PostgreSQL');
  // The password goes in the environment, not on the command line (visible to every local user).
  const url = new URL(conexion);
  const password = decodeURIComponent(url.password);
  url.password = '';
  const programa = opciones.pgDump ?? 'pg_dump';
  const hijo = spawn(programa, [...PG_DUMP_ARGS, `--dbname=${url.toString()}`], {
    // pg_dump inherits the environment (PATH, PGSSLMODE and the like), plus the password.
    // eslint-disable-next-line no-restricted-syntax
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}), PGAPPNAME: 'planta-respaldo' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  bajarPrioridad(hijo.pid);
  const soltar = matarAlAbortar(hijo, opciones.signal);
  let errores = '';
  hijo.stderr.on('data', (d: Buffer) => {
    if (errores.length < 4000) errores += d.toString();
  });
  const salida = new Promise<number | null>((resolve, reject) => {
    hijo.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        new RespaldoError(
          error.code === 'ENOENT'
            ? `no se encontró ${programa}: instale el cliente de PostgreSQL (postgresql-client) o indique su ruta en PG_DUMP`
            : `no se pudo ejecutar ${programa}: ${error.message}`,
        ),
      ),
    );
    hijo.on('close', resolve);
  });
  let primero = true;
  const enmarcar = new Transform({
    transform(chunk: Buffer, _enc, callback) {
      if (primero) {
        primero = false;
        this.push(lineaCabecera(meta));
      }
      callback(null, chunk);
    },
    flush(callback) {
      if (primero) this.push(lineaCabecera(meta));
      callback(null, `\n${PIE}\n`);
    },
  });
  const escrito = pipeline(
    hijo.stdout,
    enmarcar,
    zlib.createGzip({ level: 6 }),
    fs.createWriteStream(parcial),
  );
  const [codigo] = await Promise.all([salida, escrito]).finally(soltar);
  if (opciones.signal?.aborted) throw new RespaldoError(INTERRUMPIDO);
  if (codigo !== 0) throw new RespaldoError(`pg_dump terminó con error (${codigo}): ${errores.trim()}`);
}
