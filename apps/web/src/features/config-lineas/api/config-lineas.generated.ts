/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type * as Types from '../../../gql/types';

import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
export type LineaInput = {
  nombre: string;
  numero: number;
  sufijo?: string | null | undefined;
  /** The version read (the web always sends it): an older one is refused with CONFLICT. */
  version?: number | null | undefined;
};

export type PresentacionInput = {
  /** Bottles per pack: the factor is computed from it (not stored). */
  botellas_paquete: number;
  unid_medida: string;
  version?: number | null | undefined;
  volumen: number;
};

export type ProductoInput = {
  descripcion: string;
  image_color: string;
  image_prefix: string;
  version?: number | null | undefined;
};

export type ProductoPresentacionInput = {
  hmi_linea1_id?: number | null | undefined;
  hmi_linea2_id?: number | null | undefined;
  hmi_linea3_id?: number | null | undefined;
  hmi_linea4_id?: number | null | undefined;
  num_botellas: number;
  presentacion_id: string;
  producto_id: string;
  version?: number | null | undefined;
};

export type VelocidadNominalInput = {
  linea_id: string;
  producto_presentacion_id: string;
  velocidad_paquetes_hora: number;
  version?: number | null | undefined;
};

export type LineaCfgFragment = { id: string, nombre: string, numero: number, sufijo: string, version: number };

export type ProductoCfgFragment = { id: string, descripcion: string, image_prefix: string, image_color: string, version: number };

export type PresentacionCfgFragment = { id: string, volumen: number, unid_medida: string, factor: number, botellas_paquete: number, version: number };

export type ProductoPresentacionCfgFragment = { id: string, num_botellas: number, hmi_linea1_id: number | null, hmi_linea2_id: number | null, hmi_linea3_id: number | null, hmi_linea4_id: number | null, version: number, producto: { id: string, descripcion: string, image_color: string }, presentacion: { id: string, volumen: number, unid_medida: string, factor: number, botellas_paquete: number } };

export type VelocidadCfgFragment = { id: string, velocidad_paquetes_hora: number, velocidad_botellas_minuto: number, version: number, linea: { id: string, nombre: string, numero: number }, producto_presentacion: { id: string, num_botellas: number, producto: { id: string, descripcion: string }, presentacion: { id: string, volumen: number, unid_medida: string } } };

export type CatalogoLineasQueryVariables = Exact<{ [key: string]: never; }>;


export type CatalogoLineasQuery = { lineasConfig: Array<{ id: string, nombre: string, numero: number, sufijo: string, version: number }>, productosConfig: Array<{ id: string, descripcion: string, image_prefix: string, image_color: string, version: number }>, presentacionesConfig: Array<{ id: string, volumen: number, unid_medida: string, factor: number, botellas_paquete: number, version: number }>, productoPresentacionesConfig: Array<{ id: string, num_botellas: number, hmi_linea1_id: number | null, hmi_linea2_id: number | null, hmi_linea3_id: number | null, hmi_linea4_id: number | null, version: number, producto: { id: string, descripcion: string, image_color: string }, presentacion: { id: string, volumen: number, unid_medida: string, factor: number, botellas_paquete: number } }>, velocidadesNominalesConfig: Array<{ id: string, velocidad_paquetes_hora: number, velocidad_botellas_minuto: number, version: number, linea: { id: string, nombre: string, numero: number }, producto_presentacion: { id: string, num_botellas: number, producto: { id: string, descripcion: string }, presentacion: { id: string, volumen: number, unid_medida: string } } }> };

export type CreateLineaCfgMutationVariables = Exact<{
  input: Types.LineaInput;
}>;


export type CreateLineaCfgMutation = { createLinea: { id: string } };

export type UpdateLineaCfgMutationVariables = Exact<{
  id: string;
  input: Types.LineaInput;
}>;


export type UpdateLineaCfgMutation = { updateLinea: { id: string } };

