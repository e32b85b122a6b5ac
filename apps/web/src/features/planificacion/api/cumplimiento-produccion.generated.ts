/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type * as Types from '../../../gql/types';

import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
export type CumplimientoProduccionQueryVariables = Exact<{
  fecha: string;
}>;


export type CumplimientoProduccionQuery = { cumplimientoProduccion: { fecha: string, real: number | null, cumplimiento_negociado: number | null, cumplimiento_aop: number | null, plan: { id: string, fecha: string, negociado: number, aop: number } | null } };

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

export const CumplimientoProduccionDocument = new TypedDocumentString(`
    query CumplimientoProduccion($fecha: Date!) {
  cumplimientoProduccion(fecha: $fecha) {
    fecha
    real
    cumplimiento_negociado
    cumplimiento_aop
    plan {
      id
      fecha
      negociado
      aop
    }
  }
}
    `) as unknown as TypedDocumentString<CumplimientoProduccionQuery, CumplimientoProduccionQueryVariables>;