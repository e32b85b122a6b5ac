import fs from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';
import { isAlive } from '../apps/server/src/db/lock.ts';

export interface ServidorE2E {
  baseURL: string;
  /** A JSON file written once the server answers ({ listo: true }) or failed to start ({ listo: false, error }). */
  estado: string;
  logFile: string;
}

/**
 * The file a browser file's worker creates beside the servers' state files to have them started
 * (e2e/global-setup.ts starts them on the first request, not with the run).
 */
export const PEDIDO_DE_ARRANQUE = 'arrancar';

/** The server this worker process took ({@link servidor}): kept for the worker's next files. */
let elegido: ServidorE2E | undefined;

/**
 * This worker's server: one no other running worker has. Each worker process reserves one, a file
 * `reserva-N` created exclusively beside the servers' state files and holding its pid, and keeps it
 * for its next files. VITEST_POOL_ID only says which to try first: it is not unique among the
 * workers running (two e2e workers got the same id when the run's first group handed its workers'
 * ids back after the e2e group had started: two files shared one server while the third sat idle,
 * and one file's data showed on the other's screens).
 */
function servidor(): ServidorE2E {
  if (elegido) return elegido;
  const servidores = inject('servidoresE2E');
  if (servidores.length === 1) return (elegido = servidores[0]!);
  const carpeta = path.dirname(servidores[0]!.estado);
  const primero = Number(process.env.VITEST_POOL_ID ?? '1') - 1;
  for (let k = 0; k < servidores.length; k++) {
    const i = (primero + k) % servidores.length;
    const reserva = path.join(carpeta, `reserva-${i + 1}`);
    try {
      fs.writeFileSync(reserva, String(process.pid), { flag: 'wx' });
      return (elegido = servidores[i]!);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const dueño = Number(fs.readFileSync(reserva, 'utf8'));
    if (dueño === process.pid) return (elegido = servidores[i]!);
    if (isAlive(dueño)) continue;
    // Its worker ended: taken over by replacing the file whole; of two workers doing so at once,
    // the one whose pid the file holds afterwards has it.
    const propia = `${reserva}.${process.pid}`;
    fs.writeFileSync(propia, String(process.pid));
    fs.renameSync(propia, reserva);
    if (Number(fs.readFileSync(reserva, 'utf8')) === process.pid) return (elegido = servidores[i]!);
  }
  throw new Error(`los ${servidores.length} servidores e2e ya tienen cada uno un trabajador`);
}

/** The base URL of this worker's e2e server. */
export const baseURL = (): string => servidor().baseURL;

/**
 * Has the servers started if they are not yet, and waits until this worker's has (the first file
 * of a worker waits for the web build and the start; the others find it ready). Fails with the
 * start's error.
 */
export async function esperarServidor(): Promise<void> {
  const { estado, logFile } = servidor();
  if (!fs.existsSync(estado)) fs.writeFileSync(path.join(path.dirname(estado), PEDIDO_DE_ARRANQUE), '');
  // Generous: the web build shares two cores with the server suites, and three servers start at once.
  const hasta = Date.now() + 600_000;
  while (!fs.existsSync(estado)) {
    if (Date.now() > hasta) throw new Error(`el servidor e2e no arrancó en 10 minutos (véase ${logFile})`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const resultado = JSON.parse(fs.readFileSync(estado, 'utf8')) as { listo: boolean; error?: string };
  if (!resultado.listo) throw new Error(resultado.error ?? 'el servidor e2e no arrancó');
}
