import { PassThrough } from 'node:stream';
import { parentPort } from 'node:worker_threads';
import type { EncabezadoInforme, Seccion } from './informe.ts';
import { escribirPdf } from './pdf.ts';

/** A report for the PDF thread (plain data: charts travel as builder inputs). */
export interface TrabajoPdf {
  encabezado: EncabezadoInforme;
  secciones: Seccion[];
}

/** What the main thread sends: a job with its id. */
export interface PedidoHilo {
  id: number;
  trabajo: TrabajoPdf;
}

/** What this thread answers for a job: progress, then the bytes or the failure. */
export type MensajeHilo =
  | { id: number; tipo: 'progreso'; fraccion: number }
  | { id: number; tipo: 'listo'; bytes: Uint8Array }
  | { id: number; tipo: 'error'; mensaje: string; pila?: string };

const port = parentPort!;
// One job at a time, in order (the exports store already bounds how many run).
let cola = Promise.resolve();
port.on('message', ({ id, trabajo }: PedidoHilo) => {
  cola = cola.then(() => dibujar(id, trabajo));
});
port.postMessage({ id: 0, tipo: 'progreso', fraccion: 0 } satisfies MensajeHilo);

async function dibujar(id: number, { encabezado, secciones }: TrabajoPdf) {
  const salida = new PassThrough();
  const partes: Buffer[] = [];
  salida.on('data', (c: Buffer) => partes.push(c));
  try {
    await escribirPdf({
      encabezado,
      secciones,
      salida,
      progreso: (fraccion) => port.postMessage({ id, tipo: 'progreso', fraccion } satisfies MensajeHilo),
    });
    const bytes = new Uint8Array(Buffer.concat(partes));
    port.postMessage({ id, tipo: 'listo', bytes } satisfies MensajeHilo, [bytes.buffer]);
  } catch (error) {
    const e = error instanceof Error ? error : new Error(String(error));
    port.postMessage({ id, tipo: 'error', mensaje: e.message, pila: e.stack } satisfies MensajeHilo);
  }
}
