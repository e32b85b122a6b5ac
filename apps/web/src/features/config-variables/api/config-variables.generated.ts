/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type * as Types from '../../../gql/types';

import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
/** How a variable's mensual and anual derive from diario. */
export type AgregacionVariable =
  /** Ratio of sums when the days carry numerador/denominador, else the mean. */
  | 'PROMEDIO'
  /** Month-to-date and year-to-date sums. */
  | 'SUMA'
  /** The day's own value. */
  | 'ULTIMO';

/**
 * A day's value entered by hand: diario becomes manual (diario_manual), derivations from readings
 * never overwrite it.
 */
export type CreateHistoricoInput = {
  /** Derived from diario when not given; when given it is kept as entered (anual_manual) whatever is written later. */
  anual?: number | null | undefined;
  diario: number;
  fecha: string;
  /** Derived from diario when not given; when given it is kept as entered (mensual_manual) whatever is written later. */
  mensual?: number | null | undefined;
  meta?: number | null | undefined;
  variable_id: string;
};

/** A variable's editable fields (configuration). Its OPC node id is set on the lineas/OPC screen. */
export type CreateVariableInput = {
  agregacion: AgregacionVariable;
  area: string;
  /** 0 to 6. */
  decimales: number;
  /** MANUAL when not given. */
  fuente?: FuenteVariable | null | undefined;
  linea_id?: string | null | undefined;
  /** At least minimo when both are given. */
  maximo?: number | null | undefined;
  /** True when not given. */
  mayor_es_mejor?: boolean | null | undefined;
  minimo?: number | null | undefined;
  /** INDIVIDUAL requires linea_id. */
  nivel: NivelVariable;
  /** Unique (case-insensitive): CONFLICT 'Ya existe una variable con ese nombre'. */
  nombre: string;
  unidad: string;
};

export type FuenteVariable =
  | 'CALCULADA'
  | 'MANUAL'
  | 'OPC';

export type NivelVariable =
  | 'GLOBAL'
  | 'INDIVIDUAL';

/**
 * Replaces a day's values; diario becomes manual. mensual and anual become manual (kept as entered
 * when other days are written later) only when the value sent differs from the stored one, so a form
 * that re-sends the derived figures keeps them derived; one already manual stays manual unless
 * mensual_calculado / anual_calculado is true.
 */
export type UpdateHistoricoInput = {
  anual: number;
  /** True: anual is derived again from diario (the value sent is ignored) and stops being manual. */
  anual_calculado?: boolean | null | undefined;
  diario: number;
  fecha: string;
  mensual: number;
  /** True: mensual is derived again from diario (the value sent is ignored) and stops being manual. */
  mensual_calculado?: boolean | null | undefined;
  meta: number;
  /** The version as read (CONFLICT when another save came first). Optional for API clients; the web always sends it. */
  version?: number | null | undefined;
};

export type UpdateVariableInput = {
  agregacion: AgregacionVariable;
  area: string;
  decimales: number;
  fuente?: FuenteVariable | null | undefined;
  linea_id?: string | null | undefined;
  maximo?: number | null | undefined;
  mayor_es_mejor?: boolean | null | undefined;
  minimo?: number | null | undefined;
  nivel: NivelVariable;
  nombre: string;
  unidad: string;
  /** The version as read (CONFLICT when another save came first). Optional for API clients. */
  version?: number | null | undefined;
};

export type UpsertMetaInput = {
  fecha: string;
  valor: number;
  variable_id: string;
  /** When the variable already has a meta on that date: its version as read (CONFLICT when older). Optional. */
  version?: number | null | undefined;
};

export type VariableConfigFragment = { id: string, nombre: string, estado: number, nivel: Types.NivelVariable, minimo: number | null, maximo: number | null, area: string, unidad: string, agregacion: Types.AgregacionVariable, fuente: Types.FuenteVariable, decimales: number, opc_node_id: string | null, mayor_es_mejor: boolean, version: number, linea: { id: string, nombre: string } | null };

export type HistoricoConfigFragment = { id: string, fecha: string, diario: number, mensual: number | null, anual: number | null, meta: number | null, diario_manual: boolean, mensual_manual: boolean, anual_manual: boolean, version: number };

export type MetaConfigFragment = { id: string, fecha: string, valor: number, version: number };

export type VariablesConfiguracionQueryVariables = Exact<{ [key: string]: never; }>;


export type VariablesConfiguracionQuery = { variablesConfiguracion: Array<{ id: string, nombre: string, estado: number, nivel: Types.NivelVariable, minimo: number | null, maximo: number | null, area: string, unidad: string, agregacion: Types.AgregacionVariable, fuente: Types.FuenteVariable, decimales: number, opc_node_id: string | null, mayor_es_mejor: boolean, version: number, linea: { id: string, nombre: string } | null }> };

export type LineasConfigVariablesQueryVariables = Exact<{ [key: string]: never; }>;


export type LineasConfigVariablesQuery = { lineas: Array<{ id: string, nombre: string, numero: number }> };

