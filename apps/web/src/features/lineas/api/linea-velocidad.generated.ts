/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type * as Types from '../../../gql/types';

import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
export type LineaVelocidadQueryVariables = Exact<{
  linea: number;
  desde: string;
  hasta: string;
  max_puntos?: number | null | undefined;
}>;


export type LineaVelocidadQuery = { scadaLinea: { intervalo_minutos: number, columnas: { minuto: Array<number>, velocidad: Array<number>, formato: Array<number> } } };

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

export const LineaVelocidadDocument = new TypedDocumentString(`
    query LineaVelocidad($linea: Int!, $desde: DateTime!, $hasta: DateTime!, $max_puntos: Int) {
  scadaLinea(linea: $linea, desde: $desde, hasta: $hasta, max_puntos: $max_puntos) {
    intervalo_minutos
    columnas {
      minuto
      velocidad
      formato
    }
  }
}
    `) as unknown as TypedDocumentString<LineaVelocidadQuery, LineaVelocidadQueryVariables>;