/**
 * KPI calculators. Inputs are raw counts (bottles, CU, minutes, kg); every ratio is taken from
 * sums, never from an average of percentages (DOMAIN.md "Efficiency"). Percentages and times are
 * rounded to 2 decimals with {@link round2} because they are final, displayed figures (SPEC §9);
 * `factorCu` is not rounded because it multiplies further counts.
 */

/**
 * Rounds to 2 decimals, half away from zero, as a person would on paper: 1.005 → 1.01 and
 * −1.005 → −1.01 (plain `Math.round(x * 100) / 100` gives 1 because 1.005 × 100 is
 * 100.49999…). Works on the shortest decimal form of `x`, which is the number as written.
 * Never returns −0. Non-finite values pass through.
 */
export function round2(x: number): number {
  if (!Number.isFinite(x)) return x;
  const abs = Math.abs(x);
  // Beyond 2^53 / 100 a double has no hundredths left to round.
  if (abs >= 1e15) return x;
  const [mantissa = '0', exponent = '0'] = String(abs).split('e');
  const hundredths = Math.round(Number(`${mantissa}e${Number(exponent) + 2}`));
  const rounded = Number(`${hundredths}e-2`);
  if (rounded === 0) return 0;
  return x < 0 ? -rounded : rounded;
}

/** Litres in one caja unidad (CU): 24 × 8 US fl oz (DOMAIN.md "Volume"). */
export const UNIT_CASE_LITRES = 5.678;

/** Zero-waste target ('Meta'), percent diverted (SPEC §9). */
export const ZERO_WASTE_TARGET = 99;

/** Label of the accumulated row of the zero-waste table (SPEC §9). */
export const ZERO_WASTE_ACCUMULATED_LABEL = 'Acumulado';

export type UnidMedida = 'ml' | 'L';

/**
 * Unit cases per physical pack: bottles × litres per bottle / 5.678. Computed from the
 * presentation, never hard-coded (600 ml × 12 = 1.268 CU). Unrounded.
 */
export function factorCu(numBotellas: number, volumen: number, unidMedida: UnidMedida): number {
  return (numBotellas * litresOf(volumen, unidMedida)) / UNIT_CASE_LITRES;
}

/** Litres of a bottle of `volumen` in `unidMedida`. */
export function litresOf(volumen: number, unidMedida: UnidMedida): number {
  return unidMedida === 'ml' ? volumen / 1000 : volumen;
}

/** Finished product of a counter = bottles per pack × packs (SPEC §9). */
export function finishedProduct(numBotellas: number, paquetes: number): number {
  return numBotellas * paquetes;
}

/** `part / whole × 100` rounded, or null when there is no (positive) whole to divide by. */
function percent(part: number, whole: number): number | null {
  return whole > 0 ? round2((part / whole) * 100) : null;
}

/**
 * Zero-waste level: aprovechable / (aprovechable + no aprovechable) × 100, 2 decimals (SPEC §9);
 * null when nothing was weighed, so an empty month is not shown as 0 %.
 */
export function zwl(aprovechable: number, noAprovechable: number): number | null {
  return percent(aprovechable, aprovechable + noAprovechable);
}

export interface ZeroWasteRow {
  aprovechable: number;
  no_aprovechable: number;
}

/**
 * The 'Acumulado' row: the sums of both weights and the zwl of those sums. A month with little
 * waste must weigh little, so this is never the mean of the monthly zwl values. Sums are not
 * rounded.
 */
export function zeroWasteAccumulated(rows: readonly ZeroWasteRow[]): {
  mes: typeof ZERO_WASTE_ACCUMULATED_LABEL;
  aprovechable: number;
  no_aprovechable: number;
  zwl: number | null;
} {
  let aprovechable = 0;
  let noAprovechable = 0;
  for (const row of rows) {
    aprovechable += row.aprovechable;
    noAprovechable += row.no_aprovechable;
  }
  return {
    mes: ZERO_WASTE_ACCUMULATED_LABEL,
    aprovechable,
    no_aprovechable: noAprovechable,
    zwl: zwl(aprovechable, noAprovechable),
  };
}

/** Axis maxima of the MTTR/MTTF charts when there is nothing to plot (SPEC §9). */
export const MTTR_AXIS_DEFAULT_MAX = 50;
export const MTTF_AXIS_DEFAULT_MAX = 1200;

