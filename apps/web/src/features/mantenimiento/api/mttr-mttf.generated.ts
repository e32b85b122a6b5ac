/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type * as Types from '../../../gql/types';

import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
export type MttrMttfLineasQueryVariables = Exact<{
  nombres: Array<string> | string;
  desde: string;
  hasta: string;
}>;


export type MttrMttfLineasQuery = { mttrMttf: Array<{ nombre: string, tipo: string, unidad: string, eje_maximo: number, puntos: Array<{ fecha: string, diario: number | null }> }> };

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

export const MttrMttfLineasDocument = new TypedDocumentString(`
    query MttrMttfLineas($nombres: [String!]!, $desde: Date!, $hasta: Date!) {
  mttrMttf(nombres: $nombres, desde: $desde, hasta: $hasta) {
    nombre
    tipo
    unidad
    eje_maximo
    puntos {
      fecha
      diario
    }
  }
}
    `) as unknown as TypedDocumentString<MttrMttfLineasQuery, MttrMttfLineasQueryVariables>;