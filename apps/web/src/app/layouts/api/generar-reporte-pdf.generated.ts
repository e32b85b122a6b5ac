/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type * as Types from '../../../gql/types';

import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
export type EstadoExportacion =
  | 'EN_PROCESO'
  | 'ERROR'
  | 'LISTA';

/** The screen's query parameters for its PDF report (as in its URL; each screen uses the ones it shows). */
export type ParametrosReporte = {
  /** Reporte de Contadores: the grouping (HORA, TURNO, DIA), the line numbers ('1,2') and the charted figure. */
  agrupacion?: string | null | undefined;
  anio?: string | null | undefined;
  /** The HR screens' area filter. */
  area?: string | null | undefined;
  /** A chosen range of production days (YYYY-MM-DD, both inclusive). */
  desde?: string | null | undefined;
  /** The production day (YYYY-MM-DD); default: the day in progress. */
  fecha?: string | null | undefined;
  hasta?: string | null | undefined;
  /** The reports' interval (/reportes/aire: 1m, 5m, 15m, 1h, 1d, 7d; /reportes/scada: MINUTO, QUINCE_MINUTOS, HORA, DIA). */
  intervalo?: string | null | undefined;
  linea?: string | null | undefined;
  lineas?: string | null | undefined;
  mes?: string | null | undefined;
  serie?: string | null | undefined;
  /** /fabrica/perdidas: the shift (turnosHorario.numero) the losses are read for. */
  turno?: string | null | undefined;
  /** The variable charted on the screen (/fabrica). */
  variable?: string | null | undefined;
  /** Reporte de Variables SCADA: the picked variables' ids ('12,15'). */
  variables?: string | null | undefined;
};

export type GenerarReportePdfMutationVariables = Exact<{
  ruta: string;
  parametros?: Types.ParametrosReporte | null | undefined;
}>;


export type GenerarReportePdfMutation = { generarReportePdf: { id: string, nombre: string, estado: Types.EstadoExportacion, progreso: number, file_url: string } };

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

export const GenerarReportePdfDocument = new TypedDocumentString(`
    mutation GenerarReportePdf($ruta: String!, $parametros: ParametrosReporte) {
  generarReportePdf(ruta: $ruta, parametros: $parametros) {
    id
    nombre
    estado
    progreso
    file_url
  }
}
    `) as unknown as TypedDocumentString<GenerarReportePdfMutation, GenerarReportePdfMutationVariables>;