/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type * as Types from '../../../gql/types';

import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
export type PlanAnualInput = {
  anio: number;
  /** 1 to 12 months, each at most once. */
  meses: Array<PlanMesInput>;
  variable_id: string;
};

/** One month of guardarPlanAnual. */
export type PlanMesInput = {
  aop: number;
  /** 1 (January) to 12. */
  mes: number;
  /** Omitted: a new month takes the aop; an existing month keeps its negociado. */
  negociado?: number | null | undefined;
  /** The version read of an existing month; a different stored version (or the month deleted) is a CONFLICT. */
  version?: number | null | undefined;
};

export type PlanificacionInput = {
  aop: number;
  /** Any day of the month; stored as the first day of that month. */
  fecha: string;
  negociado: number;
  variable_id: string;
  /** updatePlanificacion only: the version read; a different stored version is a CONFLICT (omitted: last write wins). */
  version?: number | null | undefined;
};

export type PlanCamposFragment = { id: string, fecha: string, negociado: number, aop: number, version: number, variable: { id: string, nombre: string } };

export type ConfigPlanificacionesQueryVariables = Exact<{ [key: string]: never; }>;


export type ConfigPlanificacionesQuery = { planificaciones: Array<{ id: string, fecha: string, negociado: number, aop: number, version: number, variable: { id: string, nombre: string } }> };

export type ConfigPlanVariablesQueryVariables = Exact<{ [key: string]: never; }>;


export type ConfigPlanVariablesQuery = { variables: Array<{ id: string, nombre: string, unidad: string }> };

export type ConfigCreatePlanificacionMutationVariables = Exact<{
  input: Types.PlanificacionInput;
}>;


export type ConfigCreatePlanificacionMutation = { createPlanificacion: { id: string, fecha: string, negociado: number, aop: number, version: number, variable: { id: string, nombre: string } } };

export type ConfigUpdatePlanificacionMutationVariables = Exact<{
  id: string;
  input: Types.PlanificacionInput;
}>;


export type ConfigUpdatePlanificacionMutation = { updatePlanificacion: { id: string, fecha: string, negociado: number, aop: number, version: number, variable: { id: string, nombre: string } } };

export type ConfigDeletePlanificacionMutationVariables = Exact<{
  id: string;
  version?: number | null | undefined;
}>;


export type ConfigDeletePlanificacionMutation = { deletePlanificacion: { id: string } };

export type ConfigGuardarPlanAnualMutationVariables = Exact<{
  input: Types.PlanAnualInput;
}>;


export type ConfigGuardarPlanAnualMutation = { guardarPlanAnual: Array<{ id: string, fecha: string, negociado: number, aop: number, version: number, variable: { id: string, nombre: string } }> };

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
export const PlanCamposFragmentDoc = new TypedDocumentString(`
    fragment PlanCampos on Planificacion {
  id
  fecha
  negociado
  aop
  version
  variable {
    id
    nombre
  }
}
    `, {"fragmentName":"PlanCampos"}) as unknown as TypedDocumentString<PlanCamposFragment, unknown>;
export const ConfigPlanificacionesDocument = new TypedDocumentString(`
    query ConfigPlanificaciones {
  planificaciones {
    ...PlanCampos
  }
}
    fragment PlanCampos on Planificacion {
  id
  fecha
  negociado
  aop
  version
  variable {
    id
    nombre
  }
}`) as unknown as TypedDocumentString<ConfigPlanificacionesQuery, ConfigPlanificacionesQueryVariables>;
export const ConfigPlanVariablesDocument = new TypedDocumentString(`
    query ConfigPlanVariables {
  variables {
    id
    nombre
    unidad
  }
}
    `) as unknown as TypedDocumentString<ConfigPlanVariablesQuery, ConfigPlanVariablesQueryVariables>;
export const ConfigCreatePlanificacionDocument = new TypedDocumentString(`
    mutation ConfigCreatePlanificacion($input: PlanificacionInput!) {
  createPlanificacion(input: $input) {
    ...PlanCampos
  }
}
    fragment PlanCampos on Planificacion {
  id
  fecha
  negociado
  aop
  version
  variable {
    id
    nombre
  }
}`) as unknown as TypedDocumentString<ConfigCreatePlanificacionMutation, ConfigCreatePlanificacionMutationVariables>;
export const ConfigUpdatePlanificacionDocument = new TypedDocumentString(`
    mutation ConfigUpdatePlanificacion($id: ID!, $input: PlanificacionInput!) {
  updatePlanificacion(id: $id, input: $input) {
    ...PlanCampos
  }
}
    fragment PlanCampos on Planificacion {
  id
  fecha
  negociado
  aop
  version
  variable {
    id
    nombre
  }
}`) as unknown as TypedDocumentString<ConfigUpdatePlanificacionMutation, ConfigUpdatePlanificacionMutationVariables>;
export const ConfigDeletePlanificacionDocument = new TypedDocumentString(`
    mutation ConfigDeletePlanificacion($id: ID!, $version: Int) {
  deletePlanificacion(id: $id, version: $version) {
    id
  }
}
    `) as unknown as TypedDocumentString<ConfigDeletePlanificacionMutation, ConfigDeletePlanificacionMutationVariables>;
export const ConfigGuardarPlanAnualDocument = new TypedDocumentString(`
    mutation ConfigGuardarPlanAnual($input: PlanAnualInput!) {
  guardarPlanAnual(input: $input) {
    ...PlanCampos
  }
}
    fragment PlanCampos on Planificacion {
  id
  fecha
  negociado
  aop
  version
  variable {
    id
    nombre
  }
}`) as unknown as TypedDocumentString<ConfigGuardarPlanAnualMutation, ConfigGuardarPlanAnualMutationVariables>;