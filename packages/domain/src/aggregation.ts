/**
 * How a variable's daily values roll up into its month-to-date and year-to-date figures:
 * SUMA for counts (production, kWh, m³), PROMEDIO for ratios and levels (%, mg/L, L/L),
 * ULTIMO for stocks and readings whose latest value is the state (inventories, meters).
 */
export type Agregacion = 'SUMA' | 'PROMEDIO' | 'ULTIMO';

export interface DailyValue {
  /** YYYY-MM-DD. */
  fecha: string;
  diario: number;
  /**
   * Raw parts of a ratio, on the scale where `diario = numerador / denominador` (for a percentage
   * store the numerator × 100, or the denominator / 100). When present, PROMEDIO divides their sums.
   */
  numerador?: number | null;
  denominador?: number | null;
}

export interface AggregatedValue {
  fecha: string;
  mensual: number;
  anual: number;
}

/** Running state of one window (month or year). */
class Window {
  private sumDiario = 0;
  private count = 0;
  private sumNumerador = 0;
  private sumDenominador = 0;
  private everyRowHasParts = true;
  private last = 0;

  add(row: DailyValue): void {
    this.sumDiario += row.diario;
    this.count += 1;
    this.last = row.diario;
    if (row.numerador == null || row.denominador == null) {
      this.everyRowHasParts = false;
    } else {
      this.sumNumerador += row.numerador;
      this.sumDenominador += row.denominador;
    }
  }

  value(agregacion: Agregacion): number {
    switch (agregacion) {
      case 'SUMA':
        return this.sumDiario;
      case 'ULTIMO':
        return this.last;
      case 'PROMEDIO':
        // A ratio of the sums weights each day by its size (DOMAIN.md: never average ratios).
        // Without the parts for every day, or with nothing to divide by, the plain mean is all
        // that can be said.
        if (this.everyRowHasParts && this.sumDenominador !== 0)
          return this.sumNumerador / this.sumDenominador;
        return this.sumDiario / this.count;
    }
  }
}

/**
 * Month-to-date (`mensual`) and year-to-date (`anual`) figures for each daily row, in date order.
 * The month is the calendar month of `fecha`, the year its calendar year; each window runs from
 * its first row up to and including the row itself.
 * - SUMA: running sum of `diario`.
 * - PROMEDIO: Σ numerador / Σ denominador when every row of the window has both (a ratio of sums),
 *   else the arithmetic mean of `diario`.
 * - ULTIMO: the latest `diario` (that of the row itself).
 * Results are not rounded. Input order does not matter; rows are not mutated.
 */
export function aggregateDaily(agregacion: Agregacion, rows: readonly DailyValue[]): AggregatedValue[] {
  const sorted = [...rows].sort((a, b) => (a.fecha < b.fecha ? -1 : a.fecha > b.fecha ? 1 : 0));
  const result: AggregatedValue[] = [];
  let monthKey = '';
  let yearKey = '';
  let month = new Window();
  let year = new Window();
  for (const row of sorted) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(row.fecha)) throw new RangeError(`Fecha inválida: ${row.fecha}`);
    const rowYear = row.fecha.slice(0, 4);
    const rowMonth = row.fecha.slice(0, 7);
    if (rowYear !== yearKey) {
      yearKey = rowYear;
      year = new Window();
    }
    if (rowMonth !== monthKey) {
      monthKey = rowMonth;
      month = new Window();
    }
    month.add(row);
    year.add(row);
    result.push({ fecha: row.fecha, mensual: month.value(agregacion), anual: year.value(agregacion) });
  }
  return result;
}

/**
 * The target of a period (month or year to date) from its days' targets, in date order: counts
 * (SUMA) add the days' targets up, so the month-to-date production is compared with the
 * month-to-date plan; ratios and levels (PROMEDIO, ULTIMO) keep the latest day's target, which
 * applies to the period's figure as it does to a single day. Days without a target are skipped;
 * null when no day has one.
 */
export function periodMeta(
  agregacion: Agregacion,
  metas: readonly (number | null | undefined)[],
): number | null {
  const known = metas.filter((m): m is number => m != null && Number.isFinite(m));
  if (known.length === 0) return null;
  return agregacion === 'SUMA' ? known.reduce((a, b) => a + b, 0) : known[known.length - 1]!;
}
