/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type * as Types from '../../../gql/types';

import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
export type MttrMttfManualInput = {
  /** Production day (08:00 → 08:00), not in the future. */
  fecha: string;
  linea_id: string;
  /** Minutes, 0–1440. */
  mttf: number;
  /** Minutes, 0–1440. */
  mttr: number;
  /** Required semantics as elsewhere: omitted on create; on update the version read. */
  version?: number | null | undefined;
};

export type ParoInput = {
  causa: string;
  equipo: string;
  /** After inicio, not in the future, at most 24 h after inicio. */
  fin: string;
  inicio: string;
  linea_id: string;
  tipo: TipoParo;
};

export type ParoUpdateInput = {
  causa: string;
  equipo: string;
  fin: string;
  inicio: string;
  linea_id: string;
  tipo: TipoParo;
  /** The version read (the web always sends it); an older one than the stored gets CONFLICT. */
  version?: number | null | undefined;
};

/** What kind of stop a paro is: FALLA (failure: MTTR/MTTF), MICROPARO, CAMBIO_FORMATO, CIP and PLANIFICADO (planned). */
export type TipoParo =
  | 'CAMBIO_FORMATO'
  | 'CIP'
  | 'FALLA'
  | 'MICROPARO'
  | 'PLANIFICADO';

export type ParoCamposFragment = { id: string, linea_id: string, linea: number, linea_nombre: string, inicio: string, fin: string | null, minutos: number, equipo: string, causa: string, tipo: Types.TipoParo, version: number };

export type MttrMttfManualCamposFragment = { linea_id: string, linea: number, linea_nombre: string, fecha: string, mttr: number, mttf: number, version: number };

export type ConfigParosLineasQueryVariables = Exact<{ [key: string]: never; }>;


export type ConfigParosLineasQuery = { lineas: Array<{ id: string, nombre: string, numero: number }> };

export type ConfigParosQueryVariables = Exact<{
  desde: string;
  hasta: string;
  lineaId?: string | null | undefined;
  pagina?: number | null | undefined;
  porPagina?: number | null | undefined;
}>;


export type ConfigParosQuery = { paros: { total: number, items: Array<{ id: string, linea_id: string, linea: number, linea_nombre: string, inicio: string, fin: string | null, minutos: number, equipo: string, causa: string, tipo: Types.TipoParo, version: number }> } };

export type ConfigMttrMttfManualesQueryVariables = Exact<{
  desde: string;
  hasta: string;
}>;


export type ConfigMttrMttfManualesQuery = { mttrMttfManuales: Array<{ linea_id: string, linea: number, linea_nombre: string, fecha: string, mttr: number, mttf: number, version: number }> };

export type CreateParoMutationVariables = Exact<{
  input: Types.ParoInput;
}>;


export type CreateParoMutation = { createParo: { id: string, linea_id: string, linea: number, linea_nombre: string, inicio: string, fin: string | null, minutos: number, equipo: string, causa: string, tipo: Types.TipoParo, version: number } };

export type UpdateParoMutationVariables = Exact<{
  id: string;
  input: Types.ParoUpdateInput;
}>;


export type UpdateParoMutation = { updateParo: { id: string, linea_id: string, linea: number, linea_nombre: string, inicio: string, fin: string | null, minutos: number, equipo: string, causa: string, tipo: Types.TipoParo, version: number } };

export type DeleteParoMutationVariables = Exact<{
  id: string;
  version?: number | null | undefined;
}>;


export type DeleteParoMutation = { deleteParo: { id: string } };

export type CreateMttrMttfManualMutationVariables = Exact<{
  input: Types.MttrMttfManualInput;
}>;


export type CreateMttrMttfManualMutation = { createMttrMttfManual: { linea_id: string, linea: number, linea_nombre: string, fecha: string, mttr: number, mttf: number, version: number } };

export type UpdateMttrMttfManualMutationVariables = Exact<{
  input: Types.MttrMttfManualInput;
}>;


export type UpdateMttrMttfManualMutation = { updateMttrMttfManual: { linea_id: string, linea: number, linea_nombre: string, fecha: string, mttr: number, mttf: number, version: number } };

export type DeleteMttrMttfManualMutationVariables = Exact<{
  lineaId: string;
  fecha: string;
  version?: number | null | undefined;
}>;


export type DeleteMttrMttfManualMutation = { deleteMttrMttfManual: { fecha: string } };

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
export const ParoCamposFragmentDoc = new TypedDocumentString(`
    fragment ParoCampos on Paro {
  id
  linea_id
  linea
  linea_nombre
  inicio
  fin
  minutos
  equipo
  causa
  tipo
  version
}
    `, {"fragmentName":"ParoCampos"}) as unknown as TypedDocumentString<ParoCamposFragment, unknown>;
