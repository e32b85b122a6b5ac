import { keepPreviousData } from '@tanstack/react-query';
import { useQuery } from '../../../lib/consultas.ts';
import { gql } from '../../../lib/graphql-client.ts';
import {
  type CumplimientoProduccionQuery,
  CumplimientoProduccionDocument,
} from './cumplimiento-produccion.generated.ts';
import { type VolumenDiarioQuery, VolumenDiarioDocument } from './volumen-diario.generated.ts';
import { type VolumenMensualQuery, VolumenMensualDocument } from './volumen-mensual.generated.ts';

/** A month of the year: its plan (negociado, AOP) and real production, in unit cases. */
export type VolumenMes = VolumenMensualQuery['volumenMensual'][number];
/** A day's plant production (unit cases) and its meta. */
export type VolumenDia = VolumenDiarioQuery['volumenDiario'][number];
/** Month-to-date production against the month's plan. */
export type Cumplimiento = CumplimientoProduccionQuery['cumplimientoProduccion'];

// While another date loads, the previous figures stay on screen (isPlaceholderData) dimmed.

/** The twelve months of `anio`, January first (SPEC §7 "monthly volume"). */
export function useVolumenMensual(anio: number | undefined, options: { refetchInterval?: number } = {}) {
  return useQuery<VolumenMes[]>({
    queryKey: ['volumenMensual', anio],
    queryFn: ({ signal }) =>
      gql(VolumenMensualDocument, { anio: anio! }, { signal }).then((r) => r.volumenMensual),
    enabled: anio !== undefined,
    placeholderData: keepPreviousData,
    refetchInterval: options.refetchInterval,
  });
}

/** The plant's production per day from desde to hasta, with each day's meta (SPEC §7 "daily volume"). */
export function useVolumenDiario(
  desde: string | undefined,
  hasta: string | undefined,
  options: { refetchInterval?: number } = {},
) {
  return useQuery<VolumenDia[]>({
    queryKey: ['volumenDiario', desde, hasta],
    queryFn: ({ signal }) =>
      gql(VolumenDiarioDocument, { desde: desde!, hasta: hasta! }, { signal }).then((r) => r.volumenDiario),
    enabled: desde !== undefined && hasta !== undefined && desde <= hasta,
    placeholderData: keepPreviousData,
    refetchInterval: options.refetchInterval,
  });
}

/** Production from the 1st of fecha's month to fecha against the month's plan (SPEC §7 "production compliance"). */
export function useCumplimientoProduccion(
  fecha: string | undefined,
  options: { refetchInterval?: number } = {},
) {
  return useQuery<Cumplimiento>({
    queryKey: ['cumplimientoProduccion', fecha],
    queryFn: ({ signal }) =>
      gql(CumplimientoProduccionDocument, { fecha: fecha! }, { signal }).then(
        (r) => r.cumplimientoProduccion,
      ),
    enabled: fecha !== undefined,
    placeholderData: keepPreviousData,
    refetchInterval: options.refetchInterval,
  });
}
