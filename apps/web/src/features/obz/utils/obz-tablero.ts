import { MESES, round2 } from '@planta/domain';

/** A month of an OBZ package (`obz(anio)`). */
export interface ObzMesDato {
  mes: number;
  presupuesto: number;
  real: number | null;
  desviacion_pct: number | null;
}

/** An OBZ package over the year (`obz(anio)`). */
export interface ObzPaqueteDato {
  id: string;
  nombre: string;
  area: string;
  responsable: string;
  meses: readonly ObzMesDato[];
  presupuesto_anual: number;
  real_anual: number | null;
  presupuesto_a_la_fecha: number;
  cumplimiento_pct: number | null;
}

/** A row of the board: one package in the chosen month and in the year to date. */
export interface FilaObz {
  id: string;
  nombre: string;
  area: string;
  presupuestoMes: number;
  realMes: number | null;
  /** (real − presupuesto) / presupuesto × 100 of the month: positive = over budget. */
  desviacionMes: number | null;
  presupuestoAFecha: number;
  realAFecha: number | null;
  /** Σ real / Σ presupuesto of the months with a real amount × 100. */
  cumplimiento: number | null;
}

/** (real − presupuesto) / presupuesto × 100, 2 decimals: positive = over budget; null without either. */
export function desviacion(real: number | null, presupuesto: number): number | null {
  return real !== null && presupuesto > 0 ? round2(((real - presupuesto) / presupuesto) * 100) : null;
}

/** The board's rows for month `mes` (1–12), in the server's order (area, name). */
export function filasObz(paquetes: readonly ObzPaqueteDato[], mes: number): FilaObz[] {
  return paquetes.map((p) => {
    const m = p.meses.find((x) => x.mes === mes);
    return {
      id: p.id,
      nombre: p.nombre,
      area: p.area,
      presupuestoMes: m?.presupuesto ?? 0,
      realMes: m?.real ?? null,
      desviacionMes: m ? m.desviacion_pct : null,
      presupuestoAFecha: p.presupuesto_a_la_fecha,
      realAFecha: p.real_anual,
      cumplimiento: p.cumplimiento_pct,
    };
  });
}

/**
 * The plant's total for month `mes` and the year to date, from sums of the packages' amounts (a
 * package without a real amount adds nothing to either side of the month's deviation).
 */
export function totalObz(
  paquetes: readonly ObzPaqueteDato[],
  mes: number,
): Omit<FilaObz, 'id' | 'nombre' | 'area'> {
  let presupuestoMes = 0;
  let presupuestoMesConReal = 0;
  let realMes: number | null = null;
  let presupuestoAFecha = 0;
  let realAFecha: number | null = null;
  for (const p of paquetes) {
    const m = p.meses.find((x) => x.mes === mes);
    presupuestoMes += m?.presupuesto ?? 0;
    if (m && m.real !== null) {
      realMes = (realMes ?? 0) + m.real;
      presupuestoMesConReal += m.presupuesto;
    }
    presupuestoAFecha += p.presupuesto_a_la_fecha;
    if (p.real_anual !== null) realAFecha = (realAFecha ?? 0) + p.real_anual;
  }
  return {
    presupuestoMes,
    realMes,
    desviacionMes: desviacion(realMes, presupuestoMesConReal),
    presupuestoAFecha,
    realAFecha,
    cumplimiento:
      realAFecha !== null && presupuestoAFecha > 0 ? round2((realAFecha / presupuestoAFecha) * 100) : null,
  };
}

/** Budget and actual of all packages, month by month (null actual for months none has). */
export function totalesPorMes(paquetes: readonly ObzPaqueteDato[]): {
  mes: number;
  presupuesto: number;
  real: number | null;
}[] {
  return MESES.map((_, i) => {
    let presupuesto = 0;
    let real: number | null = null;
    for (const p of paquetes) {
      const m = p.meses.find((x) => x.mes === i + 1);
      presupuesto += m?.presupuesto ?? 0;
      if (m && m.real !== null) real = (real ?? 0) + m.real;
    }
    return { mes: i + 1, presupuesto, real };
  });
}

/**
 * How a deviation reads on the board: within budget (≤ 0 %), slightly over (≤ 5 %), over
 * (> 5 %); 'sin-dato' without an actual amount.
 */
export type EstadoDesviacion = 'ok' | 'alerta' | 'exceso' | 'sin-dato';

export function estadoDesviacion(pct: number | null): EstadoDesviacion {
  if (pct === null) return 'sin-dato';
  if (pct <= 0) return 'ok';
  return pct <= 5 ? 'alerta' : 'exceso';
}

/** Words for the state (colour is never the only signal). */
export const ETIQUETA_DESVIACION: Record<EstadoDesviacion, string> = {
  ok: 'dentro del presupuesto',
  alerta: 'ligeramente sobre el presupuesto',
  exceso: 'sobre el presupuesto',
  'sin-dato': 'sin gasto real registrado',
};

/** A signed percentage: +12.50 %, −3.20 %, '—'. */
export function formatDesviacion(pct: number | null, format: (v: number) => string): string {
  if (pct === null) return '—';
  if (pct === 0) return `${format(0)} %`;
  return `${pct > 0 ? '+' : '−'}${format(Math.abs(pct))} %`;
}

/** `items` cut into pages of `tamano` (at least one page, possibly empty). */
export function paginar<T>(items: readonly T[], tamano: number): T[][] {
  const size = Math.max(1, Math.floor(tamano));
  const pages: T[][] = [];
  for (let i = 0; i < items.length; i += size) pages.push(items.slice(i, i + size));
  return pages.length ? pages : [[]];
}
