import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { descargarArchivo } from '../../lib/download.ts';
import { gql } from '../../lib/graphql-client.ts';
import { notify } from '../../lib/notify.tsx';
import { ExportacionDocument, type ExportacionQuery } from './exportaciones.generated.ts';

export type Exportacion = NonNullable<ExportacionQuery['exportacion']>;

/** 'inactiva' before the first export; 'iniciando' until the server answered the mutation. */
export type EstadoExportacionUi = 'inactiva' | 'iniciando' | 'EN_PROCESO' | 'LISTA' | 'ERROR';

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

export interface UseExportacion {
  /** Starts an export (ignored while one runs): polls it, downloads it when LISTA. */
  iniciar(start: () => Promise<{ id: string }>): Promise<void>;
  estado: EstadoExportacionUi;
  /** 0…1 */
  progreso: number;
  /** The server's Spanish error when ERROR. */
  error: string | null;
  exportacion: Exportacion | null;
  /** True from the click until LISTA/ERROR. */
  ocupada: boolean;
}

/**
 * The export flow every report's button uses (Excel/CSV and PDF): start → poll exportacion(id)
 * for progreso → download when LISTA (descargarArchivo) → Spanish notification when ERROR.
 * A second call while one runs does nothing (double clicks do not start two exports).
 */
export function useExportacion(opciones: { descargar?: boolean } = {}): UseExportacion {
  const descargar = opciones.descargar ?? true;
  const queryClient = useQueryClient();
  const [estado, setEstado] = useState<EstadoExportacionUi>('inactiva');
  const [exportacion, setExportacion] = useState<Exportacion | null>(null);
  const [error, setError] = useState<string | null>(null);
  const enCurso = useRef(false);
  const abort = useRef<AbortController | null>(null);

  useEffect(
    () => () => {
      abort.current?.abort();
    },
    [],
  );

  const iniciar = useCallback(
    async (start: () => Promise<{ id: string }>) => {
      if (enCurso.current) return;
      enCurso.current = true;
      const controller = new AbortController();
      abort.current = controller;
      setEstado('iniciando');
      setError(null);
      setExportacion(null);
      try {
        const { id } = await start();
        setEstado('EN_PROCESO');
        void queryClient.invalidateQueries({ queryKey: ['exportaciones'] });
        const final = await seguirExportacion(
          id,
          (exportId, signal) =>
            gql(ExportacionDocument, { id: exportId }, { signal }).then((r) => r.exportacion),
          { signal: controller.signal, onCambio: setExportacion },
        );
        if (controller.signal.aborted) return;
        if (final.estado === 'ERROR') {
          const mensaje = final.error ?? 'No se pudo generar la exportación';
          setError(mensaje);
          setEstado('ERROR');
          notify('negative', 'No se pudo exportar', mensaje);
        } else {
          setEstado('LISTA');
          if (descargar) await descargarArchivo(final.file_url, final.nombre);
        }
      } catch (e) {
        if (controller.signal.aborted) return;
        const mensaje = e instanceof Error && e.message ? e.message : 'No se pudo exportar';
        setError(mensaje);
        setEstado('ERROR');
        notify('negative', 'No se pudo exportar', mensaje);
      } finally {
        enCurso.current = false;
        if (!controller.signal.aborted) void queryClient.invalidateQueries({ queryKey: ['exportaciones'] });
      }
    },
    [descargar, queryClient],
  );

  return {
    iniciar,
    estado,
    progreso: estado === 'LISTA' ? 1 : (exportacion?.progreso ?? 0),
    error,
    exportacion,
    ocupada: estado === 'iniciando' || estado === 'EN_PROCESO',
  };
}