export type HistoricosSemanaQueryVariables = Exact<{
  ids: Array<string> | string;
  desde: string;
  hasta: string;
}>;


export type HistoricosSemanaQuery = { historicosVariables: Array<{ id: string, fecha: string, diario: number, mensual: number | null, anual: number | null, meta: number | null, diario_manual: boolean, mensual_manual: boolean, anual_manual: boolean, version: number }> };

export type MetasVariableQueryVariables = Exact<{
  anio: number;
  variableId: string;
}>;


export type MetasVariableQuery = { metas: Array<{ id: string, fecha: string, valor: number, version: number }> };

export type CreateVariableMutationVariables = Exact<{
  input: Types.CreateVariableInput;
}>;


export type CreateVariableMutation = { createVariable: { id: string, nombre: string, estado: number, nivel: Types.NivelVariable, minimo: number | null, maximo: number | null, area: string, unidad: string, agregacion: Types.AgregacionVariable, fuente: Types.FuenteVariable, decimales: number, opc_node_id: string | null, mayor_es_mejor: boolean, version: number, linea: { id: string, nombre: string } | null } };

export type UpdateVariableMutationVariables = Exact<{
  id: string;
  input: Types.UpdateVariableInput;
}>;


export type UpdateVariableMutation = { updateVariable: { id: string, nombre: string, estado: number, nivel: Types.NivelVariable, minimo: number | null, maximo: number | null, area: string, unidad: string, agregacion: Types.AgregacionVariable, fuente: Types.FuenteVariable, decimales: number, opc_node_id: string | null, mayor_es_mejor: boolean, version: number, linea: { id: string, nombre: string } | null } };

export type CambiarEstadoVariableMutationVariables = Exact<{
  id: string;
  estado: number;
  version?: number | null | undefined;
}>;


export type CambiarEstadoVariableMutation = { cambiarEstadoVariable: { id: string, nombre: string, estado: number, nivel: Types.NivelVariable, minimo: number | null, maximo: number | null, area: string, unidad: string, agregacion: Types.AgregacionVariable, fuente: Types.FuenteVariable, decimales: number, opc_node_id: string | null, mayor_es_mejor: boolean, version: number, linea: { id: string, nombre: string } | null } };

export type CreateHistoricoConfigMutationVariables = Exact<{
  input: Types.CreateHistoricoInput;
}>;


export type CreateHistoricoConfigMutation = { createHistorico: { id: string, fecha: string, diario: number, mensual: number | null, anual: number | null, meta: number | null, diario_manual: boolean, mensual_manual: boolean, anual_manual: boolean, version: number } };

export type UpdateHistoricoConfigMutationVariables = Exact<{
  id: string;
  input: Types.UpdateHistoricoInput;
}>;


export type UpdateHistoricoConfigMutation = { updateHistorico: { id: string, fecha: string, diario: number, mensual: number | null, anual: number | null, meta: number | null, diario_manual: boolean, mensual_manual: boolean, anual_manual: boolean, version: number } };

export type UpsertMetaConfigMutationVariables = Exact<{
  input: Types.UpsertMetaInput;
}>;


export type UpsertMetaConfigMutation = { upsertMeta: { id: string, fecha: string, valor: number, version: number } };

export type DeleteMetaMutationVariables = Exact<{
  id: string;
  version?: number | null | undefined;
}>;


export type DeleteMetaMutation = { deleteMeta: { id: string, fecha: string, valor: number, version: number } };

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
export const VariableConfigFragmentDoc = new TypedDocumentString(`
    fragment VariableConfig on Variable {
  id
  nombre
  estado
  nivel
  minimo
  maximo
  area
  unidad
  agregacion
  fuente
  decimales
  opc_node_id
  mayor_es_mejor
  version
  linea {
    id
    nombre
  }
}
    `, {"fragmentName":"VariableConfig"}) as unknown as TypedDocumentString<VariableConfigFragment, unknown>;
export const HistoricoConfigFragmentDoc = new TypedDocumentString(`
    fragment HistoricoConfig on Historico {
  id
  fecha
  diario
  mensual
  anual
  meta
  diario_manual
  mensual_manual
  anual_manual
  version
}
    `, {"fragmentName":"HistoricoConfig"}) as unknown as TypedDocumentString<HistoricoConfigFragment, unknown>;
export const MetaConfigFragmentDoc = new TypedDocumentString(`
    fragment MetaConfig on Meta {
  id
  fecha
  valor
  version
}
    `, {"fragmentName":"MetaConfig"}) as unknown as TypedDocumentString<MetaConfigFragment, unknown>;
export const VariablesConfiguracionDocument = new TypedDocumentString(`
    query VariablesConfiguracion {
  variablesConfiguracion {
    ...VariableConfig
  }
}
    fragment VariableConfig on Variable {
  id
  nombre
  estado
  nivel
  minimo
  maximo
  area
  unidad
  agregacion
  fuente
  decimales
  opc_node_id
  mayor_es_mejor
  version
  linea {
    id
    nombre
  }
}`) as unknown as TypedDocumentString<VariablesConfiguracionQuery, VariablesConfiguracionQueryVariables>;
export const LineasConfigVariablesDocument = new TypedDocumentString(`
    query LineasConfigVariables {
  lineas {
    id
    nombre
    numero
  }
}
    `) as unknown as TypedDocumentString<LineasConfigVariablesQuery, LineasConfigVariablesQueryVariables>;
