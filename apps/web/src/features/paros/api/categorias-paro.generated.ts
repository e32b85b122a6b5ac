/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type * as Types from '../../../gql/types';

import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
/**
 * The loss class of a stop reason (DOMAIN "Stops and losses": ISO 22400-2 and Nakajima's six big
 * losses). PLANIFICADO (CIP, planned maintenance, no orders, breaks) leaves planned busy time; FALLA
 * and CAMBIO_FORMATO cost availability, MICROPARO and VELOCIDAD performance, CALIDAD and ARRANQUE
 * quality.
 */
export type ClasePerdida =
  | 'ARRANQUE'
  | 'CALIDAD'
  | 'CAMBIO_FORMATO'
  | 'FALLA'
  | 'MICROPARO'
  | 'PLANIFICADO'
  | 'VELOCIDAD';

export type ParosCategoriasQueryVariables = Exact<{ [key: string]: never; }>;


export type ParosCategoriasQuery = { categoriasParo: Array<{ id: string, nombre: string, motivos: Array<{ id: string, nombre: string, clase: Types.ClasePerdida, linea_ids: Array<string> }> }> };

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

export const ParosCategoriasDocument = new TypedDocumentString(`
    query ParosCategorias {
  categoriasParo {
    id
    nombre
    motivos {
      id
      nombre
      clase
      linea_ids
    }
  }
}
    `) as unknown as TypedDocumentString<ParosCategoriasQuery, ParosCategoriasQueryVariables>;