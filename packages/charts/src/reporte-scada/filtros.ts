import { productionDayRange } from '@planta/domain';
import { diasEntre, moverRango as moverRangoHasta, rangoDeParams } from '../rango-url.ts';

/** The API's IntervaloScada, with its label and minutes. */
export type IntervaloScada = 'MINUTO' | 'QUINCE_MINUTOS' | 'HORA' | 'DIA';
export const INTERVALOS: readonly { valor: IntervaloScada; etiqueta: string; minutos: number }[] = [
  { valor: 'MINUTO', etiqueta: '1 minuto', minutos: 1 },
  { valor: 'QUINCE_MINUTOS', etiqueta: '15 minutos', minutos: 15 },
  { valor: 'HORA', etiqueta: '1 hora', minutos: 60 },
  { valor: 'DIA', etiqueta: '1 día', minutos: 1440 },
];
/** The API's limits: variables per report, cells (rows × variables), days of range. */
export const MAX_VARIABLES = 20;
export const MAX_CELDAS = 50_000;
export const MAX_DIAS = 366;

const dias = diasEntre;

/** Cells a report of `nDias` production days, `variables` and `intervalo` would have. */
export function celdas(nDias: number, variables: number, intervalo: IntervaloScada): number {
  const minutos = INTERVALOS.find((i) => i.valor === intervalo)!.minutos;
  return Math.ceil((nDias * 1440) / minutos) * Math.max(1, variables);
}

/** Intervals within the cell cap for the range and the number of variables. */
export function intervalosValidos(nDias: number, variables: number): IntervaloScada[] {
  return INTERVALOS.filter((i) => celdas(nDias, variables, i.valor) <= MAX_CELDAS).map((i) => i.valor);
}

export interface FiltrosScada {
  desde: string;
  hasta: string;
  intervalo: IntervaloScada;
  variables: string[];
  aviso: string | null;
}

/**
 * The filters from the URL (desde, hasta, intervalo, variables=3,7): today, hourly, no variable by
 * default; bad dates become today, a range over 366 days keeps its last days, the interval is
 * the next larger one within the cell cap.
 */
export function leerFiltros(params: URLSearchParams, hoy: string): FiltrosScada {
  const { desde, hasta, recortado, ...rango } = rangoDeParams(params, hoy, MAX_DIAS);
  const aviso = recortado ? `El rango admite como máximo ${MAX_DIAS} días` : rango.aviso;
  const variables = [
    ...new Set(
      (params.get('variables') ?? '')
        .split(',')
        .map((x) => x.trim())
        .filter((x) => /^\d{1,10}$/.test(x)),
    ),
  ].slice(0, MAX_VARIABLES);
  const pedido = INTERVALOS.find((i) => i.valor === params.get('intervalo'))?.valor ?? 'HORA';
  const validos = intervalosValidos(dias(desde, hasta), variables.length);
  const orden = INTERVALOS.map((i) => i.valor);
  const intervalo =
    (validos.includes(pedido) ? pedido : validos.find((v) => orden.indexOf(v) > orden.indexOf(pedido))) ??
    'DIA';
  return { desde, hasta, intervalo, variables, aviso };
}

/** The end of the range moved by the user; the other end follows when needed (≤ 366 days). */
export function moverRango(
  actual: { desde: string; hasta: string },
  cambio: { desde?: string; hasta?: string },
): { desde: string; hasta: string } {
  return moverRangoHasta(actual, cambio, MAX_DIAS);
}

export const diasDe = dias;

/**
 * The instants of production days desde…hasta: 08:00 plant time of desde to 08:00 after hasta,
 * cut at `ahora` (rounded up to the next minute, so the running minute is in) — no future buckets.
 */
export function instantes(
  desde: string,
  hasta: string,
  timeZone: string,
  ahora: number,
): { inicio: string; fin: string } {
  const inicio = productionDayRange(desde, timeZone).start.getTime();
  const finDia = productionDayRange(hasta, timeZone).end.getTime();
  const ahoraMin = Math.ceil(ahora / 60_000) * 60_000;
  const fin = Math.max(inicio + 60_000, Math.min(finDia, ahoraMin));
  return { inicio: new Date(inicio).toISOString(), fin: new Date(fin).toISOString() };
}

/**
 * The variables the report opens with when its address names none: those this user chose last
 * (`guardadas`, kept in the browser) that still exist in the catalogue, else the main ones of the
 * first line that has any (its OPC-fed variables), else the catalogue's first three. Capped at
 * MAX_VARIABLES, in the order given.
 */
export function variablesIniciales(
  catalogo: readonly { id: string; linea?: number | null }[],
  guardadas: readonly string[] | null,
): string[] {
  const existen = new Set(catalogo.map((v) => v.id));
  const recordadas = (guardadas ?? []).filter((id) => existen.has(id));
  if (recordadas.length > 0) return [...new Set(recordadas)].slice(0, MAX_VARIABLES);
  const lineas = catalogo.map((v) => v.linea).filter((l): l is number => typeof l === 'number');
  if (lineas.length > 0) {
    const primera = Math.min(...lineas);
    return catalogo
      .filter((v) => v.linea === primera)
      .map((v) => v.id)
      .slice(0, MAX_VARIABLES);
  }
  return catalogo.slice(0, 3).map((v) => v.id);
}
