import fs from 'node:fs';
import { inject } from 'vitest';

export interface ServidorE2E {
  baseURL: string;
  /** A JSON file written once the server answers ({ listo: true }) or failed to start ({ listo: false, error }). */
  estado: string;
  logFile: string;
}

/** This worker's server (VITEST_POOL_ID is 1…maxWorkers, unique among the workers running). */
function servidor(): ServidorE2E {
  const servidores = inject('servidoresE2E');
  const id = Number(process.env.VITEST_POOL_ID ?? '1');
  return servidores[(id - 1) % servidores.length]!;
}

/** The base URL of this worker's e2e server. */
export const baseURL = (): string => servidor().baseURL;

/**
 * Waits until this worker's server has started (the first file of a worker waits for the web
 * build and the start; the others find it ready). Fails with the start's error.
 */
export async function esperarServidor(): Promise<void> {
  const { estado, logFile } = servidor();
  // Generous: the build and the start share two cores with the server suites.
  const hasta = Date.now() + 600_000;
  while (!fs.existsSync(estado)) {
    if (Date.now() > hasta) throw new Error(`el servidor e2e no arrancó en 10 minutos (véase ${logFile})`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const resultado = JSON.parse(fs.readFileSync(estado, 'utf8')) as { listo: boolean; error?: string };
  if (!resultado.listo) throw new Error(resultado.error ?? 'el servidor e2e no arrancó');
}
