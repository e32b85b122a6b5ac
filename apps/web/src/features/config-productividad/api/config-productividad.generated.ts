/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type * as Types from '../../../gql/types';

import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
/** One line's shift of guardarTurnosDia. */
export type TurnoDiaEntrada = {
  /** 0 to 24. */
  horas_productividad: number;
  /** The shift to update; omitted: a new shift. */
  id?: string | null | undefined;
  linea_id: string;
  /** The version read of an existing shift; a different stored version is a CONFLICT. */
  version?: number | null | undefined;
};

export type TurnosDiaInput = {
  /** At most one entry per line. */
  entradas: Array<TurnoDiaEntrada>;
  fecha: string;
};

export type TurnoCamposFragment = { id: string, fecha: string, horas_productividad: number, version: number, linea: { id: string, nombre: string, numero: number } };

export type ConfigProductividadLineasQueryVariables = Exact<{ [key: string]: never; }>;


export type ConfigProductividadLineasQuery = { lineas: Array<{ id: string, nombre: string, numero: number }> };

export type ConfigTurnosDiaQueryVariables = Exact<{
  fecha: string;
}>;


export type ConfigTurnosDiaQuery = { turnosDia: Array<{ id: string, fecha: string, horas_productividad: number, version: number, linea: { id: string, nombre: string, numero: number } }> };

export type ConfigTurnosQueryVariables = Exact<{ [key: string]: never; }>;


export type ConfigTurnosQuery = { turnos: Array<{ id: string, fecha: string, horas_productividad: number, version: number, linea: { id: string, nombre: string, numero: number } }> };

export type ConfigGuardarTurnosDiaMutationVariables = Exact<{
  input: Types.TurnosDiaInput;
}>;


export type ConfigGuardarTurnosDiaMutation = { guardarTurnosDia: Array<{ id: string, fecha: string, horas_productividad: number, version: number, linea: { id: string, nombre: string, numero: number } }> };

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
export const TurnoCamposFragmentDoc = new TypedDocumentString(`
    fragment TurnoCampos on Turno {
  id
  fecha
  horas_productividad
  version
  linea {
    id
    nombre
    numero
  }
}
    `, {"fragmentName":"TurnoCampos"}) as unknown as TypedDocumentString<TurnoCamposFragment, unknown>;
export const ConfigProductividadLineasDocument = new TypedDocumentString(`
    query ConfigProductividadLineas {
  lineas {
    id
    nombre
    numero
  }
}
    `) as unknown as TypedDocumentString<ConfigProductividadLineasQuery, ConfigProductividadLineasQueryVariables>;
export const ConfigTurnosDiaDocument = new TypedDocumentString(`
    query ConfigTurnosDia($fecha: Date!) {
  turnosDia(fecha: $fecha) {
    ...TurnoCampos
  }
}
    fragment TurnoCampos on Turno {
  id
  fecha
  horas_productividad
  version
  linea {
    id
    nombre
    numero
  }
}`) as unknown as TypedDocumentString<ConfigTurnosDiaQuery, ConfigTurnosDiaQueryVariables>;
export const ConfigTurnosDocument = new TypedDocumentString(`
    query ConfigTurnos {
  turnos {
    ...TurnoCampos
  }
}
    fragment TurnoCampos on Turno {
  id
  fecha
  horas_productividad
  version
  linea {
    id
    nombre
    numero
  }
}`) as unknown as TypedDocumentString<ConfigTurnosQuery, ConfigTurnosQueryVariables>;
export const ConfigGuardarTurnosDiaDocument = new TypedDocumentString(`
    mutation ConfigGuardarTurnosDia($input: TurnosDiaInput!) {
  guardarTurnosDia(input: $input) {
    ...TurnoCampos
  }
}
    fragment TurnoCampos on Turno {
  id
  fecha
  horas_productividad
  version
  linea {
    id
    nombre
    numero
  }
}`) as unknown as TypedDocumentString<ConfigGuardarTurnosDiaMutation, ConfigGuardarTurnosDiaMutationVariables>;