export const MttrMttfManualCamposFragmentDoc = new TypedDocumentString(`
    fragment MttrMttfManualCampos on MttrMttfManual {
  linea_id
  linea
  linea_nombre
  fecha
  mttr
  mttf
  version
}
    `, {"fragmentName":"MttrMttfManualCampos"}) as unknown as TypedDocumentString<MttrMttfManualCamposFragment, unknown>;
export const ConfigParosLineasDocument = new TypedDocumentString(`
    query ConfigParosLineas {
  lineas {
    id
    nombre
    numero
  }
}
    `) as unknown as TypedDocumentString<ConfigParosLineasQuery, ConfigParosLineasQueryVariables>;
export const ConfigParosDocument = new TypedDocumentString(`
    query ConfigParos($desde: Date!, $hasta: Date!, $lineaId: ID, $pagina: Int, $porPagina: Int) {
  paros(
    desde: $desde
    hasta: $hasta
    linea_id: $lineaId
    pagina: $pagina
    por_pagina: $porPagina
  ) {
    total
    items {
      ...ParoCampos
    }
  }
}
    fragment ParoCampos on Paro {
  id
  linea_id
  linea
  linea_nombre
  inicio
  fin
  minutos
  equipo
  causa
  tipo
  version
}`) as unknown as TypedDocumentString<ConfigParosQuery, ConfigParosQueryVariables>;
export const ConfigMttrMttfManualesDocument = new TypedDocumentString(`
    query ConfigMttrMttfManuales($desde: Date!, $hasta: Date!) {
  mttrMttfManuales(desde: $desde, hasta: $hasta) {
    ...MttrMttfManualCampos
  }
}
    fragment MttrMttfManualCampos on MttrMttfManual {
  linea_id
  linea
  linea_nombre
  fecha
  mttr
  mttf
  version
}`) as unknown as TypedDocumentString<ConfigMttrMttfManualesQuery, ConfigMttrMttfManualesQueryVariables>;
export const CreateParoDocument = new TypedDocumentString(`
    mutation CreateParo($input: ParoInput!) {
  createParo(input: $input) {
    ...ParoCampos
  }
}
    fragment ParoCampos on Paro {
  id
  linea_id
  linea
  linea_nombre
  inicio
  fin
  minutos
  equipo
  causa
  tipo
  version
}`) as unknown as TypedDocumentString<CreateParoMutation, CreateParoMutationVariables>;
export const UpdateParoDocument = new TypedDocumentString(`
    mutation UpdateParo($id: ID!, $input: ParoUpdateInput!) {
  updateParo(id: $id, input: $input) {
    ...ParoCampos
  }
}
    fragment ParoCampos on Paro {
  id
  linea_id
  linea
  linea_nombre
  inicio
  fin
  minutos
  equipo
  causa
  tipo
  version
}`) as unknown as TypedDocumentString<UpdateParoMutation, UpdateParoMutationVariables>;
export const DeleteParoDocument = new TypedDocumentString(`
    mutation DeleteParo($id: ID!, $version: Int) {
  deleteParo(id: $id, version: $version) {
    id
  }
}
    `) as unknown as TypedDocumentString<DeleteParoMutation, DeleteParoMutationVariables>;
export const CreateMttrMttfManualDocument = new TypedDocumentString(`
    mutation CreateMttrMttfManual($input: MttrMttfManualInput!) {
  createMttrMttfManual(input: $input) {
    ...MttrMttfManualCampos
  }
}
    fragment MttrMttfManualCampos on MttrMttfManual {
  linea_id
  linea
  linea_nombre
  fecha
  mttr
  mttf
  version
}`) as unknown as TypedDocumentString<CreateMttrMttfManualMutation, CreateMttrMttfManualMutationVariables>;
export const UpdateMttrMttfManualDocument = new TypedDocumentString(`
    mutation UpdateMttrMttfManual($input: MttrMttfManualInput!) {
  updateMttrMttfManual(input: $input) {
    ...MttrMttfManualCampos
  }
}
    fragment MttrMttfManualCampos on MttrMttfManual {
  linea_id
  linea
  linea_nombre
  fecha
  mttr
  mttf
  version
}`) as unknown as TypedDocumentString<UpdateMttrMttfManualMutation, UpdateMttrMttfManualMutationVariables>;
export const DeleteMttrMttfManualDocument = new TypedDocumentString(`
    mutation DeleteMttrMttfManual($lineaId: ID!, $fecha: Date!, $version: Int) {
  deleteMttrMttfManual(linea_id: $lineaId, fecha: $fecha, version: $version) {
    fecha
  }
}
    `) as unknown as TypedDocumentString<DeleteMttrMttfManualMutation, DeleteMttrMttfManualMutationVariables>;