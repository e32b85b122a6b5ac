import { activeHeadcount, HR_AREAS, jefeDe } from './hr.ts';
import { LITROS_POR_CU, PRODUCTION_LINES, typicalCuHora, ZW_CLASIFICACIONES } from './reference.ts';
import { hash, Rng, STREAM } from './rng.ts';
import { paidMinutesOf, shiftsOn } from './schedule.ts';
import { dayIndex, daysInMonth, fechaFromIndex } from './time.ts';
import type { MonthData, ObzPaqueteRef } from './types.ts';
import { nombreLinea } from './variables.ts';

/** Fraction of nominal capacity × paid hours the plan counts on (about the paid efficiency). */
const PLAN_EFFICIENCY = 0.69;
/** Waste generated per litre produced, kg. */
const WASTE_KG_PER_LITRE = 0.0095;

/** Summer demand peak in Lima (January–February), low in winter (July–August). */
function seasonality(month: number): number {
  return 1 + 0.06 * Math.cos((2 * Math.PI * (month - 1.5)) / 12);
}

function monthStartIndex(year: number, month: number): number {
  return dayIndex(`${year}-${String(month).padStart(2, '0')}-01`);
}

/** Days of the month a line works (plant: any line works). */
export function workingDays(year: number, month: number, linea: number | null): number[] {
  const first = monthStartIndex(year, month);
  const days: number[] = [];
  for (let i = 0; i < daysInMonth(year, month); i++) {
    const lines = linea === null ? PRODUCTION_LINES : [linea];
    if (lines.some((l) => shiftsOn(l, first + i) > 0)) days.push(first + i);
  }
  return days;
}

function paidHoursOfMonth(year: number, month: number, linea: number): number {
  const first = monthStartIndex(year, month);
  let hours = 0;
  for (let i = 0; i < daysInMonth(year, month); i++) hours += shiftsOn(linea, first + i) * 8;
  return hours;
}

export interface LinePlan {
  linea: number;
  aop: number;
  negociado: number;
}

/**
 * AOP per line: paid hours × typical nominal CU/h × planned efficiency × seasonal demand, fixed
 * for the year; negociado moves within ±8 % of it.
 */
export function linePlans(seed: number, year: number, month: number): LinePlan[] {
  return PRODUCTION_LINES.map((linea) => {
    const rng = new Rng(hash(seed, linea, year * 12 + month, STREAM.month));
    const aop = Math.round(
      paidHoursOfMonth(year, month, linea) *
        typicalCuHora(linea) *
        PLAN_EFFICIENCY *
        seasonality(month) *
        rng.range(0.97, 1.03),
    );
    const negociado = Math.round(aop * rng.range(0.93, 1.07));
    return { linea, aop, negociado };
  });
}

export const OBZ_PAQUETES: (ObzPaqueteRef & { base: number })[] = [
  {
    nombre: 'Mantenimiento preventivo',
    area: 'Mantenimiento',
    responsable: jefeDe('Mantenimiento'),
    base: 185_000,
  },
  {
    nombre: 'Mantenimiento correctivo',
    area: 'Mantenimiento',
    responsable: jefeDe('Mantenimiento'),
    base: 95_000,
  },
  { nombre: 'Repuestos', area: 'Mantenimiento', responsable: jefeDe('Mantenimiento'), base: 120_000 },
  { nombre: 'Energía', area: 'Producción', responsable: jefeDe('Producción'), base: 640_000 },
  { nombre: 'Gas natural', area: 'Producción', responsable: jefeDe('Producción'), base: 150_000 },
  { nombre: 'Agua y tratamiento', area: 'Mantenimiento', responsable: jefeDe('Mantenimiento'), base: 70_000 },
  { nombre: 'Químicos PTA', area: 'Mantenimiento', responsable: jefeDe('Mantenimiento'), base: 38_000 },
  { nombre: 'Químicos CIP y sanitización', area: 'Calidad', responsable: jefeDe('Calidad'), base: 52_000 },
  { nombre: 'Lubricantes', area: 'Mantenimiento', responsable: jefeDe('Mantenimiento'), base: 18_000 },
  { nombre: 'Horas extra', area: 'Administración', responsable: jefeDe('Administración'), base: 85_000 },
  {
    nombre: 'Seguridad industrial',
    area: 'Administración',
    responsable: jefeDe('Administración'),
    base: 24_000,
  },
  { nombre: 'Disposición de residuos', area: 'Logística', responsable: jefeDe('Logística'), base: 21_000 },
];

