/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type * as Types from '../../../gql/types';

import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
export type ObzTableroQueryVariables = Exact<{
  anio: number;
}>;


export type ObzTableroQuery = { obz: Array<{ id: string, nombre: string, area: string, responsable: string, presupuesto_anual: number, real_anual: number | null, presupuesto_a_la_fecha: number, cumplimiento_pct: number | null, meses: Array<{ mes: number, presupuesto: number, real: number | null, desviacion_pct: number | null }> }> };

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

export const ObzTableroDocument = new TypedDocumentString(`
    query ObzTablero($anio: Int!) {
  obz(anio: $anio) {
    id
    nombre
    area
    responsable
    meses {
      mes
      presupuesto
      real
      desviacion_pct
    }
    presupuesto_anual
    real_anual
    presupuesto_a_la_fecha
    cumplimiento_pct
  }
}
    `) as unknown as TypedDocumentString<ObzTableroQuery, ObzTableroQueryVariables>;