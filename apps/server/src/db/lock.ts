import fs from 'node:fs';
import path from 'node:path';
import { carpetaPrivadaSync, MODO_ARCHIVO } from '../archivos-privados.ts';

export class DataDirLockedError extends Error {}

/** Whether the process `pid` still runs (a pid file left by one that ended is stale). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * A PGlite data directory has no lock of its own and two processes on it corrupt it, so we
 * keep a pid file beside it. A lock left by a process that no longer exists (kill -9, power
 * loss) is taken over; a live holder makes the start fail with a clear message.
 */
export function acquireDataDirLock(dir: string): () => void {
  // DATA_DIR: the server's own, 0700 (archivos-privados.ts).
  carpetaPrivadaSync(dir);
  const file = path.join(dir, 'planta.lock');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(file, `${process.pid}\n`, { flag: 'wx', mode: MODO_ARCHIVO });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          if (fs.readFileSync(file, 'utf8').trim() === String(process.pid)) fs.unlinkSync(file);
        } catch {
          // already gone
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(fs.readFileSync(file, 'utf8').trim(), 10);
      if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) {
        throw new DataDirLockedError(
          `El directorio de datos ${dir} está en uso por otro proceso de Planta (pid ${holder}). ` +
            'Detenga ese proceso o use otro DATA_DIR.',
        );
      }
      fs.rmSync(file, { force: true });
    }
  }
  throw new DataDirLockedError(`No se pudo bloquear el directorio de datos ${dir}.`);
}
