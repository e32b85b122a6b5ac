import { LINEAS, PRODUCTION_LINES } from './reference.ts';
import type { Agregacion, Fuente, VariableRef } from './types.ts';

/**
 * The variable catalogue. Who produces each daily value:
 * - MANUAL variables, and the RR.HH. ones the model computes from its own attendance: `day().valores`.
 * - OPC variables: the backfill aggregates `day().lecturas` by `agregacion` (SUMA of hourly counts,
 *   PROMEDIO of rates/levels/concentrations, ULTIMO of counters).
 * - CALCULADA variables (except RR.HH.): the backfill derives them from scada, paros, turnos,
 *   lecturas and the monthly plan; see `DERIVADAS` for the recipe of each.
 */

type Area = VariableRef['area'];

interface Def {
  nombre: string;
  area: Area;
  unidad: string;
  agregacion: Agregacion;
  fuente: Fuente;
  opc?: string; // node id suffix after 'Planta.'
  decimales?: number;
  minimo?: number | null;
  maximo?: number | null;
  mayorEsMejor?: boolean;
}

function globalVar(def: Def): VariableRef {
  return {
    nombre: def.nombre,
    area: def.area,
    unidad: def.unidad,
    nivel: 'GLOBAL',
    lineaNumero: null,
    agregacion: def.agregacion,
    fuente: def.fuente,
    opcNodeId: def.opc ? `ns=2;s=Planta.${def.opc}` : null,
    decimales: def.decimales ?? 2,
    minimo: def.minimo ?? null,
    maximo: def.maximo ?? null,
    mayorEsMejor: def.mayorEsMejor ?? true,
  };
}

function lineVar(def: Def, linea: number): VariableRef {
  const sufijo = LINEAS.find((l) => l.numero === linea)?.sufijo ?? '';
  return {
    ...globalVar(def),
    nombre: `${def.nombre}${sufijo}`,
    nivel: 'INDIVIDUAL',
    lineaNumero: linea,
    opcNodeId: def.opc ? `ns=2;s=Planta.Linea${linea}.${def.opc}` : null,
  };
}

const pct = { unidad: '%', agregacion: 'PROMEDIO', decimales: 2 } as const;

