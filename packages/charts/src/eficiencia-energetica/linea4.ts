import { orderByProductionHour, PRODUCTION_HOUR_ORDER, round2 } from '@planta/domain';
import { plantHour } from '../plant-hours.ts';

/** An hourly point of line 4's own counters (scadaLinea4, one-hour buckets). */
export interface LecturaLinea4 {
  fecha: string;
  velocidad: number;
  botellas: number;
  botellas_llenas: number;
  paquetes: number;
  formato: number;
}

export interface HoraLinea4 {
  hora: number;
  lectura: LecturaLinea4 | null;
}

/** Line 4's hours in production order (8…23, 0…7), gaps kept, mean speed rounded to 2 decimals. */
export function linea4PorHora(lecturas: readonly LecturaLinea4[], timeZone: string): HoraLinea4[] {
  const slots = orderByProductionHour([...lecturas], (l) => plantHour(l.fecha, timeZone));
  return slots.map((lectura, i) => ({
    hora: PRODUCTION_HOUR_ORDER[i]!,
    lectura: lectura && { ...lectura, velocidad: round2(lectura.velocidad) },
  }));
}

/** The day's filled bottles and packs of line 4 (sums of the hours). */
export function totalesLinea4(
  horas: readonly HoraLinea4[],
): { botellasLlenas: number; paquetes: number } | null {
  const con = horas.flatMap((h) => (h.lectura ? [h.lectura] : []));
  if (con.length === 0) return null;
  return {
    botellasLlenas: con.reduce((a, l) => a + l.botellas_llenas, 0),
    paquetes: con.reduce((a, l) => a + l.paquetes, 0),
  };
}
