/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type * as Types from '../../../gql/types';

import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
export type ReglaNotificacionInput = {
  activa: boolean;
  canal_app: boolean;
  canal_email: boolean;
  condicion: string;
  /** VIVO: 1–1440 minutes (default 1). Ignored on DIARIO. */
  duracion_min?: number | null | undefined;
  fuente: string;
  /** Default 0. */
  histeresis?: number | null | undefined;
  /** Required when fuente is VIVO or PAROS. */
  linea_id?: string | null | undefined;
  nombre: string;
  roles_destino: Array<string>;
  /** Default AVISO. */
  severidad?: string | null | undefined;
  /** Required for UMBRAL_BAJO / UMBRAL_SOBRE and on PAROS (a whole number > 0). */
  umbral?: number | null | undefined;
  usuarios_destino: Array<string>;
  /** Required when fuente is DIARIO. */
  variable_id?: string | null | undefined;
  /** actualizarReglaNotificacion only: the version read (omitted: last write wins). */
  version?: number | null | undefined;
};

export type ReglaConfigFragment = { id: string, nombre: string, fuente: string, linea_id: string | null, linea_nombre: string | null, condicion: string, umbral: number | null, duracion_min: number, histeresis: number, severidad: string, roles_destino: Array<string>, canal_app: boolean, canal_email: boolean, activa: boolean, version: number, variable: { id: string, nombre: string, unidad: string, decimales: number, minimo: number | null, maximo: number | null } | null, usuarios_destino: Array<{ id: string, username: string, nombre: string }> };

export type AlarmaHistorialFragment = { id: string, regla_nombre: string, severidad: string, estado: string, origen: string, area: string | null, linea_id: string | null, unidad: string | null, fecha: string, inicio: string, valor: number, limite: number, enlace: string, reconocida_por: string | null, reconocida_at: string | null, comentario: string | null, normalizada_at: string | null };

export type ReglasNotificacionQueryVariables = Exact<{ [key: string]: never; }>;


export type ReglasNotificacionQuery = { reglasNotificacion: Array<{ id: string, nombre: string, fuente: string, linea_id: string | null, linea_nombre: string | null, condicion: string, umbral: number | null, duracion_min: number, histeresis: number, severidad: string, roles_destino: Array<string>, canal_app: boolean, canal_email: boolean, activa: boolean, version: number, variable: { id: string, nombre: string, unidad: string, decimales: number, minimo: number | null, maximo: number | null } | null, usuarios_destino: Array<{ id: string, username: string, nombre: string }> }> };

export type VariablesReglasQueryVariables = Exact<{ [key: string]: never; }>;


export type VariablesReglasQuery = { variables: Array<{ id: string, nombre: string, area: string, unidad: string, minimo: number | null, maximo: number | null }> };

export type LineasReglasQueryVariables = Exact<{ [key: string]: never; }>;


export type LineasReglasQuery = { lineas: Array<{ id: string, nombre: string, numero: number }> };

export type UsuariosReglasQueryVariables = Exact<{ [key: string]: never; }>;


export type UsuariosReglasQuery = { users: Array<{ id: string, name: string, username: string, deleted_at: string | null }> };

export type PreviaReglaNotificacionQueryVariables = Exact<{
  input: Types.ReglaNotificacionInput;
}>;


export type PreviaReglaNotificacionQuery = { previaReglaNotificacion: { desde: string, hasta: string, ocurrencias: number, dias: number, ejemplos: Array<{ inicio: string, fecha: string, valor: number, limite: number }> } };

export type AlarmasHistorialQueryVariables = Exact<{
  estado?: string | null | undefined;
  lineaId?: string | null | undefined;
  area?: string | null | undefined;
  desde?: string | null | undefined;
  hasta?: string | null | undefined;
  limit?: number | null | undefined;
  offset?: number | null | undefined;
}>;


