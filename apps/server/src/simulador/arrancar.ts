import { Worker } from 'node:worker_threads';
import type { PlantSimulatorOptions } from '@planta/plant-sim';
import type { Logger } from 'pino';
import type { MensajeAlHilo, MensajeDelHilo } from './hilo.ts';

/** Set by scripts/build-server.ts in the bundle; absent when the sources run under tsx. */
declare const PLANTA_EMPAQUETADO: boolean | undefined;

/**
 * The worker's script: in the bundle its own entry (apps/server/dist/simulador.mjs, beside
 * main.mjs; this file's address is its source's there, scripts/build-server.ts), under tsx the
 * source itself (the worker inherits tsx's loader).
 */
function guionDelHilo(): URL {
  const empaquetado = typeof PLANTA_EMPAQUETADO !== 'undefined' && PLANTA_EMPAQUETADO;
  return new URL(empaquetado ? '../../dist/simulador.mjs' : './hilo.ts', import.meta.url);
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
  opciones: Omit<PlantSimulatorOptions, 'onError' | 'now'>,
  logger: Logger,
): Promise<SimuladorEnHilo> {
  const guion = guionDelHilo();
  const hilo = new Worker(guion, {
    workerData: opciones,
    // The bundle is plain JavaScript; under tsx the worker needs its loader (inherited).
    ...(guion.pathname.endsWith('.mjs') ? { execArgv: [] } : {}),
    name: 'simulador',
  });
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
