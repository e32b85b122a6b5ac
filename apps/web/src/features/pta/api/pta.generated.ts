/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type * as Types from '../../../gql/types';

import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
/** A value against its configured limits (the variable's minimo/maximo). */
export type EstadoLimitePta =
  /** Within [minimo, maximo]. */
  | 'CUMPLE'
  /** Below minimo or above maximo. */
  | 'NO_CUMPLE'
  /** No value that day. */
  | 'SIN_DATO'
  /** The variable has no limit configured. */
  | 'SIN_LIMITE';

export type FuenteVariable =
  | 'CALCULADA'
  | 'MANUAL'
  | 'OPC';

export type PtaDiaQueryVariables = Exact<{
  fecha: string;
}>;


export type PtaDiaQuery = { ptaDia: { fecha: string, fuera_de_limite: number, con_datos: number, parametros: Array<{ valor: number | null, estado: Types.EstadoLimitePta, variable: { id: string, nombre: string, unidad: string, decimales: number, minimo: number | null, maximo: number | null, fuente: Types.FuenteVariable } }>, remociones: Array<{ clave: string, nombre: string, unidad: string, entrada: number | null, salida: number | null, remocion_pct: number | null, carga_entrada_kg: number | null, carga_salida_kg: number | null, carga_removida_kg: number | null, minimo: number | null, maximo: number | null, estado: Types.EstadoLimitePta }> } };

export type PtaTendenciaQueryVariables = Exact<{
  desde: string;
  hasta: string;
}>;


export type PtaTendenciaQuery = { ptaTendencia: { desde: string, hasta: string, fechas: Array<string>, series: Array<{ valores: Array<number | null>, variable: { id: string, nombre: string, unidad: string, decimales: number, minimo: number | null, maximo: number | null } }> } };

export type PtaTotalesCamposFragment = { desde: string, hasta: string, dias: number, afluente_m3: number | null, efluente_m3: number | null, lodos_kg: number | null, lodos_kg_por_kg_dqo: number | null, energia_kwh: number | null, energia_kwh_m3: number | null, cargas: Array<{ clave: string, nombre: string, carga_entrada_kg: number | null, carga_salida_kg: number | null, carga_removida_kg: number | null, remocion_pct: number | null, dias: number }> };

export type PtaAcumuladosQueryVariables = Exact<{
  fecha: string;
}>;


export type PtaAcumuladosQuery = { ptaAcumulados: { fecha: string, mes: { desde: string, hasta: string, dias: number, afluente_m3: number | null, efluente_m3: number | null, lodos_kg: number | null, lodos_kg_por_kg_dqo: number | null, energia_kwh: number | null, energia_kwh_m3: number | null, cargas: Array<{ clave: string, nombre: string, carga_entrada_kg: number | null, carga_salida_kg: number | null, carga_removida_kg: number | null, remocion_pct: number | null, dias: number }> }, anio: { desde: string, hasta: string, dias: number, afluente_m3: number | null, efluente_m3: number | null, lodos_kg: number | null, lodos_kg_por_kg_dqo: number | null, energia_kwh: number | null, energia_kwh_m3: number | null, cargas: Array<{ clave: string, nombre: string, carga_entrada_kg: number | null, carga_salida_kg: number | null, carga_removida_kg: number | null, remocion_pct: number | null, dias: number }> }, meses: Array<{ mes: number, nombre_mes: string, totales: { desde: string, hasta: string, dias: number, afluente_m3: number | null, efluente_m3: number | null, lodos_kg: number | null, lodos_kg_por_kg_dqo: number | null, energia_kwh: number | null, energia_kwh_m3: number | null, cargas: Array<{ clave: string, nombre: string, carga_entrada_kg: number | null, carga_salida_kg: number | null, carga_removida_kg: number | null, remocion_pct: number | null, dias: number }> } }> } };

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
export const PtaTotalesCamposFragmentDoc = new TypedDocumentString(`
    fragment PtaTotalesCampos on PtaTotales {
  desde
  hasta
  dias
  afluente_m3
  efluente_m3
  lodos_kg
  lodos_kg_por_kg_dqo
  energia_kwh
  energia_kwh_m3
  cargas {
    clave
    nombre
    carga_entrada_kg
    carga_salida_kg
    carga_removida_kg
    remocion_pct
    dias
  }
}
    `, {"fragmentName":"PtaTotalesCampos"}) as unknown as TypedDocumentString<PtaTotalesCamposFragment, unknown>;
export const PtaDiaDocument = new TypedDocumentString(`
    query PtaDia($fecha: Date!) {
  ptaDia(fecha: $fecha) {
    fecha
    fuera_de_limite
    con_datos
    parametros {
      valor
      estado
      variable {
        id
        nombre
        unidad
        decimales
        minimo
        maximo
        fuente
      }
    }
    remociones {
      clave
      nombre
      unidad
      entrada
      salida
      remocion_pct
      carga_entrada_kg
      carga_salida_kg
      carga_removida_kg
      minimo
      maximo
      estado
    }
  }
}
    `) as unknown as TypedDocumentString<PtaDiaQuery, PtaDiaQueryVariables>;
export const PtaTendenciaDocument = new TypedDocumentString(`
    query PtaTendencia($desde: Date!, $hasta: Date!) {
  ptaTendencia(desde: $desde, hasta: $hasta) {
    desde
    hasta
    fechas
    series {
      valores
      variable {
        id
        nombre
        unidad
        decimales
        minimo
        maximo
      }
    }
  }
}
    `) as unknown as TypedDocumentString<PtaTendenciaQuery, PtaTendenciaQueryVariables>;
export const PtaAcumuladosDocument = new TypedDocumentString(`
    query PtaAcumulados($fecha: Date!) {
  ptaAcumulados(fecha: $fecha) {
    fecha
    mes {
      ...PtaTotalesCampos
    }
    anio {
      ...PtaTotalesCampos
    }
    meses {
      mes
      nombre_mes
      totales {
        ...PtaTotalesCampos
      }
    }
  }
}
    fragment PtaTotalesCampos on PtaTotales {
  desde
  hasta
  dias
  afluente_m3
  efluente_m3
  lodos_kg
  lodos_kg_por_kg_dqo
  energia_kwh
  energia_kwh_m3
  cargas {
    clave
    nombre
    carga_entrada_kg
    carga_salida_kg
    carga_removida_kg
    remocion_pct
    dias
  }
}`) as unknown as TypedDocumentString<PtaAcumuladosQuery, PtaAcumuladosQueryVariables>;