/** Mix of waste by classification, % (DOMAIN "Zero waste"); Ordinarios drawn separately. */
const ZW_MIX: Record<string, [mean: number, spread: number]> = {
  'Lodos PTA': [30, 5],
  'Cartón/papel': [20, 3],
  'PET (preformas y botellas)': [15, 3],
  'Madera/estibas': [10, 3],
  'Film stretch/termoencogible': [7, 1.5],
  Tapas: [2, 0.5],
  Etiquetas: [2, 0.5],
  Vidrio: [3, 1],
  'Chatarra/aluminio': [2, 0.5],
  Orgánicos: [3, 1],
  'Aceites usados (RESPEL)': [0.5, 0.2],
};

export function buildMonth(seed: number, year: number, month: number): MonthData {
  const rng = new Rng(hash(seed, 0, year * 12 + month, STREAM.month));
  const plans = linePlans(seed, year, month);
  const planificaciones = [
    {
      variable: 'Producción (CU)',
      aop: plans.reduce((s, p) => s + p.aop, 0),
      negociado: plans.reduce((s, p) => s + p.negociado, 0),
    },
    ...plans.map((p) => ({
      variable: nombreLinea('Producción (CU)', p.linea),
      aop: p.aop,
      negociado: p.negociado,
    })),
  ];

  const plantAop = planificaciones[0]?.aop ?? 0;
  const totalWaste = plantAop * LITROS_POR_CU * WASTE_KG_PER_LITRE * rng.range(0.92, 1.08);
  const noAprovechablePct = rng.range(0.8, 2.5);
  const shares = ZW_CLASIFICACIONES.filter((c) => c.aprovechable).map((c) => {
    const [mean, spread] = ZW_MIX[c.descripcion] ?? [1, 0];
    return { clasificacion: c.descripcion, share: Math.max(0.1, mean + spread * (2 * rng.next() - 1)) };
  });
  const shareSum = shares.reduce((s, x) => s + x.share, 0);
  const zeroWaste = [
    ...shares.map((x) => ({
      clasificacion: x.clasificacion,
      kg: Math.round((totalWaste * (x.share / shareSum) * (100 - noAprovechablePct)) / 100),
    })),
    ...ZW_CLASIFICACIONES.filter((c) => !c.aprovechable).map((c) => ({
      clasificacion: c.descripcion,
      kg: Math.round((totalWaste * noAprovechablePct) / 100),
    })),
  ];

  // Overtime budget: about 10 % of ordinary hours (26 days × 8 h), more in the summer peak.
  const presupuestoHorasExtra = HR_AREAS.map((area) => ({
    area,
    horas: Math.round(activeHeadcount(area) * 26 * 8 * 0.1 * seasonality(month)),
  }));

  const obz = OBZ_PAQUETES.map((p) => {
    const presupuesto = Math.round(p.base * seasonality(month) * (1 + 0.03 * (year - 2024)));
    return { paquete: p.nombre, presupuesto, real: Math.round(presupuesto * (1 + 0.06 * rng.normal())) };
  });

  return {
    mes: fechaFromIndex(monthStartIndex(year, month)),
    planificaciones,
    zeroWaste,
    presupuestoHorasExtra,
    obz,
  };
}

/** Fixed daily targets of ratio variables (per-line variants share the base target). */
const FIXED_METAS: Record<string, number> = {
  'ETA (%)': 85,
  'Eficiencia pagada (%)': 75,
  'Eficiencia SAP (%)': 75,
  'OEE (%)': 70,
  'Cumplimiento de meta (%)': 100,
  'Relación agua (L/L)': 1.5,
  'Relación energía (MJ/L)': 0.4,
  'ZWL (%)': 99,
  'Rendimiento de jarabe (%)': 98.5,
  'Rendimiento de azúcar (%)': 98.5,
  'Rendimiento de CO₂ (%)': 80,
  'Rendimiento de preformas (%)': 98.5,
  'Rendimiento de tapas (%)': 98.5,
  'Rendimiento de etiquetas (%)': 98.5,
  'Merma de bebida (%)': 1,
  'KPI energía (kWh/CU)': 0.3,
  'KPI energía (kWh/L)': 0.04,
  'Consumo específico compresores (kWh/Nm³)': 0.11,
  'Fugas de aire (%)': 20,
  'Remoción DQO (%)': 95,
  'MTTR (min)': 30,
  'MTTF (min)': 900,
  'Disponibilidad (%)': 95,
  'Cumplimiento de mantenimiento preventivo (%)': 95,
  'Horas extra (%)': 10,
  'Ausentismo (%)': 5,
  'Asistencia (%)': 95,
  'Adherencia al programa (%)': 90,
  'Nivel de servicio (%)': 97,
};

