/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type * as Types from '../../../gql/types';

import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
export type EnvioCorreoFilaFragment = { id: string, destinatario: string, asunto: string, estado: string, intentos: number, proximo_intento: string | null, ultimo_error: string | null, creado: string, enviado: string | null };

export type EnviosCorreoQueryVariables = Exact<{
  estado?: string | null | undefined;
  limit?: number | null | undefined;
}>;


export type EnviosCorreoQuery = { enviosCorreo: Array<{ id: string, destinatario: string, asunto: string, estado: string, intentos: number, proximo_intento: string | null, ultimo_error: string | null, creado: string, enviado: string | null }>, fallidos: Array<{ id: string }> };

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
export const EnvioCorreoFilaFragmentDoc = new TypedDocumentString(`
    fragment EnvioCorreoFila on EnvioCorreo {
  id
  destinatario
  asunto
  estado
  intentos
  proximo_intento
  ultimo_error
  creado
  enviado
}
    `, {"fragmentName":"EnvioCorreoFila"}) as unknown as TypedDocumentString<EnvioCorreoFilaFragment, unknown>;
export const EnviosCorreoDocument = new TypedDocumentString(`
    query EnviosCorreo($estado: String, $limit: Int) {
  enviosCorreo(estado: $estado, limit: $limit) {
    ...EnvioCorreoFila
  }
  fallidos: enviosCorreo(estado: "FALLIDO", limit: 200) {
    id
  }
}
    fragment EnvioCorreoFila on EnvioCorreo {
  id
  destinatario
  asunto
  estado
  intentos
  proximo_intento
  ultimo_error
  creado
  enviado
}`) as unknown as TypedDocumentString<EnviosCorreoQuery, EnviosCorreoQueryVariables>;