export type DeleteLineaCfgMutationVariables = Exact<{
  id: string;
  version?: number | null | undefined;
}>;


export type DeleteLineaCfgMutation = { deleteLinea: string };

export type CreateProductoCfgMutationVariables = Exact<{
  input: Types.ProductoInput;
}>;


export type CreateProductoCfgMutation = { createProducto: { id: string } };

export type UpdateProductoCfgMutationVariables = Exact<{
  id: string;
  input: Types.ProductoInput;
}>;


export type UpdateProductoCfgMutation = { updateProducto: { id: string } };

export type DeleteProductoCfgMutationVariables = Exact<{
  id: string;
  version?: number | null | undefined;
}>;


export type DeleteProductoCfgMutation = { deleteProducto: string };

export type CreatePresentacionCfgMutationVariables = Exact<{
  input: Types.PresentacionInput;
}>;


export type CreatePresentacionCfgMutation = { createPresentacion: { id: string } };

export type UpdatePresentacionCfgMutationVariables = Exact<{
  id: string;
  input: Types.PresentacionInput;
}>;


export type UpdatePresentacionCfgMutation = { updatePresentacion: { id: string } };

export type DeletePresentacionCfgMutationVariables = Exact<{
  id: string;
  version?: number | null | undefined;
}>;


export type DeletePresentacionCfgMutation = { deletePresentacion: string };

export type CreateProductoPresentacionCfgMutationVariables = Exact<{
  input: Types.ProductoPresentacionInput;
}>;


export type CreateProductoPresentacionCfgMutation = { createProductoPresentacion: { id: string } };

export type UpdateProductoPresentacionCfgMutationVariables = Exact<{
  id: string;
  input: Types.ProductoPresentacionInput;
}>;


export type UpdateProductoPresentacionCfgMutation = { updateProductoPresentacion: { id: string } };

export type DeleteProductoPresentacionCfgMutationVariables = Exact<{
  id: string;
  version?: number | null | undefined;
}>;


export type DeleteProductoPresentacionCfgMutation = { deleteProductoPresentacion: string };

export type CreateVelocidadCfgMutationVariables = Exact<{
  input: Types.VelocidadNominalInput;
}>;


export type CreateVelocidadCfgMutation = { createVelocidadNominal: { id: string } };

export type UpdateVelocidadCfgMutationVariables = Exact<{
  id: string;
  input: Types.VelocidadNominalInput;
}>;


export type UpdateVelocidadCfgMutation = { updateVelocidadNominal: { id: string } };

export type DeleteVelocidadCfgMutationVariables = Exact<{
  id: string;
  version?: number | null | undefined;
}>;


export type DeleteVelocidadCfgMutation = { deleteVelocidadNominal: string };

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
export const LineaCfgFragmentDoc = new TypedDocumentString(`
    fragment LineaCfg on LineaConfig {
  id
  nombre
  numero
  sufijo
  version
}
    `, {"fragmentName":"LineaCfg"}) as unknown as TypedDocumentString<LineaCfgFragment, unknown>;
export const ProductoCfgFragmentDoc = new TypedDocumentString(`
    fragment ProductoCfg on ProductoConfig {
  id
  descripcion
  image_prefix
  image_color
  version
}
    `, {"fragmentName":"ProductoCfg"}) as unknown as TypedDocumentString<ProductoCfgFragment, unknown>;
export const PresentacionCfgFragmentDoc = new TypedDocumentString(`
    fragment PresentacionCfg on PresentacionConfig {
  id
  volumen
  unid_medida
  factor
  botellas_paquete
  version
}
    `, {"fragmentName":"PresentacionCfg"}) as unknown as TypedDocumentString<PresentacionCfgFragment, unknown>;
