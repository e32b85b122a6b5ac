/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type * as Types from '../../../gql/types';

import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
export type EstadoAsistencia =
  | 'FALTA'
  | 'INCAPACIDAD'
  | 'PERMISO'
  | 'PRESENTE'
  | 'VACACIONES';

export type ExportarAsistenciaInput = {
  area?: string | null | undefined;
  /** The trend's range. */
  desde: string;
  /** The day of the areas table and the absent list. */
  fecha: string;
  formato?: FormatoExportacion | null | undefined;
  hasta: string;
};

export type FormatoExportacion =
  | 'CSV'
  | 'PDF'
  | 'XLSX';

export type AsistenciaDiariaQueryVariables = Exact<{
  fecha: string;
}>;


export type AsistenciaDiariaQuery = { asistenciaDiaria: Array<{ area: string, programados: number, presentes: number, faltas: number, vacaciones: number, incapacidades: number, permisos: number, asistencia_pct: number | null, ausentismo_pct: number | null }> };

export type AsistenciaRangoQueryVariables = Exact<{
  desde: string;
  hasta: string;
  area?: string | null | undefined;
}>;


export type AsistenciaRangoQuery = { asistenciaRango: Array<{ fecha: string, programados: number, presentes: number, faltas: number, vacaciones: number, incapacidades: number, permisos: number, asistencia_pct: number | null, ausentismo_pct: number | null }> };

export type AusenciasQueryVariables = Exact<{
  fecha: string;
  area?: string | null | undefined;
}>;


export type AusenciasQuery = { ausencias: Array<{ fecha: string, estado: Types.EstadoAsistencia, empleado: { id: string, codigo: string, nombre: string, area: string, puesto: string } }> };

export type ExportarAsistenciaMutationVariables = Exact<{
  input: Types.ExportarAsistenciaInput;
}>;


export type ExportarAsistenciaMutation = { exportarAsistencia: { id: string } };

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

export const AsistenciaDiariaDocument = new TypedDocumentString(`
    query AsistenciaDiaria($fecha: Date!) {
  asistenciaDiaria(fecha: $fecha) {
    area
    programados
    presentes
    faltas
    vacaciones
    incapacidades
    permisos
    asistencia_pct
    ausentismo_pct
  }
}
    `) as unknown as TypedDocumentString<AsistenciaDiariaQuery, AsistenciaDiariaQueryVariables>;
export const AsistenciaRangoDocument = new TypedDocumentString(`
    query AsistenciaRango($desde: Date!, $hasta: Date!, $area: String) {
  asistenciaRango(desde: $desde, hasta: $hasta, area: $area) {
    fecha
    programados
    presentes
    faltas
    vacaciones
    incapacidades
    permisos
    asistencia_pct
    ausentismo_pct
  }
}
    `) as unknown as TypedDocumentString<AsistenciaRangoQuery, AsistenciaRangoQueryVariables>;
export const AusenciasDocument = new TypedDocumentString(`
    query Ausencias($fecha: Date!, $area: String) {
  ausencias(fecha: $fecha, area: $area) {
    fecha
    estado
    empleado {
      id
      codigo
      nombre
      area
      puesto
    }
  }
}
    `) as unknown as TypedDocumentString<AusenciasQuery, AusenciasQueryVariables>;
export const ExportarAsistenciaDocument = new TypedDocumentString(`
    mutation ExportarAsistencia($input: ExportarAsistenciaInput!) {
  exportarAsistencia(input: $input) {
    id
  }
}
    `) as unknown as TypedDocumentString<ExportarAsistenciaMutation, ExportarAsistenciaMutationVariables>;