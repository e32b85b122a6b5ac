import { addDays, productionDayRange } from '@planta/domain';

/** Lengths of the range offered (production days ending on the chosen day). */
export const DIAS_RANGO = [1, 7, 30] as const;
export type DiasRango = (typeof DIAS_RANGO)[number];

/** Intervals of the air-flow chart, as the API reads them (`flujoAire`'s intervalo). */
export const INTERVALOS = [
  { valor: '5m', etiqueta: '5 min', minutos: 5 },
  { valor: '15m', etiqueta: '15 min', minutos: 15 },
  { valor: '1 hora', etiqueta: '1 hora', minutos: 60 },
  { valor: '1 día', etiqueta: '1 día', minutos: 1440 },
] as const;
export type Intervalo = (typeof INTERVALOS)[number]['valor'];

/** The API's row cap of flujoAire (MAX_REPORT_ROWS on the server). */
export const MAX_FILAS = 5000;

/** Intervals that make a readable chart of `dias` days: within the row cap and at least 4 points. */
export function intervalosValidos(dias: number): Intervalo[] {
  return INTERVALOS.filter((i) => {
    const filas = (dias * 1440) / i.minutos;
    return filas <= MAX_FILAS && filas >= 4;
  }).map((i) => i.valor);
}

/** The default interval: 5 minutes for a day, hourly for a week or a month. */
export function intervaloPorDefecto(dias: number): Intervalo {
  return dias <= 1 ? '5m' : '1 hora';
}

/** The URL's values, or the defaults when missing or not offered. */
export function leerRango(
  diasParam: string | null,
  intervaloParam: string | null,
): { dias: DiasRango; intervalo: Intervalo } {
  const dias = DIAS_RANGO.find((d) => String(d) === diasParam) ?? 1;
  const validos = intervalosValidos(dias);
  const intervalo = validos.find((i) => i === intervaloParam) ?? intervaloPorDefecto(dias);
  return { dias, intervalo };
}

export interface Rango {
  /** First and last production day (YYYY-MM-DD). */
  desde: string;
  hasta: string;
  /** Instants: 08:00 plant time of desde → 08:00 after hasta, cut at `ahora` (no future). */
  inicio: string;
  fin: string;
}

/** The production days and instants of a range of `dias` days ending on `hasta`. */
export function rangoDe(hasta: string, dias: number, timeZone: string, ahora: number): Rango {
  const desde = addDays(hasta, -(dias - 1));
  const inicio = productionDayRange(desde, timeZone).start.getTime();
  const fin = Math.max(inicio + 60_000, Math.min(productionDayRange(hasta, timeZone).end.getTime(), ahora));
  return { desde, hasta, inicio: new Date(inicio).toISOString(), fin: new Date(fin).toISOString() };
}

const relojes = new Map<string, Intl.DateTimeFormat>();

/** 'DD/MM HH:mm' in plant time (the air chart's axis and tooltips). */
export function etiquetaInstante(instante: string, timeZone: string, conDia: boolean): string {
  let f = relojes.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('es-PE', {
      timeZone,
      day: '2-digit',
      month: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    relojes.set(timeZone, f);
  }
  const p = Object.fromEntries(f.formatToParts(new Date(instante)).map((x) => [x.type, x.value]));
  const hora = `${p.hour}:${p.minute}`;
  return conDia ? `${p.day}/${p.month} ${hora}` : hora;
}
