import { instanteLocal } from './zona-horaria.ts';
import { addDays, PRODUCTION_DAY_START_HOUR, productionDay, productionDayRange } from './production-day.ts';

/**
 * The plant's shifts: they tile the production day (PRODUCTION_DAY_START_HOUR → the same hour the
 * next morning, plant time). The server checks a save with `errorTurnosHorario`; a form can run the
 * same check before sending.
 */

export interface TurnoHorarioEntrada {
  nombre: string;
  /** 'HH:MM', plant time. */
  inicio: string;
  fin: string;
}

export const MIN_TURNOS_HORARIO = 1;
export const MAX_TURNOS_HORARIO = 6;
/** Shortest shift, minutes. */
export const MIN_MINUTOS_TURNO = 60;
/** Longest shift name, characters. */
export const MAX_NOMBRE_TURNO = 40;

const DIA = 24 * 60;
const INICIO_DIA = PRODUCTION_DAY_START_HOUR * 60;

/** 'HH:MM' of minutes after midnight (0–1439). */
export const hhmmDeMinutos = (minutos: number) =>
  `${String(Math.floor(minutos / 60)).padStart(2, '0')}:${String(minutos % 60).padStart(2, '0')}`;

/** The production day's start, 'HH:MM' ('08:00'). */
export const INICIO_DIA_PRODUCCION = hhmmDeMinutos(INICIO_DIA);

/** The default shifts: three of 8 h. */
export const TURNOS_HORARIO_POR_DEFECTO: readonly TurnoHorarioEntrada[] = [
  { nombre: 'Turno 1', inicio: '08:00', fin: '16:00' },
  { nombre: 'Turno 2', inicio: '16:00', fin: '00:00' },
  { nombre: 'Turno 3', inicio: '00:00', fin: '08:00' },
];

