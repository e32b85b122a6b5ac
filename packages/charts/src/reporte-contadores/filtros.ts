import { rangoDeParams } from '../rango-url.ts';

/** How the report groups the hours (the API's AgrupacionContadores). */
export type Agrupacion = 'HORA' | 'TURNO' | 'DIA';

/** Groupings with their label and longest range (production days, both ends; the API's limits). */
export const AGRUPACIONES: readonly { valor: Agrupacion; etiqueta: string; maxDias: number }[] = [
  { valor: 'HORA', etiqueta: 'Hora', maxDias: 31 },
  { valor: 'TURNO', etiqueta: 'Turno', maxDias: 92 },
  { valor: 'DIA', etiqueta: 'Día', maxDias: 366 },
];

export const maxDias = (a: Agrupacion) => AGRUPACIONES.find((x) => x.valor === a)!.maxDias;

export { diasEntre, moverRango } from '../rango-url.ts';

export interface FiltrosContadores {
  desde: string;
  hasta: string;
  agrupacion: Agrupacion;
  /** Line numbers; empty = every line. */
  lineas: number[];
  /** Spanish note when the URL's values could not be used as they were. */
  aviso: string | null;
}

/**
 * The report's filters from the URL (desde, hasta, agrupacion, lineas=1,2): today by hour by
 * default; a bad date falls back to today, a range longer than the grouping allows is cut to
 * its last days, days after today become today.
 */
export function leerFiltros(params: URLSearchParams, hoy: string): FiltrosContadores {
  const agrupacion = AGRUPACIONES.find((a) => a.valor === params.get('agrupacion'))?.valor ?? 'HORA';
  const max = maxDias(agrupacion);
  const { desde, hasta, recortado, ...rango } = rangoDeParams(params, hoy, max);
  let aviso = rango.aviso;
  if (recortado) {
    aviso = `Con agrupación por ${AGRUPACIONES.find((a) => a.valor === agrupacion)!.etiqueta.toLowerCase()} el rango admite como máximo ${max} días`;
  }
  const lineas = [
    ...new Set(
      (params.get('lineas') ?? '')
        .split(',')
        .map((x) => Number(x))
        .filter((n) => Number.isInteger(n) && n >= 1 && n <= 99),
    ),
  ].sort((a, b) => a - b);
  return { desde, hasta, agrupacion, lineas, aviso };
}
