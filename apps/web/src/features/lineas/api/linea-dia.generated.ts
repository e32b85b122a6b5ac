/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type * as Types from '../../../gql/types';

import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
export type LineaDiaQueryVariables = Exact<{
  linea: number;
  desde: string;
  hasta: string;
  fecha: string;
}>;


export type LineaDiaQuery = { tiempoActividad: number, scadaLinea: { intervalo_minutos: number, lecturas: Array<{ fecha: string, velocidad: number, botellas: number, botellas_llenas: number, paquetes: number, formato: number }> }, scadaHistorico: Array<{ fecha: string, botellas: number, botellas_llenas: number, paquetes: number, producto_terminado: number, minutos_marcha: number, velocidad_media: number | null }> };

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

export const LineaDiaDocument = new TypedDocumentString(`
    query LineaDia($linea: Int!, $desde: DateTime!, $hasta: DateTime!, $fecha: Date!) {
  scadaLinea(linea: $linea, desde: $desde, hasta: $hasta, max_puntos: 25) {
    intervalo_minutos
    lecturas {
      fecha
      velocidad
      botellas
      botellas_llenas
      paquetes
      formato
    }
  }
  scadaHistorico(linea: $linea, desde: $fecha, hasta: $fecha) {
    fecha
    botellas
    botellas_llenas
    paquetes
    producto_terminado
    minutos_marcha
    velocidad_media
  }
  tiempoActividad(linea: $linea, fecha: $fecha)
}
    `) as unknown as TypedDocumentString<LineaDiaQuery, LineaDiaQueryVariables>;