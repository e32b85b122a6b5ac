/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type * as Types from '../../gql/types';

import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
export type EstadoExportacion =
  | 'EN_PROCESO'
  | 'ERROR'
  | 'LISTA';

export type FormatoExportacion =
  | 'CSV'
  | 'PDF'
  | 'XLSX';

export type ExportacionQueryVariables = Exact<{
  id: string;
}>;


export type ExportacionQuery = { exportacion: { id: string, informe: string, nombre: string, formato: Types.FormatoExportacion, desde: string | null, hasta: string | null, intervalo: string | null, estado: Types.EstadoExportacion, progreso: number, filas: number, bytes: number | null, creada: string, expira: string, file_url: string, error: string | null } | null };

export type ExportacionesQueryVariables = Exact<{ [key: string]: never; }>;


export type ExportacionesQuery = { exportaciones: Array<{ id: string, informe: string, nombre: string, formato: Types.FormatoExportacion, desde: string | null, hasta: string | null, intervalo: string | null, estado: Types.EstadoExportacion, progreso: number, filas: number, bytes: number | null, creada: string, expira: string, file_url: string, error: string | null }> };

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

export const ExportacionDocument = new TypedDocumentString(`
    query Exportacion($id: ID!) {
  exportacion(id: $id) {
    id
    informe
    nombre
    formato
    desde
    hasta
    intervalo
    estado
    progreso
    filas
    bytes
    creada
    expira
    file_url
    error
  }
}
    `) as unknown as TypedDocumentString<ExportacionQuery, ExportacionQueryVariables>;
export const ExportacionesDocument = new TypedDocumentString(`
    query Exportaciones {
  exportaciones {
    id
    informe
    nombre
    formato
    desde
    hasta
    intervalo
    estado
    progreso
    filas
    bytes
    creada
    expira
    file_url
    error
  }
}
    `) as unknown as TypedDocumentString<ExportacionesQuery, ExportacionesQueryVariables>;