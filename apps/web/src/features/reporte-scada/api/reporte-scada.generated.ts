/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type * as Types from '../../../gql/types';

import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
export type ExportarReporteScadaInput = {
  desde: string;
  formato?: FormatoExportacion | null | undefined;
  hasta: string;
  intervalo: IntervaloScada;
  variables: Array<string>;
};

export type FormatoExportacion =
  | 'CSV'
  | 'PDF'
  | 'XLSX';

/** Bucket of the SCADA variables report. */
export type IntervaloScada =
  | 'DIA'
  | 'HORA'
  | 'MINUTO'
  | 'QUINCE_MINUTOS';

export type VariablesScadaQueryVariables = Exact<{ [key: string]: never; }>;


export type VariablesScadaQuery = { variablesScada: Array<{ id: string, nombre: string, unidad: string, decimales: number, agregacion: string, area: string, linea: number | null }> };

export type ReporteScadaQueryVariables = Exact<{
  variables: Array<string> | string;
  desde: string;
  hasta: string;
  intervalo: Types.IntervaloScada;
}>;


export type ReporteScadaQuery = { reporteScada: { desde: string, hasta: string, intervalo: Types.IntervaloScada, resumen: Array<number | null>, columnas: Array<{ id: string, nombre: string, unidad: string, decimales: number, agregacion: string }>, filas: Array<{ inicio: string, valores: Array<number | null> }> } };

export type ExportarReporteScadaMutationVariables = Exact<{
  input: Types.ExportarReporteScadaInput;
}>;


export type ExportarReporteScadaMutation = { exportarReporteScada: { id: string } };

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

export const VariablesScadaDocument = new TypedDocumentString(`
    query VariablesScada {
  variablesScada {
    id
    nombre
    unidad
    decimales
    agregacion
    area
    linea
  }
}
    `) as unknown as TypedDocumentString<VariablesScadaQuery, VariablesScadaQueryVariables>;
export const ReporteScadaDocument = new TypedDocumentString(`
    query ReporteScada($variables: [ID!]!, $desde: DateTime!, $hasta: DateTime!, $intervalo: IntervaloScada!) {
  reporteScada(
    variables: $variables
    desde: $desde
    hasta: $hasta
    intervalo: $intervalo
  ) {
    desde
    hasta
    intervalo
    columnas {
      id
      nombre
      unidad
      decimales
      agregacion
    }
    filas {
      inicio
      valores
    }
    resumen
  }
}
    `) as unknown as TypedDocumentString<ReporteScadaQuery, ReporteScadaQueryVariables>;
export const ExportarReporteScadaDocument = new TypedDocumentString(`
    mutation ExportarReporteScada($input: ExportarReporteScadaInput!) {
  exportarReporteScada(input: $input) {
    id
  }
}
    `) as unknown as TypedDocumentString<ExportarReporteScadaMutation, ExportarReporteScadaMutationVariables>;