/**
 * The one time model of a line and production day (DOMAIN "Efficiency"), shared by the plant
 * model's tests and the server's derivation, so the identities hold by construction:
 *   eficiencia pagada ≤ OEE ≤ ETA ≤ 100 %, each in 0–100 %.
 *
 * Inputs are raw sums (minutes and unit cases). When the data disagree the time actually run wins:
 * - run minutes never count as a planned stop (a line that ran during a CIP did not stop);
 * - planned production time is at least the run time, paid time at least the planned time (a line
 *   that ran outside its paid hours or without a shift is credited that time as planned and paid);
 * - the nominal output of a run minute is at least what the minute produced (the caller caps it),
 *   so good ≤ nominal(run).
 */
export interface TimeModelInput {
  /** Paid minutes (turno horas × 60; for the day in progress only those gone by). */
  paidMinutes: number;
  /** Minutes of the day gone by (the whole day once it is over). */
  elapsedMinutes: number;
  /** Minutes in planned stops (CIP, PLANIFICADO) in which the line did not run. */
  plannedStopMinutes: number;
  /** Minutes the line ran (speed above 0 or anything counted). */
  runMinutes: number;
  /** Σ nominal CU of the run minutes (each at least the minute's output). */
  nominalRunCu: number;
  /** Nominal CU per minute of the product set up, for a day with no run minute. */
  idleRateCuMin: number;
  /** Good output (finished packs × CU per pack). */
  goodCu: number;
  /** Total output (bottles filled, in CU). */
  totalCu: number;
}

export interface TimeModel {
  paidMinutes: number;
  plannedMinutes: number;
  runMinutes: number;
  nominalPaidCu: number;
  nominalPlannedCu: number;
  nominalRunCu: number;
  goodCu: number;
  totalCu: number;
}

export function timeModel(input: TimeModelInput): TimeModel {
  const nonNeg = (x: number) => (Number.isFinite(x) && x > 0 ? x : 0);
  const runMinutes = nonNeg(input.runMinutes);
  const goodCu = nonNeg(input.goodCu);
  const totalCu = Math.max(nonNeg(input.totalCu), goodCu);
  const nominalRunCu = Math.max(nonNeg(input.nominalRunCu), totalCu);
  const available = nonNeg(input.elapsedMinutes - nonNeg(input.plannedStopMinutes));
  const plannedMinutes = Math.max(runMinutes, Math.min(nonNeg(input.paidMinutes), available));
  const paidMinutes = Math.max(nonNeg(input.paidMinutes), plannedMinutes);
  // The stopped time is valued at the mean nominal rate of what ran (so OEE = A × P × Q exactly),
  // or at the product set up when nothing ran.
  const rate = runMinutes > 0 ? nominalRunCu / runMinutes : nonNeg(input.idleRateCuMin);
  const nominalPlannedCu = nominalRunCu + rate * (plannedMinutes - runMinutes);
  const nominalPaidCu = nominalPlannedCu + rate * (paidMinutes - plannedMinutes);
  return {
    paidMinutes,
    plannedMinutes,
    runMinutes,
    nominalPaidCu,
    nominalPlannedCu,
    nominalRunCu,
    goodCu,
    totalCu,
  };
}

/** A ratio × 100, or null without a denominator ("—", never 0 or 100). */
const pct = (num: number, den: number): number | null => (den > 0 ? (num / den) * 100 : null);

/** The efficiencies of a time model (or of the sums of several: a month, the plant). */
export function efficiencies(t: Pick<TimeModel, keyof TimeModel>) {
  return {
    disponibilidad: pct(t.runMinutes, t.plannedMinutes),
    performance: pct(t.totalCu, t.nominalRunCu),
    calidad: pct(t.goodCu, t.totalCu),
    oee: pct(t.goodCu, t.nominalPlannedCu),
    eta: pct(t.goodCu, t.nominalRunCu),
    pagada: pct(t.goodCu, t.nominalPaidCu),
  };
}
