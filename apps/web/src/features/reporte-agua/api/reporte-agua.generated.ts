/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type * as Types from '../../../gql/types';

import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
/** How a variable's mensual and anual derive from diario. */
export type AgregacionVariable =
  /** Ratio of sums when the days carry numerador/denominador, else the mean. */
  | 'PROMEDIO'
  /** Month-to-date and year-to-date sums. */
  | 'SUMA'
  /** The day's own value. */
  | 'ULTIMO';

export type ExportarReporteInput = {
  desde: string;
  formato?: FormatoExportacion | null | undefined;
  hasta: string;
  /** '1m', '15 minutos', '1 hora', '1 día'… */
  intervalo: string;
  /** Variable names to include (all of the report's when empty). */
  variables?: Array<string> | null | undefined;
};

export type FormatoExportacion =
  | 'CSV'
  | 'PDF'
  | 'XLSX';

export type ReporteAguaQueryVariables = Exact<{
  desde: string;
  hasta: string;
  intervalo: string;
  variables?: Array<string> | string | null | undefined;
}>;


export type ReporteAguaQuery = { reporteAgua: { intervalo_minutos: number, columnas: Array<{ variable: string, unidad: string, decimales: number, agregacion: Types.AgregacionVariable }>, filas: Array<{ fecha: string, valores: Array<number | null> }> } };

export type ReporteAguaVariablesQueryVariables = Exact<{ [key: string]: never; }>;


export type ReporteAguaVariablesQuery = { reporteAguaVariables: Array<{ variable: string, unidad: string, decimales: number, agregacion: Types.AgregacionVariable }> };

export type ExportarReporteAguaMutationVariables = Exact<{
  input: Types.ExportarReporteInput;
}>;


export type ExportarReporteAguaMutation = { exportarReporteAgua: { id: string } };

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

export const ReporteAguaDocument = new TypedDocumentString(`
    query ReporteAgua($desde: DateTime!, $hasta: DateTime!, $intervalo: String!, $variables: [String!]) {
  reporteAgua(
    desde: $desde
    hasta: $hasta
    intervalo: $intervalo
    variables: $variables
  ) {
    intervalo_minutos
    columnas {
      variable
      unidad
      decimales
      agregacion
    }
    filas {
      fecha
      valores
    }
  }
}
    `) as unknown as TypedDocumentString<ReporteAguaQuery, ReporteAguaQueryVariables>;
export const ReporteAguaVariablesDocument = new TypedDocumentString(`
    query ReporteAguaVariables {
  reporteAguaVariables {
    variable
    unidad
    decimales
    agregacion
  }
}
    `) as unknown as TypedDocumentString<ReporteAguaVariablesQuery, ReporteAguaVariablesQueryVariables>;
export const ExportarReporteAguaDocument = new TypedDocumentString(`
    mutation ExportarReporteAgua($input: ExportarReporteInput!) {
  exportarReporteAgua(input: $input) {
    id
  }
}
    `) as unknown as TypedDocumentString<ExportarReporteAguaMutation, ExportarReporteAguaMutationVariables>;