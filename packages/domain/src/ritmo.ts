/**
 * The pace ("ritmo") of the production day in progress (issue 31): at 15:59 the day has made part
 * of its production, so comparing it with the whole day's meta reads as a failure all day. The day's
 * figures that accumulate through the day (production, volumes, consumptions) are compared with the
 * meta prorated to the scheduled production time gone by; the whole day's meta is still shown.
 *
 * The daily meta is spread over the lines in proportion to their scheduled capacity (DOMAIN
 * "Planning": nominal CU/h × scheduled hours), and the shifts start with the production day (08:00
 * plant time), so the share of the meta due after `t` minutes is
 *   Σ over lines of peso × min(scheduled minutes, t) / Σ peso × scheduled minutes.
 * Once every shift is over (at the latest at the end of the production day) the share is 1 and the
 * ritmo equals the cumplimiento (value / meta × 100).
 */

/** A line's scheduled production time on a day and its weight in the day's meta. */
export interface TiempoProgramado {
  /** Scheduled production minutes, from the production day's start (horas_productividad × 60). */
  minutos: number;
  /** The line's nominal output per unit of time (its share of the meta); 0 for a line that carries none. */
  peso: number;
}

/** Minutes of a production day (08:00 to 08:00; 1,380 or 1,500 on daylight-saving change days). */
export const MINUTOS_DIA_PRODUCCION = 24 * 60;

const finite = (x: number) => (Number.isFinite(x) ? x : 0);

/**
 * The share (0–1) of the day's meta due after `transcurridos` minutes of the production day: the
 * scheduled capacity gone by over the day's scheduled capacity. 0 before the day starts, 1 once
 * every shift is over. Without any scheduled time (no shift entered) the share of the production
 * day gone by (`duracion` minutes), so a meta entered by hand is still prorated.
 */
export function avanceProgramado(
  lineas: readonly TiempoProgramado[],
  transcurridos: number,
  duracion: number = MINUTOS_DIA_PRODUCCION,
): number {
  const t = finite(transcurridos);
  if (t <= 0) return 0;
  let total = 0;
  let hecho = 0;
  for (const { minutos, peso } of lineas) {
    const m = Math.max(0, finite(minutos));
    const w = Math.max(0, finite(peso));
    total += w * m;
    hecho += w * Math.min(m, t);
  }
  if (total > 0) return Math.min(1, hecho / total);
  return duracion > 0 ? Math.min(1, t / duracion) : 1;
}

/**
 * The meta due by now: the whole day's meta × the share gone by, for a figure that accumulates
 * through the day; a ratio (ETA, OEE…) keeps its meta. Null without a meta.
 */
export function metaAlRitmo(
  meta: number | null | undefined,
  avance: number,
  acumulaEnElDia: boolean,
): number | null {
  if (meta === null || meta === undefined || !Number.isFinite(meta)) return null;
  if (!acumulaEnElDia) return meta;
  return meta * Math.min(1, Math.max(0, finite(avance)));
}

/**
 * Ritmo, in %: the day's value against the meta due by now (value / metaAlRitmo × 100). Null without
 * a value, or while nothing is due yet (before the day or its first shift starts). At the end of
 * the production day (avance 1) it equals the cumplimiento, value / meta × 100.
 */
export function ritmoPct(
  valor: number | null | undefined,
  meta: number | null | undefined,
  avance: number,
  acumulaEnElDia: boolean,
): number | null {
  const due = metaAlRitmo(meta, avance, acumulaEnElDia);
  if (valor === null || valor === undefined || !Number.isFinite(valor) || due === null || due === 0)
    return null;
  return (valor / due) * 100;
}

/** The plant's "Cumplimiento de meta (%)": the day's production over its meta, so it grows through the day too. */
const CUMPLIMIENTO_DEL_DIA = /^Cumplimiento de meta \(%\)(_\d{3})?$/;

/**
 * Whether a variable's daily value accumulates through the day (so its meta is prorated for the
 * day in progress): counts and volumes (SUMA), and the day's production as % of its meta.
 */
export function acumulaEnElDia(variable: { nombre: string; agregacion: string }): boolean {
  return variable.agregacion === 'SUMA' || CUMPLIMIENTO_DEL_DIA.test(variable.nombre);
}
