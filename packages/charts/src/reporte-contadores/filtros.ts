import { addDays, isIsoDate } from '@planta/domain';

/** How the report groups the hours (the API's AgrupacionContadores). */
export type Agrupacion = 'HORA' | 'TURNO' | 'DIA';

/** Groupings with their label and longest range (production days, both ends; the API's limits). */
export const AGRUPACIONES: readonly { valor: Agrupacion; etiqueta: string; maxDias: number }[] = [
  { valor: 'HORA', etiqueta: 'Hora', maxDias: 31 },
  { valor: 'TURNO', etiqueta: 'Turno', maxDias: 92 },
  { valor: 'DIA', etiqueta: 'Día', maxDias: 366 },
];

export const maxDias = (a: Agrupacion) => AGRUPACIONES.find((x) => x.valor === a)!.maxDias;

/** Days from desde to hasta, both included. */
export function diasEntre(desde: string, hasta: string): number {
  return (Date.parse(`${hasta}T00:00:00Z`) - Date.parse(`${desde}T00:00:00Z`)) / 86_400_000 + 1;
}

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
  let aviso: string | null = null;
  const fecha = (name: string) => {
    const v = params.get(name);
    if (v === null) return hoy;
    if (!isIsoDate(v)) {
      aviso = `La fecha "${name}" de la dirección no es válida`;
      return hoy;
    }
    return v > hoy ? hoy : v;
  };
  let hasta = fecha('hasta');
  let desde = fecha('desde');
  if (desde > hasta) [desde, hasta] = [hasta, desde];
  const agrupacion = AGRUPACIONES.find((a) => a.valor === params.get('agrupacion'))?.valor ?? 'HORA';
  const max = maxDias(agrupacion);
  if (diasEntre(desde, hasta) > max) {
    desde = addDays(hasta, -(max - 1));
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

/**
 * A new end of the range chosen by the user: the other end moves when the range would be
 * reversed or longer than the grouping allows.
 */
export function moverRango(
  actual: { desde: string; hasta: string },
  cambio: { desde?: string; hasta?: string },
  max: number,
): { desde: string; hasta: string } {
  if (cambio.desde !== undefined) {
    const desde = cambio.desde;
    let hasta = actual.hasta < desde ? desde : actual.hasta;
    if (diasEntre(desde, hasta) > max) hasta = addDays(desde, max - 1);
    return { desde, hasta };
  }
  const hasta = cambio.hasta ?? actual.hasta;
  let desde = actual.desde > hasta ? hasta : actual.desde;
  if (diasEntre(desde, hasta) > max) desde = addDays(hasta, -(max - 1));
  return { desde, hasta };
}
