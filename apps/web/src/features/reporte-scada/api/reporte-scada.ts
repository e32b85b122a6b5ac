import { keepPreviousData } from '@tanstack/react-query';
import { useQuery } from '../../../lib/consultas.ts';
import { gql } from '../../../lib/graphql-client.ts';
import type { FormatoTabla } from '../../../components/export/export-button.tsx';
import {
  ExportarReporteScadaDocument,
  ReporteScadaDocument,
  type ReporteScadaQuery,
  VariablesScadaDocument,
  type VariablesScadaQuery,
} from './reporte-scada.generated.ts';
import type { IntervaloScada } from '@planta/charts/reporte-scada/filtros';

export type ReporteScada = ReporteScadaQuery['reporteScada'];
export type VariableScada = VariablesScadaQuery['variablesScada'][number];

/** The OPC-fed variables the user may read. */
export function useVariablesScada() {
  return useQuery<VariableScada[]>({
    queryKey: ['variablesScada'],
    queryFn: ({ signal }) => gql(VariablesScadaDocument, {}, { signal }).then((r) => r.variablesScada),
    staleTime: 5 * 60_000,
  });
}

/** Readings of the variables between two instants per interval (none asked: nothing loads). */
export function useReporteScada(
  variables: readonly string[],
  desde: string | undefined,
  hasta: string | undefined,
  intervalo: IntervaloScada,
  refetchInterval?: number,
) {
  return useQuery<ReporteScada>({
    queryKey: ['reporteScada', variables.join(','), desde, hasta, intervalo],
    queryFn: ({ signal }) =>
      gql(
        ReporteScadaDocument,
        { variables: [...variables], desde: desde!, hasta: hasta!, intervalo },
        { signal },
      ).then((r) => r.reporteScada),
    enabled: variables.length > 0 && desde !== undefined && hasta !== undefined,
    placeholderData: keepPreviousData,
    refetchInterval,
  });
}

/** Starts the export of the report the screen shows, same instants and interval (its id to poll). */
export function exportarReporteScada(
  consulta: { variables: readonly string[]; desde: string; hasta: string; intervalo: IntervaloScada },
  formato: FormatoTabla,
): Promise<{ id: string }> {
  return gql(ExportarReporteScadaDocument, {
    input: { ...consulta, variables: [...consulta.variables], formato },
  }).then((r) => r.exportarReporteScada);
}
