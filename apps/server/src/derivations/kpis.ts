import { UNIT_CASE_LITRES, type TimeModel } from '@planta/domain';

/**
 * One production line's sums for a production day (from minute rows, stops, shifts and meters),
 * with its time model (paid ≥ planned ≥ run minutes and their nominal outputs).
 */
export interface LineDay extends TimeModel {
  lineaId: number;
  numero: number;
  producidoCu: number;
  litros: number;
  capacidadMarchaCu: number;
  capacidadPagadaCu: number;
  capacidadOperacionCu: number;
  botellas: number;
  botellasLlenas: number;
  minutosMarcha: number;
  fallas: number;
  minutosFalla: number;
  minutosMicroparo: number;
  kwh: number;
}

export interface KpiValue {
  valor: number;
  /** For ratios: valor = numerador / denominador, so monthly figures are ratios of the sums. */
  numerador?: number;
  denominador?: number;
}

type Sum = Omit<LineDay, 'lineaId' | 'numero'>;

const ratio = (numerador: number, denominador: number): KpiValue | null =>
  denominador > 0 && Number.isFinite(numerador)
    ? { valor: numerador / denominador, numerador, denominador }
    : null;
const total = (valor: number): KpiValue => ({ valor });

/**
 * Calculated variables by base name (the per-line variants add the line's SAP suffix). Always
 * from raw sums: the plant's ETA is Σ produced / Σ capacity, never a mean of the lines' ETAs.
 */
const LINE_KPIS: Record<string, (d: Sum) => KpiValue | null> = {
  'Producción (CU)': (d) => total(d.producidoCu),
  // Unit cases × 5.678 L: the same volume the CU figure stands for (1 hL = 17.61 CU).
  'Producción (hL)': (d) => total((d.producidoCu * UNIT_CASE_LITRES) / 100),
  'Botellas llenas': (d) => total(d.botellasLlenas),
  // One time model (DOMAIN "Efficiency"): good / nominal output of run, planned and paid time, so
  // eficiencia pagada ≤ OEE ≤ ETA ≤ 100 % for every line, day, month (ratio of sums) and the plant.
  'ETA (%)': (d) => ratio(d.goodCu * 100, d.nominalRunCu),
  'Eficiencia de línea (%)': (d) => ratio(d.goodCu * 100, d.nominalRunCu),
  'Eficiencia pagada (%)': (d) => ratio(d.goodCu * 100, d.nominalPaidCu),
  'OEE (%)': (d) => ratio(d.goodCu * 100, d.nominalPlannedCu),
  // Good output (finished packs) over total output (bottles filled), both in CU: OEE = A × P × Q.
  'Calidad (%)': (d) => ratio(d.goodCu * 100, d.totalCu),
  'MTTR (min)': (d) => ratio(d.minutosFalla, d.fallas),
  'MTTF (min)': (d) => ratio(d.minutosMarcha, d.fallas),
  'MTBF (min)': (d) => ratio(d.minutosMarcha + d.minutosFalla, d.fallas),
  'N.º de fallas': (d) => total(d.fallas),
  'Tiempo de paro (min)': (d) => total(d.minutosFalla + d.minutosMicroparo),
  // Maintenance's availability (DOMAIN "Maintenance": MTTF / (MTTF + MTTR)): run time against run
  // plus repair time. OEE's availability (run / planned production time) is inside OEE.
  'Disponibilidad (%)': (d) => ratio(d.minutosMarcha * 100, d.minutosMarcha + d.minutosFalla),
  'Tiempo de marcha (min)': (d) => total(d.minutosMarcha),
  'Energía eléctrica (kWh)': (d) => total(d.kwh),
  'Consumo eléctrico (kWh)': (d) => total(d.kwh),
  'KPI energía (kWh/CU)': (d) => ratio(d.kwh, d.producidoCu),
  'KPI energía (kWh/L)': (d) => ratio(d.kwh, d.litros),
};

/** The day's other figures a formula may use: meter readings (daily value) and metas. */
export interface DayContext {
  reading(nombre: string): number | undefined;
  meta(nombre: string): number | undefined;
}

/** m³ of gas → MJ (natural gas, lower heating value ≈ 37.3 MJ/m³). */
const GAS_MJ_PER_M3 = 37.3;

