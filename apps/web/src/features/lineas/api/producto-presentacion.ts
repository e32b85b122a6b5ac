import { type UseQueryResult } from '@tanstack/react-query';
import { useQueries, useQuery } from '../../../lib/consultas.ts';
import { useCallback } from 'react';
import { gql } from '../../../lib/graphql-client.ts';
import type { PresentacionesPorFormato } from '@planta/charts/lineas/produccion';
import {
  type ProductoPresentacionQuery,
  ProductoPresentacionDocument,
} from './producto-presentacion.generated.ts';

/** A product presentation as the line shows it (product, presentation, nominal speed on the line). */
export type ProductoPresentacion = NonNullable<ProductoPresentacionQuery['productoPresentacion']>;

// The catalogue changes only through configuration: keep a code's presentation for the session.
const productoPresentacionQuery = (formato: number, linea: number) => ({
  queryKey: ['productoPresentacion', linea, formato] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    gql(ProductoPresentacionDocument, { hmi_id: formato, linea }, { signal }).then(
      (r) => r.productoPresentacion,
    ),
  staleTime: 30 * 60_000,
});

/** The product presentation an HMI code stands for on a line (SPEC §7: by hmi id and line); none for 0. */
export function useProductoPresentacion(formato: number, linea: number) {
  return useQuery({ ...productoPresentacionQuery(formato, linea), enabled: formato > 0 });
}

/**
 * The presentations of several codes of one line, as a map by code once each has answered (a
 * code still loading is missing from the map; an unknown code maps to null).
 */
export function usePresentaciones(
  formatos: readonly number[],
  linea: number,
): { presentaciones: ReadonlyMap<number, ProductoPresentacion | null>; isLoading: boolean } {
  const combine = useCallback(
    (results: UseQueryResult<ProductoPresentacion | null>[]) => {
      const presentaciones = new Map<number, ProductoPresentacion | null>();
      results.forEach((r, i) => {
        const formato = formatos[i];
        if (formato !== undefined && r.isSuccess) presentaciones.set(formato, r.data);
      });
      return {
        presentaciones: presentaciones satisfies PresentacionesPorFormato,
        isLoading: results.some((r) => r.isLoading),
      };
    },
    [formatos],
  );
  return useQueries({ queries: formatos.map((f) => productoPresentacionQuery(f, linea)), combine });
}