const PLANT: Def[] = [
  // Fábrica
  {
    nombre: 'Producción (CU)',
    area: 'fabrica',
    unidad: 'CU',
    agregacion: 'SUMA',
    fuente: 'CALCULADA',
    decimales: 0,
  },
  {
    nombre: 'Producción (hL)',
    area: 'fabrica',
    unidad: 'hL',
    agregacion: 'SUMA',
    fuente: 'CALCULADA',
    decimales: 1,
  },
  { nombre: 'Cumplimiento de meta (%)', area: 'fabrica', ...pct, fuente: 'CALCULADA' },
  { nombre: 'ETA (%)', area: 'fabrica', ...pct, fuente: 'CALCULADA', minimo: 0, maximo: 100 },
  { nombre: 'Eficiencia pagada (%)', area: 'fabrica', ...pct, fuente: 'CALCULADA', minimo: 0, maximo: 100 },
  { nombre: 'OEE (%)', area: 'fabrica', ...pct, fuente: 'CALCULADA', minimo: 0, maximo: 100 },
  {
    nombre: 'Relación agua (L/L)',
    area: 'fabrica',
    unidad: 'L/L',
    agregacion: 'PROMEDIO',
    fuente: 'CALCULADA',
    maximo: 1.8,
    mayorEsMejor: false,
  },
  {
    nombre: 'Relación energía (MJ/L)',
    area: 'fabrica',
    unidad: 'MJ/L',
    agregacion: 'PROMEDIO',
    fuente: 'CALCULADA',
    decimales: 3,
    mayorEsMejor: false,
  },
  { nombre: 'ZWL (%)', area: 'fabrica', ...pct, fuente: 'CALCULADA', minimo: 0, maximo: 100 },
  // Rendimientos: standard / real consumption, entered by the production analyst.
  { nombre: 'Rendimiento de jarabe (%)', area: 'rendimiento', ...pct, fuente: 'MANUAL', minimo: 97 },
  { nombre: 'Rendimiento de azúcar (%)', area: 'rendimiento', ...pct, fuente: 'MANUAL', minimo: 97 },
  { nombre: 'Rendimiento de CO₂ (%)', area: 'rendimiento', ...pct, fuente: 'MANUAL', minimo: 65 },
  { nombre: 'Rendimiento de preformas (%)', area: 'rendimiento', ...pct, fuente: 'MANUAL', minimo: 97 },
  { nombre: 'Rendimiento de tapas (%)', area: 'rendimiento', ...pct, fuente: 'MANUAL', minimo: 97 },
  { nombre: 'Rendimiento de etiquetas (%)', area: 'rendimiento', ...pct, fuente: 'MANUAL', minimo: 97 },
  {
    nombre: 'Merma de bebida (%)',
    area: 'rendimiento',
    ...pct,
    fuente: 'MANUAL',
    maximo: 2.5,
    mayorEsMejor: false,
  },
  {
    nombre: 'Consumo de azúcar (kg)',
    area: 'rendimiento',
    unidad: 'kg',
    agregacion: 'SUMA',
    fuente: 'MANUAL',
    decimales: 0,
    mayorEsMejor: false,
  },
  {
    nombre: 'Consumo de CO₂ (kg)',
    area: 'rendimiento',
    unidad: 'kg',
    agregacion: 'SUMA',
    fuente: 'MANUAL',
    decimales: 0,
    mayorEsMejor: false,
  },
  // Energía
  {
    nombre: 'Energía eléctrica (kWh)',
    area: 'energia',
    unidad: 'kWh',
    agregacion: 'SUMA',
    fuente: 'OPC',
    opc: 'Energia.Total',
    decimales: 0,
    mayorEsMejor: false,
  },
  {
    nombre: 'Energía térmica (MJ)',
    area: 'energia',
    unidad: 'MJ',
    agregacion: 'SUMA',
    fuente: 'CALCULADA',
    decimales: 0,
    mayorEsMejor: false,
  },
  {
    nombre: 'KPI energía (kWh/CU)',
    area: 'energia',
    unidad: 'kWh/CU',
    agregacion: 'PROMEDIO',
    fuente: 'CALCULADA',
    decimales: 3,
    mayorEsMejor: false,
  },
  {
    nombre: 'Demanda máxima (kW)',
    area: 'energia',
    unidad: 'kW',
    agregacion: 'PROMEDIO',
    fuente: 'MANUAL',
    decimales: 0,
    mayorEsMejor: false,
  },
  {
    nombre: 'Energía de sopladora (kWh)',
    area: 'energia',
    unidad: 'kWh',
    agregacion: 'SUMA',
    fuente: 'OPC',
    opc: 'Energia.Sopladoras',
    decimales: 0,
    mayorEsMejor: false,
  },
  {
    nombre: 'Consumo de gas (m³)',
    area: 'energia',
    unidad: 'm³',
    agregacion: 'SUMA',
    fuente: 'OPC',
    opc: 'Energia.Gas',
    decimales: 1,
    mayorEsMejor: false,
  },
  // Utilidades
  {
    nombre: 'Flujo aire BP (Nm³/h)',
    area: 'utilidades',
    unidad: 'Nm³/h',
    agregacion: 'PROMEDIO',
    fuente: 'OPC',
    opc: 'Aire.FlujoBP',
    decimales: 1,
    mayorEsMejor: false,
  },
  {
    nombre: 'Presión de red (bar)',
    area: 'utilidades',
    unidad: 'bar',
    agregacion: 'PROMEDIO',
    fuente: 'OPC',
    opc: 'Aire.PresionRed',
    minimo: 6.5,
    maximo: 7.5,
  },
  {
    nombre: 'Energía compresores (kWh)',
    area: 'utilidades',
    unidad: 'kWh',
    agregacion: 'SUMA',
    fuente: 'OPC',
    opc: 'Aire.EnergiaCompresores',
    decimales: 0,
    mayorEsMejor: false,
  },
  {
    nombre: 'Consumo específico compresores (kWh/Nm³)',
    area: 'utilidades',
    unidad: 'kWh/Nm³',
    agregacion: 'PROMEDIO',
    fuente: 'CALCULADA',
    decimales: 3,
    maximo: 0.13,
    mayorEsMejor: false,
  },
  {
    nombre: 'Horómetro compresor 1 (h)',
    area: 'utilidades',
    unidad: 'h',
    agregacion: 'ULTIMO',
    fuente: 'OPC',
    opc: 'Aire.HorometroCompresor1',
    decimales: 1,
  },
  {
    nombre: 'Agua extraída (m³)',
    area: 'utilidades',
    unidad: 'm³',
    agregacion: 'SUMA',
    fuente: 'OPC',
    opc: 'Agua.Extraida',
    decimales: 1,
    mayorEsMejor: false,
  },
  {
    nombre: 'Agua tratada (m³)',
    area: 'utilidades',
    unidad: 'm³',
    agregacion: 'SUMA',
    fuente: 'OPC',
    opc: 'Agua.Tratada',
    decimales: 1,
  },
  {
    nombre: 'Rechazo ósmosis (m³)',
    area: 'utilidades',
    unidad: 'm³',
    agregacion: 'SUMA',
    fuente: 'OPC',
    opc: 'Agua.RechazoOsmosis',
    decimales: 1,
    mayorEsMejor: false,
  },
  {
    nombre: 'Nivel cisterna (%)',
    area: 'utilidades',
    unidad: '%',
    agregacion: 'PROMEDIO',
    fuente: 'OPC',
    opc: 'Agua.NivelCisterna',
    decimales: 1,
    minimo: 30,
    maximo: 100,
  },
  // PTA: online sensors hourly; DBO₅, grease and sludge come from the lab or the scale.
  ptaOpc('Caudal afluente (m³)', 'm³', 'SUMA', 'CaudalAfluente', { decimales: 1, mayorEsMejor: false }),
  ptaOpc('Caudal efluente (m³)', 'm³', 'SUMA', 'CaudalEfluente', { decimales: 1, mayorEsMejor: false }),
  ptaOpc('DQO entrada (mg/L)', 'mg/L', 'PROMEDIO', 'DQOEntrada', { decimales: 0, mayorEsMejor: false }),
  ptaOpc('DQO salida (mg/L)', 'mg/L', 'PROMEDIO', 'DQOSalida', {
    decimales: 0,
    maximo: 250,
    mayorEsMejor: false,
  }),
  ptaOpc('SST entrada (mg/L)', 'mg/L', 'PROMEDIO', 'SSTEntrada', { decimales: 0, mayorEsMejor: false }),
  ptaOpc('SST salida (mg/L)', 'mg/L', 'PROMEDIO', 'SSTSalida', {
    decimales: 0,
    maximo: 100,
    mayorEsMejor: false,
  }),
  ptaOpc('pH entrada', 'pH', 'PROMEDIO', 'PHEntrada', {}),
  ptaOpc('pH salida', 'pH', 'PROMEDIO', 'PHSalida', { minimo: 6.5, maximo: 8.5 }),
  ptaOpc('Temperatura entrada (°C)', '°C', 'PROMEDIO', 'TemperaturaEntrada', { decimales: 1, maximo: 40 }),
  ptaOpc('OD reactor (mg/L)', 'mg/L', 'PROMEDIO', 'ODReactor', { minimo: 1.5, maximo: 4 }),
  ptaOpc('SSLM reactor (mg/L)', 'mg/L', 'PROMEDIO', 'SSLMReactor', {
    decimales: 0,
    minimo: 2000,
    maximo: 4500,
  }),
  ptaOpc('Energía PTA (kWh)', 'kWh', 'SUMA', 'Energia', { decimales: 0, mayorEsMejor: false }),
  {
    nombre: 'DBO₅ entrada (mg/L)',
    area: 'pta',
    unidad: 'mg/L',
    agregacion: 'PROMEDIO',
    fuente: 'MANUAL',
    decimales: 0,
    mayorEsMejor: false,
  },
  {
    nombre: 'DBO₅ salida (mg/L)',
    area: 'pta',
    unidad: 'mg/L',
    agregacion: 'PROMEDIO',
    fuente: 'MANUAL',
    decimales: 0,
    maximo: 100,
    mayorEsMejor: false,
  },
  {
    nombre: 'Grasas y aceites salida (mg/L)',
    area: 'pta',
    unidad: 'mg/L',
    agregacion: 'PROMEDIO',
    fuente: 'MANUAL',
    decimales: 1,
    maximo: 20,
    mayorEsMejor: false,
  },
  {
    nombre: 'Lodos generados (kg/d)',
    area: 'pta',
    unidad: 'kg/d',
    agregacion: 'SUMA',
    fuente: 'MANUAL',
    decimales: 0,
    mayorEsMejor: false,
  },
  { nombre: 'Remoción DQO (%)', area: 'pta', ...pct, fuente: 'CALCULADA', minimo: 90, maximo: 100 },
  {
    nombre: 'Carga orgánica (kg DQO/d)',
    area: 'pta',
    unidad: 'kg DQO/d',
    agregacion: 'SUMA',
    fuente: 'CALCULADA',
    decimales: 0,
    mayorEsMejor: false,
  },
  // Mantenimiento (plant level)
  {
    nombre: 'Disponibilidad (%)',
    area: 'mantenimiento',
    ...pct,
    fuente: 'CALCULADA',
    minimo: 0,
    maximo: 100,
  },
  { nombre: 'Cumplimiento de mantenimiento preventivo (%)', area: 'mantenimiento', ...pct, fuente: 'MANUAL' },
  // RR.HH.: computed by the model from its own attendance and overtime records.
  {
    nombre: 'Horas extra (h)',
    area: 'rrhh',
    unidad: 'h',
    agregacion: 'SUMA',
    fuente: 'CALCULADA',
    decimales: 1,
    mayorEsMejor: false,
  },
  { nombre: 'Horas extra (%)', area: 'rrhh', ...pct, fuente: 'CALCULADA', mayorEsMejor: false },
  { nombre: 'Ausentismo (%)', area: 'rrhh', ...pct, fuente: 'CALCULADA', maximo: 8, mayorEsMejor: false },
  { nombre: 'Asistencia (%)', area: 'rrhh', ...pct, fuente: 'CALCULADA', minimo: 92 },
  {
    nombre: 'Productividad (CU/HH)',
    area: 'rrhh',
    unidad: 'CU/HH',
    agregacion: 'PROMEDIO',
    fuente: 'CALCULADA',
  },
  // Planificación
  { nombre: 'Adherencia al programa (%)', area: 'planificacion', ...pct, fuente: 'MANUAL' },
  { nombre: 'Nivel de servicio (%)', area: 'planificacion', ...pct, fuente: 'MANUAL' },
  {
    nombre: 'Inventario producto terminado (CU)',
    area: 'planificacion',
    unidad: 'CU',
    agregacion: 'ULTIMO',
    fuente: 'MANUAL',
    decimales: 0,
  },
  {
    nombre: 'Días de inventario (d)',
    area: 'planificacion',
    unidad: 'd',
    agregacion: 'PROMEDIO',
    fuente: 'MANUAL',
    decimales: 1,
    minimo: 3,
    maximo: 12,
  },
];

