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

export type NivelVariable =
  | 'GLOBAL'
  | 'INDIVIDUAL';

export type VariablesKpiQueryVariables = Exact<{ [key: string]: never; }>;


export type VariablesKpiQuery = { variables: Array<{ id: string, nombre: string, estado: number, nivel: Types.NivelVariable, minimo: number | null, maximo: number | null, area: string, unidad: string, agregacion: Types.AgregacionVariable, decimales: number, mayor_es_mejor: boolean }> };

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

export const VariablesKpiDocument = new TypedDocumentString(`
    query VariablesKpi {
  variables {
    id
    nombre
    estado
    nivel
    minimo
    maximo
    area
    unidad
    agregacion
    decimales
    mayor_es_mejor
  }
}
    `) as unknown as TypedDocumentString<VariablesKpiQuery, VariablesKpiQueryVariables>;