/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type * as Types from '../../../gql/types';

import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
export type NotificacionesCampanaQueryVariables = Exact<{ [key: string]: never; }>;


export type NotificacionesCampanaQuery = { notificaciones: Array<{ id: string, titulo: string, mensaje: string, creada: string, leida: string | null, severidad: string | null, enlace: string | null, alarma: { id: string, estado: string, valor: number, limite: number, unidad: string | null, origen: string } | null }>, calendarioPlanta: { zona_horaria: string } };

export type MarcarNotificacionesLeidasMutationVariables = Exact<{
  ids?: Array<string> | string | null | undefined;
}>;


export type MarcarNotificacionesLeidasMutation = { marcarNotificacionesLeidas: number };

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

export const NotificacionesCampanaDocument = new TypedDocumentString(`
    query NotificacionesCampana {
  notificaciones {
    id
    titulo
    mensaje
    creada
    leida
    severidad
    enlace
    alarma {
      id
      estado
      valor
      limite
      unidad
      origen
    }
  }
  calendarioPlanta {
    zona_horaria
  }
}
    `) as unknown as TypedDocumentString<NotificacionesCampanaQuery, NotificacionesCampanaQueryVariables>;
export const MarcarNotificacionesLeidasDocument = new TypedDocumentString(`
    mutation MarcarNotificacionesLeidas($ids: [ID!]) {
  marcarNotificacionesLeidas(ids: $ids)
}
    `) as unknown as TypedDocumentString<MarcarNotificacionesLeidasMutation, MarcarNotificacionesLeidasMutationVariables>;