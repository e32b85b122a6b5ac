import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { ApiError } from '../../lib/graphql-client.ts';
import { notify } from '../../lib/notify.tsx';
import { RequestCancelledError } from '../../lib/request-registry.ts';

export interface GuardarOptions {
  /** The positive notification's title, e.g. 'Variable actualizada'. */
  exito: string;
  /** Its caption, e.g. the record's name. */
  detalle?: string;
  /** The title of the negative notification (the server's Spanish message is its caption). */
  error: string;
  /** Queries to refetch after the save, and after a conflict (to show the other admin's data). */
  invalidar: readonly QueryKey[];
}

/** A field error of the server (extensions.field) for the form to show under that field. */
export interface ErrorDeCampo {
  field: string;
  message: string;
}

export const errorDeCampo = (error: unknown): ErrorDeCampo | null =>
  error instanceof ApiError && error.field ? { field: error.field, message: error.message } : null;

/**
 * How every configuration screen saves: one save at a time (a double click sends one request), a
 * notification either way, the lists refetched. A CONFLICT (another admin saved first, or the
 * record already exists) is a warning and reloads the current data; nothing is overwritten.
 * `guardar` resolves to the mutation's result, or `undefined` when it failed (already notified);
 * `onError` receives the error, e.g. to put a field's message under that field.
 */
export function useGuardar() {
  const queryClient = useQueryClient();
  const [guardando, setGuardando] = useState(false);
  const enCurso = useRef(false);

  const guardar = useCallback(
    async <T>(
      accion: () => Promise<T>,
      options: GuardarOptions,
      onError?: (error: unknown) => void,
    ): Promise<T | undefined> => {
      if (enCurso.current) return undefined;
      enCurso.current = true;
      setGuardando(true);
      const refrescar = () =>
        Promise.all(options.invalidar.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      try {
        const result = await accion();
        notify('positive', options.exito, options.detalle);
        await refrescar();
        return result;
      } catch (error) {
        if (error instanceof RequestCancelledError) return undefined;
        const message = error instanceof Error ? error.message : String(error);
        if (error instanceof ApiError && error.code === 'CONFLICT') {
          notify('warning', options.error, message);
          await refrescar();
        } else {
          notify('negative', options.error, message);
        }
        onError?.(error);
        return undefined;
      } finally {
        enCurso.current = false;
        setGuardando(false);
      }
    },
    [queryClient],
  );

  return { guardar, guardando };
}
