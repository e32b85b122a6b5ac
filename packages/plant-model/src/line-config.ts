/**
 * Engineering parameters of each production line: shift pattern, reliability, energy and air.
 * Chosen so the resulting KPIs land inside DOMAIN.md's ranges (ETA 65–90 %, paid 55–80 %,
 * MTTR 15–60 min, MTTF 300–2,400 min, kpi_energia 0.02–0.06 kWh/L).
 */

export interface StopCause {
  equipo: string;
  causa: string;
  weight: number;
}

export interface LineConfig {
  numero: number;
  /** Shifts (8 h each) by weekday (Monday = 0) outside and inside the summer peak. */
  shifts: { normal: readonly number[]; verano: readonly number[] };
  /** Mean run minutes between failures (> 5 min). */
  mttfMin: number;
  /** Mean of the exponential part of a repair; repairs last 6 + that, capped. */
  repairExtraMin: number;
  /** Micro-stops (< 5 min) per running hour. */
  microPerHour: number;
  /** A CIP every this many days, at a line-specific phase. */
  cipEveryDays: number;
  /** Electrical load: base kW while in shift, kW with the line off, kWh per litre filled. */
  kwShift: number;
  kwOff: number;
  kwhPerLitre: number;
  /** Blowing air (free normal litres per bottle) for lines with a blow moulder, else null. */
  airNlPerBottle: number | null;
  fallas: StopCause[];
  microparos: StopCause[];
}

const MICRO_COMUNES: StopCause[] = [
  { equipo: 'Llenadora', causa: 'Atasco de envases en estrella de entrada', weight: 5 },
  { equipo: 'Transportadores', causa: 'Acumulación en transportador', weight: 5 },
  { equipo: 'Etiquetadora', causa: 'Etiqueta mal aplicada', weight: 3 },
  { equipo: 'Inspector de nivel', causa: 'Rechazos consecutivos por nivel bajo', weight: 2 },
  { equipo: 'Empacadora', causa: 'Falta de film termoencogible', weight: 2 },
  { equipo: 'Tapadora', causa: 'Tapa trabada en el canal de alimentación', weight: 3 },
];

const FALLAS_COMUNES: StopCause[] = [
  { equipo: 'Llenadora', causa: 'Falla de válvula de llenado', weight: 4 },
  { equipo: 'Llenadora', causa: 'Falla del mezclador-carbonatador', weight: 2 },
  { equipo: 'Etiquetadora', causa: 'Falla del rodillo de cola', weight: 3 },
  { equipo: 'Empacadora', causa: 'Falla del túnel de termoencogido', weight: 3 },
  { equipo: 'Paletizadora', causa: 'Falla de sensor de capa', weight: 2 },
  { equipo: 'Transportadores', causa: 'Motor de transportador quemado', weight: 2 },
  { equipo: 'Tapadora', causa: 'Desajuste de cabezales de tapado', weight: 2 },
];

const FALLAS_SOPLADO: StopCause[] = [
  { equipo: 'Sopladora', causa: 'Falla en molde de soplado', weight: 3 },
  { equipo: 'Sopladora', causa: 'Baja presión de aire de soplado', weight: 2 },
  { equipo: 'Sopladora', causa: 'Falla en horno de preformas', weight: 2 },
];

const MICRO_SOPLADO: StopCause[] = [
  { equipo: 'Sopladora', causa: 'Preforma atascada en la alimentación', weight: 3 },
];

export const LINE_CONFIGS: Record<number, LineConfig> = {
  1: {
    numero: 1,
    // Best-seller line: three shifts, two on Sundays (three in summer).
    shifts: { normal: [3, 3, 3, 3, 3, 3, 2], verano: [3, 3, 3, 3, 3, 3, 3] },
    mttfMin: 780,
    repairExtraMin: 24,
    microPerHour: 2.2,
    cipEveryDays: 3,
    kwShift: 45,
    kwOff: 12,
    kwhPerLitre: 0.031,
    airNlPerBottle: 24,
    fallas: [...FALLAS_COMUNES, ...FALLAS_SOPLADO],
    microparos: [...MICRO_COMUNES, ...MICRO_SOPLADO],
  },
  2: {
    numero: 2,
    shifts: { normal: [3, 3, 3, 3, 3, 2, 0], verano: [3, 3, 3, 3, 3, 3, 2] },
    mttfMin: 900,
    repairExtraMin: 26,
    microPerHour: 1.8,
    cipEveryDays: 3,
    kwShift: 50,
    kwOff: 12,
    kwhPerLitre: 0.022,
    airNlPerBottle: 48,
    fallas: [...FALLAS_COMUNES, ...FALLAS_SOPLADO],
    microparos: [...MICRO_COMUNES, ...MICRO_SOPLADO],
  },
  3: {
    numero: 3,
    shifts: { normal: [2, 2, 2, 2, 2, 2, 0], verano: [3, 3, 3, 3, 3, 2, 0] },
    mttfMin: 1000,
    repairExtraMin: 20,
    microPerHour: 2.4,
    cipEveryDays: 4,
    kwShift: 35,
    kwOff: 8,
    kwhPerLitre: 0.02,
    airNlPerBottle: null,
    fallas: [
      ...FALLAS_COMUNES.filter((f) => f.equipo !== 'Tapadora'),
      { equipo: 'Cerradora de latas', causa: 'Falla en rodillos de cierre', weight: 3 },
      { equipo: 'Despaletizador', causa: 'Falla de barrido de capas de latas', weight: 2 },
    ],
    microparos: [
      ...MICRO_COMUNES.filter((m) => m.equipo !== 'Tapadora' && m.equipo !== 'Etiquetadora'),
      { equipo: 'Cerradora de latas', causa: 'Falta de tapas en el alimentador', weight: 3 },
    ],
  },
  4: {
    numero: 4,
    shifts: { normal: [2, 2, 2, 2, 2, 1, 0], verano: [2, 2, 2, 2, 2, 2, 0] },
    mttfMin: 700,
    repairExtraMin: 30,
    microPerHour: 2.6,
    cipEveryDays: 3,
    kwShift: 40,
    kwOff: 10,
    kwhPerLitre: 0.028,
    airNlPerBottle: null,
    fallas: [
      ...FALLAS_COMUNES,
      { equipo: 'Lavadora de envases', causa: 'Falla de bomba de soda cáustica', weight: 3 },
      { equipo: 'Inspector de envases vacíos', causa: 'Falla de cámara del inspector', weight: 2 },
      { equipo: 'Desencajonadora', causa: 'Falla de cabezal de agarre', weight: 2 },
    ],
    microparos: [
      ...MICRO_COMUNES,
      { equipo: 'Inspector de envases vacíos', causa: 'Rechazos consecutivos de envases sucios', weight: 3 },
      { equipo: 'Desencajonadora', causa: 'Caja con envase roto', weight: 2 },
    ],
  },
};

export function lineConfig(linea: number): LineConfig {
  const config = LINE_CONFIGS[linea];
  if (!config) throw new RangeError(`Línea inexistente: ${linea}`);
  return config;
}
