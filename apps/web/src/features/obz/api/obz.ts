import { keepPreviousData } from '@tanstack/react-query';
import { useQuery } from '../../../lib/consultas.ts';
import type { ResumenVariable } from '../../../components/kpi/api/variables.ts';
import { ResumenVariablesDocument } from '../../../components/kpi/api/resumen-variables.generated.ts';
import { gql } from '../../../lib/graphql-client.ts';
import { ObzTableroDocument, type ObzTableroQuery } from './obz.generated.ts';

export type ObzPaquete = ObzTableroQuery['obz'][number];

/** How often the board reloads its data. */
export const REFRESCO_TABLERO_MS = 60_000;

interface OpcionesTablero {
  /** Runs before each request (the kiosk renews an expiring session first). */
  antes?: () => Promise<void>;
}

/**
 * A failed load is retried with a growing pause (1, 2, 4… up to 15 s) while the server or the
 * network is down; every minute the board asks again anyway (refetchInterval also runs in the
 * background and after errors), so it recovers by itself.
 */
const reintentos = {
  retry: (fallos: number, error: unknown) => {
    const status = (error as { status?: number }).status;
    return fallos < 4 && (typeof status !== 'number' || status === 0 || status >= 500);
  },
  retryDelay: (intento: number) => Math.min(1_000 * 2 ** intento, 15_000),
  refetchInterval: REFRESCO_TABLERO_MS,
  refetchIntervalInBackground: true,
  refetchOnReconnect: true,
  staleTime: 0,
} as const;

/** The OBZ packages of the year (`obz(anio)`), reloaded every minute. */
export function useObzTablero(anio: number | undefined, o: OpcionesTablero = {}) {
  return useQuery<ObzPaquete[]>({
    queryKey: ['obz', anio],
    queryFn: async ({ signal }) => {
      await o.antes?.();
      return gql(ObzTableroDocument, { anio: anio! }, { signal }).then((r) => r.obz);
    },
    enabled: anio !== undefined,
    placeholderData: keepPreviousData,
    ...reintentos,
  });
}

/**
 * The production figures of the day, the very query /fabrica makes (`resumenVariables` with the
 * same names and date, hence the same cache entry and the same numbers), reloaded every minute.
 */
export function useResumenTablero(
  nombres: readonly string[],
  fecha: string | undefined,
  o: OpcionesTablero = {},
) {
  return useQuery<ResumenVariable[]>({
    queryKey: ['resumenVariables', fecha, nombres],
    queryFn: async ({ signal }) => {
      await o.antes?.();
      return gql(ResumenVariablesDocument, { nombres: [...nombres], fecha: fecha! }, { signal }).then(
        (r) => r.resumenVariables,
      );
    },
    enabled: fecha !== undefined && nombres.length > 0,
    placeholderData: keepPreviousData,
    ...reintentos,
  });
}
