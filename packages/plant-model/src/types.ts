/**
 * The contract of the plant model: pure, deterministic data about a bottling plant, consumed by the
 * demo backfill (apps/server) and, later, by the OPC UA simulator (apps/plant-sim). Everything is a
 * function of (seed, time): asking for the same day twice, or a minute range in different chunks,
 * gives identical results.
 *
 * Times: `fecha` strings are production days 'YYYY-MM-DD' in plant time (a production day runs
 * 08:00 → 07:59 next morning, plant time zone). Instants are epoch milliseconds (UTC).
 */

export interface PlantModelOptions {
  seed: number;
  /** IANA zone of the plant, e.g. 'America/Lima'. */
  timeZone: string;
}

// ------------------------------------------------------------------ reference data

export interface LineaRef {
  numero: number; // 0 = the whole plant ('Planta'), 1..4 production lines
  nombre: string; // 'Planta', 'Línea 1', …
  sufijo: string; // SAP suffix: '' for the plant, '_561', '_562', '_563', '_564'
}

export interface ProductoRef {
  key: string;
  descripcion: string; // 'Cola Original', …
  imagePrefix: string; // file-name prefix of the product image, e.g. 'cola-original'
  imageColor: string; // CSS colour, e.g. '#c62828'
}

export interface PresentacionRef {
  key: string; // e.g. '600ml-12'
  volumen: number; // 600, 2, 355 …
  unidMedida: 'ml' | 'L';
  /** Unit cases per pack = numBotellas × litres / 5.678, computed (not hard-coded). */
  factor: number;
}

export interface ProductoPresentacionRef {
  key: string;
  productoKey: string;
  presentacionKey: string;
  numBotellas: number; // bottles per pack
  hmiLinea1Id: number | null; // product code on line 1's HMI (unique), null if not run there
  hmiLinea2Id: number | null;
  /** Codes lines 3 and 4 report in `formato` (their own tags); null if not run there. Unique per line. */
  hmiLinea3Id?: number | null;
  hmiLinea4Id?: number | null;
}

export interface VelocidadNominalRef {
  productoPresentacionKey: string;
  lineaNumero: number; // 1..4
  velocidadBotellasMinuto: number;
  velocidadPaquetesHora: number; // = bpm × 60 / numBotellas
}

export type Agregacion = 'SUMA' | 'PROMEDIO' | 'ULTIMO';
export type Fuente = 'MANUAL' | 'OPC' | 'CALCULADA';

export interface VariableRef {
  nombre: string; // Spanish, unique; per-line variants use base name + line suffix, e.g. 'Producción (CU)_561'
  area:
    'fabrica' | 'rendimiento' | 'energia' | 'utilidades' | 'pta' | 'mantenimiento' | 'rrhh' | 'planificacion';
  unidad: string; // 'CU', '%', 'kWh', 'm³', 'mg/L', …
  nivel: 'GLOBAL' | 'INDIVIDUAL'; // GLOBAL = plant-wide, INDIVIDUAL = one line
  lineaNumero: number | null; // for INDIVIDUAL variables
  agregacion: Agregacion;
  fuente: Fuente;
  /** OPC UA node id for tags read live (ns=2;s=…), null otherwise. */
  opcNodeId: string | null;
  decimales: number;
  minimo: number | null; // limits (PTA legal limits, ranges), null if none
  maximo: number | null;
  /** Higher is better (true) or lower is better (false): how compliance against meta is coloured. */
  mayorEsMejor: boolean;
}

export interface ZwClasificacionRef {
  descripcion: string;
  aprovechable: boolean;
}

export interface EmpleadoRef {
  codigo: string;
  nombre: string;
  area: string; // 'Producción', 'Mantenimiento', 'Calidad', 'Logística', 'Administración'
  puesto: string;
  activo: boolean;
}

export interface ObzPaqueteRef {
  nombre: string;
  area: string;
  responsable: string;
}

export interface ReferenceData {
  planta: string; // 'Planta'
  lineas: LineaRef[];
  productos: ProductoRef[];
  presentaciones: PresentacionRef[];
  productoPresentaciones: ProductoPresentacionRef[];
  velocidadesNominales: VelocidadNominalRef[];
  variables: VariableRef[]; // 60+ across every area
  zwClasificaciones: ZwClasificacionRef[];
  empleados: EmpleadoRef[];
  obzPaquetes: ObzPaqueteRef[];
}

// ------------------------------------------------------------------ time series

/** One line, one minute. Counts are the minute's production (not cumulative). */
export interface ScadaMinute {
  linea: number; // 1..4
  t: number; // epoch ms at the start of the minute
  velocidad: number; // bottles per minute, 0 when stopped
  botellas: number; // bottles blown/entering the filler this minute
  botellasLlenas: number; // good filled bottles (≤ botellas)
  paquetes: number; // packs closed this minute
  formato: number; // HMI product code running (lines 1-2: hmiLineaNId; lines 3-4: their own code); 0 = no product
}

