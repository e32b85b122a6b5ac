import { orderByProductionHour, PRODUCTION_HOUR_ORDER, round2 } from '@planta/domain';
import { HOUR_LABELS, hourRangeLabel, plantHour } from '../plant-hours.ts';

/** Axis labels of the counter window's hours, in production order: '08' … '23', '00' … '07'. */
export const ETIQUETAS_HORA = HOUR_LABELS;

/** '08:00 – 08:59': the hour a counter covers. */
export const rangoHora = hourRangeLabel;

/** One hourly counter of a line, as the API sends it. */
export interface ContadorHora {
  fecha: string;
  energia: number;
  eficiencia: number;
  kpi_energia: number;
  formato: number;
}

/** A slot of the 08:00 → 07:00 window: its plant hour and the counter (null = no counter, a gap). */
export interface HoraContador {
  hora: number;
  contador: ContadorHora | null;
}

/**
 * The hourly counters of a production day in their 24 slots, 8…23 then 0…7 plant time (SPEC §4),
 * with energy and efficiency rounded to 2 decimals (SPEC §9). A missing hour stays null, so the
 * charts show a gap instead of joining its neighbours.
 */
export function contadoresPorHora(rows: readonly ContadorHora[], timeZone: string): HoraContador[] {
  const slots = orderByProductionHour([...rows], (r) => plantHour(r.fecha, timeZone));
  return slots.map((contador, i) => ({
    hora: PRODUCTION_HOUR_ORDER[i]!,
    contador: contador && {
      ...contador,
      energia: round2(contador.energia),
      eficiencia: round2(contador.eficiencia),
    },
  }));
}

/** The base names of a line's energy variables (the line's own carry its suffix: `…_561`). */
export const VARIABLE_ENERGIA = 'Energía eléctrica (kWh)';
export const VARIABLE_KPI_ENERGIA = 'KPI energía (kWh/L)';

/**
 * The names of line `numero`'s energy variables (its meter's kWh and its kWh/L), whose day figures
 * are what /fabrica and Lineas read; undefined when the line has none.
 */
export function variablesEnergiaLinea(
  variables: readonly { nombre: string; area: string; linea?: { numero: number } | null }[],
  numero: number,
): { energia?: string; kpi?: string } {
  const deLinea = variables.filter((v) => v.area === 'energia' && v.linea?.numero === numero);
  const find = (base: string) =>
    deLinea.find((v) => v.nombre === base || v.nombre.startsWith(`${base}_`))?.nombre;
  return { energia: find(VARIABLE_ENERGIA), kpi: find(VARIABLE_KPI_ENERGIA) };
}

/**
 * The kWh of the day: Σ of the hourly counters (2 decimals), null without counters. The day's
 * kWh/L is not derived from the hours (an hour that filled bottles without a meter reading would
 * drop its litres): it is the line's 'KPI energía (kWh/L)' variable, Σ kWh / Σ litres of the day.
 */
export function energiaDelDia(horas: readonly HoraContador[]): number | null {
  const con = horas.flatMap((h) => (h.contador ? [h.contador] : []));
  return con.length === 0 ? null : round2(con.reduce((a, c) => a + c.energia, 0));
}
