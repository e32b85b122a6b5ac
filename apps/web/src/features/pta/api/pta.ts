import { keepPreviousData } from '@tanstack/react-query';
import { useQuery } from '../../../lib/consultas.ts';
import { gql } from '../../../lib/graphql-client.ts';
import {
  PtaAcumuladosDocument,
  type PtaAcumuladosQuery,
  PtaDiaDocument,
  type PtaDiaQuery,
  PtaTendenciaDocument,
  type PtaTendenciaQuery,
  type PtaTotalesCamposFragment,
} from './pta.generated.ts';

export type PtaDia = PtaDiaQuery['ptaDia'];
export type ParametroPta = PtaDia['parametros'][number];
export type RemocionPta = PtaDia['remociones'][number];
export type PtaTendencia = PtaTendenciaQuery['ptaTendencia'];
export type PtaAcumulados = PtaAcumuladosQuery['ptaAcumulados'];
export type PtaTotales = PtaTotalesCamposFragment;

/** The PTA's day against its limits (ptaDia). */
export function usePtaDia(fecha: string | undefined, refetchInterval?: number) {
  return useQuery<PtaDia>({
    queryKey: ['ptaDia', fecha],
    queryFn: ({ signal }) => gql(PtaDiaDocument, { fecha: fecha! }, { signal }).then((r) => r.ptaDia),
    enabled: fecha !== undefined,
    placeholderData: keepPreviousData,
    refetchInterval,
  });
}

/** Each PTA parameter day by day over desde…hasta (ptaTendencia). */
export function usePtaTendencia(
  desde: string | undefined,
  hasta: string | undefined,
  refetchInterval?: number,
) {
  return useQuery<PtaTendencia>({
    queryKey: ['ptaTendencia', desde, hasta],
    queryFn: ({ signal }) =>
      gql(PtaTendenciaDocument, { desde: desde!, hasta: hasta! }, { signal }).then((r) => r.ptaTendencia),
    enabled: desde !== undefined && hasta !== undefined,
    placeholderData: keepPreviousData,
    refetchInterval,
  });
}

/** Month and year to date of fecha, month by month (ptaAcumulados). */
export function usePtaAcumulados(fecha: string | undefined, refetchInterval?: number) {
  return useQuery<PtaAcumulados>({
    queryKey: ['ptaAcumulados', fecha],
    queryFn: ({ signal }) =>
      gql(PtaAcumuladosDocument, { fecha: fecha! }, { signal }).then((r) => r.ptaAcumulados),
    enabled: fecha !== undefined,
    placeholderData: keepPreviousData,
    refetchInterval,
  });
}
