/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type * as Types from '../../../gql/types';

import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
export type ReporteProgramadoInput = {
  activo: boolean;
  /** 1–50 e-mail addresses. */
  destinatarios: Array<string>;
  dia_mes?: number | null | undefined;
  dia_semana?: number | null | undefined;
  /** Required but for TURNO (ignored there). */
  hora?: string | null | undefined;
  /** A production line's numero (only with /fabrica/perdidas); null: the plant. */
  linea?: number | null | undefined;
  nombre: string;
  /** DIARIA, SEMANAL, MENSUAL or TURNO (only for the screens whose PDF reads one shift: /fabrica/perdidas). */
  periodicidad: string;
  ruta: string;
  /** actualizarReporteProgramado only: the version read (omitted: last write wins). */
  version?: number | null | undefined;
};

export type ReporteProgramadoConfigFragment = { id: string, nombre: string, ruta: string, pantalla: string, periodicidad: string, hora: string | null, dia_semana: number | null, dia_mes: number | null, linea: number | null, destinatarios: Array<string>, activo: boolean, proximo_envio: string | null, version: number };

export type EjecucionReporteLogFragment = { id: string, reporte_id: string | null, programada_para: string | null, estado: string, archivo: string | null, destinatarios: number, error: string | null, creada: string, terminada: string | null };

export type ReportesProgramadosQueryVariables = Exact<{ [key: string]: never; }>;


export type ReportesProgramadosQuery = { reportesProgramados: Array<{ id: string, nombre: string, ruta: string, pantalla: string, periodicidad: string, hora: string | null, dia_semana: number | null, dia_mes: number | null, linea: number | null, destinatarios: Array<string>, activo: boolean, proximo_envio: string | null, version: number }> };

export type EjecucionesReporteQueryVariables = Exact<{
  reporteId?: string | null | undefined;
  limit?: number | null | undefined;
}>;


export type EjecucionesReporteQuery = { ejecucionesReporte: Array<{ id: string, reporte_id: string | null, programada_para: string | null, estado: string, archivo: string | null, destinatarios: number, error: string | null, creada: string, terminada: string | null }> };

export type CrearReporteProgramadoMutationVariables = Exact<{
  input: Types.ReporteProgramadoInput;
}>;


export type CrearReporteProgramadoMutation = { crearReporteProgramado: { id: string, nombre: string, ruta: string, pantalla: string, periodicidad: string, hora: string | null, dia_semana: number | null, dia_mes: number | null, linea: number | null, destinatarios: Array<string>, activo: boolean, proximo_envio: string | null, version: number } };

export type ActualizarReporteProgramadoMutationVariables = Exact<{
  id: string;
  input: Types.ReporteProgramadoInput;
}>;


export type ActualizarReporteProgramadoMutation = { actualizarReporteProgramado: { id: string, nombre: string, ruta: string, pantalla: string, periodicidad: string, hora: string | null, dia_semana: number | null, dia_mes: number | null, linea: number | null, destinatarios: Array<string>, activo: boolean, proximo_envio: string | null, version: number } };

export type EliminarReporteProgramadoMutationVariables = Exact<{
  id: string;
  version?: number | null | undefined;
}>;


export type EliminarReporteProgramadoMutation = { eliminarReporteProgramado: boolean };

export type EnviarReporteProgramadoMutationVariables = Exact<{
  id: string;
}>;


export type EnviarReporteProgramadoMutation = { enviarReporteProgramado: { id: string, reporte_id: string | null, programada_para: string | null, estado: string, archivo: string | null, destinatarios: number, error: string | null, creada: string, terminada: string | null } };

export class TypedDocumentString<TResult, TVariables>
  extends String
  implements DocumentTypeDecoration<TResult, TVariables>
{
  __apiType?: NonNullable<DocumentTypeDecoration<TResult, TVariables>['__apiType']>;
  private value: string;
  public __meta__?: Record<string, any> | undefined;

  constructor(value: string, __meta__?: Record<string, any> | undefined) {
    super(value);
    this.value = value;
    this.__meta__ = __meta__;
  }

  override toString(): string & DocumentTypeDecoration<TResult, TVariables> {
    return this.value;
  }
}
export const ReporteProgramadoConfigFragmentDoc = new TypedDocumentString(`
    fragment ReporteProgramadoConfig on ReporteProgramado {
  id
  nombre
  ruta
  pantalla
  periodicidad
  hora
  dia_semana
  dia_mes
  linea
  destinatarios
  activo
  proximo_envio
  version
}
    `, {"fragmentName":"ReporteProgramadoConfig"}) as unknown as TypedDocumentString<ReporteProgramadoConfigFragment, unknown>;
