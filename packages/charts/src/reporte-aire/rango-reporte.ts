import { addDays, productionDayRange } from '@planta/domain';

/**
 * The air and water reports' filters: a range of production days (desde…hasta, 08:00 → 08:00 plant
 * time) and an interval, as the API's `intervalo` strings. Pure, so the URL rules are unit-tested.
 */

/** Intervals offered, as `reporteAire`/`reporteAgua` read them (buckets aligned on 08:00 plant time). */
export const INTERVALOS_REPORTE = [
  { valor: '1m', etiqueta: '1 minuto', minutos: 1 },
  { valor: '5m', etiqueta: '5 minutos', minutos: 5 },
  { valor: '15m', etiqueta: '15 minutos', minutos: 15 },
  { valor: '1h', etiqueta: 'Hora', minutos: 60 },
  { valor: '1d', etiqueta: 'Día de producción', minutos: 1440 },
  { valor: '7d', etiqueta: 'Semana', minutos: 10080 },
] as const;
export type IntervaloReporte = (typeof INTERVALOS_REPORTE)[number]['valor'];

/** The server's row cap (MAX_REPORT_ROWS): shorter intervals over the range are not offered. */
export const MAX_FILAS_REPORTE = 5000;
/** Longest range offered, in production days (the server accepts up to 400). */
export const MAX_DIAS_REPORTE = 366;
/**
 * Default range: the last 7 production days up to the day in progress — a whole week (weekend
 * included) for the weekly utilities review, whose hourly table (168 rows) still reads as a chart,
 * and which shows the live readings of the day in progress at once.
 */
export const DIAS_POR_DEFECTO = 7;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar date written YYYY-MM-DD. */
export function esFecha(texto: string | null | undefined): texto is string {
  if (!texto || !ISO_DATE.test(texto)) return false;
  const d = new Date(`${texto}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === texto;
}

/** Production days from desde to hasta, both included. */
export function diasEntre(desde: string, hasta: string): number {
  return Math.round((Date.parse(`${hasta}T00:00:00Z`) - Date.parse(`${desde}T00:00:00Z`)) / 86_400_000) + 1;
}

/** Rows an interval makes over `dias` production days. */
export const filasDe = (dias: number, minutos: number) => Math.ceil((dias * 1440) / minutos);

/** The intervals offered for a range of `dias` days: within the row cap and at least 2 rows. */
export function intervalosValidos(dias: number): IntervaloReporte[] {
  return INTERVALOS_REPORTE.filter((i) => {
    const filas = filasDe(dias, i.minutos);
    return filas <= MAX_FILAS_REPORTE && (filas >= 2 || i.minutos <= 1440);
  }).map((i) => i.valor);
}

/** Default interval: 15 minutes for a day, hourly up to a month, daily beyond. */
export function intervaloPorDefecto(dias: number): IntervaloReporte {
  if (dias <= 1) return '15m';
  if (dias <= 31) return '1h';
  return '1d';
}

export const etiquetaIntervalo = (valor: string) =>
  INTERVALOS_REPORTE.find((i) => i.valor === valor)?.etiqueta ?? valor;

export interface FiltrosReporte {
  desde: string;
  hasta: string;
  intervalo: IntervaloReporte;
  dias: number;
  /** URL values that could not be used (shown on their field; the defaults apply). */
  invalidos: ('desde' | 'hasta' | 'intervalo')[];
}

/**
 * The URL's desde/hasta/intervalo, checked: dates must exist and lie between the plant's first day
 * and today, desde ≤ hasta, at most MAX_DIAS_REPORTE days; the interval must be offered for the
 * range. Whatever is missing or wrong falls back to the defaults (last 7 days, interval by span).
 */
export function leerFiltros(
  params: { desde: string | null; hasta: string | null; intervalo: string | null },
  hoy: string,
  primerDia = '2000-01-01',
): FiltrosReporte {
  const invalidos: FiltrosReporte['invalidos'] = [];
  const enRango = (f: string) => f >= primerDia && f <= hoy;
  let hasta = hoy;
  if (params.hasta !== null) {
    if (esFecha(params.hasta) && enRango(params.hasta)) hasta = params.hasta;
    else invalidos.push('hasta');
  }
  let desde = maxFecha(addDays(hasta, -(DIAS_POR_DEFECTO - 1)), primerDia);
  if (params.desde !== null) {
    const ok =
      esFecha(params.desde) &&
      enRango(params.desde) &&
      params.desde <= hasta &&
      diasEntre(params.desde, hasta) <= MAX_DIAS_REPORTE;
    if (ok) desde = params.desde;
    else invalidos.push('desde');
  }
  const dias = diasEntre(desde, hasta);
  const validos = intervalosValidos(dias);
  let intervalo = intervaloPorDefecto(dias);
  if (params.intervalo !== null) {
    const pedido = validos.find((i) => i === params.intervalo);
    if (pedido) intervalo = pedido;
    else invalidos.push('intervalo');
  }
  return { desde, hasta, intervalo, dias, invalidos };
}

const maxFecha = (a: string, b: string) => (a > b ? a : b);
const minFecha = (a: string, b: string) => (a < b ? a : b);

/**
 * A new range after one end was changed: the other end follows so that desde ≤ hasta and the
 * range stays within MAX_DIAS_REPORTE days (and hasta never passes today).
 */
export function ajustarRango(
  actual: { desde: string; hasta: string },
  cambio: { desde?: string; hasta?: string },
  hoy: string,
): { desde: string; hasta: string } {
  if (cambio.desde !== undefined) {
    const desde = cambio.desde;
    let hasta = maxFecha(actual.hasta, desde);
    if (diasEntre(desde, hasta) > MAX_DIAS_REPORTE) hasta = addDays(desde, MAX_DIAS_REPORTE - 1);
    return { desde, hasta: minFecha(hasta, hoy) };
  }
  if (cambio.hasta !== undefined) {
    const hasta = minFecha(cambio.hasta, hoy);
    let desde = minFecha(actual.desde, hasta);
    if (diasEntre(desde, hasta) > MAX_DIAS_REPORTE) desde = addDays(hasta, -(MAX_DIAS_REPORTE - 1));
    return { desde, hasta };
  }
  return actual;
}

/** The interval kept after the range changed: the chosen one while still offered, else the default. */
export function intervaloPara(dias: number, elegido: IntervaloReporte): IntervaloReporte {
  return intervalosValidos(dias).includes(elegido) ? elegido : intervaloPorDefecto(dias);
}

/** The instants the API reads: 08:00 plant time of desde → 08:00 after hasta. */
export function instantesDe(desde: string, hasta: string, timeZone: string): { inicio: string; fin: string } {
  return {
    inicio: productionDayRange(desde, timeZone).start.toISOString(),
    fin: productionDayRange(hasta, timeZone).end.toISOString(),
  };
}
