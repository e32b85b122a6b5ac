/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type * as Types from '../../../gql/types';

import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
export type AgruparParos =
  | 'CAUSA'
  | 'EQUIPO';

export type ParosParetoQueryVariables = Exact<{
  desde: string;
  hasta: string;
  linea?: number | null | undefined;
  agrupar?: Types.AgruparParos | null | undefined;
}>;


export type ParosParetoQuery = { parosPareto: Array<{ nombre: string, equipo: string, minutos: number, paros: number, porcentaje: number, porcentaje_acumulado: number }> };

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

export const ParosParetoDocument = new TypedDocumentString(`
    query ParosPareto($desde: Date!, $hasta: Date!, $linea: Int, $agrupar: AgruparParos) {
  parosPareto(desde: $desde, hasta: $hasta, linea: $linea, agrupar: $agrupar) {
    nombre
    equipo
    minutos
    paros
    porcentaje
    porcentaje_acumulado
  }
}
    `) as unknown as TypedDocumentString<ParosParetoQuery, ParosParetoQueryVariables>;