const HH_MM = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Minutes after midnight of an 'HH:MM' (00:00–23:59); null when it is not one. */
export function minutosDeHHMM(texto: string): number | null {
  const m = HH_MM.exec(texto);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

/** A shift's length in minutes, across midnight (22:00 → 06:00 is 480); equal ends are 24 h. */
export function duracionTurno(inicio: number, fin: number): number {
  return (fin - inicio + DIA) % DIA || DIA;
}

/** Minutes from the production day's start to a time (08:00 → 0, 07:59 → 1439). */
const enElDia = (minutos: number) => (minutos - INICIO_DIA + DIA) % DIA;

/** A refusal: its Spanish message and the field it belongs to ('turnos.1.inicio', as a form names it). */
export interface ErrorTurnos {
  campo: string;
  mensaje: string;
}

/**
 * The first rule a set of shifts breaks, or null when it tiles the production day: 1 to 6
 * shifts; names 1–40 characters (trimmed), not repeated (ignoring case); times HH:MM on the
 * quarter hour; the first starts at 08:00, each ends where the next starts, the last ends at 08:00;
 * each at least 1 h; together exactly 24 h.
 */
export function errorTurnosHorario(turnos: readonly TurnoHorarioEntrada[]): ErrorTurnos | null {
  if (turnos.length < MIN_TURNOS_HORARIO || turnos.length > MAX_TURNOS_HORARIO) {
    return {
      campo: 'turnos',
      mensaje: `El campo "turnos" debe tener entre ${MIN_TURNOS_HORARIO} y ${MAX_TURNOS_HORARIO} turnos (tiene ${turnos.length})`,
    };
  }
  const nombres = new Map<string, number>();
  const horas: { inicio: number; fin: number }[] = [];
  for (const [i, turno] of turnos.entries()) {
    const nombre = turno.nombre.trim();
    if (nombre === '') {
      return { campo: `turnos.${i}.nombre`, mensaje: `Turno ${i + 1}: el campo "nombre" es obligatorio` };
    }
    if (nombre.length > MAX_NOMBRE_TURNO) {
      return {
        campo: `turnos.${i}.nombre`,
        mensaje: `Turno ${i + 1}: el campo "nombre" admite como máximo ${MAX_NOMBRE_TURNO} caracteres`,
      };
    }
    const clave = nombre.toLocaleLowerCase('es');
    const otro = nombres.get(clave);
    if (otro !== undefined) {
      return {
        campo: `turnos.${i}.nombre`,
        mensaje: `Turno ${i + 1}: el nombre «${nombre}» ya es el del turno ${otro + 1}: cada turno tiene su propio nombre`,
      };
    }
    nombres.set(clave, i);
    const minutos = { inicio: 0, fin: 0 };
    for (const campo of ['inicio', 'fin'] as const) {
      const valor = minutosDeHHMM(turno[campo]);
      if (valor === null) {
        return {
          campo: `turnos.${i}.${campo}`,
          mensaje: `Turno ${i + 1}: el campo "${campo}" debe ser una hora HH:MM (00:00–23:59)`,
        };
      }
      if (valor % 15 !== 0) {
        return {
          campo: `turnos.${i}.${campo}`,
          mensaje: `Turno ${i + 1}: el campo "${campo}" debe caer en un cuarto de hora (:00, :15, :30 o :45)`,
        };
      }
      minutos[campo] = valor;
    }
    horas.push(minutos);
  }

  if (horas[0]!.inicio !== INICIO_DIA) {
    return {
      campo: 'turnos.0.inicio',
      mensaje: `Turno 1: el campo "inicio" debe ser ${INICIO_DIA_PRODUCCION}, el inicio del día de producción`,
    };
  }
  for (const [i, h] of horas.entries()) {
    const siguiente = horas[i + 1];
    if (siguiente && siguiente.inicio !== h.fin) {
      // Measured within the production day: a fin at 08:00 is its end, not its start.
      const fin = enElDia(h.fin) || DIA;
      const hueco = enElDia(siguiente.inicio) > fin;
      return {
        campo: `turnos.${i + 1}.inicio`,
        mensaje: `Turno ${i + 2}: el campo "inicio" (${hhmmDeMinutos(siguiente.inicio)}) debe ser el "fin" del turno ${i + 1} (${hhmmDeMinutos(h.fin)}): ${
          hueco ? 'entre ellos queda un hueco' : 'se superponen'
        }`,
      };
    }
    if (!siguiente && h.fin !== INICIO_DIA) {
      return {
        campo: `turnos.${i}.fin`,
        mensaje: `Turno ${i + 1}: el campo "fin" debe ser ${INICIO_DIA_PRODUCCION}: el último turno termina con el día de producción`,
      };
    }
    const duracion = duracionTurno(h.inicio, h.fin);
    if (duracion < MIN_MINUTOS_TURNO) {
      return {
        campo: `turnos.${i}.fin`,
        mensaje: `Turno ${i + 1}: dura ${duracion} min; cada turno dura al menos ${MIN_MINUTOS_TURNO / 60} h`,
      };
    }
  }
  const total = horas.reduce((suma, h) => suma + duracionTurno(h.inicio, h.fin), 0);
  if (total !== DIA) {
    return {
      campo: 'turnos',
      mensaje: `Los turnos suman ${Math.round((total / 60) * 100) / 100} h: deben cubrir exactamente las 24 h del día de producción`,
    };
  }
  return null;
}

/** A shift of one production day, with its instants. */
export interface TurnoDelDia {
  numero: number;
  nombre: string;
  /** Production day (YYYY-MM-DD). */
  fecha: string;
  desde: Date;
  hasta: Date;
}

/** The instant of a shift's 'HH:MM' within production day `fecha` (before 08:00: the next date). */
function instanteEnElDia(fecha: string, hhmm: string, timeZone: string, esFin: boolean): Date {
  const minutos = minutosDeHHMM(hhmm) ?? INICIO_DIA;
  // A fin at 08:00 is the end of the production day, not its start.
  const desdeInicio = enElDia(minutos) || (esFin ? DIA : 0);
  const fechaLocal = desdeInicio + INICIO_DIA >= DIA ? addDays(fecha, 1) : fecha;
  return instanteLocal(fechaLocal, minutos, timeZone);
}

/**
 * The shifts of production day `fecha` with their instants (plant time, so a daylight-saving day
 * gives one shift an hour more or less). `turnos` in the order of the day, numbered from 1.
 */
export function turnosDelDia(
  fecha: string,
  turnos: readonly (TurnoHorarioEntrada & { numero: number })[],
  timeZone: string,
): TurnoDelDia[] {
  return turnos.map((t) => ({
    numero: t.numero,
    nombre: t.nombre,
    fecha,
    desde: instanteEnElDia(fecha, t.inicio, timeZone, false),
    hasta: instanteEnElDia(fecha, t.fin, timeZone, true),
  }));
}

/** The shift an instant falls in (the last of its day when none holds it, e.g. an empty set's). */
export function turnoDeInstante(
  instante: Date | number,
  turnos: readonly (TurnoHorarioEntrada & { numero: number })[],
  timeZone: string,
): TurnoDelDia {
  const fecha = productionDay(instante, timeZone);
  const t = new Date(instante).getTime();
  const delDia = turnosDelDia(fecha, turnos, timeZone);
  const hallado = delDia.find((d) => d.desde.getTime() <= t && t < d.hasta.getTime()) ?? delDia.at(-1);
  if (hallado) return hallado;
  const { start, end } = productionDayRange(fecha, timeZone);
  return { numero: 1, nombre: 'Turno 1', fecha, desde: start, hasta: end };
}
