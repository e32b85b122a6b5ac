/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type * as Types from '../../../gql/types';

import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
export type MapeoLineaInput = {
  campo: string;
  linea_id: string;
  /** Null or empty: back to the tag's default node. */
  node_id?: string | null | undefined;
  version?: number | null | undefined;
};

export type MapeoVariableInput = {
  /** Null or empty: the variable is no longer read from the plant. */
  node_id?: string | null | undefined;
  variable_id: string;
  version?: number | null | undefined;
};

export type OpcNodosQueryVariables = Exact<{
  nodeId?: string | null | undefined;
}>;


export type OpcNodosQuery = { opcNodos: Array<{ node_id: string, browse_name: string, display_name: string, node_class: string, data_type: string | null, tiene_hijos: boolean }> };

export type OpcValorQueryVariables = Exact<{
  nodeId: string;
}>;


export type OpcValorQuery = { opcValor: { node_id: string, node_class: string | null, data_type: string | null, numerico: boolean, valor: string | null, estado: string, fecha: string | null } };

export type OpcMapeosQueryVariables = Exact<{ [key: string]: never; }>;


export type OpcMapeosQuery = { opcMapeosLineas: Array<{ id: string, linea_id: string, linea_numero: number, linea_nombre: string, campo: string, node_id: string, por_defecto: boolean, version: number }>, opcMapeosVariables: Array<{ id: string, nombre: string, area: string, unidad: string, fuente: string, opc_node_id: string | null, version: number }> };

export type MapearLineaOpcMutationVariables = Exact<{
  input: Types.MapeoLineaInput;
}>;


export type MapearLineaOpcMutation = { mapearLineaOpc: { id: string, node_id: string, version: number } };

export type MapearVariableOpcMutationVariables = Exact<{
  input: Types.MapeoVariableInput;
}>;


export type MapearVariableOpcMutation = { mapearVariableOpc: { id: string, opc_node_id: string | null, version: number } };

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

export const OpcNodosDocument = new TypedDocumentString(`
    query OpcNodos($nodeId: String) {
  opcNodos(node_id: $nodeId) {
    node_id
    browse_name
    display_name
    node_class
    data_type
    tiene_hijos
  }
}
    `) as unknown as TypedDocumentString<OpcNodosQuery, OpcNodosQueryVariables>;
export const OpcValorDocument = new TypedDocumentString(`
    query OpcValor($nodeId: String!) {
  opcValor(node_id: $nodeId) {
    node_id
    node_class
    data_type
    numerico
    valor
    estado
    fecha
  }
}
    `) as unknown as TypedDocumentString<OpcValorQuery, OpcValorQueryVariables>;
export const OpcMapeosDocument = new TypedDocumentString(`
    query OpcMapeos {
  opcMapeosLineas {
    id
    linea_id
    linea_numero
    linea_nombre
    campo
    node_id
    por_defecto
    version
  }
  opcMapeosVariables {
    id
    nombre
    area
    unidad
    fuente
    opc_node_id
    version
  }
}
    `) as unknown as TypedDocumentString<OpcMapeosQuery, OpcMapeosQueryVariables>;
export const MapearLineaOpcDocument = new TypedDocumentString(`
    mutation MapearLineaOpc($input: MapeoLineaInput!) {
  mapearLineaOpc(input: $input) {
    id
    node_id
    version
  }
}
    `) as unknown as TypedDocumentString<MapearLineaOpcMutation, MapearLineaOpcMutationVariables>;
export const MapearVariableOpcDocument = new TypedDocumentString(`
    mutation MapearVariableOpc($input: MapeoVariableInput!) {
  mapearVariableOpc(input: $input) {
    id
    opc_node_id
    version
  }
}
    `) as unknown as TypedDocumentString<MapearVariableOpcMutation, MapearVariableOpcMutationVariables>;