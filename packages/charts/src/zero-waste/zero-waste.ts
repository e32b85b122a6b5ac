import {
  MESES,
  ZERO_WASTE_ACCUMULATED_LABEL,
  ZERO_WASTE_TARGET,
  zeroWasteAccumulated,
  zwl,
} from '@planta/domain';

/** One month of `zeroWasteMensual` (kg and zwl as the server sends them). */
export interface MesZeroWaste {
  mes: string;
  numero_mes: number | null;
  aprovechable: number;
  no_aprovechable: number;
  zwl: number | null;
}

/** A row of the monthly table: a month, the 'Acumulado' row or the target row 'Meta'. */
export interface FilaZeroWaste {
  clave: string;
  etiqueta: string;
  tipo: 'mes' | 'acumulado' | 'meta';
  /** kg; null when the row has no records (shown '—', never 0). */
  aprovechable: number | null;
  noAprovechable: number | null;
  total: number | null;
  /** aprovechable / total × 100, 2 decimals; null without records. */
  zwl: number | null;
  /** Whether the row reaches the target; null when it has no zwl (and on the 'Meta' row). */
  cumple: boolean | null;
}

/** The target row's label (SPEC §9). */
export const META_LABEL = 'Meta';

const sinRegistros = (m: { aprovechable: number; no_aprovechable: number }) =>
  m.aprovechable + m.no_aprovechable <= 0;

/**
 * The twelve months in order from the server's rows (the 'Acumulado' row, if present, left
 * out), a missing month filled as empty.
 */
export function mesesDelAnio(rows: readonly MesZeroWaste[]): MesZeroWaste[] {
  return MESES.map((nombre, i) => {
    const row = rows.find((r) => r.numero_mes === i + 1);
    return row ?? { mes: nombre, numero_mes: i + 1, aprovechable: 0, no_aprovechable: 0, zwl: null };
  });
}

function fila(
  clave: string,
  etiqueta: string,
  tipo: FilaZeroWaste['tipo'],
  m: { aprovechable: number; no_aprovechable: number },
  meta: number,
): FilaZeroWaste {
  if (sinRegistros(m)) {
    return {
      clave,
      etiqueta,
      tipo,
      aprovechable: null,
      noAprovechable: null,
      total: null,
      zwl: null,
      cumple: null,
    };
  }
  const valor = zwl(m.aprovechable, m.no_aprovechable);
  return {
    clave,
    etiqueta,
    tipo,
    aprovechable: m.aprovechable,
    noAprovechable: m.no_aprovechable,
    total: m.aprovechable + m.no_aprovechable,
    zwl: valor,
    cumple: valor === null ? null : valor >= meta,
  };
}

/**
 * The monthly table: the twelve months, then 'Acumulado' (zwl of the year's sums, never the mean
 * of the monthly percentages) and the target row 'Meta' (99 %). Months without records have
 * every figure null ('—').
 */
export function filasZeroWaste(rows: readonly MesZeroWaste[], meta = ZERO_WASTE_TARGET): FilaZeroWaste[] {
  const meses = mesesDelAnio(rows);
  return [
    ...meses.map((m) => fila(`mes-${m.numero_mes}`, m.mes, 'mes', m, meta)),
    fila('acumulado', ZERO_WASTE_ACCUMULATED_LABEL, 'acumulado', zeroWasteAccumulated(meses), meta),
    {
      clave: 'meta',
      etiqueta: META_LABEL,
      tipo: 'meta',
      aprovechable: null,
      noAprovechable: null,
      total: null,
      zwl: meta,
      cumple: null,
    },
  ];
}

/**
 * The year-to-date zwl at the end of each month (ratio of the sums from January through that
 * month); null until the first month with records, and for months after the last one with
 * records (the year has not got there).
 */
export function zwlAcumuladoPorMes(rows: readonly MesZeroWaste[]): (number | null)[] {
  const meses = mesesDelAnio(rows);
  const ultimo = ultimoMesConDatos(rows);
  let aprovechable = 0;
  let noAprovechable = 0;
  return meses.map((m, i) => {
    aprovechable += m.aprovechable;
    noAprovechable += m.no_aprovechable;
    return ultimo !== null && i + 1 <= ultimo ? zwl(aprovechable, noAprovechable) : null;
  });
}

