import { keepPreviousData } from '@tanstack/react-query';
import { useQuery } from '../../../lib/consultas.ts';
import { gql } from '../../../lib/graphql-client.ts';
import type { ConsultaReporte } from '../../../components/reportes/consulta-reporte.ts';
import type { ColumnaReporte, Reporte } from '@planta/charts';
import type { FormatoTabla } from '../../../components/export/export-button.tsx';
import {
  ExportarReporteAguaDocument,
  ReporteAguaDocument,
  ReporteAguaVariablesDocument,
} from './reporte-agua.generated.ts';

/** The water variables the report offers (name, unit, decimals, aggregation). */
export function useVariablesAgua() {
  return useQuery<ColumnaReporte[]>({
    queryKey: ['reporteAguaVariables'],
    queryFn: ({ signal }) =>
      gql(ReporteAguaVariablesDocument, {}, { signal }).then((r) => r.reporteAguaVariables),
    staleTime: 5 * 60_000,
  });
}

/**
 * reporteAgua over [inicio, fin) by interval for `variables` (null: all the water variables);
 * disabled while `consulta` is undefined.
 */
export function useReporteAgua(
  consulta: ConsultaReporte | undefined,
  variables: readonly string[] | null,
  refetchInterval?: number,
) {
  return useQuery<Reporte>({
    queryKey: ['reporteAgua', consulta?.inicio, consulta?.fin, consulta?.intervalo, variables],
    queryFn: ({ signal }) =>
      gql(
        ReporteAguaDocument,
        {
          desde: consulta!.inicio,
          hasta: consulta!.fin,
          intervalo: consulta!.intervalo,
          variables: variables === null ? null : [...variables],
        },
        { signal },
      ).then((r) => r.reporteAgua),
    enabled: consulta !== undefined,
    placeholderData: keepPreviousData,
    refetchInterval,
  });
}

/** Starts the water report's export for the screen's instants, interval and variables (null: all). */
export function exportarReporteAgua(
  consulta: ConsultaReporte,
  variables: readonly string[] | null,
  formato: FormatoTabla,
): Promise<{ id: string }> {
  return gql(ExportarReporteAguaDocument, {
    input: {
      desde: consulta.inicio,
      hasta: consulta.fin,
      intervalo: consulta.intervalo,
      variables: variables === null ? null : [...variables],
      formato,
    },
  }).then((r) => r.exportarReporteAgua);
}
