import { Worker } from 'node:worker_threads';
import type { Logger } from 'pino';
import type { MensajeAlHilo, MensajeDelHilo, OpcionesDelHilo } from './hilo.ts';

/** Set by scripts/build-server.ts in the bundle; absent when the sources run under tsx. */
declare const PLANTA_EMPAQUETADO: boolean | undefined;

/**
 * The simulator's thread: in the bundle its own entry (apps/server/dist/simulador.mjs, beside
 * main.mjs; this file's address is its source's there, scripts/build-server.ts). Under tsx (`npm run
 * dev:server`) the source itself, with tsx's loader registered in the thread first: `--import tsx`
 * does not reach a worker's module loader on Node 20 (".ts": ERR_UNKNOWN_FILE_EXTENSION).
 */
function crearHilo(opciones: OpcionesDelHilo): Worker {
  const comunes = { workerData: opciones, name: 'simulador' };
  if (typeof PLANTA_EMPAQUETADO !== 'undefined' && PLANTA_EMPAQUETADO)
    return new Worker(new URL('../../dist/simulador.mjs', import.meta.url), { ...comunes, execArgv: [] });
  const tsx = import.meta.resolve('tsx/esm/api');
  const fuente = new URL('./hilo.ts', import.meta.url).href;
  const codigo = `import(${JSON.stringify(tsx)}).then((t) => { t.register(); return import(${JSON.stringify(fuente)}); })`;
  return new Worker(codigo, { ...comunes, eval: true });
}

export interface SimuladorEnHilo {
  endpoint: string;
  stop(): Promise<void>;
}

/**
 * Starts the plant simulator on a thread of its own (hilo.ts) and resolves when it serves OPC UA;
 * rejects with its error (an `EADDRINUSE` keeps its `code`). The server's event loop never waits
 * on the simulator's setup or its updates.
 */
export async function arrancarSimuladorEnHilo(
  opciones: OpcionesDelHilo,
  logger: Logger,
): Promise<SimuladorEnHilo> {
  const hilo = crearHilo(opciones);
  let detenido: (() => void) | undefined;
  let deteniendo = false;
  const endpoint = await new Promise<string>((resolve, reject) => {
    hilo.on('message', (mensaje: MensajeDelHilo) => {
      if (mensaje.tipo === 'listo') resolve(mensaje.endpoint);
      else if (mensaje.tipo === 'error')
        reject(Object.assign(new Error(mensaje.mensaje), mensaje.codigo ? { code: mensaje.codigo } : {}));
      else if (mensaje.tipo === 'fallo')
        logger.error({ err: new Error(mensaje.mensaje) }, 'falló la actualización de los valores simulados');
      else if (mensaje.tipo === 'detenido') detenido?.();
    });
    hilo.on('error', (error) => {
      logger.error({ err: error }, 'el hilo del simulador falló');
      reject(error);
    });
    hilo.on('exit', (codigo) => {
      if (!deteniendo) logger.error({ codigo }, 'el hilo del simulador terminó');
      reject(new Error(`el hilo del simulador terminó (código ${codigo})`));
      detenido?.();
    });
  }).catch(async (error: unknown) => {
    await hilo.terminate();
    throw error;
  });
  return {
    endpoint,
    async stop() {
      if (deteniendo) return;
      deteniendo = true;
      await new Promise<void>((resolve) => {
        detenido = resolve;
        hilo.postMessage({ tipo: 'detener' } satisfies MensajeAlHilo);
        // A simulator that does not answer within the grace period is ended with its thread.
        setTimeout(resolve, 5_000).unref();
      });
      await hilo.terminate();
    },
  };
}
