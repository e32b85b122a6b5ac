import { keepPreviousData } from '@tanstack/react-query';
import { useQuery } from '../../../lib/consultas.ts';
import { gql } from '../../../lib/graphql-client.ts';
import type { Reporte } from '@planta/charts';
import type { FormatoTabla } from '../../../components/export/export-button.tsx';
import type { ConsultaReporte } from '../../../components/reportes/consulta-reporte.ts';
import { ExportarReporteAireDocument, ReporteAireDocument } from './reporte-aire.generated.ts';

/** reporteAire over [inicio, fin) by interval; the previous table stays while the next loads. */
export function useReporteAire(consulta: ConsultaReporte | undefined, refetchInterval?: number) {
  return useQuery<Reporte>({
    queryKey: ['reporteAire', consulta?.inicio, consulta?.fin, consulta?.intervalo],
    queryFn: ({ signal }) =>
      gql(
        ReporteAireDocument,
        { desde: consulta!.inicio, hasta: consulta!.fin, intervalo: consulta!.intervalo },
        { signal },
      ).then((r) => r.reporteAire),
    enabled: consulta !== undefined,
    placeholderData: keepPreviousData,
    refetchInterval,
  });
}

/** Starts the air report's export for the same instants and interval as the screen (its id to poll). */
export function exportarReporteAire(
  consulta: ConsultaReporte,
  formato: FormatoTabla,
): Promise<{ id: string }> {
  return gql(ExportarReporteAireDocument, {
    input: { desde: consulta.inicio, hasta: consulta.fin, intervalo: consulta.intervalo, formato },
  }).then((r) => r.exportarReporteAire);
}
