/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type * as Types from '../../../gql/types';

import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
export type HistoricosSeriesKpiQueryVariables = Exact<{
  nombres: Array<string> | string;
  desde: string;
  hasta: string;
}>;


export type HistoricosSeriesKpiQuery = { historicosSeries: Array<{ dia: Array<number>, diario: Array<number>, mensual: Array<number | null>, meta: Array<number | null>, variable: { nombre: string } }> };

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

export const HistoricosSeriesKpiDocument = new TypedDocumentString(`
    query HistoricosSeriesKpi($nombres: [String!]!, $desde: Date!, $hasta: Date!) {
  historicosSeries(nombres: $nombres, desde: $desde, hasta: $hasta) {
    variable {
      nombre
    }
    dia
    diario
    mensual
    meta
  }
}
    `) as unknown as TypedDocumentString<HistoricosSeriesKpiQuery, HistoricosSeriesKpiQueryVariables>;