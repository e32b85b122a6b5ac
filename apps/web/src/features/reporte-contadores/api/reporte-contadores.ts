import { keepPreviousData } from '@tanstack/react-query';
import { useQuery } from '../../../lib/consultas.ts';
import { gql } from '../../../lib/graphql-client.ts';
import type { FormatoTabla } from '../../../components/export/export-button.tsx';
import {
  ExportarReporteContadoresDocument,
  LineasReporteContadoresDocument,
  ReporteContadoresDocument,
  type ReporteContadoresQuery,
} from './reporte-contadores.generated.ts';
import type { Agrupacion } from '@planta/charts/reporte-contadores/filtros';

export type ReporteContadores = ReporteContadoresQuery['reporteContadores'];
export type FilaContadores = ReporteContadores['filas'][number];
export type TotalContadores = ReporteContadores['total'];

/** Line counters of production days desde…hasta by hour, shift or day (lineas empty = all). */
export function useReporteContadores(
  desde: string | undefined,
  hasta: string | undefined,
  agrupacion: Agrupacion,
  lineas: readonly number[],
  refetchInterval?: number,
) {
  return useQuery<ReporteContadores>({
    queryKey: ['reporteContadores', desde, hasta, agrupacion, lineas.join(',')],
    queryFn: ({ signal }) =>
      gql(
        ReporteContadoresDocument,
        { desde: desde!, hasta: hasta!, agrupacion, lineas: lineas.length > 0 ? [...lineas] : null },
        { signal },
      ).then((r) => r.reporteContadores),
    enabled: desde !== undefined && hasta !== undefined,
    placeholderData: keepPreviousData,
    refetchInterval,
  });
}

/** The production lines (without 'Planta'). */
export function useLineasReporte() {
  return useQuery({
    queryKey: ['lineas', 'reporte-contadores'],
    queryFn: ({ signal }) => gql(LineasReporteContadoresDocument, {}, { signal }).then((r) => r.lineas),
    staleTime: 5 * 60_000,
  });
}

/** Starts the export of the report the screen shows (its id to poll). */
export function exportarReporteContadores(
  filtros: { desde: string; hasta: string; agrupacion: Agrupacion; lineas: readonly number[] },
  formato: FormatoTabla,
): Promise<{ id: string }> {
  return gql(ExportarReporteContadoresDocument, {
    input: {
      desde: filtros.desde,
      hasta: filtros.hasta,
      agrupacion: filtros.agrupacion,
      lineas: filtros.lineas.length > 0 ? [...filtros.lineas] : null,
      formato,
    },
  }).then((r) => r.exportarReporteContadores);
}
