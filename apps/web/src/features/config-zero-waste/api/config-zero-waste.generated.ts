/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type * as Types from '../../../gql/types';

import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
export type ClasificacionInput = {
  aprovechable: boolean;
  /** Unique (case-insensitive), at most 120 characters. */
  descripcion: string;
};

export type ClasificacionUpdateInput = {
  aprovechable: boolean;
  descripcion: string;
  version?: number | null | undefined;
};

export type ProyeccionInput = {
  anio: number;
  aprovechables: number;
  clasificacion_id: string;
  no_aprovechables: number;
  /** The version read when the projection exists (CONFLICT when older). */
  version?: number | null | undefined;
  /** Projected zwl, percent 0–100. */
  zero_waste: number;
};

/** Every classification's kg of one month, saved together. */
export type ZeroWasteMesInput = {
  /** Any day of the month. */
  mes: string;
  /** At most one entry per classification. */
  registros: Array<ZeroWasteMesKgInput>;
};

/** kg of one classification in the month being saved. */
export type ZeroWasteMesKgInput = {
  clasificacion_id: string;
  /** kg ≥ 0. */
  kg: number;
  /** The version read (omitted for a classification the month had no kg of). */
  version?: number | null | undefined;
};

export type ClasificacionCamposFragment = { id: string, descripcion: string, aprovechable: boolean, version: number };

export type ConfigClasificacionesQueryVariables = Exact<{ [key: string]: never; }>;


export type ConfigClasificacionesQuery = { clasificaciones: Array<{ id: string, descripcion: string, aprovechable: boolean, version: number }> };

export type ConfigZeroWasteRegistrosQueryVariables = Exact<{
  mes: string;
}>;


export type ConfigZeroWasteRegistrosQuery = { zeroWasteRegistros: Array<{ id: string, mes: string, kg: number, version: number, clasificacion: { id: string } }> };

export type ConfigZeroWasteProyeccionQueryVariables = Exact<{
  anio: number;
}>;


export type ConfigZeroWasteProyeccionQuery = { zeroWasteProyeccion: Array<{ id: string, anio: number, aprovechables: number, no_aprovechables: number, zero_waste: number, version: number, clasificacion: { id: string, descripcion: string } }> };

export type CreateClasificacionMutationVariables = Exact<{
  input: Types.ClasificacionInput;
}>;


export type CreateClasificacionMutation = { createClasificacion: { id: string, descripcion: string, aprovechable: boolean, version: number } };

export type UpdateClasificacionMutationVariables = Exact<{
  id: string;
  input: Types.ClasificacionUpdateInput;
}>;


export type UpdateClasificacionMutation = { updateClasificacion: { id: string, descripcion: string, aprovechable: boolean, version: number } };

export type DeleteClasificacionMutationVariables = Exact<{
  id: string;
  version?: number | null | undefined;
}>;


export type DeleteClasificacionMutation = { deleteClasificacion: { id: string } };

export type GuardarZeroWasteMesMutationVariables = Exact<{
  input: Types.ZeroWasteMesInput;
}>;


export type GuardarZeroWasteMesMutation = { guardarZeroWasteMes: Array<{ id: string }> };

export type GuardarProyeccionMutationVariables = Exact<{
  input: Types.ProyeccionInput;
}>;


export type GuardarProyeccionMutation = { upsertProyeccion: { id: string, version: number } };

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
export const ClasificacionCamposFragmentDoc = new TypedDocumentString(`
    fragment ClasificacionCampos on Clasificacion {
  id
  descripcion
  aprovechable
  version
}
    `, {"fragmentName":"ClasificacionCampos"}) as unknown as TypedDocumentString<ClasificacionCamposFragment, unknown>;
export const ConfigClasificacionesDocument = new TypedDocumentString(`
    query ConfigClasificaciones {
  clasificaciones {
    ...ClasificacionCampos
  }
}
    fragment ClasificacionCampos on Clasificacion {
  id
  descripcion
  aprovechable
  version
}`) as unknown as TypedDocumentString<ConfigClasificacionesQuery, ConfigClasificacionesQueryVariables>;
export const ConfigZeroWasteRegistrosDocument = new TypedDocumentString(`
    query ConfigZeroWasteRegistros($mes: Date!) {
  zeroWasteRegistros(mes: $mes) {
    id
    mes
    kg
    version
    clasificacion {
      id
    }
  }
}
    `) as unknown as TypedDocumentString<ConfigZeroWasteRegistrosQuery, ConfigZeroWasteRegistrosQueryVariables>;
export const ConfigZeroWasteProyeccionDocument = new TypedDocumentString(`
    query ConfigZeroWasteProyeccion($anio: Int!) {
  zeroWasteProyeccion(anio: $anio) {
    id
    anio
    aprovechables
    no_aprovechables
    zero_waste
    version
    clasificacion {
      id
      descripcion
    }
  }
}
    `) as unknown as TypedDocumentString<ConfigZeroWasteProyeccionQuery, ConfigZeroWasteProyeccionQueryVariables>;
export const CreateClasificacionDocument = new TypedDocumentString(`
    mutation CreateClasificacion($input: ClasificacionInput!) {
  createClasificacion(input: $input) {
    ...ClasificacionCampos
  }
}
    fragment ClasificacionCampos on Clasificacion {
  id
  descripcion
  aprovechable
  version
}`) as unknown as TypedDocumentString<CreateClasificacionMutation, CreateClasificacionMutationVariables>;
export const UpdateClasificacionDocument = new TypedDocumentString(`
    mutation UpdateClasificacion($id: ID!, $input: ClasificacionUpdateInput!) {
  updateClasificacion(id: $id, input: $input) {
    ...ClasificacionCampos
  }
}
    fragment ClasificacionCampos on Clasificacion {
  id
  descripcion
  aprovechable
  version
}`) as unknown as TypedDocumentString<UpdateClasificacionMutation, UpdateClasificacionMutationVariables>;
export const DeleteClasificacionDocument = new TypedDocumentString(`
    mutation DeleteClasificacion($id: ID!, $version: Int) {
  deleteClasificacion(id: $id, version: $version) {
    id
  }
}
    `) as unknown as TypedDocumentString<DeleteClasificacionMutation, DeleteClasificacionMutationVariables>;
export const GuardarZeroWasteMesDocument = new TypedDocumentString(`
    mutation GuardarZeroWasteMes($input: ZeroWasteMesInput!) {
  guardarZeroWasteMes(input: $input) {
    id
  }
}
    `) as unknown as TypedDocumentString<GuardarZeroWasteMesMutation, GuardarZeroWasteMesMutationVariables>;
export const GuardarProyeccionDocument = new TypedDocumentString(`
    mutation GuardarProyeccion($input: ProyeccionInput!) {
  upsertProyeccion(input: $input) {
    id
    version
  }
}
    `) as unknown as TypedDocumentString<GuardarProyeccionMutation, GuardarProyeccionMutationVariables>;