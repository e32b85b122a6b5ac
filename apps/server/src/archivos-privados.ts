import fs from 'node:fs';
import path from 'node:path';

/**
 * What the server writes holds personal data (backups: password and session hashes, employees,
 * attendance; report PDFs; the database itself): readable by its own user only, whatever the
 * umask it was started with. Folders 0700, files 0600.
 */
export const MODO_CARPETA = 0o700;
export const MODO_ARCHIVO = 0o600;
/** The process umask the server runs with: what any code (PGlite's included) creates is private. */
export const UMASK_PRIVADA = 0o077;

const sinPermiso = (error: unknown) =>
  ['EPERM', 'EACCES'].includes((error as NodeJS.ErrnoException).code ?? '');
/** Not ours to change, or gone meanwhile (PGlite removes its temporary files as we walk). */
const ignorable = (error: unknown) => sinPermiso(error) || (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * The folder (and its missing parents) created 0700, and the folder itself set to 0700. A folder
 * owned by another user (a mounted share) is left as it is.
 */
export async function carpetaPrivada(dir: string): Promise<void> {
  await fs.promises.mkdir(dir, { recursive: true, mode: MODO_CARPETA });
  await fs.promises.chmod(dir, MODO_CARPETA).catch((error: unknown) => {
    if (!sinPermiso(error)) throw error;
  });
}

export function carpetaPrivadaSync(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: MODO_CARPETA });
  try {
    fs.chmodSync(dir, MODO_CARPETA);
  } catch (error) {
    if (!sinPermiso(error)) throw error;
  }
}

/** Writes a file 0600 (created so, and set so if it existed). */
export async function escribirArchivoPrivado(ruta: string, datos: string | Uint8Array): Promise<void> {
  await fs.promises.writeFile(ruta, datos, { mode: MODO_ARCHIVO });
  await fs.promises.chmod(ruta, MODO_ARCHIVO);
}

/**
 * Takes group's and others' permissions off `raiz` and everything under it (the owner's stay:
 * what the server wrote ends 0700 / 0600). For what was written before this rule or by code that
 * sets its own modes (PGlite writes its initial files 0666). Symbolic links are not followed.
 * `omitir`: paths below `raiz` not walked (tightened elsewhere).
 *
 * Synchronous on purpose: it runs as the server starts, while the modules load on this thread, and
 * an awaited lstat per file waited on them each time (1,300 files of a 400-day database: 0.7–1.7 s
 * on a restart); the walk itself takes ≈ 25 ms.
 */
export function privatizarArbol(raiz: string, omitir: ReadonlySet<string> = new Set()): void {
  if (omitir.has(raiz)) return;
  let info: fs.Stats;
  try {
    info = fs.lstatSync(raiz);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  if (!info.isDirectory() && !info.isFile()) return;
  if ((info.mode & 0o077) !== 0) {
    try {
      fs.chmodSync(raiz, info.mode & 0o7700);
    } catch (error) {
      if (!ignorable(error)) throw error;
    }
  }
  if (!info.isDirectory()) return;
  let entradas: string[] = [];
  try {
    entradas = fs.readdirSync(raiz);
  } catch {
    // Gone meanwhile, or not ours to read: nothing below to tighten.
  }
  for (const entrada of entradas) privatizarArbol(path.join(raiz, entrada), omitir);
}
