import {
  type Agregacion,
  aggregateDaily,
  dashboardWindow,
  periodMeta,
  productionDaysBetween,
} from '@planta/domain';

/** A day of a variable's history as the trend needs it. */
export interface TrendRow {
  fecha: string;
  diario: number;
  mensual: number | null;
  meta: number | null;
}

/** One point of the dashboard chart: a whole month, or a day of the current month. */
export interface TrendPoint {
  tipo: 'mensual' | 'diario';
  /** The day, or the first day of the month for a monthly point. */
  fecha: string;
  valor: number | null;
  meta: number | null;
}

/**
 * The dashboard chart's points for `fecha` (SPEC §9, window rule dashboardWindow in
 * @planta/domain): one point for each of the two calendar months before fecha's month — the
 * month's figure (the mensual of its last day, derived by the server with the variable's
 * aggregation) against the month's meta (summed for SUMA, else the latest) — then one point per
 * day from the first of fecha's month to fecha, a day without data staying null (a gap). Ratio
 * variables (PROMEDIO, ULTIMO) carry their last meta forward over days without one.
 * `rows` may be in any order and may hold days outside the window (ignored).
 */
export function trendPoints(rows: readonly TrendRow[], fecha: string, agregacion: Agregacion): TrendPoint[] {
  const { monthlyFrom, dailyFrom, to } = dashboardWindow(fecha);
  const sorted = [...rows]
    .filter((r) => r.fecha >= monthlyFrom && r.fecha <= to)
    .sort((a, b) => (a.fecha < b.fecha ? -1 : 1));
  const points: TrendPoint[] = [];
  for (let month = monthlyFrom; month < dailyFrom; month = nextMonth(month)) {
    const days = sorted.filter((r) => r.fecha.slice(0, 7) === month.slice(0, 7));
    const last = days[days.length - 1];
    const valor =
      last === undefined ? null : (last.mensual ?? aggregateDaily(agregacion, days).at(-1)?.mensual ?? null);
    points.push({
      tipo: 'mensual',
      fecha: month,
      valor,
      meta: periodMeta(
        agregacion,
        days.map((d) => d.meta),
      ),
    });
  }
  const byDay = new Map(sorted.map((r) => [r.fecha, r]));
  // Ratios keep their target until a new one is entered (today's is often not there yet); counts
  // have a target per working day and none on days off.
  const carry = agregacion !== 'SUMA';
  let lastMeta = carry
    ? periodMeta(
        agregacion,
        sorted.filter((r) => r.fecha < dailyFrom).map((r) => r.meta),
      )
    : null;
  for (const day of productionDaysBetween(dailyFrom, to)) {
    const row = byDay.get(day);
    const meta = row?.meta ?? (carry ? lastMeta : null);
    if (carry) lastMeta = meta;
    points.push({ tipo: 'diario', fecha: day, valor: row?.diario ?? null, meta });
  }
  return points;
}

function nextMonth(first: string): string {
  const y = Number(first.slice(0, 4));
  const m = Number(first.slice(5, 7));
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
}

/** True when the points hold at least one value (else the chart shows 'Sin datos'). */
export function hasValues(points: readonly { valor: number | null }[]): boolean {
  return points.some((p) => p.valor !== null);
}
