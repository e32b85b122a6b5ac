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

/** What kind of stop a paro is: FALLA (failure: MTTR/MTTF), MICROPARO, CAMBIO_FORMATO, CIP and PLANIFICADO (planned). */
export type TipoParo =
  | 'CAMBIO_FORMATO'
  | 'CIP'
  | 'FALLA'
  | 'MICROPARO'
  | 'PLANIFICADO';

export type ParosTurnoQueryVariables = Exact<{
  lineaId: string;
  fecha?: string | null | undefined;
  turno?: number | null | undefined;
}>;


export type ParosTurnoQuery = { parosTurno: { linea_id: string, turno: number, turno_nombre: string, fecha: string, desde: string, hasta: string, abierto: boolean, items: Array<{ id: string, linea_id: string, inicio: string, fin: string | null, minutos: number, tipo: Types.TipoParo, origen: Types.OrigenParo, clase: Types.ClasePerdida, comentario: string | null, codigo_falla: number | null, motivo_por: string | null, motivo_en: string | null, turno: number, version: number, motivo: { id: string, nombre: string, categoria: string, clase: Types.ClasePerdida } | null }> } };

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

export const ParosTurnoDocument = new TypedDocumentString(`
    query ParosTurno($lineaId: ID!, $fecha: Date, $turno: Int) {
  parosTurno(linea_id: $lineaId, fecha: $fecha, turno: $turno) {
    linea_id
    turno
    turno_nombre
    fecha
    desde
    hasta
    abierto
    items {
      ...ParoTurnoCampos
    }
  }
}
    fragment ParoTurnoCampos on Paro {
  id
  linea_id
  inicio
  fin
  minutos
  tipo
  origen
  clase
  motivo {
    id
    nombre
    categoria
    clase
  }
  comentario
  codigo_falla
  motivo_por
  motivo_en
  turno
  version
}`) as unknown as TypedDocumentString<ParosTurnoQuery, ParosTurnoQueryVariables>;