/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type * as Types from '../../../gql/types';

import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
export type ExportarHorasExtraInput = {
  area?: string | null | undefined;
  desde: string;
  formato?: FormatoExportacion | null | undefined;
  hasta: string;
};

export type FormatoExportacion =
  | 'CSV'
  | 'PDF'
  | 'XLSX';

export type TipoHoraExtra =
  | 'DOBLE'
  | 'TRIPLE';

export type HorasExtraResumenQueryVariables = Exact<{
  desde: string;
  hasta: string;
  area?: string | null | undefined;
}>;


export type HorasExtraResumenQuery = { horasExtraResumen: { horas: number, horas_dobles: number, horas_triples: number, horas_ordinarias: number, porcentaje_ordinarias: number | null, presupuesto: number, porcentaje_presupuesto: number | null, empleados: number } };

export type HorasExtraSemanalQueryVariables = Exact<{
  desde: string;
  hasta: string;
  area?: string | null | undefined;
}>;


export type HorasExtraSemanalQuery = { horasExtraSemanal: Array<{ semana: string, area: string, horas: number, horas_dobles: number, horas_triples: number, presupuesto: number, porcentaje_presupuesto: number | null, horas_ordinarias: number, porcentaje_ordinarias: number | null }> };

export type HorasExtraEmpleadosQueryVariables = Exact<{
  desde: string;
  hasta: string;
  area?: string | null | undefined;
  limite?: number | null | undefined;
}>;


export type HorasExtraEmpleadosQuery = { horasExtraEmpleados: Array<{ horas: number, horas_dobles: number, horas_triples: number, dias: number, motivos: Array<string>, empleado: { id: string, codigo: string, nombre: string, area: string, puesto: string } }> };

export type HorasExtraDetalleQueryVariables = Exact<{
  desde: string;
  hasta: string;
  area?: string | null | undefined;
}>;


export type HorasExtraDetalleQuery = { horasExtraDetalle: Array<{ id: string, fecha: string, horas: number, tipo: Types.TipoHoraExtra, motivo: string, empleado: { id: string, codigo: string, nombre: string, area: string } }> };

export type ExportarHorasExtraMutationVariables = Exact<{
  input: Types.ExportarHorasExtraInput;
}>;


export type ExportarHorasExtraMutation = { exportarHorasExtra: { id: string } };

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

export const HorasExtraResumenDocument = new TypedDocumentString(`
    query HorasExtraResumen($desde: Date!, $hasta: Date!, $area: String) {
  horasExtraResumen(desde: $desde, hasta: $hasta, area: $area) {
    horas
    horas_dobles
    horas_triples
    horas_ordinarias
    porcentaje_ordinarias
    presupuesto
    porcentaje_presupuesto
    empleados
  }
}
    `) as unknown as TypedDocumentString<HorasExtraResumenQuery, HorasExtraResumenQueryVariables>;
export const HorasExtraSemanalDocument = new TypedDocumentString(`
    query HorasExtraSemanal($desde: Date!, $hasta: Date!, $area: String) {
  horasExtraSemanal(desde: $desde, hasta: $hasta, area: $area) {
    semana
    area
    horas
    horas_dobles
    horas_triples
    presupuesto
    porcentaje_presupuesto
    horas_ordinarias
    porcentaje_ordinarias
  }
}
    `) as unknown as TypedDocumentString<HorasExtraSemanalQuery, HorasExtraSemanalQueryVariables>;
export const HorasExtraEmpleadosDocument = new TypedDocumentString(`
    query HorasExtraEmpleados($desde: Date!, $hasta: Date!, $area: String, $limite: Int) {
  horasExtraEmpleados(desde: $desde, hasta: $hasta, area: $area, limite: $limite) {
    empleado {
      id
      codigo
      nombre
      area
      puesto
    }
    horas
    horas_dobles
    horas_triples
    dias
    motivos
  }
}
    `) as unknown as TypedDocumentString<HorasExtraEmpleadosQuery, HorasExtraEmpleadosQueryVariables>;
export const HorasExtraDetalleDocument = new TypedDocumentString(`
    query HorasExtraDetalle($desde: Date!, $hasta: Date!, $area: String) {
  horasExtraDetalle(desde: $desde, hasta: $hasta, area: $area) {
    id
    fecha
    empleado {
      id
      codigo
      nombre
      area
    }
    horas
    tipo
    motivo
  }
}
    `) as unknown as TypedDocumentString<HorasExtraDetalleQuery, HorasExtraDetalleQueryVariables>;
export const ExportarHorasExtraDocument = new TypedDocumentString(`
    mutation ExportarHorasExtra($input: ExportarHorasExtraInput!) {
  exportarHorasExtra(input: $input) {
    id
  }
}
    `) as unknown as TypedDocumentString<ExportarHorasExtraMutation, ExportarHorasExtraMutationVariables>;