export const EjecucionReporteLogFragmentDoc = new TypedDocumentString(`
    fragment EjecucionReporteLog on EjecucionReporte {
  id
  reporte_id
  programada_para
  estado
  archivo
  destinatarios
  error
  creada
  terminada
}
    `, {"fragmentName":"EjecucionReporteLog"}) as unknown as TypedDocumentString<EjecucionReporteLogFragment, unknown>;
export const ReportesProgramadosDocument = new TypedDocumentString(`
    query ReportesProgramados {
  reportesProgramados {
    ...ReporteProgramadoConfig
  }
}
    fragment ReporteProgramadoConfig on ReporteProgramado {
  id
  nombre
  ruta
  pantalla
  periodicidad
  hora
  dia_semana
  dia_mes
  linea
  destinatarios
  activo
  proximo_envio
  version
}`) as unknown as TypedDocumentString<ReportesProgramadosQuery, ReportesProgramadosQueryVariables>;
export const EjecucionesReporteDocument = new TypedDocumentString(`
    query EjecucionesReporte($reporteId: ID, $limit: Int) {
  ejecucionesReporte(reporte_id: $reporteId, limit: $limit) {
    ...EjecucionReporteLog
  }
}
    fragment EjecucionReporteLog on EjecucionReporte {
  id
  reporte_id
  programada_para
  estado
  archivo
  destinatarios
  error
  creada
  terminada
}`) as unknown as TypedDocumentString<EjecucionesReporteQuery, EjecucionesReporteQueryVariables>;
export const CrearReporteProgramadoDocument = new TypedDocumentString(`
    mutation CrearReporteProgramado($input: ReporteProgramadoInput!) {
  crearReporteProgramado(input: $input) {
    ...ReporteProgramadoConfig
  }
}
    fragment ReporteProgramadoConfig on ReporteProgramado {
  id
  nombre
  ruta
  pantalla
  periodicidad
  hora
  dia_semana
  dia_mes
  linea
  destinatarios
  activo
  proximo_envio
  version
}`) as unknown as TypedDocumentString<CrearReporteProgramadoMutation, CrearReporteProgramadoMutationVariables>;
export const ActualizarReporteProgramadoDocument = new TypedDocumentString(`
    mutation ActualizarReporteProgramado($id: ID!, $input: ReporteProgramadoInput!) {
  actualizarReporteProgramado(id: $id, input: $input) {
    ...ReporteProgramadoConfig
  }
}
    fragment ReporteProgramadoConfig on ReporteProgramado {
  id
  nombre
  ruta
  pantalla
  periodicidad
  hora
  dia_semana
  dia_mes
  linea
  destinatarios
  activo
  proximo_envio
  version
}`) as unknown as TypedDocumentString<ActualizarReporteProgramadoMutation, ActualizarReporteProgramadoMutationVariables>;
export const EliminarReporteProgramadoDocument = new TypedDocumentString(`
    mutation EliminarReporteProgramado($id: ID!, $version: Int) {
  eliminarReporteProgramado(id: $id, version: $version)
}
    `) as unknown as TypedDocumentString<EliminarReporteProgramadoMutation, EliminarReporteProgramadoMutationVariables>;
export const EnviarReporteProgramadoDocument = new TypedDocumentString(`
    mutation EnviarReporteProgramado($id: ID!) {
  enviarReporteProgramado(id: $id) {
    ...EjecucionReporteLog
  }
}
    fragment EjecucionReporteLog on EjecucionReporte {
  id
  reporte_id
  programada_para
  estado
  archivo
  destinatarios
  error
  creada
  terminada
}`) as unknown as TypedDocumentString<EnviarReporteProgramadoMutation, EnviarReporteProgramadoMutationVariables>;