export const ProductoPresentacionCfgFragmentDoc = new TypedDocumentString(`
    fragment ProductoPresentacionCfg on ProductoPresentacionConfig {
  id
  num_botellas
  hmi_linea1_id
  hmi_linea2_id
  hmi_linea3_id
  hmi_linea4_id
  version
  producto {
    id
    descripcion
    image_color
  }
  presentacion {
    id
    volumen
    unid_medida
    factor
    botellas_paquete
  }
}
    `, {"fragmentName":"ProductoPresentacionCfg"}) as unknown as TypedDocumentString<ProductoPresentacionCfgFragment, unknown>;
export const VelocidadCfgFragmentDoc = new TypedDocumentString(`
    fragment VelocidadCfg on VelocidadNominalConfig {
  id
  velocidad_paquetes_hora
  velocidad_botellas_minuto
  version
  linea {
    id
    nombre
    numero
  }
  producto_presentacion {
    id
    num_botellas
    producto {
      id
      descripcion
    }
    presentacion {
      id
      volumen
      unid_medida
    }
  }
}
    `, {"fragmentName":"VelocidadCfg"}) as unknown as TypedDocumentString<VelocidadCfgFragment, unknown>;
export const CatalogoLineasDocument = new TypedDocumentString(`
    query CatalogoLineas {
  lineasConfig {
    ...LineaCfg
  }
  productosConfig {
    ...ProductoCfg
  }
  presentacionesConfig {
    ...PresentacionCfg
  }
  productoPresentacionesConfig {
    ...ProductoPresentacionCfg
  }
  velocidadesNominalesConfig {
    ...VelocidadCfg
  }
}
    fragment LineaCfg on LineaConfig {
  id
  nombre
  numero
  sufijo
  version
}
fragment ProductoCfg on ProductoConfig {
  id
  descripcion
  image_prefix
  image_color
  version
}
fragment PresentacionCfg on PresentacionConfig {
  id
  volumen
  unid_medida
  factor
  botellas_paquete
  version
}
fragment ProductoPresentacionCfg on ProductoPresentacionConfig {
  id
  num_botellas
  hmi_linea1_id
  hmi_linea2_id
  hmi_linea3_id
  hmi_linea4_id
  version
  producto {
    id
    descripcion
    image_color
  }
  presentacion {
    id
    volumen
    unid_medida
    factor
    botellas_paquete
  }
}
fragment VelocidadCfg on VelocidadNominalConfig {
  id
  velocidad_paquetes_hora
  velocidad_botellas_minuto
  version
  linea {
    id
    nombre
    numero
  }
  producto_presentacion {
    id
    num_botellas
    producto {
      id
      descripcion
    }
    presentacion {
      id
      volumen
      unid_medida
    }
  }
}`) as unknown as TypedDocumentString<CatalogoLineasQuery, CatalogoLineasQueryVariables>;
export const CreateLineaCfgDocument = new TypedDocumentString(`
    mutation CreateLineaCfg($input: LineaInput!) {
  createLinea(input: $input) {
    id
  }
}
    `) as unknown as TypedDocumentString<CreateLineaCfgMutation, CreateLineaCfgMutationVariables>;
export const UpdateLineaCfgDocument = new TypedDocumentString(`
    mutation UpdateLineaCfg($id: ID!, $input: LineaInput!) {
  updateLinea(id: $id, input: $input) {
    id
  }
}
    `) as unknown as TypedDocumentString<UpdateLineaCfgMutation, UpdateLineaCfgMutationVariables>;
export const DeleteLineaCfgDocument = new TypedDocumentString(`
    mutation DeleteLineaCfg($id: ID!, $version: Int) {
  deleteLinea(id: $id, version: $version)
}
    `) as unknown as TypedDocumentString<DeleteLineaCfgMutation, DeleteLineaCfgMutationVariables>;
export const CreateProductoCfgDocument = new TypedDocumentString(`
    mutation CreateProductoCfg($input: ProductoInput!) {
  createProducto(input: $input) {
    id
  }
}
    `) as unknown as TypedDocumentString<CreateProductoCfgMutation, CreateProductoCfgMutationVariables>;
