/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type * as Types from '../../../gql/types';

import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
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

/** Where a stop came from: the collector reading the PLC, a person on /configuracion/mttr-mttf, the demo history. */
export type OrigenParo =
  | 'DEMO'
  | 'MANUAL'
  | 'PLC';

export type PerdidasOeeQueryVariables = Exact<{
  linea_id?: string | null | undefined;
  desde: string;
  hasta: string;
  turno?: number | null | undefined;
}>;


export type PerdidasOeeQuery = { perdidasOee: { linea_id: string | null, desde: string, hasta: string, turno: number | null, tiempo_planificado: number, paros_planificados: number, tiempo_operativo: number, tiempo_neto: number, tiempo_productivo: number, disponibilidad: number | null, rendimiento: number | null, calidad: number | null, oee: number | null, mtbf: number | null, mttr: number | null, sin_motivo_pct: number | null, perdidas: Array<{ clase: string, etiqueta: string, grupo: string, minutos: number }>, pareto: Array<{ motivo: string, categoria: string | null, clase: string, minutos: number, paros: number }>, planificados: Array<{ motivo: string, categoria: string | null, clase: string, minutos: number, paros: number }>, principales: Array<{ id: string, linea: number, linea_nombre: string, inicio: string, fin: string | null, minutos: number, clase: Types.ClasePerdida, comentario: string | null, motivo_por: string | null, origen: Types.OrigenParo, motivo: { nombre: string, categoria: string } | null }>, cambios_formato: Array<{ desde: string, hasta: string, cambios: number, minutos: number }>, lineas_tiempo: Array<{ linea_id: string, linea: number, linea_nombre: string, tramos: Array<{ inicio: string, fin: string, estado: string, paro_id: string | null, motivo: string | null, motivo_por: string | null }> }> } };

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

export const PerdidasOeeDocument = new TypedDocumentString(`
    query PerdidasOee($linea_id: ID, $desde: Date!, $hasta: Date!, $turno: Int) {
  perdidasOee(linea_id: $linea_id, desde: $desde, hasta: $hasta, turno: $turno) {
    linea_id
    desde
    hasta
    turno
    tiempo_planificado
    paros_planificados
    tiempo_operativo
    tiempo_neto
    tiempo_productivo
    disponibilidad
    rendimiento
    calidad
    oee
    perdidas {
      clase
      etiqueta
      grupo
      minutos
    }
    pareto {
      motivo
      categoria
      clase
      minutos
      paros
    }
    planificados {
      motivo
      categoria
      clase
      minutos
      paros
    }
    principales {
      id
      linea
      linea_nombre
      inicio
      fin
      minutos
      clase
      motivo {
        nombre
        categoria
      }
      comentario
      motivo_por
      origen
    }
    cambios_formato {
      desde
      hasta
      cambios
      minutos
    }
    mtbf
    mttr
    sin_motivo_pct
    lineas_tiempo {
      linea_id
      linea
      linea_nombre
      tramos {
        inicio
        fin
        estado
        paro_id
        motivo
        motivo_por
      }
    }
  }
}
    `) as unknown as TypedDocumentString<PerdidasOeeQuery, PerdidasOeeQueryVariables>;