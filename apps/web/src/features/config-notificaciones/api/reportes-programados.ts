import { useQuery } from '../../../lib/consultas.ts';
import type { ReporteProgramadoInput } from '../../../gql/types.ts';
import { gql } from '../../../lib/graphql-client.ts';
import {
  ActualizarReporteProgramadoDocument,
  CrearReporteProgramadoDocument,
  EjecucionesReporteDocument,
  type EjecucionReporteLogFragment,
  EliminarReporteProgramadoDocument,
  EnviarReporteProgramadoDocument,
  type ReporteProgramadoConfigFragment,
  ReportesProgramadosDocument,
} from './reportes-programados.generated.ts';

export type ReporteProgramado = ReporteProgramadoConfigFragment;
export type EjecucionReporte = EjecucionReporteLogFragment;

export const reportesKey = ['reportes-programados', 'lista'] as const;
export const ejecucionesKey = ['reportes-programados', 'ejecuciones'] as const;

export function useReportesProgramados() {
  return useQuery({
    queryKey: reportesKey,
    queryFn: ({ signal }) =>
      gql(ReportesProgramadosDocument, {}, { signal }).then((r) => r.reportesProgramados),
    // The next send moves on after each run.
    refetchInterval: 60_000,
  });
}

/** The run log, newest first: one report's (id) or every report's (null). */
export function useEjecucionesReporte(reporteId: string | null) {
  return useQuery({
    queryKey: [...ejecucionesKey, reporteId],
    queryFn: ({ signal }) =>
      gql(EjecucionesReporteDocument, { reporteId, limit: 50 }, { signal }).then((r) => r.ejecucionesReporte),
    placeholderData: (previous) => previous,
    refetchInterval: 30_000,
  });
}

export const crearReporte = (input: ReporteProgramadoInput) =>
  gql(CrearReporteProgramadoDocument, { input }).then((r) => r.crearReporteProgramado);
export const actualizarReporte = (id: string, input: ReporteProgramadoInput) =>
  gql(ActualizarReporteProgramadoDocument, { id, input }).then((r) => r.actualizarReporteProgramado);
export const eliminarReporte = (id: string, version: number) =>
  gql(EliminarReporteProgramadoDocument, { id, version }).then((r) => r.eliminarReporteProgramado);
export const enviarReporte = (id: string) =>
  gql(EnviarReporteProgramadoDocument, { id }).then((r) => r.enviarReporteProgramado);
