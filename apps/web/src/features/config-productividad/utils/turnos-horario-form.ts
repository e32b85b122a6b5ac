import {
  errorTurnosHorario,
  hhmmDeMinutos,
  INICIO_DIA_PRODUCCION,
  MAX_NOMBRE_TURNO,
  MAX_TURNOS_HORARIO,
  MIN_MINUTOS_TURNO,
  MIN_TURNOS_HORARIO,
  minutosDeHHMM,
} from '@planta/domain';
import { z } from 'zod/mini';

/**
 * The plant's shifts as the form edits them. The rules are the server's (`errorTurnosHorario` in
 * @planta/domain: 1 to 6 shifts tiling the production day 08:00 → 08:00, each at least 1 h, on the
 * quarter hour, unique names), which names only the first broken one; the form checks every row at
 * once, live, to put each error under its field, and runs the domain's check last.
 */
export interface TurnoFila {
  nombre: string;
  /** 'HH:MM' as typed. */
  inicio: string;
  fin: string;
}

export interface HorarioFormValues {
  turnos: TurnoFila[];
}

export const INICIO_DIA = INICIO_DIA_PRODUCCION;
export const MAX_TURNOS = MAX_TURNOS_HORARIO;
const DIA = 24 * 60;
/** The production day's start, in minutes of the clock (480). */
const CORTE = minutosDeHHMM(INICIO_DIA_PRODUCCION)!;

/** 'HH:MM' (or 'H:MM'; '24:00' is midnight) → minutes of the clock 0–1439; null when not a time. */
export function leerHora(texto: string): number | null {
  const m = /^(\d{1,2}):(\d{2})$/.exec(texto.trim());
  if (!m) return null;
  const h = Number(m[1]);
  const min = Number(m[2]);
  if (min > 59 || h > 24 || (h === 24 && min > 0)) return null;
  return (h * 60 + min) % DIA;
}

/** Minutes of the clock → 'HH:MM'. */
export const horaTexto = (minutos: number) => hhmmDeMinutos(((minutos % DIA) + DIA) % DIA);

