// The plant simulator's own thread (arrancar.ts): a real OPC UA server over the plant model, as a
// PLC beside the server would be. Loading node-opcua's server and building its address space took
// ≈ 1.7 s of the main thread as the server started, and its updates ran on the event loop that
// answers HTTP; here they take neither.
import { parentPort, workerData } from 'node:worker_threads';
import { type PlantSimulator, startPlantSimulator, type PlantSimulatorOptions } from '@planta/plant-sim';

/** The simulator's options that cross to the thread (functions do not). */
export type OpcionesDelHilo = Omit<PlantSimulatorOptions, 'onError' | 'now'>;
/** What the server's thread sends and receives (arrancar.ts). */
export type MensajeAlHilo = { tipo: 'detener' };
export type MensajeDelHilo =
  | { tipo: 'listo'; endpoint: string }
  | { tipo: 'error'; mensaje: string; codigo?: string }
  | { tipo: 'fallo'; mensaje: string }
  | { tipo: 'detenido' };

const puerto = parentPort;
if (!puerto) throw new Error('simulador/hilo.ts se ejecuta como hilo (arrancar.ts)');
const enviar = (mensaje: MensajeDelHilo) => puerto.postMessage(mensaje);

let simulador: PlantSimulator | undefined;
try {
  simulador = await startPlantSimulator({
    ...(workerData as OpcionesDelHilo),
    onError: (error) =>
      enviar({ tipo: 'fallo', mensaje: error instanceof Error ? error.message : String(error) }),
  });
  enviar({ tipo: 'listo', endpoint: simulador.endpoint });
} catch (error) {
  enviar({
    tipo: 'error',
    mensaje: error instanceof Error ? error.message : String(error),
    ...((error as NodeJS.ErrnoException).code ? { codigo: (error as NodeJS.ErrnoException).code } : {}),
  });
}

puerto.on('message', (mensaje: MensajeAlHilo) => {
  if (mensaje.tipo !== 'detener') return;
  void (async () => {
    try {
      await simulador?.stop();
    } finally {
      enviar({ tipo: 'detenido' });
    }
  })();
});
