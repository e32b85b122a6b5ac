import { fechaHoraPlanta, horaPlanta } from '@planta/domain';

/** 'DD/MM/AAAA HH:mm' of an instant in plant time (@planta/domain's fechaHoraPlanta). */
export function fechaHora(instante: string, timeZone: string): string {
  return fechaHoraPlanta(instante, timeZone);
}

/** 'DD/MM HH:mm' (or 'HH:mm' when conDia is false) of an instant in plant time (horaPlanta). */
export function horaCorta(instante: string, timeZone: string, conDia: boolean): string {
  return horaPlanta(instante, timeZone, conDia);
}

/** 'DD/MM/AAAA' of a date YYYY-MM-DD. */
export function fechaCorta(fecha: string): string {
  return `${fecha.slice(8, 10)}/${fecha.slice(5, 7)}/${fecha.slice(0, 4)}`;
}

/** The shifts of the plant (the API's turno): 1 = 08–16, 2 = 16–24, 3 = 00–08. */
export const TURNOS: Record<number, string> = { 1: 'T1 08–16', 2: 'T2 16–24', 3: 'T3 00–08' };

export interface Periodo {
  fecha: string;
  turno: number | null;
  inicio: string;
}

/**
 * A bucket's label: the production day ('25/11/2026'), the day and shift ('25/11/2026 T1
 * 08–16') or the hour ('25/11/2026 08:00', plant time).
 */
export function etiquetaPeriodo(p: Periodo, agrupacion: 'HORA' | 'TURNO' | 'DIA', timeZone: string): string {
  if (agrupacion === 'DIA') return fechaCorta(p.fecha);
  if (agrupacion === 'TURNO') return `${fechaCorta(p.fecha)} ${TURNOS[p.turno ?? 0] ?? ''}`.trim();
  return fechaHora(p.inicio, timeZone);
}

/** The chart's shorter label of a bucket (the day is left out when the range is one day). */
export function etiquetaEje(
  p: Periodo,
  agrupacion: 'HORA' | 'TURNO' | 'DIA',
  timeZone: string,
  unDia: boolean,
): string {
  if (agrupacion === 'DIA') return `${p.fecha.slice(8, 10)}/${p.fecha.slice(5, 7)}`;
  if (agrupacion === 'TURNO') {
    const t = `T${p.turno ?? ''}`;
    return unDia ? (TURNOS[p.turno ?? 0] ?? t) : `${p.fecha.slice(8, 10)}/${p.fecha.slice(5, 7)} ${t}`;
  }
  return horaCorta(p.inicio, timeZone, !unDia);
}