/** 480 → '8 h', 450 → '7 h 30 min', 45 → '45 min'. */
export function duracionTexto(minutos: number): string {
  const h = Math.floor(minutos / 60);
  const m = minutos % 60;
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

/** Minutes since the start of the production day (08:00 → 0, 07:45 → 1425). */
const delDia = (reloj: number) => (reloj - CORTE + DIA) % DIA;
/** A shift's end in the production day: 08:00 is the day's end (1440), not its start. */
const finDelDia = (reloj: number) => delDia(reloj) || DIA;

/** A shift's minutes (its end taken as on the production day); null when a time does not read. */
export function duracionTurno(turno: Pick<TurnoFila, 'inicio' | 'fin'>): number | null {
  const inicio = leerHora(turno.inicio);
  const fin = leerHora(turno.fin);
  if (inicio === null || fin === null) return null;
  const minutos = finDelDia(fin) - delDia(inicio);
  return minutos > 0 ? minutos : null;
}

export type CampoTurno = 'nombre' | 'inicio' | 'fin';
export type ErroresTurno = Partial<Record<CampoTurno, string>>;

export interface RevisionHorario {
  /** By row, the Spanish error of each field. */
  errores: ErroresTurno[];
  /** An error of the set (how many shifts), not of a row. */
  general: string | null;
  /** The minutes of the shifts whose times read. */
  totalMinutos: number;
  /** The times tile 08:00 → 08:00 (no gap, overlap or bad time; names aside). */
  cubre: boolean;
  /** No error at all: the set may be sent. */
  valido: boolean;
}

function errorHora(texto: string): string | null {
  const hora = leerHora(texto);
  if (hora === null) return 'Escriba la hora como HH:MM (p. ej. 16:00)';
  if (hora % 15 !== 0) return 'Use cuartos de hora (:00, :15, :30 o :45)';
  return null;
}

/** Checks the whole set as the server will: errors under each row's field, in Spanish. */
export function revisarHorario(turnos: readonly TurnoFila[]): RevisionHorario {
  const errores: ErroresTurno[] = turnos.map(() => ({}));
  const nombres = new Set<string>();
  let totalMinutos = 0;
  // Where the previous shift ends (minutes of the production day), when it reads.
  let finPrevio: { minutos: number; texto: string; nombre: string } | null = null;

  turnos.forEach((turno, i) => {
    const e = errores[i]!;
    const nombre = turno.nombre.trim();
    const clave = nombre.toLocaleLowerCase('es');
    if (!nombre) e.nombre = 'Escriba el nombre del turno';
    else if (nombre.length > MAX_NOMBRE_TURNO) e.nombre = `Máximo ${MAX_NOMBRE_TURNO} caracteres`;
    else if (nombres.has(clave)) e.nombre = 'Ya hay un turno con ese nombre';
    nombres.add(clave);

    const errorInicio = errorHora(turno.inicio);
    const errorFin = errorHora(turno.fin);
    if (errorInicio) e.inicio = errorInicio;
    if (errorFin) e.fin = errorFin;
    const inicio = errorInicio ? null : delDia(leerHora(turno.inicio)!);
    const fin = errorFin ? null : finDelDia(leerHora(turno.fin)!);

    if (inicio !== null) {
      if (i === 0 && inicio !== 0) e.inicio = `El primer turno empieza a las ${INICIO_DIA}`;
      else if (finPrevio && inicio > finPrevio.minutos)
        e.inicio = `Hay un hueco de ${finPrevio.texto} a ${horaTexto(leerHora(turno.inicio)!)}: debe empezar a las ${finPrevio.texto}, cuando termina ${finPrevio.nombre}`;
      else if (finPrevio && inicio < finPrevio.minutos)
        e.inicio = `Se superpone con ${finPrevio.nombre}, que termina a las ${finPrevio.texto}: debe empezar a esa hora`;
    }
    if (inicio !== null && fin !== null) {
      if (fin <= inicio)
        e.fin = `El fin debe ser posterior al inicio (el día de producción termina a las ${INICIO_DIA})`;
      else if (fin - inicio < MIN_MINUTOS_TURNO) e.fin = `Un turno dura al menos ${MIN_MINUTOS_TURNO / 60} h`;
      else totalMinutos += fin - inicio;
    }
    if (fin !== null && i === turnos.length - 1 && fin !== DIA)
      e.fin ??= `El último turno termina a las ${INICIO_DIA}, donde empieza el día siguiente`;

    finPrevio =
      fin === null
        ? null
        : { minutos: fin, texto: horaTexto(leerHora(turno.fin)!), nombre: nombre || `el turno ${i + 1}` };
  });

  const general =
    turnos.length < MIN_TURNOS_HORARIO
      ? 'Debe haber al menos un turno'
      : turnos.length > MAX_TURNOS
        ? `Como máximo ${MAX_TURNOS} turnos`
        : null;
  const cubre = general === null && errores.every((e) => !e.inicio && !e.fin);
  const valido = cubre && errores.every((e) => !e.nombre);
  return { errores, general, totalMinutos, cubre, valido };
}

/** The first 'Turno N' not taken (case-insensitive), from N = the new shift's number. */
function nombreLibre(turnos: readonly TurnoFila[]): string {
  const usados = new Set(turnos.map((t) => t.nombre.trim().toLocaleLowerCase('es')));
  let n = turnos.length + 1;
  while (usados.has(`turno ${n}`)) n++;
  return `Turno ${n}`;
}

/**
 * A shift added by splitting the last one in two on the quarter hour (each half at least 1 h);
 * null when the last one is shorter than 2 h, its times do not read, or there are 6 shifts already.
 */
export function dividirUltimo(turnos: readonly TurnoFila[]): TurnoFila[] | null {
  const ultimo = turnos.at(-1);
  if (!ultimo || turnos.length >= MAX_TURNOS) return null;
  const inicio = leerHora(ultimo.inicio);
  const minutos = duracionTurno(ultimo);
  if (inicio === null || minutos === null || minutos < 2 * MIN_MINUTOS_TURNO) return null;
  const corte = horaTexto(inicio + Math.floor(minutos / 2 / 15) * 15);
  return [
    ...turnos.slice(0, -1),
    { ...ultimo, fin: corte },
    { nombre: nombreLibre(turnos), inicio: corte, fin: ultimo.fin },
  ];
}

/**
 * The shifts without row `i`, the day still covered: the previous shift takes its time (the next
 * one, starting at 08:00, when the first is removed). At least one shift stays.
 */
export function quitarTurno(turnos: readonly TurnoFila[], i: number): TurnoFila[] {
  if (turnos.length <= 1) return [...turnos];
  const quitado = turnos[i]!;
  const resto = turnos.filter((_t, j) => j !== i);
  if (i > 0) resto[i - 1] = { ...resto[i - 1]!, fin: quitado.fin };
  else resto[0] = { ...resto[0]!, inicio: INICIO_DIA };
  return resto;
}

/** What the API receives: names trimmed, times as HH:MM ('8:00' → '08:00', '24:00' → '00:00'). */
export const horarioEntrada = (turnos: readonly TurnoFila[]) =>
  turnos.map((t) => ({
    nombre: t.nombre.trim(),
    inicio: horaTexto(leerHora(t.inicio) ?? 0),
    fin: horaTexto(leerHora(t.fin) ?? 0),
  }));

/**
 * The form's rules: `revisarHorario`'s errors under their row's field; with none, the server's own
 * check of what would be sent (its field, 'turnos.1.inicio', is the form's path).
 */
export const horarioFormSchema = z
  .object({
    turnos: z.array(z.object({ nombre: z.string(), inicio: z.string(), fin: z.string() })),
  })
  .check(
    z.superRefine((values, ctx) => {
      const revision = revisarHorario(values.turnos);
      revision.errores.forEach((errores, i) => {
        for (const [campo, message] of Object.entries(errores))
          ctx.addIssue({ code: 'custom', path: ['turnos', i, campo], message });
      });
      if (revision.general) ctx.addIssue({ code: 'custom', path: ['turnos'], message: revision.general });
      if (!revision.valido) return;
      const error = errorTurnosHorario(horarioEntrada(values.turnos));
      if (error) {
        const path = error.campo.split('.').map((parte) => (/^\d+$/.test(parte) ? Number(parte) : parte));
        ctx.addIssue({ code: 'custom', path, message: error.mensaje });
      }
    }),
  );