export type TipoParo = 'FALLA' | 'MICROPARO' | 'CAMBIO_FORMATO' | 'CIP' | 'PLANIFICADO';

/** A reason of the plant's tree of stop reasons (@planta/domain's ARBOL_MOTIVOS_PARO), by its names. */
export interface MotivoParo {
  categoria: string; // 'Mecánica', 'Microparos', 'Planificado', …
  nombre: string; // 'Llenadora', 'Atasco de botellas', 'CIP', …
}

export interface Paro {
  linea: number;
  inicio: number; // epoch ms
  fin: number; // epoch ms, > inicio
  equipo: string; // 'Llenadora', 'Sopladora', 'Etiquetadora', 'Paletizadora', …
  causa: string; // Spanish: what happened, within its reason ('Falla de válvula de llenado')
  tipo: TipoParo;
  /**
   * Its reason, of the loss class of its tipo (claseDeTipoParo). The model gives every stop one: it
   * cannot know which the operator has not entered yet (the demo history decides that).
   */
  motivo: MotivoParo | null;
  /** The PLC's first-out fault code, one of its reason's; null when the stop began without one. */
  codigoFalla: number | null;
}

/** A reading of a variable with an opcNodeId (air, water, PTA sensors, energy meters). */
export interface Lectura {
  variable: string; // VariableRef.nombre
  t: number; // epoch ms
  valor: number;
}

export interface ContadorHora {
  linea: number; // 1..4
  t: number; // epoch ms at the start of the hour
  energia: number; // kWh in that hour
  eficiencia: number; // % line efficiency in that hour (good output / nominal capacity), 2 decimals
  kpiEnergia: number; // kWh per litre produced in that hour (0 when nothing produced), 0.02–0.06 when running
  formato: number; // product code that ran most of the hour (0 = none)
}

// ------------------------------------------------------------------ daily data

/** Values entered by hand or computed outside the line counters, for one production day. */
export interface ValorDiario {
  variable: string; // VariableRef.nombre (fuente MANUAL or CALCULADA that the model itself decides)
  valor: number;
  /** For ratio variables: the raw sums the ratio comes from (e.g. standard and real consumption). */
  numerador?: number;
  denominador?: number;
}

export interface Asistencia {
  codigo: string; // EmpleadoRef.codigo
  estado: 'PRESENTE' | 'FALTA' | 'VACACIONES' | 'INCAPACIDAD' | 'PERMISO';
  entrada: string | null; // 'HH:MM' plant time
  salida: string | null;
}

export interface HoraExtra {
  codigo: string;
  horas: number;
  tipo: 'DOBLE' | 'TRIPLE';
  motivo: string;
}

export interface DayData {
  fecha: string;
  /** 4 lines × 1440 minutes of the production day, ordered by line then time. */
  scada: ScadaMinute[];
  paros: Paro[];
  contadoresHora: ContadorHora[]; // 4 lines × 24 hours
  /** Readings at their historian interval: air flows every 5 min, water and PTA hourly, energy meters hourly. */
  lecturas: Lectura[];
  valores: ValorDiario[];
  /** Paid hours of each line's shifts that day (horas_productividad). */
  turnos: { linea: number; horasProductividad: number }[];
  /** The ERP's (SAP) efficiency figure per line, % */
  sap: { linea: number; eficiencia: number }[];
  asistencias: Asistencia[];
  horasExtra: HoraExtra[];
}

export interface MonthData {
  /** 'YYYY-MM-01' */
  mes: string;
  /** Plan of the plant's production variable(s): AOP (budget) and negociado (renegotiated). */
  planificaciones: { variable: string; aop: number; negociado: number }[];
  /** Kilograms per zero-waste classification. */
  zeroWaste: { clasificacion: string; kg: number }[];
  /** Overtime budget per HR area, hours. */
  presupuestoHorasExtra: { area: string; horas: number }[];
  /** OBZ budget and actual per package. */
  obz: { paquete: string; presupuesto: number; real: number }[];
}

export interface PlantModel {
  readonly reference: ReferenceData;
  /** Everything about one production day. */
  day(fecha: string): DayData;
  /** Minute rows of one line for [fromMs, toMs) (minute-aligned), identical to what day() contains. */
  lineMinutes(linea: number, fromMs: number, toMs: number): ScadaMinute[];
  month(year: number, month: number): MonthData;
  /** Zero-waste projection for a year, per classification. */
  zeroWasteProjection(
    year: number,
  ): { clasificacion: string; aprovechables: number; noAprovechables: number; zeroWaste: number }[];
  /** Daily meta of a variable on a day (derived from the monthly plan / targets), null if none. */
  meta(variable: string, fecha: string): number | null;
}
