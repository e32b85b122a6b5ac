/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type * as Types from '../../../gql/types';

import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
export type ProductoPresentacionQueryVariables = Exact<{
  hmi_id: number;
  linea: number;
}>;


export type ProductoPresentacionQuery = { productoPresentacion: { id: string, num_botellas: number, hmi_linea1_id: number | null, hmi_linea2_id: number | null, producto: { id: string, descripcion: string, image_prefix: string, image_color: string }, presentacion: { id: string, volumen: number, unid_medida: string, factor: number }, velocidad_nominal: { id: string, linea: number, velocidad_paquetes_hora: number, velocidad_botellas_minuto: number } | null } | null };

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

export const ProductoPresentacionDocument = new TypedDocumentString(`
    query ProductoPresentacion($hmi_id: Int!, $linea: Int!) {
  productoPresentacion(hmi_id: $hmi_id, linea: $linea) {
    id
    num_botellas
    hmi_linea1_id
    hmi_linea2_id
    producto {
      id
      descripcion
      image_prefix
      image_color
    }
    presentacion {
      id
      volumen
      unid_medida
      factor
    }
    velocidad_nominal {
      id
      linea
      velocidad_paquetes_hora
      velocidad_botellas_minuto
    }
  }
}
    `) as unknown as TypedDocumentString<ProductoPresentacionQuery, ProductoPresentacionQueryVariables>;