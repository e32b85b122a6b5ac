import { motivo } from './motivos.ts';
import type { MotivoParo } from './types.ts';

/**
 * Engineering parameters of each production line: shift pattern, reliability, energy and air.
 * Chosen so the resulting KPIs land inside DOMAIN.md's ranges (ETA 65–90 %, paid 55–80 %,
 * MTTR 15–60 min, MTTF 300–2,400 min, kpi_energia 0.02–0.06 kWh/L).
 */

export interface StopCause {
  equipo: string;
  causa: string;
  /** Its reason in the plant's default tree, of the loss class of the stops it causes. */
  motivo: MotivoParo;
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

const cause = (
  equipo: string,
  causa: string,
  [categoria, nombre]: [string, string],
  weight: number,
): StopCause => ({
  equipo,
  causa,
  motivo: motivo(categoria, nombre),
  weight,
});

/*
 * Weights shape the Pareto of a bottling line (DOMAIN "Stops and losses": a few reasons carry most
 * stop minutes): failures mostly at the filler, the labeller and the capper; micro-stops mostly
 * bottles jammed. A weight changes which cause a stop gets, never when it happens or how long.
 */
const ATASCO: [string, string] = ['Microparos', 'Atasco de botellas'];
const CAIDA: [string, string] = ['Microparos', 'Botella caída'];
const TAPA_TOLVA: [string, string] = ['Microparos', 'Falta de tapa en tolva'];

const MICRO_COMUNES: StopCause[] = [
  cause('Llenadora', 'Atasco de envases en estrella de entrada', ATASCO, 6),
  cause('Transportadores', 'Acumulación en transportador', ATASCO, 6),
  cause('Etiquetadora', 'Atasco de envases a la entrada de la etiquetadora', ATASCO, 2),
  cause('Transportadores', 'Botella caída en el transportador', CAIDA, 1.5),
  cause('Empacadora', 'Envase caído a la entrada de la empacadora', CAIDA, 0.5),
  cause('Taponadora', 'Tapa trabada en el canal de alimentación', TAPA_TOLVA, 2),
];

const FALLAS_COMUNES: StopCause[] = [
  cause('Llenadora', 'Falla de válvula de llenado', ['Mecánica', 'Llenadora'], 6),
  cause('Llenadora', 'Falla del mezclador-carbonatador', ['Mecánica', 'Llenadora'], 3),
  cause('Etiquetadora', 'Falla del rodillo de cola', ['Mecánica', 'Etiquetadora'], 3),
  cause('Etiquetadora', 'Desajuste de la estrella de etiquetado', ['Mecánica', 'Etiquetadora'], 2),
  cause('Taponadora', 'Desajuste de cabezales de tapado', ['Mecánica', 'Taponadora'], 4),
  cause('Empacadora', 'Falla del túnel de termoencogido', ['Mecánica', 'Empacadora'], 1.5),
  cause('Paletizadora', 'Falla de la pinza de capas', ['Mecánica', 'Paletizadora'], 0.7),
  cause('Paletizadora', 'Falla de sensor de capa', ['Eléctrica', 'Sensor o fotocelda'], 1),
  cause('Transportadores', 'Cadena de transportador rota', ['Mecánica', 'Transportadores'], 1),
  cause('Transportadores', 'Motor de transportador quemado', ['Eléctrica', 'Variador o motor'], 1),
  cause('Línea', 'Corte de energía de la red', ['Eléctrica', 'Corte de energía'], 0.3),
  cause('Llenadora', 'Falta de jarabe terminado', ['Abastecimiento', 'Falta de jarabe'], 0.8),
  cause('Taponadora', 'Falta de tapas en la línea', ['Abastecimiento', 'Falta de tapas'], 0.7),
  cause('Etiquetadora', 'Falta de etiquetas en la línea', ['Abastecimiento', 'Falta de etiquetas'], 0.6),
];

const FALLAS_SOPLADO: StopCause[] = [
  cause('Sopladora', 'Falla en molde de soplado', ['Mecánica', 'Sopladora'], 1.5),
  cause('Sopladora', 'Baja presión de aire de soplado', ['Mecánica', 'Sopladora'], 1),
  cause('Sopladora', 'Falla en horno de preformas', ['Eléctrica', 'Variador o motor'], 0.8),
  cause('Sopladora', 'Falta de preformas en la tolva', ['Abastecimiento', 'Falta de preformas'], 0.6),
];

const MICRO_SOPLADO: StopCause[] = [cause('Sopladora', 'Preforma atascada en la alimentación', ATASCO, 1.5)];

/** Cans (line 3) are printed and seamed: no labeller, no capper. */
const sinEtiquetaNiTapa = (c: StopCause) => c.equipo !== 'Taponadora' && c.equipo !== 'Etiquetadora';

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
      ...FALLAS_COMUNES.filter(sinEtiquetaNiTapa),
      // The seamer closes the can as a capper closes a bottle: the same reason.
      cause('Cerradora de latas', 'Falla en rodillos de cierre', ['Mecánica', 'Taponadora'], 4),
      cause('Cerradora de latas', 'Falta de tapas de lata', ['Abastecimiento', 'Falta de tapas'], 0.7),
      cause('Despaletizador', 'Falla de barrido de capas de latas', ['Mecánica', 'Paletizadora'], 1.5),
    ],
    microparos: [
      ...MICRO_COMUNES.filter(sinEtiquetaNiTapa),
      cause('Cerradora de latas', 'Falta de tapas en el alimentador', TAPA_TOLVA, 2),
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
      cause('Lavadora de envases', 'Falla de bomba de soda cáustica', ['Eléctrica', 'Variador o motor'], 1),
      cause(
        'Inspector de envases vacíos',
        'Falla de cámara del inspector',
        ['Eléctrica', 'Sensor o fotocelda'],
        0.8,
      ),
      cause('Desencajonadora', 'Falla de cabezal de agarre', ['Mecánica', 'Empacadora'], 0.8),
    ],
    microparos: [
      ...MICRO_COMUNES,
      cause('Lavadora de envases', 'Atasco de envases a la salida de la lavadora', ATASCO, 2),
      cause('Inspector de envases vacíos', 'Envase caído en el inspector', CAIDA, 1),
    ],
  },
};

export function lineConfig(linea: number): LineConfig {
  const config = LINE_CONFIGS[linea];
  if (!config) throw new RangeError(`Línea inexistente: ${linea}`);
  return config;
}
