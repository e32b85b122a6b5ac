import { productionDayRange } from '@planta/domain';
import { keepPreviousData, type UseQueryResult } from '@tanstack/react-query';
import { useQueries, useQuery } from '../../../lib/consultas.ts';
import { gql } from '../../../lib/graphql-client.ts';
import type { AgruparParos } from '../../../gql/types.ts';
import { type EnergiaHoraLineaQuery, EnergiaHoraLineaDocument } from './energia-hora.generated.ts';
import {
  type MantenimientoLineasQuery,
  MantenimientoLineasDocument,
} from './mantenimiento-lineas.generated.ts';
import { type MttrMttfLineasQuery, MttrMttfLineasDocument } from './mttr-mttf.generated.ts';
import { type ParosParetoQuery, ParosParetoDocument } from './paros-pareto.generated.ts';

/** A line's maintenance over the range (raw sums and the ratios derived from them). */
export type MantenimientoLinea = MantenimientoLineasQuery['mantenimientoLineas'][number];
/** One bar of the downtime Pareto. */
export type BarraPareto = ParosParetoQuery['parosPareto'][number];
/** A MTTR or MTTF variable's daily values over the range. */
export type SerieMttr = MttrMttfLineasQuery['mttrMttf'][number];
/** An hour of a line's hourly counters (energia in kWh). */
export type EnergiaHora = EnergiaHoraLineaQuery['contadoresHora'][number];
export type { AgruparParos };

// While another range loads, the previous figures stay on screen (isPlaceholderData), dimmed.

/** Failures, downtime, run time, MTTR/MTTF/MTBF and availability of every line from desde to hasta. */
export function useMantenimientoLineas(
  desde: string | undefined,
  hasta: string | undefined,
  options: { refetchInterval?: number } = {},
) {
  return useQuery<MantenimientoLinea[]>({
    refetchInterval: options.refetchInterval,
    queryKey: ['mantenimientoLineas', desde, hasta],
    queryFn: ({ signal }) =>
      gql(MantenimientoLineasDocument, { desde: desde!, hasta: hasta! }, { signal }).then(
        (r) => r.mantenimientoLineas,
      ),
    enabled: desde !== undefined && hasta !== undefined && desde <= hasta,
    placeholderData: keepPreviousData,
  });
}

/** The daily MTTR/MTTF history of `nombres` (SPEC §7 "MTTR/MTTF history by variable names and range"). */
export function useMttrMttf(
  nombres: readonly string[],
  desde: string | undefined,
  hasta: string | undefined,
) {
  return useQuery<SerieMttr[]>({
    queryKey: ['mttrMttf', nombres, desde, hasta],
    queryFn: ({ signal }) =>
      gql(MttrMttfLineasDocument, { nombres: [...nombres], desde: desde!, hasta: hasta! }, { signal }).then(
        (r) => r.mttrMttf,
      ),
    enabled: nombres.length > 0 && desde !== undefined && hasta !== undefined && desde <= hasta,
    placeholderData: keepPreviousData,
  });
}

/** Downtime by cause or equipment of one line (or all: null), largest first. */
export function useParosPareto(
  desde: string | undefined,
  hasta: string | undefined,
  linea: number | null,
  agrupar: AgruparParos,
  options: { refetchInterval?: number } = {},
) {
  return useQuery<BarraPareto[]>({
    refetchInterval: options.refetchInterval,
    queryKey: ['parosPareto', desde, hasta, linea, agrupar],
    queryFn: ({ signal }) =>
      gql(ParosParetoDocument, { desde: desde!, hasta: hasta!, linea, agrupar }, { signal }).then(
        (r) => r.parosPareto,
      ),
    enabled: desde !== undefined && hasta !== undefined && desde <= hasta,
    placeholderData: keepPreviousData,
  });
}

/** The lines' hourly energy as one result (stable while no query changes). */
export interface EnergiaLineas {
  /** Per line, in the order asked; undefined while loading. */
  data: (EnergiaHora[] | undefined)[];
  loading: boolean;
  isError: boolean;
}

function combineEnergia(results: UseQueryResult<EnergiaHora[]>[]): EnergiaLineas {
  return {
    data: results.map((r) => r.data),
    loading: results.some((r) => r.isFetching && (r.isPlaceholderData || !r.data)),
    isError: results.some((r) => r.isError),
  };
}

/** Each line's hourly energy over the production day `fecha` (08:00 → 08:00 plant time). */
export function useEnergiaHora(
  lineaIds: readonly string[],
  fecha: string | undefined,
  timeZone: string | undefined,
  options: { refetchInterval?: number } = {},
) {
  const range = fecha && timeZone ? productionDayRange(fecha, timeZone) : undefined;
  return useQueries({
    queries: lineaIds.map((id) => ({
      queryKey: ['energiaHora', id, fecha, timeZone],
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        gql(
          EnergiaHoraLineaDocument,
          // hasta is exclusive: the hours 08:00 … 07:00 of the next morning.
          { linea_id: id, desde: range!.start.toISOString(), hasta: range!.end.toISOString() },
          { signal },
        ).then((r) => r.contadoresHora),
      enabled: range !== undefined,
      placeholderData: keepPreviousData,
      refetchInterval: options.refetchInterval,
    })),
    combine: combineEnergia,
  });
}