function ptaOpc(
  nombre: string,
  unidad: string,
  agregacion: Agregacion,
  opc: string,
  extra: Partial<Def>,
): Def {
  return { nombre, area: 'pta', unidad, agregacion, fuente: 'OPC', opc: `PTA.${opc}`, ...extra };
}

/** Per-line KPIs, one variant per production line with the line's SAP suffix. */
const PER_LINE: Def[] = [
  {
    nombre: 'Producción (CU)',
    area: 'fabrica',
    unidad: 'CU',
    agregacion: 'SUMA',
    fuente: 'CALCULADA',
    decimales: 0,
  },
  { nombre: 'ETA (%)', area: 'fabrica', ...pct, fuente: 'CALCULADA', minimo: 0, maximo: 100 },
  { nombre: 'Eficiencia pagada (%)', area: 'fabrica', ...pct, fuente: 'CALCULADA', minimo: 0, maximo: 100 },
  { nombre: 'Eficiencia SAP (%)', area: 'fabrica', ...pct, fuente: 'MANUAL', minimo: 0, maximo: 100 },
  {
    nombre: 'Energía eléctrica (kWh)',
    area: 'energia',
    unidad: 'kWh',
    agregacion: 'SUMA',
    fuente: 'OPC',
    opc: 'Energia',
    decimales: 0,
    mayorEsMejor: false,
  },
  {
    nombre: 'KPI energía (kWh/L)',
    area: 'energia',
    unidad: 'kWh/L',
    agregacion: 'PROMEDIO',
    fuente: 'CALCULADA',
    decimales: 4,
    minimo: 0.02,
    maximo: 0.06,
    mayorEsMejor: false,
  },
  {
    nombre: 'MTTR (min)',
    area: 'mantenimiento',
    unidad: 'min',
    agregacion: 'PROMEDIO',
    fuente: 'CALCULADA',
    decimales: 1,
    mayorEsMejor: false,
  },
  {
    nombre: 'MTTF (min)',
    area: 'mantenimiento',
    unidad: 'min',
    agregacion: 'PROMEDIO',
    fuente: 'CALCULADA',
    decimales: 1,
  },
  {
    nombre: 'MTBF (min)',
    area: 'mantenimiento',
    unidad: 'min',
    agregacion: 'PROMEDIO',
    fuente: 'CALCULADA',
    decimales: 1,
  },
  {
    nombre: 'N.º de fallas',
    area: 'mantenimiento',
    unidad: 'fallas',
    agregacion: 'SUMA',
    fuente: 'CALCULADA',
    decimales: 0,
    mayorEsMejor: false,
  },
  {
    nombre: 'Tiempo de paro (min)',
    area: 'mantenimiento',
    unidad: 'min',
    agregacion: 'SUMA',
    fuente: 'CALCULADA',
    decimales: 0,
    mayorEsMejor: false,
  },
  {
    nombre: 'Disponibilidad (%)',
    area: 'mantenimiento',
    ...pct,
    fuente: 'CALCULADA',
    minimo: 0,
    maximo: 100,
  },
];