export type AlarmasHistorialQuery = { alarmas: { total: number, alarmas: Array<{ id: string, regla_nombre: string, severidad: string, estado: string, origen: string, area: string | null, linea_id: string | null, unidad: string | null, fecha: string, inicio: string, valor: number, limite: number, enlace: string, reconocida_por: string | null, reconocida_at: string | null, comentario: string | null, normalizada_at: string | null }> } };

export type CrearReglaNotificacionMutationVariables = Exact<{
  input: Types.ReglaNotificacionInput;
}>;


export type CrearReglaNotificacionMutation = { crearReglaNotificacion: { id: string, nombre: string, fuente: string, linea_id: string | null, linea_nombre: string | null, condicion: string, umbral: number | null, duracion_min: number, histeresis: number, severidad: string, roles_destino: Array<string>, canal_app: boolean, canal_email: boolean, activa: boolean, version: number, variable: { id: string, nombre: string, unidad: string, decimales: number, minimo: number | null, maximo: number | null } | null, usuarios_destino: Array<{ id: string, username: string, nombre: string }> } };

export type ActualizarReglaNotificacionMutationVariables = Exact<{
  id: string;
  input: Types.ReglaNotificacionInput;
}>;


export type ActualizarReglaNotificacionMutation = { actualizarReglaNotificacion: { id: string, nombre: string, fuente: string, linea_id: string | null, linea_nombre: string | null, condicion: string, umbral: number | null, duracion_min: number, histeresis: number, severidad: string, roles_destino: Array<string>, canal_app: boolean, canal_email: boolean, activa: boolean, version: number, variable: { id: string, nombre: string, unidad: string, decimales: number, minimo: number | null, maximo: number | null } | null, usuarios_destino: Array<{ id: string, username: string, nombre: string }> } };

export type EliminarReglaNotificacionMutationVariables = Exact<{
  id: string;
  version?: number | null | undefined;
}>;


export type EliminarReglaNotificacionMutation = { eliminarReglaNotificacion: boolean };

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
export const ReglaConfigFragmentDoc = new TypedDocumentString(`
    fragment ReglaConfig on ReglaNotificacion {
  id
  nombre
  fuente
  variable {
    id
    nombre
    unidad
    decimales
    minimo
    maximo
  }
  linea_id
  linea_nombre
  condicion
  umbral
  duracion_min
  histeresis
  severidad
  roles_destino
  usuarios_destino {
    id
    username
    nombre
  }
  canal_app
  canal_email
  activa
  version
}
    `, {"fragmentName":"ReglaConfig"}) as unknown as TypedDocumentString<ReglaConfigFragment, unknown>;
export const AlarmaHistorialFragmentDoc = new TypedDocumentString(`
    fragment AlarmaHistorial on Alarma {
  id
  regla_nombre
  severidad
  estado
  origen
  area
  linea_id
  unidad
  fecha
  inicio
  valor
  limite
  enlace
  reconocida_por
  reconocida_at
  comentario
  normalizada_at
}
    `, {"fragmentName":"AlarmaHistorial"}) as unknown as TypedDocumentString<AlarmaHistorialFragment, unknown>;
export const ReglasNotificacionDocument = new TypedDocumentString(`
    query ReglasNotificacion {
  reglasNotificacion {
    ...ReglaConfig
  }
}
    fragment ReglaConfig on ReglaNotificacion {
  id
  nombre
  fuente
  variable {
    id
    nombre
    unidad
    decimales
    minimo
    maximo
  }
  linea_id
  linea_nombre
  condicion
  umbral
  duracion_min
  histeresis
  severidad
  roles_destino
  usuarios_destino {
    id
    username
    nombre
  }
  canal_app
  canal_email
  activa
  version
}`) as unknown as TypedDocumentString<ReglasNotificacionQuery, ReglasNotificacionQueryVariables>;
export const VariablesReglasDocument = new TypedDocumentString(`
    query VariablesReglas {
  variables {
    id
    nombre
    area
    unidad
    minimo
    maximo
  }
}
    `) as unknown as TypedDocumentString<VariablesReglasQuery, VariablesReglasQueryVariables>;
