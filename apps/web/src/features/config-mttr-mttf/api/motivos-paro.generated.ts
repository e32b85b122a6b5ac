/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type * as Types from '../../../gql/types';

import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
export type CategoriaParoInput = {
  nombre: string;
  /** Update only: the version read; a different stored version is a CONFLICT (omitted: last write wins). */
  version?: number | null | undefined;
};

/**
 * The loss class of a stop reason (DOMAIN "Stops and losses": ISO 22400-2 and Nakajima's six big
 * losses). PLANIFICADO (CIP, planned maintenance, no orders, breaks) leaves planned busy time; FALLA
 * and CAMBIO_FORMATO cost availability, MICROPARO and VELOCIDAD performance, CALIDAD and ARRANQUE
 * quality.
 */
export type ClasePerdida =
  | 'ARRANQUE'
  | 'CALIDAD'
  | 'CAMBIO_FORMATO'
  | 'FALLA'
  | 'MICROPARO'
  | 'PLANIFICADO'
  | 'VELOCIDAD';

export type MotivoParoInput = {
  categoria_id: string;
  clase: ClasePerdida;
  /** Omitted or empty: none. At most 50, each 1–65535, no repeats. */
  codigos_falla?: Array<number> | null | undefined;
  /** Production lines (not the plant); omitted or empty: every line. */
  linea_ids?: Array<string> | null | undefined;
  nombre: string;
  /** Update only: the version read. */
  version?: number | null | undefined;
};

export type MotivoParoCamposFragment = { id: string, nombre: string, categoria_id: string, categoria: string, clase: Types.ClasePerdida, linea_ids: Array<string>, codigos_falla: Array<number>, version: number };

export type CategoriaParoCamposFragment = { id: string, nombre: string, version: number, motivos: Array<{ id: string, nombre: string, categoria_id: string, categoria: string, clase: Types.ClasePerdida, linea_ids: Array<string>, codigos_falla: Array<number>, version: number }> };

export type UmbralMicroparoCamposFragment = { linea_id: string, linea: number, linea_nombre: string, segundos: number, version: number };

export type ConfigCategoriasParoQueryVariables = Exact<{ [key: string]: never; }>;


export type ConfigCategoriasParoQuery = { categoriasParo: Array<{ id: string, nombre: string, version: number, motivos: Array<{ id: string, nombre: string, categoria_id: string, categoria: string, clase: Types.ClasePerdida, linea_ids: Array<string>, codigos_falla: Array<number>, version: number }> }> };

export type ConfigUmbralesMicroparoQueryVariables = Exact<{ [key: string]: never; }>;


export type ConfigUmbralesMicroparoQuery = { umbralesMicroparo: Array<{ linea_id: string, linea: number, linea_nombre: string, segundos: number, version: number }> };

export type CreateCategoriaParoMutationVariables = Exact<{
  input: Types.CategoriaParoInput;
}>;


export type CreateCategoriaParoMutation = { createCategoriaParo: { id: string, nombre: string, version: number, motivos: Array<{ id: string, nombre: string, categoria_id: string, categoria: string, clase: Types.ClasePerdida, linea_ids: Array<string>, codigos_falla: Array<number>, version: number }> } };

export type UpdateCategoriaParoMutationVariables = Exact<{
  id: string;
  input: Types.CategoriaParoInput;
}>;


export type UpdateCategoriaParoMutation = { updateCategoriaParo: { id: string, nombre: string, version: number, motivos: Array<{ id: string, nombre: string, categoria_id: string, categoria: string, clase: Types.ClasePerdida, linea_ids: Array<string>, codigos_falla: Array<number>, version: number }> } };

export type DeleteCategoriaParoMutationVariables = Exact<{
  id: string;
  version?: number | null | undefined;
}>;


export type DeleteCategoriaParoMutation = { deleteCategoriaParo: { id: string } };

export type CreateMotivoParoMutationVariables = Exact<{
  input: Types.MotivoParoInput;
}>;


export type CreateMotivoParoMutation = { createMotivoParo: { id: string, nombre: string, categoria_id: string, categoria: string, clase: Types.ClasePerdida, linea_ids: Array<string>, codigos_falla: Array<number>, version: number } };

export type UpdateMotivoParoMutationVariables = Exact<{
  id: string;
  input: Types.MotivoParoInput;
}>;


export type UpdateMotivoParoMutation = { updateMotivoParo: { id: string, nombre: string, categoria_id: string, categoria: string, clase: Types.ClasePerdida, linea_ids: Array<string>, codigos_falla: Array<number>, version: number } };

export type DeleteMotivoParoMutationVariables = Exact<{
  id: string;
  version?: number | null | undefined;
}>;


export type DeleteMotivoParoMutation = { deleteMotivoParo: { id: string } };

export type ActualizarUmbralMicroparoMutationVariables = Exact<{
  lineaId: string;
  segundos: number;
  version?: number | null | undefined;
}>;


export type ActualizarUmbralMicroparoMutation = { actualizarUmbralMicroparo: { linea_id: string, linea: number, linea_nombre: string, segundos: number, version: number } };

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
export const MotivoParoCamposFragmentDoc = new TypedDocumentString(`
    fragment MotivoParoCampos on MotivoParo {
  id
  nombre
  categoria_id
  categoria
  clase
  linea_ids
  codigos_falla
  version
}
    `, {"fragmentName":"MotivoParoCampos"}) as unknown as TypedDocumentString<MotivoParoCamposFragment, unknown>;
