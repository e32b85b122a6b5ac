/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type * as Types from '../../../gql/types';

import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
export type VolumenMensualQueryVariables = Exact<{
  anio: number;
}>;


export type VolumenMensualQuery = { volumenMensual: Array<{ mes: number, nombre_mes: string, negociado: number | null, aop: number | null, real: number | null }> };

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

export const VolumenMensualDocument = new TypedDocumentString(`
    query VolumenMensual($anio: Int!) {
  volumenMensual(anio: $anio) {
    mes
    nombre_mes
    negociado
    aop
    real
  }
}
    `) as unknown as TypedDocumentString<VolumenMensualQuery, VolumenMensualQueryVariables>;