export const LineasReglasDocument = new TypedDocumentString(`
    query LineasReglas {
  lineas {
    id
    nombre
    numero
  }
}
    `) as unknown as TypedDocumentString<LineasReglasQuery, LineasReglasQueryVariables>;
export const UsuariosReglasDocument = new TypedDocumentString(`
    query UsuariosReglas {
  users {
    id
    name
    username
    deleted_at
  }
}
    `) as unknown as TypedDocumentString<UsuariosReglasQuery, UsuariosReglasQueryVariables>;
export const PreviaReglaNotificacionDocument = new TypedDocumentString(`
    query PreviaReglaNotificacion($input: ReglaNotificacionInput!) {
  previaReglaNotificacion(input: $input) {
    desde
    hasta
    ocurrencias
    dias
    ejemplos {
      inicio
      fecha
      valor
      limite
    }
  }
}
    `) as unknown as TypedDocumentString<PreviaReglaNotificacionQuery, PreviaReglaNotificacionQueryVariables>;
export const AlarmasHistorialDocument = new TypedDocumentString(`
    query AlarmasHistorial($estado: String, $lineaId: ID, $area: String, $desde: Date, $hasta: Date, $limit: Int, $offset: Int) {
  alarmas(
    estado: $estado
    linea_id: $lineaId
    area: $area
    desde: $desde
    hasta: $hasta
    limit: $limit
    offset: $offset
  ) {
    total
    alarmas {
      ...AlarmaHistorial
    }
  }
}
    fragment AlarmaHistorial on Alarma {
  id
  regla_nombre
  severidad
  estado
  origen
  area
  linea_id
  unidad
  fecha
  inicio
  valor
  limite
  enlace
  reconocida_por
  reconocida_at
  comentario
  normalizada_at
}`) as unknown as TypedDocumentString<AlarmasHistorialQuery, AlarmasHistorialQueryVariables>;
export const CrearReglaNotificacionDocument = new TypedDocumentString(`
    mutation CrearReglaNotificacion($input: ReglaNotificacionInput!) {
  crearReglaNotificacion(input: $input) {
    ...ReglaConfig
  }
}
    fragment ReglaConfig on ReglaNotificacion {
  id
  nombre
  fuente
  variable {
    id
    nombre
    unidad
    decimales
    minimo
    maximo
  }
  linea_id
  linea_nombre
  condicion
  umbral
  duracion_min
  histeresis
  severidad
  roles_destino
  usuarios_destino {
    id
    username
    nombre
  }
  canal_app
  canal_email
  activa
  version
}`) as unknown as TypedDocumentString<CrearReglaNotificacionMutation, CrearReglaNotificacionMutationVariables>;
export const ActualizarReglaNotificacionDocument = new TypedDocumentString(`
    mutation ActualizarReglaNotificacion($id: ID!, $input: ReglaNotificacionInput!) {
  actualizarReglaNotificacion(id: $id, input: $input) {
    ...ReglaConfig
  }
}
    fragment ReglaConfig on ReglaNotificacion {
  id
  nombre
  fuente
  variable {
    id
    nombre
    unidad
    decimales
    minimo
    maximo
  }
  linea_id
  linea_nombre
  condicion
  umbral
  duracion_min
  histeresis
  severidad
  roles_destino
  usuarios_destino {
    id
    username
    nombre
  }
  canal_app
  canal_email
  activa
  version
}`) as unknown as TypedDocumentString<ActualizarReglaNotificacionMutation, ActualizarReglaNotificacionMutationVariables>;
export const EliminarReglaNotificacionDocument = new TypedDocumentString(`
    mutation EliminarReglaNotificacion($id: ID!, $version: Int) {
  eliminarReglaNotificacion(id: $id, version: $version)
}
    `) as unknown as TypedDocumentString<EliminarReglaNotificacionMutation, EliminarReglaNotificacionMutationVariables>;