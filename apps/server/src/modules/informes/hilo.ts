import { Worker } from 'node:worker_threads';
import type { MensajeHilo, PedidoHilo, TrabajoPdf } from './hilo-pdf-impl.ts';

interface Pendiente {
  resolve(bytes: Buffer): void;
  reject(error: Error): void;
  progreso?: (f: number) => void;
}

/**
 * The PDF thread: started on the first report and kept (loading ECharts, pdfkit and the fonts
 * costs seconds once, not per report); ECharts SSR, svg-to-pdfkit and pdfkit's font subsetting
 * are synchronous, so they run there and never stop the event loop that answers HTTP. If the
 * thread dies, its pending reports fail and the next one starts a new thread.
 */
class HiloPdf {
  private worker: Worker | null = null;
  private siguiente = 1;
  private readonly pendientes = new Map<number, Pendiente>();

  private iniciar(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(new URL('./hilo-pdf.mjs', import.meta.url), {
      // The entry registers tsx itself: no loader flags inherited from the parent.
      execArgv: [],
    });
    // An idle thread does not keep the process alive.
    worker.unref();
    worker.on('message', (m: MensajeHilo) => {
      const p = this.pendientes.get(m.id);
      if (!p) return;
      if (m.tipo === 'progreso') p.progreso?.(m.fraccion);
      else {
        this.pendientes.delete(m.id);
        if (m.tipo === 'listo')
          p.resolve(Buffer.from(m.bytes.buffer, m.bytes.byteOffset, m.bytes.byteLength));
        else p.reject(Object.assign(new Error(m.mensaje), { stack: m.pila }));
      }
      if (this.pendientes.size === 0) worker.unref();
    });
    const caido = (error: Error) => {
      if (this.worker === worker) this.worker = null;
      for (const [id, p] of this.pendientes) {
        this.pendientes.delete(id);
        p.reject(error);
      }
    };
    worker.on('error', caido);
    worker.on('exit', (code) => caido(new Error(`el hilo de los reportes terminó (código ${code})`)));
    this.worker = worker;
    return worker;
  }

  generar(trabajo: TrabajoPdf, opciones: { progreso?: (f: number) => void; signal?: AbortSignal }) {
    return new Promise<Buffer>((resolve, reject) => {
      opciones.signal?.throwIfAborted();
      const worker = this.iniciar();
      const id = this.siguiente++;
      const quitar = () => opciones.signal?.removeEventListener('abort', abortar);
      const abortar = () => {
        this.pendientes.delete(id);
        reject(new Error('reporte interrumpido'));
      };
      opciones.signal?.addEventListener('abort', abortar, { once: true });
      this.pendientes.set(id, {
        resolve: (b) => (quitar(), resolve(b)),
        reject: (e) => (quitar(), reject(e)),
        progreso: opciones.progreso,
      });
      // Busy: keeps the process alive until the report is done.
      worker.ref();
      worker.postMessage({ id, trabajo } satisfies PedidoHilo);
    });
  }
}

const hilo = new HiloPdf();

/** Draws a report's PDF on the PDF thread and returns its bytes. */
export function generarEnHilo(
  trabajo: TrabajoPdf,
  opciones: { progreso?: (f: number) => void; signal?: AbortSignal } = {},
): Promise<Buffer> {
  return hilo.generar(trabajo, opciones);
}