/** Blowing air and leaks exist only on the lines with a blow moulder (1 and 2). */
const PER_BLOW_LINE: Def[] = [
  {
    nombre: 'Flujo aire AP soplado (Nm³/h)',
    area: 'utilidades',
    unidad: 'Nm³/h',
    agregacion: 'PROMEDIO',
    fuente: 'OPC',
    opc: 'FlujoAireAP',
    decimales: 1,
    mayorEsMejor: false,
  },
  {
    nombre: 'Fugas de aire (%)',
    area: 'utilidades',
    ...pct,
    fuente: 'CALCULADA',
    maximo: 30,
    mayorEsMejor: false,
  },
];

export const BLOW_LINES = [1, 2] as const;

export const VARIABLES: VariableRef[] = [
  ...PLANT.map(globalVar),
  ...PER_LINE.flatMap((def) => PRODUCTION_LINES.map((linea) => lineVar(def, linea))),
  ...PER_BLOW_LINE.flatMap((def) => BLOW_LINES.map((linea) => lineVar(def, linea))),
];

/** Name of a per-line variant ('' suffix for the plant). */
export function nombreLinea(base: string, linea: number): string {
  return `${base}${LINEAS.find((l) => l.numero === linea)?.sufijo ?? ''}`;
}

/**
 * How the backfill derives each CALCULADA variable that is not in `valores` (per line where
 * suffixed). One time model per line and day (`timeModel`, @planta/domain): run minutes = minutes
 * with speed > 0 or anything counted; planned = max(run, min(paid, elapsed − planned stops));
 * paid = max(turno horas × 60, planned); nominal CU/min from the product of each minute (formato,
 * the last product set up carried forward) on that line; good CU = Σ paquetes × factor.
 */
