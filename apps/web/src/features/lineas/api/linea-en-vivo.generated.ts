/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type * as Types from '../../../gql/types';

import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
export type LineaEnVivoSubscriptionVariables = Exact<{
  linea: number;
}>;


export type LineaEnVivoSubscription = { lineaEnVivo: { linea: number, fecha: string, velocidad: number, formato: number, estado: number, estado_nombre: string, botellas: number, botellas_llenas: number, paquetes: number } };

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

export const LineaEnVivoDocument = new TypedDocumentString(`
    subscription LineaEnVivo($linea: Int!) {
  lineaEnVivo(linea: $linea) {
    linea
    fecha
    velocidad
    formato
    estado
    estado_nombre
    botellas
    botellas_llenas
    paquetes
  }
}
    `) as unknown as TypedDocumentString<LineaEnVivoSubscription, LineaEnVivoSubscriptionVariables>;