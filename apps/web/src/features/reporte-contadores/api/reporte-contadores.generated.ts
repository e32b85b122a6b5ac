/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type * as Types from '../../../gql/types';

import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
/** How the counters report groups the hours: by hour, by shift or by production day (plant time). */
export type AgrupacionContadores =
  | 'DIA'
  | 'HORA'
  | 'TURNO';

export type ExportarReporteContadoresInput = {
  agrupacion: AgrupacionContadores;
  desde: string;
  formato?: FormatoExportacion | null | undefined;
  hasta: string;
  lineas?: Array<number> | null | undefined;
};

export type FormatoExportacion =
  | 'CSV'
  | 'PDF'
  | 'XLSX';

export type ReporteContadoresQueryVariables = Exact<{
  desde: string;
  hasta: string;
  agrupacion: Types.AgrupacionContadores;
  lineas?: Array<number> | number | null | undefined;
}>;


export type ReporteContadoresQuery = { reporteContadores: { desde: string, hasta: string, agrupacion: Types.AgrupacionContadores, filas: Array<{ linea: number, linea_nombre: string, fecha: string, turno: number | null, inicio: string, fin: string, botellas: number, botellas_llenas: number, paquetes: number, producto_terminado: number, velocidad_media: number | null, minutos_marcha: number, producto: string | null }>, totales: Array<{ linea: number | null, linea_nombre: string, botellas: number, botellas_llenas: number, paquetes: number, producto_terminado: number, velocidad_media: number | null, minutos_marcha: number, producto: string | null }>, total: { linea: number | null, linea_nombre: string, botellas: number, botellas_llenas: number, paquetes: number, producto_terminado: number, velocidad_media: number | null, minutos_marcha: number, producto: string | null } } };

export type LineasReporteContadoresQueryVariables = Exact<{ [key: string]: never; }>;


export type LineasReporteContadoresQuery = { lineas: Array<{ id: string, nombre: string, numero: number }> };

export type ExportarReporteContadoresMutationVariables = Exact<{
  input: Types.ExportarReporteContadoresInput;
}>;


export type ExportarReporteContadoresMutation = { exportarReporteContadores: { id: string } };

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

export const ReporteContadoresDocument = new TypedDocumentString(`
    query ReporteContadores($desde: Date!, $hasta: Date!, $agrupacion: AgrupacionContadores!, $lineas: [Int!]) {
  reporteContadores(
    desde: $desde
    hasta: $hasta
    agrupacion: $agrupacion
    lineas: $lineas
  ) {
    desde
    hasta
    agrupacion
    filas {
      linea
      linea_nombre
      fecha
      turno
      inicio
      fin
      botellas
      botellas_llenas
      paquetes
      producto_terminado
      velocidad_media
      minutos_marcha
      producto
    }
    totales {
      linea
      linea_nombre
      botellas
      botellas_llenas
      paquetes
      producto_terminado
      velocidad_media
      minutos_marcha
      producto
    }
    total {
      linea
      linea_nombre
      botellas
      botellas_llenas
      paquetes
      producto_terminado
      velocidad_media
      minutos_marcha
      producto
    }
  }
}
    `) as unknown as TypedDocumentString<ReporteContadoresQuery, ReporteContadoresQueryVariables>;
export const LineasReporteContadoresDocument = new TypedDocumentString(`
    query LineasReporteContadores {
  lineas {
    id
    nombre
    numero
  }
}
    `) as unknown as TypedDocumentString<LineasReporteContadoresQuery, LineasReporteContadoresQueryVariables>;
export const ExportarReporteContadoresDocument = new TypedDocumentString(`
    mutation ExportarReporteContadores($input: ExportarReporteContadoresInput!) {
  exportarReporteContadores(input: $input) {
    id
  }
}
    `) as unknown as TypedDocumentString<ExportarReporteContadoresMutation, ExportarReporteContadoresMutationVariables>;