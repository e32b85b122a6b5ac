import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { notify } from '../../lib/notify.tsx';
import type { Exportacion } from './seguir-exportacion.ts';

export type { Exportacion };

/** 'inactiva' before the first export; 'iniciando' until the server answered the mutation. */
export type EstadoExportacionUi = 'inactiva' | 'iniciando' | 'EN_PROCESO' | 'LISTA' | 'ERROR';

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
        // The flow's code loads while the server starts the export.
        const [{ id }, flujo] = await Promise.all([start(), import('./seguir-exportacion.ts')]);
        setEstado('EN_PROCESO');
        void queryClient.invalidateQueries({ queryKey: ['exportaciones'] });
        const final = await flujo.seguirEnElServidor(id, controller.signal, setExportacion);
        if (controller.signal.aborted) return;
        if (final.estado === 'ERROR') {
          const mensaje = final.error ?? 'No se pudo generar la exportación';
          setError(mensaje);
          setEstado('ERROR');
          notify('negative', 'No se pudo exportar', mensaje);
        } else {
          setEstado('LISTA');
          if (descargar) await flujo.descargarArchivo(final.file_url, final.nombre);
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
