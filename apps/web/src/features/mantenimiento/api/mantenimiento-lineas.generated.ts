/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type * as Types from '../../../gql/types';

import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
export type MantenimientoLineasQueryVariables = Exact<{
  desde: string;
  hasta: string;
}>;


export type MantenimientoLineasQuery = { mantenimientoLineas: Array<{ linea_id: string, linea: number, nombre: string, sufijo: string, fallas: number, minutos_falla: number, minutos_paro: number, minutos_marcha: number, mttr: number | null, mttf: number | null, mtbf: number | null, disponibilidad: number | null }> };

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

export const MantenimientoLineasDocument = new TypedDocumentString(`
    query MantenimientoLineas($desde: Date!, $hasta: Date!) {
  mantenimientoLineas(desde: $desde, hasta: $hasta) {
    linea_id
    linea
    nombre
    sufijo
    fallas
    minutos_falla
    minutos_paro
    minutos_marcha
    mttr
    mttf
    mtbf
    disponibilidad
  }
}
    `) as unknown as TypedDocumentString<MantenimientoLineasQuery, MantenimientoLineasQueryVariables>;