const SUFFIX_RE = /_56[1-4]$/;

/**
 * Scheduled capacity of a day (CU): Σ over the lines in scope of nominal CU/h × scheduled (paid)
 * hours. A day off has none.
 */
export function scheduledCapacity(index: number, linea: number | null): number {
  const lines = linea === null ? PRODUCTION_LINES : [linea];
  return lines.reduce((s, l) => s + (paidMinutesOf(shiftsOn(l, index), 1440) / 60) * typicalCuHora(l), 0);
}

/** A month's negociado and scheduled capacity (a line's, or the plant's: null); memoized. */
const monthPlans = new Map<string, { negociado: number; capacity: number }>();
function monthPlan(seed: number, year: number, month: number, linea: number | null) {
  const key = `${seed}:${year}:${month}:${linea}`;
  let plan = monthPlans.get(key);
  if (plan === undefined) {
    const first = monthStartIndex(year, month);
    let capacity = 0;
    for (let i = 0; i < daysInMonth(year, month); i++) capacity += scheduledCapacity(first + i, linea);
    const negociado = linePlans(seed, year, month)
      .filter((p) => linea === null || p.linea === linea)
      .reduce((s, p) => s + p.negociado, 0);
    plan = { negociado, capacity };
    // Bounded all the same (a few years of months for a few seeds at most).
    if (monthPlans.size >= 2_000) monthPlans.clear();
    monthPlans.set(key, plan);
  }
  return plan;
}

/**
 * Daily meta: production targets spread the month's negociado in proportion to each day's
 * scheduled capacity (a Sunday with one line gets a small share, a holiday none: null); ratio
 * variables have fixed targets; anything else has none.
 */
export function metaOf(seed: number, variable: string, fecha: string): number | null {
  const index = dayIndex(fecha);
  const [y, m] = fecha.split('-').map(Number);
  const year = y ?? 1970;
  const month = m ?? 1;
  const suffix = SUFFIX_RE.exec(variable)?.[0] ?? '';
  const base = variable.slice(0, variable.length - suffix.length);
  const linea = suffix ? Number(suffix.slice(3)) : null;
  if (base === 'Producción (CU)' || (base === 'Producción (hL)' && linea === null)) {
    const today = scheduledCapacity(index, linea);
    if (today <= 0) return null;
    const { negociado, capacity } = monthPlan(seed, year, month, linea);
    const cu = (negociado * today) / capacity;
    return base === 'Producción (CU)' ? Math.round(cu) : Math.round((cu * LITROS_POR_CU) / 10) / 10;
  }
  return FIXED_METAS[base] ?? null;
}

/**
 * Yearly projection per classification: the sum of the months' kg; `zeroWaste` is the
 * classification's share of diverted waste in the year's total, so the column adds up to the
 * projected ZWL %.
 */
export function projection(seed: number, year: number) {
  const totals = new Map<string, number>();
  for (let month = 1; month <= 12; month++) {
    for (const z of buildMonth(seed, year, month).zeroWaste) {
      totals.set(z.clasificacion, (totals.get(z.clasificacion) ?? 0) + z.kg);
    }
  }
  const grand = [...totals.values()].reduce((s, v) => s + v, 0);
  return ZW_CLASIFICACIONES.map((c) => {
    const kg = totals.get(c.descripcion) ?? 0;
    const aprovechables = c.aprovechable ? kg : 0;
    return {
      clasificacion: c.descripcion,
      aprovechables,
      noAprovechables: c.aprovechable ? 0 : kg,
      zeroWaste: grand > 0 ? Math.round((aprovechables / grand) * 10_000) / 100 : 0,
    };
  });
}