/**
 * Maximum of the MTTR or MTTF chart axis: the highest value × 1.1 rounded up, or the default
 * (50 MTTR, 1200 MTTF) with no values (SPEC §9). All-zero or negative data also gets the default,
 * because an axis ending at 0 cannot draw anything.
 */
export function mttrMttfAxisMax(values: readonly (number | null)[], kind: 'mttr' | 'mttf'): number {
  let max = -Infinity;
  for (const v of values) if (v !== null && Number.isFinite(v) && v > max) max = v;
  if (!(max > 0)) return kind === 'mttr' ? MTTR_AXIS_DEFAULT_MAX : MTTF_AXIS_DEFAULT_MAX;
  // × 11 / 10 rather than × 1.1: 100 × 1.1 is 110.00000000000001 and would round up to 111.
  return Math.ceil((max * 11) / 10);
}

/** Mean time to repair (min) = repair downtime (min) / failures; null without failures. */
export function mttr(downtimeMinutes: number, failures: number): number | null {
  return failures > 0 ? round2(downtimeMinutes / failures) : null;
}

/**
 * Mean time to failure (min) = (operating − downtime) / failures (DOMAIN.md "Maintenance").
 * Takes the run time, operating minus downtime, already subtracted, so callers that only know
 * the run time need not invent an operating time. Null without failures.
 */
export function mttf(runMinutes: number, failures: number): number | null {
  return failures > 0 ? round2(runMinutes / failures) : null;
}

/**
 * ETA (eficiencia técnica, %) = produced CU / (nominal CU per hour × running hours) × 100;
 * null when there was no running time or no nominal speed.
 */
export function eta(producedCu: number, nominalCuPerHour: number, runningHours: number): number | null {
  return percent(producedCu, nominalCuPerHour * runningHours);
}

/**
 * Eficiencia pagada (%) = produced CU / (nominal CU per hour × paid hours of the shift,
 * `horas_productividad`) × 100; null when nothing was paid. Paid hours include changeovers and
 * breaks, so this is at most the ETA of the same production.
 */
export function paidEfficiency(
  producedCu: number,
  nominalCuPerHour: number,
  paidHours: number,
): number | null {
  return percent(producedCu, nominalCuPerHour * paidHours);
}

/**
 * Efficiency of several lines, days or shifts together: Σ produced / Σ capacity × 100, where
 * capacity = nominal speed × hours of each row. A ratio of sums, so a short run with a bad
 * percentage does not count as much as a full day; null when Σ capacity is 0.
 */
export function efficiencyOfSums(rows: readonly { produced: number; capacity: number }[]): number | null {
  let produced = 0;
  let capacity = 0;
  for (const row of rows) {
    produced += row.produced;
    capacity += row.capacity;
  }
  return percent(produced, capacity);
}

/** Compliance (%) = real / plan × 100 (DOMAIN.md "Planning"); null without a positive plan. */
export function compliance(real: number, plan: number): number | null {
  return percent(real, plan);
}

/** Colour of a KPI card; the UI maps these names to theme colours. */
export type KpiColor = 'success' | 'warning' | 'error' | 'default';

/** Share of the meta that still counts as "almost there" (warning rather than error). */
const WARNING_BAND_PERCENT = 5;

/**
 * The colour of a KPI against its meta. Higher is better (production, efficiency, ZWL):
 * ≥ meta success; within 5 % of the meta below it (≥ 0.95 × meta) warning; else error.
 * Lower is better (energy per CU, water ratio, absenteeism): ≤ meta success; up to 5 % above
 * warning; else error. The band is relative to the meta so it works for percentages and for
 * absolute figures alike. 'default' when the value or the meta is missing.
 */
export function complianceColor(
  value: number | null | undefined,
  meta: number | null | undefined,
  higherIsBetter = true,
): KpiColor {
  if (value == null || meta == null || !Number.isFinite(value) || !Number.isFinite(meta)) return 'default';
  // meta × 95 / 100 is the double nearest the exact threshold (99 → 94.05), unlike meta − meta × 0.05.
  const below = (meta * (100 - WARNING_BAND_PERCENT)) / 100;
  const above = (meta * (100 + WARNING_BAND_PERCENT)) / 100;
  const lower = Math.min(below, above);
  const upper = Math.max(below, above);
  if (higherIsBetter) {
    if (value >= meta) return 'success';
    return value >= lower ? 'warning' : 'error';
  }
  if (value <= meta) return 'success';
  return value <= upper ? 'warning' : 'error';
}
