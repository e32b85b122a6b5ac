/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type * as Types from '../../gql/types';

import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
export type ReconocerAlarmaMutationVariables = Exact<{
  id: string;
  comentario: string;
}>;


export type ReconocerAlarmaMutation = { reconocerAlarma: { id: string, estado: string, reconocida_por: string | null, reconocida_at: string | null, comentario: string | null } };

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

export const ReconocerAlarmaDocument = new TypedDocumentString(`
    mutation ReconocerAlarma($id: ID!, $comentario: String!) {
  reconocerAlarma(id: $id, comentario: $comentario) {
    id
    estado
    reconocida_por
    reconocida_at
    comentario
  }
}
    `) as unknown as TypedDocumentString<ReconocerAlarmaMutation, ReconocerAlarmaMutationVariables>;