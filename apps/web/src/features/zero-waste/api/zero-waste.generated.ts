/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type * as Types from '../../../gql/types';

import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
export type ZeroWasteMensualQueryVariables = Exact<{
  anio: number;
}>;


export type ZeroWasteMensualQuery = { zeroWasteMensual: Array<{ mes: string, numero_mes: number | null, aprovechable: number, no_aprovechable: number, zwl: number | null, meta: number }> };

export type ZeroWasteDesgloseQueryVariables = Exact<{
  anio: number;
  mes?: number | null | undefined;
}>;


export type ZeroWasteDesgloseQuery = { zeroWasteDesglose: Array<{ clasificacion_id: string, descripcion: string, aprovechable: boolean, kg: number, porcentaje: number | null }> };

export type ZeroWasteProyeccionQueryVariables = Exact<{
  anio: number;
}>;


export type ZeroWasteProyeccionQuery = { zeroWasteProyeccion: Array<{ id: string, anio: number, aprovechables: number, no_aprovechables: number, zero_waste: number, clasificacion: { id: string, descripcion: string } }> };

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

export const ZeroWasteMensualDocument = new TypedDocumentString(`
    query ZeroWasteMensual($anio: Int!) {
  zeroWasteMensual(anio: $anio) {
    mes
    numero_mes
    aprovechable
    no_aprovechable
    zwl
    meta
  }
}
    `) as unknown as TypedDocumentString<ZeroWasteMensualQuery, ZeroWasteMensualQueryVariables>;
export const ZeroWasteDesgloseDocument = new TypedDocumentString(`
    query ZeroWasteDesglose($anio: Int!, $mes: Int) {
  zeroWasteDesglose(anio: $anio, mes: $mes) {
    clasificacion_id
    descripcion
    aprovechable
    kg
    porcentaje
  }
}
    `) as unknown as TypedDocumentString<ZeroWasteDesgloseQuery, ZeroWasteDesgloseQueryVariables>;
export const ZeroWasteProyeccionDocument = new TypedDocumentString(`
    query ZeroWasteProyeccion($anio: Int!) {
  zeroWasteProyeccion(anio: $anio) {
    id
    anio
    clasificacion {
      id
      descripcion
    }
    aprovechables
    no_aprovechables
    zero_waste
  }
}
    `) as unknown as TypedDocumentString<ZeroWasteProyeccionQuery, ZeroWasteProyeccionQueryVariables>;