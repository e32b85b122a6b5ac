/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type * as Types from '../../../gql/types';

import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
export type DiaEficienciaPagadaFragment = { pagada: number | null, sap: number | null, brecha_pp: number | null, cobertura_sap: number | null, oee: number | null, eta: number | null };

export type AcumuladoEficienciaPagadaFragment = { pagada: number | null, sap: number | null, brecha_pp: number | null, cobertura_sap: number | null };

export type DetalleEficienciaPagadaFragment = { horas_pagadas: number | null, minutos_planificados: number | null, minutos_marcha: number | null, minutos_cambio_formato: number, minutos_cip: number, minutos_paro_planificado: number, minutos_falla: number, minutos_microparo: number, producido_cu: number, capacidad_pagada_cu: number, velocidad_nominal_cu_h: number | null };

export type EficienciaPagadaQueryVariables = Exact<{
  fecha: string;
}>;


export type EficienciaPagadaQuery = { eficienciaPagada: { fecha: string, lineas: Array<{ numero: number, nombre: string, dia: { pagada: number | null, sap: number | null, brecha_pp: number | null, cobertura_sap: number | null, oee: number | null, eta: number | null }, mes: { pagada: number | null, sap: number | null, brecha_pp: number | null, cobertura_sap: number | null }, anio: { pagada: number | null, sap: number | null, brecha_pp: number | null, cobertura_sap: number | null }, detalle: { horas_pagadas: number | null, minutos_planificados: number | null, minutos_marcha: number | null, minutos_cambio_formato: number, minutos_cip: number, minutos_paro_planificado: number, minutos_falla: number, minutos_microparo: number, producido_cu: number, capacidad_pagada_cu: number, velocidad_nominal_cu_h: number | null } | null, dias: Array<{ fecha: string, pagada: number | null, sap: number | null }> }>, planta: { dia: { pagada: number | null, sap: number | null, brecha_pp: number | null, cobertura_sap: number | null, oee: number | null, eta: number | null }, mes: { pagada: number | null, sap: number | null, brecha_pp: number | null, cobertura_sap: number | null }, anio: { pagada: number | null, sap: number | null, brecha_pp: number | null, cobertura_sap: number | null }, detalle: { horas_pagadas: number | null, minutos_planificados: number | null, minutos_marcha: number | null, minutos_cambio_formato: number, minutos_cip: number, minutos_paro_planificado: number, minutos_falla: number, minutos_microparo: number, producido_cu: number, capacidad_pagada_cu: number, velocidad_nominal_cu_h: number | null } | null, dias: Array<{ fecha: string, pagada: number | null, sap: number | null }> } } };

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
export const DiaEficienciaPagadaFragmentDoc = new TypedDocumentString(`
    fragment DiaEficienciaPagada on EficienciaPagadaPeriodo {
  pagada
  sap
  brecha_pp
  cobertura_sap
  oee
  eta
}
    `, {"fragmentName":"DiaEficienciaPagada"}) as unknown as TypedDocumentString<DiaEficienciaPagadaFragment, unknown>;
export const AcumuladoEficienciaPagadaFragmentDoc = new TypedDocumentString(`
    fragment AcumuladoEficienciaPagada on EficienciaPagadaPeriodo {
  pagada
  sap
  brecha_pp
  cobertura_sap
}
    `, {"fragmentName":"AcumuladoEficienciaPagada"}) as unknown as TypedDocumentString<AcumuladoEficienciaPagadaFragment, unknown>;
export const DetalleEficienciaPagadaFragmentDoc = new TypedDocumentString(`
    fragment DetalleEficienciaPagada on EficienciaPagadaDetalle {
  horas_pagadas
  minutos_planificados
  minutos_marcha
  minutos_cambio_formato
  minutos_cip
  minutos_paro_planificado
  minutos_falla
  minutos_microparo
  producido_cu
  capacidad_pagada_cu
  velocidad_nominal_cu_h
}
    `, {"fragmentName":"DetalleEficienciaPagada"}) as unknown as TypedDocumentString<DetalleEficienciaPagadaFragment, unknown>;
export const EficienciaPagadaDocument = new TypedDocumentString(`
    query EficienciaPagada($fecha: Date!) {
  eficienciaPagada(fecha: $fecha) {
    fecha
    lineas {
      numero
      nombre
      dia {
        ...DiaEficienciaPagada
      }
      mes {
        ...AcumuladoEficienciaPagada
      }
      anio {
        ...AcumuladoEficienciaPagada
      }
      detalle {
        ...DetalleEficienciaPagada
      }
      dias {
        fecha
        pagada
        sap
      }
    }
    planta {
      dia {
        ...DiaEficienciaPagada
      }
      mes {
        ...AcumuladoEficienciaPagada
      }
      anio {
        ...AcumuladoEficienciaPagada
      }
      detalle {
        ...DetalleEficienciaPagada
      }
      dias {
        fecha
        pagada
        sap
      }
    }
  }
}
    fragment DiaEficienciaPagada on EficienciaPagadaPeriodo {
  pagada
  sap
  brecha_pp
  cobertura_sap
  oee
  eta
}
fragment AcumuladoEficienciaPagada on EficienciaPagadaPeriodo {
  pagada
  sap
  brecha_pp
  cobertura_sap
}
fragment DetalleEficienciaPagada on EficienciaPagadaDetalle {
  horas_pagadas
  minutos_planificados
  minutos_marcha
  minutos_cambio_formato
  minutos_cip
  minutos_paro_planificado
  minutos_falla
  minutos_microparo
  producido_cu
  capacidad_pagada_cu
  velocidad_nominal_cu_h
}`) as unknown as TypedDocumentString<EficienciaPagadaQuery, EficienciaPagadaQueryVariables>;