export const HistoricosSemanaDocument = new TypedDocumentString(`
    query HistoricosSemana($ids: [ID!]!, $desde: Date!, $hasta: Date!) {
  historicosVariables(ids: $ids, desde: $desde, hasta: $hasta) {
    ...HistoricoConfig
  }
}
    fragment HistoricoConfig on Historico {
  id
  fecha
  diario
  mensual
  anual
  meta
  diario_manual
  mensual_manual
  anual_manual
  version
}`) as unknown as TypedDocumentString<HistoricosSemanaQuery, HistoricosSemanaQueryVariables>;
export const MetasVariableDocument = new TypedDocumentString(`
    query MetasVariable($anio: Int!, $variableId: ID!) {
  metas(anio: $anio, variable_id: $variableId) {
    ...MetaConfig
  }
}
    fragment MetaConfig on Meta {
  id
  fecha
  valor
  version
}`) as unknown as TypedDocumentString<MetasVariableQuery, MetasVariableQueryVariables>;
export const CreateVariableDocument = new TypedDocumentString(`
    mutation CreateVariable($input: CreateVariableInput!) {
  createVariable(input: $input) {
    ...VariableConfig
  }
}
    fragment VariableConfig on Variable {
  id
  nombre
  estado
  nivel
  minimo
  maximo
  area
  unidad
  agregacion
  fuente
  decimales
  opc_node_id
  mayor_es_mejor
  version
  linea {
    id
    nombre
  }
}`) as unknown as TypedDocumentString<CreateVariableMutation, CreateVariableMutationVariables>;
export const UpdateVariableDocument = new TypedDocumentString(`
    mutation UpdateVariable($id: ID!, $input: UpdateVariableInput!) {
  updateVariable(id: $id, input: $input) {
    ...VariableConfig
  }
}
    fragment VariableConfig on Variable {
  id
  nombre
  estado
  nivel
  minimo
  maximo
  area
  unidad
  agregacion
  fuente
  decimales
  opc_node_id
  mayor_es_mejor
  version
  linea {
    id
    nombre
  }
}`) as unknown as TypedDocumentString<UpdateVariableMutation, UpdateVariableMutationVariables>;
export const CambiarEstadoVariableDocument = new TypedDocumentString(`
    mutation CambiarEstadoVariable($id: ID!, $estado: Int!, $version: Int) {
  cambiarEstadoVariable(id: $id, estado: $estado, version: $version) {
    ...VariableConfig
  }
}
    fragment VariableConfig on Variable {
  id
  nombre
  estado
  nivel
  minimo
  maximo
  area
  unidad
  agregacion
  fuente
  decimales
  opc_node_id
  mayor_es_mejor
  version
  linea {
    id
    nombre
  }
}`) as unknown as TypedDocumentString<CambiarEstadoVariableMutation, CambiarEstadoVariableMutationVariables>;
export const CreateHistoricoConfigDocument = new TypedDocumentString(`
    mutation CreateHistoricoConfig($input: CreateHistoricoInput!) {
  createHistorico(input: $input) {
    ...HistoricoConfig
  }
}
    fragment HistoricoConfig on Historico {
  id
  fecha
  diario
  mensual
  anual
  meta
  diario_manual
  mensual_manual
  anual_manual
  version
}`) as unknown as TypedDocumentString<CreateHistoricoConfigMutation, CreateHistoricoConfigMutationVariables>;
export const UpdateHistoricoConfigDocument = new TypedDocumentString(`
    mutation UpdateHistoricoConfig($id: ID!, $input: UpdateHistoricoInput!) {
  updateHistorico(id: $id, input: $input) {
    ...HistoricoConfig
  }
}
    fragment HistoricoConfig on Historico {
  id
  fecha
  diario
  mensual
  anual
  meta
  diario_manual
  mensual_manual
  anual_manual
  version
}`) as unknown as TypedDocumentString<UpdateHistoricoConfigMutation, UpdateHistoricoConfigMutationVariables>;
export const UpsertMetaConfigDocument = new TypedDocumentString(`
    mutation UpsertMetaConfig($input: UpsertMetaInput!) {
  upsertMeta(input: $input) {
    ...MetaConfig
  }
}
    fragment MetaConfig on Meta {
  id
  fecha
  valor
  version
}`) as unknown as TypedDocumentString<UpsertMetaConfigMutation, UpsertMetaConfigMutationVariables>;
export const DeleteMetaDocument = new TypedDocumentString(`
    mutation DeleteMeta($id: ID!, $version: Int) {
  deleteMeta(id: $id, version: $version) {
    ...MetaConfig
  }
}
    fragment MetaConfig on Meta {
  id
  fecha
  valor
  version
}`) as unknown as TypedDocumentString<DeleteMetaMutation, DeleteMetaMutationVariables>;