export const DERIVADAS: Record<string, string> = {
  'Producción (CU)': 'Σ paquetes × factor (per line from scada; plant = Σ lines)',
  'Producción (hL)': 'Producción (CU) / 17.61',
  'Cumplimiento de meta (%)': 'num Producción (CU), den meta of Producción (CU)',
  'ETA (%)': 'num good CU, den nominal CU of run time (each run minute at least its output) = P × Q',
  'Eficiencia de línea (%)': 'same as ETA (%)',
  'Eficiencia pagada (%)': 'num good CU, den nominal CU of paid time (≤ OEE)',
  'OEE (%)': 'num good CU, den nominal CU of planned production time (paid − planned stops) = A × P × Q',
  'Calidad (%)': 'num good CU (finished packs), den total CU (bottles filled)',
  'Relación agua (L/L)': 'num Agua extraída (m³) × 1000, den litres produced',
  'Relación energía (MJ/L)': 'num Energía eléctrica (kWh) × 3.6 + Energía térmica (MJ), den litres produced',
  'ZWL (%)': 'monthly: aprovechable kg / total kg of month().zeroWaste',
  'Energía térmica (MJ)': 'Consumo de gas (m³) × 37.3',
  'KPI energía (kWh/CU)':
    'num Energía eléctrica (kWh) (plant: the plant meter, every consumer; line: its own meter), den Producción (CU)',
  'KPI energía (kWh/L)': 'num the same kWh (plant meter / line meter), den litres produced',
  'Consumo específico compresores (kWh/Nm³)':
    'num Energía compresores (kWh), den Σ air flows (AP lines 1–2 + BP) × hours of each reading',
  'Fugas de aire (%)': 'num mean AP flow over readings whose 5 min had no bottles, den mean AP flow',
  'Remoción DQO (%)': 'num Σ Q×(DQO in − DQO out), den Σ Q×DQO in (hourly readings)',
  'Carga orgánica (kg DQO/d)': 'Σ hourly Caudal afluente × DQO entrada / 1000',
  'MTTR (min)': 'num minutes of FALLA paros, den number of FALLA paros',
  'MTTF (min)': 'num running minutes − FALLA minutes, den number of FALLA paros',
  'MTBF (min)': 'num running minutes, den number of FALLA paros',
  'N.º de fallas': 'count of FALLA paros',
  'Tiempo de paro (min)': 'minutes of FALLA + MICROPARO paros',
  'Disponibilidad (%)': 'num run minutes, den run minutes + FALLA minutes (plant: sums over lines)',
};