/** The last month (1–12) with records, or null when the year has none. */
export function ultimoMesConDatos(rows: readonly MesZeroWaste[]): number | null {
  let ultimo: number | null = null;
  for (const m of mesesDelAnio(rows)) if (!sinRegistros(m)) ultimo = m.numero_mes;
  return ultimo;
}

/** A classification's kg and share (`zeroWasteDesglose`). */
export interface DesgloseZeroWaste {
  clasificacion_id: string;
  descripcion: string;
  aprovechable: boolean;
  kg: number;
  porcentaje: number | null;
}

/** One classification in the year and in the chosen month. */
export interface FilaDesglose {
  clasificacionId: string;
  descripcion: string;
  aprovechable: boolean;
  kgAnio: number | null;
  pctAnio: number | null;
  kgMes: number | null;
  pctMes: number | null;
}

/**
 * The year's and the month's breakdowns side by side, heaviest in the year first (a
 * classification weighed only in the month goes after, by its kg in the month). A
 * classification absent from a period has null kg and % there ('—').
 */
export function filasDesglose(
  anio: readonly DesgloseZeroWaste[],
  mes: readonly DesgloseZeroWaste[],
): FilaDesglose[] {
  const porMes = new Map(mes.map((d) => [d.clasificacion_id, d]));
  const filas: FilaDesglose[] = anio.map((d) => {
    const m = porMes.get(d.clasificacion_id);
    return {
      clasificacionId: d.clasificacion_id,
      descripcion: d.descripcion,
      aprovechable: d.aprovechable,
      kgAnio: d.kg,
      pctAnio: d.porcentaje,
      kgMes: m?.kg ?? null,
      pctMes: m?.porcentaje ?? null,
    };
  });
  const enAnio = new Set(anio.map((d) => d.clasificacion_id));
  for (const d of mes) {
    if (enAnio.has(d.clasificacion_id)) continue;
    filas.push({
      clasificacionId: d.clasificacion_id,
      descripcion: d.descripcion,
      aprovechable: d.aprovechable,
      kgAnio: null,
      pctAnio: null,
      kgMes: d.kg,
      pctMes: d.porcentaje,
    });
  }
  return filas;
}

/** A classification's projection (`zeroWasteProyeccion`). */
export interface ProyeccionZeroWaste {
  clasificacion: { id: string; descripcion: string };
  aprovechables: number;
  no_aprovechables: number;
  zero_waste: number;
}

/** The projection's total row: sums of both weights and the zwl of the sums (null when empty). */
export function totalProyeccion(rows: readonly ProyeccionZeroWaste[]): {
  aprovechables: number;
  noAprovechables: number;
  zeroWaste: number | null;
} {
  let aprovechables = 0;
  let noAprovechables = 0;
  for (const r of rows) {
    aprovechables += r.aprovechables;
    noAprovechables += r.no_aprovechables;
  }
  return { aprovechables, noAprovechables, zeroWaste: zwl(aprovechables, noAprovechables) };
}

/** Years the selector offers: from 2000 up to next year, newest first, bounded to 15. */
export function aniosDisponibles(actual: number, seleccionado: number): number[] {
  const hasta = Math.min(2100, actual + 1);
  const anios: number[] = [];
  for (let a = hasta; a >= Math.max(2000, hasta - 14); a--) anios.push(a);
  if (!anios.includes(seleccionado) && seleccionado >= 2000 && seleccionado <= 2100) {
    anios.push(seleccionado);
    anios.sort((a, b) => b - a);
  }
  return anios;
}

/** `?anio=` when it is a whole year in 2000–2100, else the fallback. */
export function leerAnio(valor: string | null, porDefecto: number): number {
  if (valor === null || !/^\d{4}$/.test(valor)) return porDefecto;
  const anio = Number(valor);
  return anio >= 2000 && anio <= 2100 ? anio : porDefecto;
}

/** `?mes=` when it is 1–12, else null. */
export function leerMes(valor: string | null): number | null {
  if (valor === null || !/^\d{1,2}$/.test(valor)) return null;
  const mes = Number(valor);
  return mes >= 1 && mes <= 12 ? mes : null;
}
