import { round2, weekStart } from '@planta/domain';

/** A week's (or a range's) overtime figures, as the server sends them per ISO week and area. */
export interface FigurasSemana {
  /** Monday of the ISO week (YYYY-MM-DD). */
  semana: string;
  area: string;
  horas: number;
  horas_dobles: number;
  horas_triples: number;
  presupuesto: number;
  porcentaje_presupuesto: number | null;
  horas_ordinarias: number;
  porcentaje_ordinarias: number | null;
}

/** A week of the plant (every area summed). */
export type SemanaTotal = Omit<FigurasSemana, 'area'>;

/** The ISO 8601 week number (1–53) of a YYYY-MM-DD date: the week of its Thursday. */
export function numeroSemanaIso(fecha: string): number {
  const lunes = weekStart(fecha);
  const jueves = new Date(`${lunes}T00:00:00Z`);
  jueves.setUTCDate(jueves.getUTCDate() + 3);
  const enero1 = Date.UTC(jueves.getUTCFullYear(), 0, 1);
  return Math.floor((jueves.getTime() - enero1) / (7 * 86_400_000)) + 1;
}

/** 'Sem. 47 (17/11)': the ISO week number of a date and the day/month of its Monday. */
export function etiquetaSemana(fecha: string): string {
  const lunes = weekStart(fecha);
  return `Sem. ${numeroSemanaIso(lunes)} (${lunes.slice(8, 10)}/${lunes.slice(5, 7)})`;
}

/** a / b × 100 with 2 decimals, as the server rounds its percentages; null when b is not positive. */
export function porcentaje(a: number, b: number): number | null {
  return b > 0 ? round2((a / b) * 100) : null;
}

/**
 * The plant's weeks from the per-area rows (area 'Todas'): hours, budget and ordinary hours summed
 * per week, the percentages recomputed from the sums (a ratio of sums, not a mean of percentages).
 * In week order.
 */
export function sumarSemanas(filas: readonly FigurasSemana[]): SemanaTotal[] {
  const porSemana = new Map<string, SemanaTotal>();
  for (const f of filas) {
    const t = porSemana.get(f.semana) ?? {
      semana: f.semana,
      horas: 0,
      horas_dobles: 0,
      horas_triples: 0,
      presupuesto: 0,
      porcentaje_presupuesto: null,
      horas_ordinarias: 0,
      porcentaje_ordinarias: null,
    };
    t.horas += f.horas;
    t.horas_dobles += f.horas_dobles;
    t.horas_triples += f.horas_triples;
    t.presupuesto += f.presupuesto;
    t.horas_ordinarias += f.horas_ordinarias;
    porSemana.set(f.semana, t);
  }
  return [...porSemana.values()]
    .sort((a, b) => a.semana.localeCompare(b.semana))
    .map((t) => ({
      ...t,
      horas: round2(t.horas),
      horas_dobles: round2(t.horas_dobles),
      horas_triples: round2(t.horas_triples),
      presupuesto: round2(t.presupuesto),
      horas_ordinarias: round2(t.horas_ordinarias),
      porcentaje_presupuesto: porcentaje(t.horas, t.presupuesto),
      porcentaje_ordinarias: porcentaje(t.horas, t.horas_ordinarias),
    }));
}

/** True when a week's overtime is beyond its budget (weeks without a budget are never over). */
export function sobrePresupuesto(f: { horas: number; presupuesto: number }): boolean {
  return f.presupuesto > 0 && f.horas > f.presupuesto;
}

/** The rows of the 'por área y semana' table: by week, then area (alphabetical, Spanish). */
export function filasAreaSemana<T extends FigurasSemana>(filas: readonly T[]): T[] {
  return [...filas].sort((a, b) => a.semana.localeCompare(b.semana) || a.area.localeCompare(b.area, 'es'));
}

/** Share of triple hours in the overtime (0–100, 2 decimals); null without overtime. */
export function porcentajeTriples(f: { horas: number; horas_triples: number }): number | null {
  return porcentaje(f.horas_triples, f.horas);
}
