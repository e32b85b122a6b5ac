/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type * as Types from '../../../gql/types';

import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
export type TurnoHorarioInput = {
  fin: string;
  /** HH:MM (00:00–23:59), on the quarter hour. */
  inicio: string;
  /** 1–40 characters, unique (case-insensitive). */
  nombre: string;
};

export type TurnoHorarioCamposFragment = { numero: number, nombre: string, inicio: string, fin: string, version: number };

export type ConfigTurnosHorarioQueryVariables = Exact<{ [key: string]: never; }>;


export type ConfigTurnosHorarioQuery = { turnosHorario: Array<{ numero: number, nombre: string, inicio: string, fin: string, version: number }> };

export type GuardarTurnosHorarioMutationVariables = Exact<{
  turnos: Array<Types.TurnoHorarioInput> | Types.TurnoHorarioInput;
  version?: number | null | undefined;
}>;


export type GuardarTurnosHorarioMutation = { guardarTurnosHorario: Array<{ numero: number, nombre: string, inicio: string, fin: string, version: number }> };

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
export const TurnoHorarioCamposFragmentDoc = new TypedDocumentString(`
    fragment TurnoHorarioCampos on TurnoHorario {
  numero
  nombre
  inicio
  fin
  version
}
    `, {"fragmentName":"TurnoHorarioCampos"}) as unknown as TypedDocumentString<TurnoHorarioCamposFragment, unknown>;
export const ConfigTurnosHorarioDocument = new TypedDocumentString(`
    query ConfigTurnosHorario {
  turnosHorario {
    ...TurnoHorarioCampos
  }
}
    fragment TurnoHorarioCampos on TurnoHorario {
  numero
  nombre
  inicio
  fin
  version
}`) as unknown as TypedDocumentString<ConfigTurnosHorarioQuery, ConfigTurnosHorarioQueryVariables>;
export const GuardarTurnosHorarioDocument = new TypedDocumentString(`
    mutation GuardarTurnosHorario($turnos: [TurnoHorarioInput!]!, $version: Int) {
  guardarTurnosHorario(turnos: $turnos, version: $version) {
    ...TurnoHorarioCampos
  }
}
    fragment TurnoHorarioCampos on TurnoHorario {
  numero
  nombre
  inicio
  fin
  version
}`) as unknown as TypedDocumentString<GuardarTurnosHorarioMutation, GuardarTurnosHorarioMutationVariables>;