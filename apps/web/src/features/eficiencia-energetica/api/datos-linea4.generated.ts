/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type * as Types from '../../../gql/types';

import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
export type DatosLinea4QueryVariables = Exact<{
  desde: string;
  hasta: string;
}>;


export type DatosLinea4Query = { scadaLinea4: { intervalo_minutos: number, lecturas: Array<{ fecha: string, velocidad: number, botellas: number, botellas_llenas: number, paquetes: number, formato: number }> } };

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

export const DatosLinea4Document = new TypedDocumentString(`
    query DatosLinea4($desde: DateTime!, $hasta: DateTime!) {
  scadaLinea4(desde: $desde, hasta: $hasta, max_puntos: 25) {
    intervalo_minutos
    lecturas {
      fecha
      velocidad
      botellas
      botellas_llenas
      paquetes
      formato
    }
  }
}
    `) as unknown as TypedDocumentString<DatosLinea4Query, DatosLinea4QueryVariables>;