export const CategoriaParoCamposFragmentDoc = new TypedDocumentString(`
    fragment CategoriaParoCampos on CategoriaParo {
  id
  nombre
  version
  motivos {
    ...MotivoParoCampos
  }
}
    fragment MotivoParoCampos on MotivoParo {
  id
  nombre
  categoria_id
  categoria
  clase
  linea_ids
  codigos_falla
  version
}`, {"fragmentName":"CategoriaParoCampos"}) as unknown as TypedDocumentString<CategoriaParoCamposFragment, unknown>;
export const UmbralMicroparoCamposFragmentDoc = new TypedDocumentString(`
    fragment UmbralMicroparoCampos on UmbralMicroparo {
  linea_id
  linea
  linea_nombre
  segundos
  version
}
    `, {"fragmentName":"UmbralMicroparoCampos"}) as unknown as TypedDocumentString<UmbralMicroparoCamposFragment, unknown>;
export const ConfigCategoriasParoDocument = new TypedDocumentString(`
    query ConfigCategoriasParo {
  categoriasParo {
    ...CategoriaParoCampos
  }
}
    fragment MotivoParoCampos on MotivoParo {
  id
  nombre
  categoria_id
  categoria
  clase
  linea_ids
  codigos_falla
  version
}
fragment CategoriaParoCampos on CategoriaParo {
  id
  nombre
  version
  motivos {
    ...MotivoParoCampos
  }
}`) as unknown as TypedDocumentString<ConfigCategoriasParoQuery, ConfigCategoriasParoQueryVariables>;
export const ConfigUmbralesMicroparoDocument = new TypedDocumentString(`
    query ConfigUmbralesMicroparo {
  umbralesMicroparo {
    ...UmbralMicroparoCampos
  }
}
    fragment UmbralMicroparoCampos on UmbralMicroparo {
  linea_id
  linea
  linea_nombre
  segundos
  version
}`) as unknown as TypedDocumentString<ConfigUmbralesMicroparoQuery, ConfigUmbralesMicroparoQueryVariables>;
export const CreateCategoriaParoDocument = new TypedDocumentString(`
    mutation CreateCategoriaParo($input: CategoriaParoInput!) {
  createCategoriaParo(input: $input) {
    ...CategoriaParoCampos
  }
}
    fragment MotivoParoCampos on MotivoParo {
  id
  nombre
  categoria_id
  categoria
  clase
  linea_ids
  codigos_falla
  version
}
fragment CategoriaParoCampos on CategoriaParo {
  id
  nombre
  version
  motivos {
    ...MotivoParoCampos
  }
}`) as unknown as TypedDocumentString<CreateCategoriaParoMutation, CreateCategoriaParoMutationVariables>;
export const UpdateCategoriaParoDocument = new TypedDocumentString(`
    mutation UpdateCategoriaParo($id: ID!, $input: CategoriaParoInput!) {
  updateCategoriaParo(id: $id, input: $input) {
    ...CategoriaParoCampos
  }
}
    fragment MotivoParoCampos on MotivoParo {
  id
  nombre
  categoria_id
  categoria
  clase
  linea_ids
  codigos_falla
  version
}
fragment CategoriaParoCampos on CategoriaParo {
  id
  nombre
  version
  motivos {
    ...MotivoParoCampos
  }
}`) as unknown as TypedDocumentString<UpdateCategoriaParoMutation, UpdateCategoriaParoMutationVariables>;
export const DeleteCategoriaParoDocument = new TypedDocumentString(`
    mutation DeleteCategoriaParo($id: ID!, $version: Int) {
  deleteCategoriaParo(id: $id, version: $version) {
    id
  }
}
    `) as unknown as TypedDocumentString<DeleteCategoriaParoMutation, DeleteCategoriaParoMutationVariables>;
export const CreateMotivoParoDocument = new TypedDocumentString(`
    mutation CreateMotivoParo($input: MotivoParoInput!) {
  createMotivoParo(input: $input) {
    ...MotivoParoCampos
  }
}
    fragment MotivoParoCampos on MotivoParo {
  id
  nombre
  categoria_id
  categoria
  clase
  linea_ids
  codigos_falla
  version
}`) as unknown as TypedDocumentString<CreateMotivoParoMutation, CreateMotivoParoMutationVariables>;
export const UpdateMotivoParoDocument = new TypedDocumentString(`
    mutation UpdateMotivoParo($id: ID!, $input: MotivoParoInput!) {
  updateMotivoParo(id: $id, input: $input) {
    ...MotivoParoCampos
  }
}
    fragment MotivoParoCampos on MotivoParo {
  id
  nombre
  categoria_id
  categoria
  clase
  linea_ids
  codigos_falla
  version
}`) as unknown as TypedDocumentString<UpdateMotivoParoMutation, UpdateMotivoParoMutationVariables>;
export const DeleteMotivoParoDocument = new TypedDocumentString(`
    mutation DeleteMotivoParo($id: ID!, $version: Int) {
  deleteMotivoParo(id: $id, version: $version) {
    id
  }
}
    `) as unknown as TypedDocumentString<DeleteMotivoParoMutation, DeleteMotivoParoMutationVariables>;
export const ActualizarUmbralMicroparoDocument = new TypedDocumentString(`
    mutation ActualizarUmbralMicroparo($lineaId: ID!, $segundos: Int!, $version: Int) {
  actualizarUmbralMicroparo(
    linea_id: $lineaId
    segundos: $segundos
    version: $version
  ) {
    ...UmbralMicroparoCampos
  }
}
    fragment UmbralMicroparoCampos on UmbralMicroparo {
  linea_id
  linea
  linea_nombre
  segundos
  version
}`) as unknown as TypedDocumentString<ActualizarUmbralMicroparoMutation, ActualizarUmbralMicroparoMutationVariables>;