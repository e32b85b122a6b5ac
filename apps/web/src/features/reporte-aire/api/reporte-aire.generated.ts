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

export type ReporteAireQueryVariables = Exact<{
  desde: string;
  hasta: string;
  intervalo: string;
}>;


export type ReporteAireQuery = { reporteAire: { intervalo_minutos: number, columnas: Array<{ variable: string, unidad: string, decimales: number, agregacion: Types.AgregacionVariable }>, filas: Array<{ fecha: string, valores: Array<number | null> }> } };

export type ExportarReporteAireMutationVariables = Exact<{
  input: Types.ExportarReporteInput;
}>;


export type ExportarReporteAireMutation = { exportarReporteAire: { id: string } };

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

export const ReporteAireDocument = new TypedDocumentString(`
    query ReporteAire($desde: DateTime!, $hasta: DateTime!, $intervalo: String!) {
  reporteAire(desde: $desde, hasta: $hasta, intervalo: $intervalo) {
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
    `) as unknown as TypedDocumentString<ReporteAireQuery, ReporteAireQueryVariables>;
export const ExportarReporteAireDocument = new TypedDocumentString(`
    mutation ExportarReporteAire($input: ExportarReporteInput!) {
  exportarReporteAire(input: $input) {
    id
  }
}
    `) as unknown as TypedDocumentString<ExportarReporteAireMutation, ExportarReporteAireMutationVariables>;