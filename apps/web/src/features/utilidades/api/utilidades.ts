import { keepPreviousData } from '@tanstack/react-query';
import { useQuery } from '../../../lib/consultas.ts';
import { gql } from '../../../lib/graphql-client.ts';
import {
  ConsumosUtilidadesDocument,
  type ConsumosUtilidadesQuery,
  FlujoAireUtilidadesDocument,
  type FlujoAireUtilidadesQuery,
  FugasAireDocument,
  type FugasAireQuery,
} from './utilidades.generated.ts';

export type Consumos = ConsumosUtilidadesQuery['consumosUtilidades'];
export type Indicador = Consumos['indicadores'][number];
export type Fugas = FugasAireQuery['fugasAire'];
export type PuntoFlujoAire = FlujoAireUtilidadesQuery['flujoAire'][number];

interface Opciones {
  refetchInterval?: number;
}

/** Utilities per unit produced over production days desde…hasta (ratio of the sums, with metas). */
export function useConsumosUtilidades(
  desde: string | undefined,
  hasta: string | undefined,
  o: Opciones = {},
) {
  return useQuery<Consumos>({
    queryKey: ['consumosUtilidades', desde, hasta],
    queryFn: ({ signal }) =>
      gql(ConsumosUtilidadesDocument, { desde: desde!, hasta: hasta! }, { signal }).then(
        (r) => r.consumosUtilidades,
      ),
    enabled: desde !== undefined && hasta !== undefined,
    placeholderData: keepPreviousData,
    refetchInterval: o.refetchInterval,
  });
}

/** Compressed-air leak share between two instants (plant and metered lines). */
export function useFugasAire(inicio: string | undefined, fin: string | undefined, o: Opciones = {}) {
  return useQuery<Fugas>({
    queryKey: ['fugasAire', inicio, fin],
    queryFn: ({ signal }) =>
      gql(FugasAireDocument, { desde: inicio!, hasta: fin! }, { signal }).then((r) => r.fugasAire),
    enabled: inicio !== undefined && fin !== undefined,
    placeholderData: keepPreviousData,
    refetchInterval: o.refetchInterval,
  });
}

/** Air flow of lines 1 and 2 by interval (flujoAire). */
export function useFlujoAire(
  inicio: string | undefined,
  fin: string | undefined,
  intervalo: string,
  o: Opciones = {},
) {
  return useQuery<PuntoFlujoAire[]>({
    queryKey: ['flujoAire', inicio, fin, intervalo],
    queryFn: ({ signal }) =>
      gql(FlujoAireUtilidadesDocument, { desde: inicio!, hasta: fin!, intervalo }, { signal }).then(
        (r) => r.flujoAire,
      ),
    enabled: inicio !== undefined && fin !== undefined,
    placeholderData: keepPreviousData,
    refetchInterval: o.refetchInterval,
  });
}