/** Plant figures that combine meter readings with production or with each other. */
const PLANT_FORMULAS: Record<string, (d: Sum, c: DayContext) => KpiValue | null> = {
  // The plant's energy KPIs use the plant's own meter (every consumer: utilities, compressors,
  // offices), not the sum of the lines' meters; a line's keeps its own meter.
  'KPI energía (kWh/CU)': (d, c) => ratio(c.reading('Energía eléctrica (kWh)') ?? d.kwh, d.producidoCu),
  'KPI energía (kWh/L)': (d, c) => ratio(c.reading('Energía eléctrica (kWh)') ?? d.kwh, d.litros),
  'Cumplimiento de meta (%)': (d, c) => {
    const meta = c.meta('Producción (CU)');
    return meta === undefined ? null : ratio(d.producidoCu * 100, meta);
  },
  'Energía térmica (MJ)': (_d, c) => {
    const gas = c.reading('Consumo de gas (m³)');
    return gas === undefined ? null : total(gas * GAS_MJ_PER_M3);
  },
  'Consumo específico compresores (kWh/Nm³)': (_d, c) => {
    const kwh = c.reading('Energía compresores (kWh)');
    // Mean flows (Nm³/h) over the day × 24 h = the day's air volume.
    const flows = [
      'Flujo aire BP (Nm³/h)',
      'Flujo aire AP soplado (Nm³/h)_561',
      'Flujo aire AP soplado (Nm³/h)_562',
    ]
      .map((n) => c.reading(n))
      .filter((v): v is number => v !== undefined);
    return kwh === undefined || flows.length === 0 ? null : ratio(kwh, flows.reduce((a, b) => a + b, 0) * 24);
  },
  'Remoción DQO (%)': (_d, c) => {
    const q = c.reading('Caudal afluente (m³)');
    const dqoIn = c.reading('DQO entrada (mg/L)');
    const dqoOut = c.reading('DQO salida (mg/L)');
    if (q === undefined || dqoIn === undefined || dqoOut === undefined) return null;
    return ratio(q * (dqoIn - dqoOut) * 100, q * dqoIn);
  },
  'Carga orgánica (kg DQO/d)': (_d, c) => {
    const q = c.reading('Caudal afluente (m³)');
    const dqoIn = c.reading('DQO entrada (mg/L)');
    return q === undefined || dqoIn === undefined ? null : total((q * dqoIn) / 1000);
  },
  'Relación agua (L/L)': (d, c) => {
    const m3 = c.reading('Agua extraída (m³)');
    return m3 === undefined ? null : ratio(m3 * 1000, d.litros);
  },
  'Relación energía (MJ/L)': (d, c) => {
    const kwh = c.reading('Energía eléctrica (kWh)') ?? d.kwh;
    const gas = c.reading('Consumo de gas (m³)') ?? 0;
    return ratio(kwh * 3.6 + gas * GAS_MJ_PER_M3, d.litros);
  },
};

function sum(lines: readonly LineDay[]): Sum {
  const acc: Sum = {
    producidoCu: 0,
    litros: 0,
    capacidadMarchaCu: 0,
    capacidadPagadaCu: 0,
    capacidadOperacionCu: 0,
    botellas: 0,
    botellasLlenas: 0,
    minutosMarcha: 0,
    fallas: 0,
    minutosFalla: 0,
    minutosMicroparo: 0,
    kwh: 0,
    paidMinutes: 0,
    plannedMinutes: 0,
    runMinutes: 0,
    nominalPaidCu: 0,
    nominalPlannedCu: 0,
    nominalRunCu: 0,
    goodCu: 0,
    totalCu: 0,
  };
  for (const line of lines) {
    for (const key of Object.keys(acc) as (keyof Sum)[]) acc[key] += line[key];
  }
  return acc;
}

export const baseName = (nombre: string) => nombre.replace(/_\d{3}$/, '');

/** The day's value of a calculated variable, or null when it cannot be computed (or is unknown). */
export function deriveKpis(
  nombre: string,
  lineaNumero: number | null,
  lines: readonly LineDay[],
  context: DayContext,
): KpiValue | null {
  const base = baseName(nombre);
  const scope = lineaNumero === null ? lines : lines.filter((l) => l.numero === lineaNumero);
  if (scope.length === 0) return null;
  const sums = sum(scope);
  const formula = lineaNumero === null ? PLANT_FORMULAS[base] : undefined;
  if (formula) return formula(sums, context);
  const kpi = LINE_KPIS[base];
  return kpi ? kpi(sums) : null;
}

/** Base names this module knows how to calculate (a test checks every CALCULADA variable is covered). */
export const CALCULATED_BASE_NAMES = [
  ...new Set([...Object.keys(LINE_KPIS), ...Object.keys(PLANT_FORMULAS)]),
];
