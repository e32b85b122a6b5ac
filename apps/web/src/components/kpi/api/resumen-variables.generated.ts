/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type * as Types from '../../../gql/types';

import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
export type ResumenVariablesQueryVariables = Exact<{
  nombres: Array<string> | string;
  fecha: string;
}>;


export type ResumenVariablesQuery = { resumenVariables: Array<{ fecha: string, diario: number | null, mensual: number | null, anual: number | null, meta: number | null, meta_mensual: number | null, meta_anual: number | null, avance_programado: number, meta_ritmo: number | null, ritmo: number | null, variable: { id: string, nombre: string } }> };

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

export const ResumenVariablesDocument = new TypedDocumentString(`
    query ResumenVariables($nombres: [String!]!, $fecha: Date!) {
  resumenVariables(nombres: $nombres, fecha: $fecha) {
    fecha
    diario
    mensual
    anual
    meta
    meta_mensual
    meta_anual
    avance_programado
    meta_ritmo
    ritmo
    variable {
      id
      nombre
    }
  }
}
    `) as unknown as TypedDocumentString<ResumenVariablesQuery, ResumenVariablesQueryVariables>;