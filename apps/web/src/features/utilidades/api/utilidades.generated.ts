/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type * as Types from '../../../gql/types';

import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
export type ConsumosUtilidadesQueryVariables = Exact<{
  desde: string;
  hasta: string;
}>;


export type ConsumosUtilidadesQuery = { consumosUtilidades: { desde: string, hasta: string, produccion_cu: number, litros: number, botellas: number, agua_m3: number | null, energia_kwh: number | null, gas_m3: number | null, energia_compresores_kwh: number | null, aire_nm3: number | null, indicadores: Array<{ clave: string, nombre: string, unidad: string, decimales: number, variable_meta: string | null, variable_detalle: string, valor: number | null, mensual: number | null, anual: number | null, meta: number | null }>, dias: Array<{ fecha: string, produccion_cu: number, valores: Array<number | null> }> } };

export type FugasAireQueryVariables = Exact<{
  desde: string;
  hasta: string;
}>;


export type FugasAireQuery = { fugasAire: { minutos: number, minutos_sin_produccion: number, flujo_medio: number | null, flujo_sin_produccion: number | null, fugas_pct: number | null, meta: number | null, lineas: Array<{ linea: number, minutos: number, minutos_sin_produccion: number, flujo_medio: number | null, flujo_sin_produccion: number | null, fugas_pct: number | null, meta: number | null }> } };

export type FlujoAireUtilidadesQueryVariables = Exact<{
  desde: string;
  hasta: string;
  intervalo: string;
}>;


export type FlujoAireUtilidadesQuery = { flujoAire: Array<{ fecha: string, flujo_aire_l1: number | null, flujo_aire_l2: number | null }> };

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

export const ConsumosUtilidadesDocument = new TypedDocumentString(`
    query ConsumosUtilidades($desde: Date!, $hasta: Date!) {
  consumosUtilidades(desde: $desde, hasta: $hasta) {
    desde
    hasta
    produccion_cu
    litros
    botellas
    agua_m3
    energia_kwh
    gas_m3
    energia_compresores_kwh
    aire_nm3
    indicadores {
      clave
      nombre
      unidad
      decimales
      variable_meta
      variable_detalle
      valor
      mensual
      anual
      meta
    }
    dias {
      fecha
      produccion_cu
      valores
    }
  }
}
    `) as unknown as TypedDocumentString<ConsumosUtilidadesQuery, ConsumosUtilidadesQueryVariables>;
export const FugasAireDocument = new TypedDocumentString(`
    query FugasAire($desde: DateTime!, $hasta: DateTime!) {
  fugasAire(desde: $desde, hasta: $hasta) {
    minutos
    minutos_sin_produccion
    flujo_medio
    flujo_sin_produccion
    fugas_pct
    meta
    lineas {
      linea
      minutos
      minutos_sin_produccion
      flujo_medio
      flujo_sin_produccion
      fugas_pct
      meta
    }
  }
}
    `) as unknown as TypedDocumentString<FugasAireQuery, FugasAireQueryVariables>;
export const FlujoAireUtilidadesDocument = new TypedDocumentString(`
    query FlujoAireUtilidades($desde: DateTime!, $hasta: DateTime!, $intervalo: String!) {
  flujoAire(desde: $desde, hasta: $hasta, intervalo: $intervalo) {
    fecha
    flujo_aire_l1
    flujo_aire_l2
  }
}
    `) as unknown as TypedDocumentString<FlujoAireUtilidadesQuery, FlujoAireUtilidadesQueryVariables>;