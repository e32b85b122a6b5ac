import { rangoDeParams } from '@planta/charts/rango-url';

/** URL parameters of the screen: a day (fecha, the app's date bar) or a range, a shift, a line. */
export const PARAM = { desde: 'desde', hasta: 'hasta', turno: 'turno', linea: 'linea' } as const;

/** perdidasOee takes at most this many days. */
export const MAX_DIAS = 366;

export type Modo = 'dia' | 'rango';

export interface Filtros {
  modo: Modo;
  desde: string;
  hasta: string;
  /** turnosHorario.numero, or null for whole days. */
  turno: number | null;
  /** The line's numero, or null for the plant. */
  linea: number | null;
  /** A Spanish note when the URL's range could not be used as it was. */
  aviso: string | null;
}

/**
 * The screen's filters from its URL: a range when `desde` or `hasta` is there (as the reports
 * do: bad dates become today, reversed ones are put in order, at most 366 days), else the
 * production day `fecha` of the date bar; `turno` and `linea` only when they name a known shift
 * and line (else the whole day and the plant).
 */
export function filtrosDeParams(
  params: URLSearchParams,
  fecha: string,
  hoy: string,
  turnos: readonly number[],
  lineas: readonly number[],
): Filtros {
  const entero = (nombre: string, validos: readonly number[]) => {
    const v = params.get(nombre);
    const n = v !== null && /^\d+$/.test(v) ? Number(v) : null;
    return n !== null && validos.includes(n) ? n : null;
  };
  const turno = entero(PARAM.turno, turnos);
  const linea = entero(PARAM.linea, lineas);
  if (params.has(PARAM.desde) || params.has(PARAM.hasta)) {
    const r = rangoDeParams(params, hoy, MAX_DIAS);
    return {
      modo: 'rango',
      desde: r.desde,
      hasta: r.hasta,
      turno,
      linea,
      aviso: r.aviso ?? (r.recortado ? `El rango se limitó a sus últimos ${MAX_DIAS} días` : null),
    };
  }
  return { modo: 'dia', desde: fecha, hasta: fecha, turno, linea, aviso: null };
}

/** The URL after a change of filters: other parameters are kept; a day drops desde/hasta. */
export function conFiltros(
  actual: URLSearchParams,
  cambio: Partial<Pick<Filtros, 'turno' | 'linea'>> & { rango?: { desde: string; hasta: string } | null },
): URLSearchParams {
  const next = new URLSearchParams(actual);
  if (cambio.rango === null) {
    next.delete(PARAM.desde);
    next.delete(PARAM.hasta);
  } else if (cambio.rango) {
    next.set(PARAM.desde, cambio.rango.desde);
    next.set(PARAM.hasta, cambio.rango.hasta);
  }
  for (const clave of ['turno', 'linea'] as const) {
    if (!(clave in cambio)) continue;
    const v = cambio[clave];
    if (v === null || v === undefined) next.delete(PARAM[clave]);
    else next.set(PARAM[clave], String(v));
  }
  return next;
}
