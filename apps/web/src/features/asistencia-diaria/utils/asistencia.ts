import { addDays } from '@planta/domain';
import {
  AUSENTISMO_TIPICO_MAX,
  AUSENTISMO_TIPICO_MIN,
  type ConteoAsistencia,
  type FilaAreaAsistencia,
} from '@planta/charts/rrhh/asistencia-options';
import type { EstadoAsistencia } from '../../../gql/types.ts';

// The counts' types and the typical absenteeism moved to @planta/charts (the PDF draws the same charts).
export { AUSENTISMO_TIPICO_MAX, AUSENTISMO_TIPICO_MIN, type ConteoAsistencia, type FilaAreaAsistencia };

/** Spanish labels of the attendance states, as the screen, the absent list and the charts show them. */
export const ETIQUETA_ESTADO: Record<EstadoAsistencia, string> = {
  PRESENTE: 'Presente',
  FALTA: 'Falta',
  VACACIONES: 'Vacaciones',
  INCAPACIDAD: 'Incapacidad',
  PERMISO: 'Permiso',
};

/** The label of a state; an unknown one (a newer server) is shown as it comes. */
export function etiquetaEstado(estado: string): string {
  return ETIQUETA_ESTADO[estado as EstadoAsistencia] ?? estado;
}

const round2 = (v: number) => Math.round(v * 100) / 100;

/**
 * Attendance and absenteeism % of a set of counts (DOMAIN "HR": vacations are not scheduled work):
 * asistencia = presentes / (programados − vacaciones) × 100, ausentismo = 100 − asistencia, both
 * with 2 decimals; null when nobody was due at work.
 */
export function porcentajes(c: Pick<ConteoAsistencia, 'programados' | 'presentes' | 'vacaciones'>): {
  asistencia_pct: number | null;
  ausentismo_pct: number | null;
} {
  const debidos = c.programados - c.vacaciones;
  if (debidos <= 0) return { asistencia_pct: null, ausentismo_pct: null };
  return {
    asistencia_pct: round2((c.presentes / debidos) * 100),
    ausentismo_pct: round2(((debidos - c.presentes) / debidos) * 100),
  };
}

/**
 * The plant's row of the day: the areas' counts summed and the percentages taken from those sums
 * (the ratio of the sums, never the mean of the areas' percentages).
 */
export function totalPlanta(filas: readonly ConteoAsistencia[]): ConteoAsistencia {
  const suma = { programados: 0, presentes: 0, faltas: 0, vacaciones: 0, incapacidades: 0, permisos: 0 };
  for (const f of filas) {
    suma.programados += f.programados;
    suma.presentes += f.presentes;
    suma.faltas += f.faltas;
    suma.vacaciones += f.vacaciones;
    suma.incapacidades += f.incapacidades;
    suma.permisos += f.permisos;
  }
  return { ...suma, ...porcentajes(suma) };
}

/** Who was not at work: faltas + vacaciones + incapacidades + permisos (the absent list's length). */
export function ausentes(c: Pick<ConteoAsistencia, 'faltas' | 'vacaciones' | 'incapacidades' | 'permisos'>) {
  return c.faltas + c.vacaciones + c.incapacidades + c.permisos;
}

/** Days of the trend by default: the 30 days ending on the chosen day. */
export const DIAS_TENDENCIA = 30;
/** The server's longest range (asistenciaRango). */
export const MAX_DIAS_RANGO = 366;

export interface RangoTendencia {
  desde: string;
  hasta: string;
  /** True when the range is the default one (the 30 days ending on the day). */
  porDefecto: boolean;
}

const FECHA = /^\d{4}-\d{2}-\d{2}$/;
const valida = (v: string | null): v is string =>
  v !== null && FECHA.test(v) && new Date(`${v}T00:00:00Z`).toISOString().slice(0, 10) === v;

/** Days from desde to hasta, both included. */
export function diasEntre(desde: string, hasta: string): number {
  return Math.round((Date.parse(`${hasta}T00:00:00Z`) - Date.parse(`${desde}T00:00:00Z`)) / 86_400_000) + 1;
}

/**
 * The trend's range from the URL (`?desde=&hasta=`): both valid dates, in order, at most
 * MAX_DIAS_RANGO days and not after `hoy`; otherwise the DIAS_TENDENCIA days ending on `fecha`.
 */
export function leerRango(
  desde: string | null,
  hasta: string | null,
  fecha: string,
  hoy: string | undefined,
): RangoTendencia {
  if (
    valida(desde) &&
    valida(hasta) &&
    desde <= hasta &&
    (hoy === undefined || hasta <= hoy) &&
    diasEntre(desde, hasta) <= MAX_DIAS_RANGO
  ) {
    return { desde, hasta, porDefecto: false };
  }
  return { desde: addDays(fecha, -(DIAS_TENDENCIA - 1)), hasta: fecha, porDefecto: true };
}

/**
 * The range after the user chose one of its ends: the other end moves when needed to keep it
 * ordered, within MAX_DIAS_RANGO days and not after `hoy`.
 */
export function ajustarRango(
  actual: { desde: string; hasta: string },
  cambio: { desde?: string; hasta?: string },
  hoy?: string,
): { desde: string; hasta: string } {
  const porDesde = cambio.desde !== undefined;
  let desde = cambio.desde ?? actual.desde;
  let hasta = cambio.hasta ?? actual.hasta;
  if (desde > hasta) {
    if (porDesde) hasta = desde;
    else desde = hasta;
  }
  if (diasEntre(desde, hasta) > MAX_DIAS_RANGO) {
    if (porDesde) hasta = addDays(desde, MAX_DIAS_RANGO - 1);
    else desde = addDays(hasta, -(MAX_DIAS_RANGO - 1));
  }
  if (hoy !== undefined && hasta > hoy) hasta = hoy;
  return { desde, hasta };
}

export interface AusenciaFila {
  estado: string;
  empleado: { codigo: string; nombre: string; area: string; puesto: string };
}

/** Lower case without accents, for searching Spanish names ('Peña' ~ 'pena'). */
export function normalizar(texto: string): string {
  return texto
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();
}

/**
 * The absent whose name, code, area, puesto or state (its Spanish label) contains every word
 * searched (accents and case ignored); all of them for an empty search.
 */
export function filtrarAusencias<T extends AusenciaFila>(lista: readonly T[], busqueda: string): T[] {
  const palabras = normalizar(busqueda).split(/\s+/).filter(Boolean);
  if (palabras.length === 0) return [...lista];
  return lista.filter((a) => {
    const texto = normalizar(
      [
        a.empleado.nombre,
        a.empleado.codigo,
        a.empleado.area,
        a.empleado.puesto,
        etiquetaEstado(a.estado),
      ].join(' '),
    );
    return palabras.every((p) => texto.includes(p));
  });
}