export const UpdateProductoCfgDocument = new TypedDocumentString(`
    mutation UpdateProductoCfg($id: ID!, $input: ProductoInput!) {
  updateProducto(id: $id, input: $input) {
    id
  }
}
    `) as unknown as TypedDocumentString<UpdateProductoCfgMutation, UpdateProductoCfgMutationVariables>;
export const DeleteProductoCfgDocument = new TypedDocumentString(`
    mutation DeleteProductoCfg($id: ID!, $version: Int) {
  deleteProducto(id: $id, version: $version)
}
    `) as unknown as TypedDocumentString<DeleteProductoCfgMutation, DeleteProductoCfgMutationVariables>;
export const CreatePresentacionCfgDocument = new TypedDocumentString(`
    mutation CreatePresentacionCfg($input: PresentacionInput!) {
  createPresentacion(input: $input) {
    id
  }
}
    `) as unknown as TypedDocumentString<CreatePresentacionCfgMutation, CreatePresentacionCfgMutationVariables>;
export const UpdatePresentacionCfgDocument = new TypedDocumentString(`
    mutation UpdatePresentacionCfg($id: ID!, $input: PresentacionInput!) {
  updatePresentacion(id: $id, input: $input) {
    id
  }
}
    `) as unknown as TypedDocumentString<UpdatePresentacionCfgMutation, UpdatePresentacionCfgMutationVariables>;
export const DeletePresentacionCfgDocument = new TypedDocumentString(`
    mutation DeletePresentacionCfg($id: ID!, $version: Int) {
  deletePresentacion(id: $id, version: $version)
}
    `) as unknown as TypedDocumentString<DeletePresentacionCfgMutation, DeletePresentacionCfgMutationVariables>;
export const CreateProductoPresentacionCfgDocument = new TypedDocumentString(`
    mutation CreateProductoPresentacionCfg($input: ProductoPresentacionInput!) {
  createProductoPresentacion(input: $input) {
    id
  }
}
    `) as unknown as TypedDocumentString<CreateProductoPresentacionCfgMutation, CreateProductoPresentacionCfgMutationVariables>;
export const UpdateProductoPresentacionCfgDocument = new TypedDocumentString(`
    mutation UpdateProductoPresentacionCfg($id: ID!, $input: ProductoPresentacionInput!) {
  updateProductoPresentacion(id: $id, input: $input) {
    id
  }
}
    `) as unknown as TypedDocumentString<UpdateProductoPresentacionCfgMutation, UpdateProductoPresentacionCfgMutationVariables>;
export const DeleteProductoPresentacionCfgDocument = new TypedDocumentString(`
    mutation DeleteProductoPresentacionCfg($id: ID!, $version: Int) {
  deleteProductoPresentacion(id: $id, version: $version)
}
    `) as unknown as TypedDocumentString<DeleteProductoPresentacionCfgMutation, DeleteProductoPresentacionCfgMutationVariables>;
export const CreateVelocidadCfgDocument = new TypedDocumentString(`
    mutation CreateVelocidadCfg($input: VelocidadNominalInput!) {
  createVelocidadNominal(input: $input) {
    id
  }
}
    `) as unknown as TypedDocumentString<CreateVelocidadCfgMutation, CreateVelocidadCfgMutationVariables>;
export const UpdateVelocidadCfgDocument = new TypedDocumentString(`
    mutation UpdateVelocidadCfg($id: ID!, $input: VelocidadNominalInput!) {
  updateVelocidadNominal(id: $id, input: $input) {
    id
  }
}
    `) as unknown as TypedDocumentString<UpdateVelocidadCfgMutation, UpdateVelocidadCfgMutationVariables>;
export const DeleteVelocidadCfgDocument = new TypedDocumentString(`
    mutation DeleteVelocidadCfg($id: ID!, $version: Int) {
  deleteVelocidadNominal(id: $id, version: $version)
}
    `) as unknown as TypedDocumentString<DeleteVelocidadCfgMutation, DeleteVelocidadCfgMutationVariables>;