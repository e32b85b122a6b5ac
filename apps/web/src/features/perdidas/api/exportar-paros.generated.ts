/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type * as Types from '../../../gql/types';

import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
export type ExportarParosInput = {
  /** Production days (≤ 366). */
  desde: string;
  formato?: FormatoExportacion | null | undefined;
  hasta: string;
  /** The line (null: every line). */
  linea_id?: string | null | undefined;
  /** Only the stops that start in this shift (turnosHorario.numero) of each day. */
  turno?: number | null | undefined;
};

export type FormatoExportacion =
  | 'CSV'
  | 'PDF'
  | 'XLSX';

export type ExportarParosMutationVariables = Exact<{
  input: Types.ExportarParosInput;
}>;


export type ExportarParosMutation = { exportarParos: { id: string } };

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

export const ExportarParosDocument = new TypedDocumentString(`
    mutation ExportarParos($input: ExportarParosInput!) {
  exportarParos(input: $input) {
    id
  }
}
    `) as unknown as TypedDocumentString<ExportarParosMutation, ExportarParosMutationVariables>;