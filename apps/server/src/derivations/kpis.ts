/** One production line's sums for a production day (from minute rows, stops, shifts and meters). */
export interface LineDay {
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
  'Producción (hL)': (d) => total(d.litros / 100),
  'Botellas llenas': (d) => total(d.botellasLlenas),
  'ETA (%)': (d) => ratio(d.producidoCu * 100, d.capacidadMarchaCu),
  'Eficiencia de línea (%)': (d) => ratio(d.producidoCu * 100, d.capacidadMarchaCu),
  'Eficiencia pagada (%)': (d) => ratio(d.producidoCu * 100, d.capacidadPagadaCu),
  'OEE (%)': (d) => ratio(d.producidoCu * 100, d.capacidadOperacionCu),
  'Calidad (%)': (d) => ratio(d.botellasLlenas * 100, d.botellas),
  'MTTR (min)': (d) => ratio(d.minutosFalla, d.fallas),
  'MTTF (min)': (d) => ratio(d.minutosMarcha, d.fallas),
  'MTBF (min)': (d) => ratio(d.minutosMarcha + d.minutosFalla, d.fallas),
  'N.º de fallas': (d) => total(d.fallas),
  'Disponibilidad (%)': (d) => ratio(d.minutosMarcha * 100, d.minutosMarcha + d.minutosFalla),
  'Tiempo de marcha (min)': (d) => total(d.minutosMarcha),
  'Energía eléctrica (kWh)': (d) => total(d.kwh),
  'Consumo eléctrico (kWh)': (d) => total(d.kwh),
  'KPI energía (kWh/CU)': (d) => ratio(d.kwh, d.producidoCu),
};

/** Plant ratios that combine a meter reading with production. */
const PLANT_FORMULAS: Record<
  string,
  (d: Sum, reading: (nombre: string) => number | undefined) => KpiValue | null
> = {
  'Relación agua (L/L)': (d, reading) => {
    const m3 = reading('Agua extraída (m³)');
    return m3 === undefined ? null : ratio(m3 * 1000, d.litros);
  },
  'Relación energía (MJ/L)': (d, reading) => {
    const termica = reading('Energía térmica (MJ)') ?? 0;
    return ratio(d.kwh * 3.6 + termica, d.litros);
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
    kwh: 0,
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
  reading: (nombre: string) => number | undefined,
): KpiValue | null {
  const base = baseName(nombre);
  const scope = lineaNumero === null ? lines : lines.filter((l) => l.numero === lineaNumero);
  if (scope.length === 0) return null;
  const sums = sum(scope);
  const kpi = LINE_KPIS[base];
  if (kpi) return kpi(sums);
  const formula = lineaNumero === null ? PLANT_FORMULAS[base] : undefined;
  return formula ? formula(sums, reading) : null;
}

/** Base names this module knows how to calculate (a test checks every CALCULADA variable is covered). */
export const CALCULATED_BASE_NAMES = [...Object.keys(LINE_KPIS), ...Object.keys(PLANT_FORMULAS)];
