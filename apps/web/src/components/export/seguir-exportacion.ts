import { gql } from '../../lib/graphql-client.ts';
import { ExportacionDocument, type ExportacionQuery } from './exportaciones.generated.ts';

/*
 * What an export does once started (polling, the download): loaded on the first click, so the
 * header's Reporte button and the reports' export buttons cost a screen's first load only their
 * state (DESIGN §8: a screen's scripts ≤ 350 KB).
 */

export type Exportacion = NonNullable<ExportacionQuery['exportacion']>;

/** Polling period while an export runs. */
export const INTERVALO_SONDEO_MS = 700;
/** Gives up after this long without the export finishing (the server's own limits are far shorter). */
export const MAXIMO_SONDEO_MS = 15 * 60_000;

export class ExportacionPerdidaError extends Error {
  constructor() {
    super('La exportación ya no existe');
  }
}

const esperar = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });

/**
 * Polls `consultar(id)` until the export is LISTA or ERROR (reporting each state), and resolves
 * with it. Rejects when it disappears, when `signal` aborts, or after `maximoMs`.
 */
export async function seguirExportacion(
  id: string,
  consultar: (id: string, signal: AbortSignal) => Promise<Exportacion | null>,
  opciones: {
    signal: AbortSignal;
    onCambio?: (e: Exportacion) => void;
    intervaloMs?: number;
    maximoMs?: number;
    espera?: (ms: number, signal: AbortSignal) => Promise<void>;
    ahora?: () => number;
  },
): Promise<Exportacion> {
  const { signal, intervaloMs = INTERVALO_SONDEO_MS, maximoMs = MAXIMO_SONDEO_MS } = opciones;
  const espera = opciones.espera ?? esperar;
  const ahora = opciones.ahora ?? Date.now;
  const inicio = ahora();
  for (;;) {
    signal.throwIfAborted();
    const e = await consultar(id, signal);
    if (!e) throw new ExportacionPerdidaError();
    opciones.onCambio?.(e);
    if (e.estado !== 'EN_PROCESO') return e;
    if (ahora() - inicio > maximoMs)
      throw new Error(
        'La exportación está tardando demasiado. Revise "Mis exportaciones recientes" en Reportes.',
      );
    await espera(intervaloMs, signal);
  }
}

/** Polls the server's export `id` until it is LISTA or ERROR (see seguirExportacion). */
export function seguirEnElServidor(
  id: string,
  signal: AbortSignal,
  onCambio: (e: Exportacion) => void,
): Promise<Exportacion> {
  return seguirExportacion(
    id,
    (exportId, s) => gql(ExportacionDocument, { id: exportId }, { signal: s }).then((r) => r.exportacion),
    { signal, onCambio },
  );
}

export { descargarArchivo } from '../../lib/download.ts';
