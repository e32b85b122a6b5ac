import { compliance } from '@planta/domain';

/** A day of production with its meta, as volumenDiario answers it. */
export interface DiaMeta {
  fecha: string;
  diario: number;
  meta: number | null;
}

/** A month of the year, as volumenMensual answers it. */
export interface MesPlan {
  mes: number;
  negociado: number | null;
  aop: number | null;
  real: number | null;
}

/**
 * The month's plan up to fecha: the sum of the daily metas of the days up to fecha (the daily meta
 * spreads the month's negociado over its working days, DOMAIN.md "Planning"); null when no day has
 * a meta.
 */
export function metaALaFecha(dias: readonly DiaMeta[], fecha: string): number | null {
  const metas = dias.filter((d) => d.fecha <= fecha && d.meta !== null).map((d) => d.meta!);
  return metas.length === 0 ? null : metas.reduce((a, b) => a + b, 0);
}

/**
 * Production at the month's end if the pace so far holds: real × negociado / plan to date (the
 * plan to date already leaves days off out). Null without a positive plan to date or a negociado.
 */
export function proyeccionCierre(
  real: number | null,
  planALaFecha: number | null,
  negociado: number | null,
): number | null {
  if (real === null || planALaFecha === null || negociado === null || planALaFecha <= 0) return null;
  return (real * negociado) / planALaFecha;
}

/** Compliance (real / plan × 100, 2 decimals) with missing values: null when either is missing. */
export function cumplimiento(real: number | null, plan: number | null): number | null {
  return real === null || plan === null ? null : compliance(real, plan);
}

export interface ResumenAnual {
  /** Σ real of the months up to the chosen one (year to date); null when none has data. */
  real: number | null;
  /** Σ of the year's plans; null when no month has one. */
  negociado: number | null;
  aop: number | null;
  /** Months of the year with a plan (the year's plan is partial below 12). */
  mesesConPlan: number;
  /** real / the year's plan × 100: how much of the yearly plan is done. */
  avanceNegociado: number | null;
  avanceAop: number | null;
  /**
   * Where production should be by now, % of the year's plan: the plans of the months before plus
   * the chosen month's plan to date; null when the month's plan to date is unknown.
   */
  esperadoNegociado: number | null;
  esperadoAop: number | null;
}

const sum = (values: readonly (number | null)[]): number | null => {
  const known = values.filter((v): v is number => v !== null);
  return known.length === 0 ? null : known.reduce((a, b) => a + b, 0);
};

/**
 * The year's progress as of fecha in month `hastaMes` (1–12): production so far against the whole
 * year's negociado and AOP, ratios of the sums (never a mean of monthly percentages), and where it
 * should be by now. `planMesALaFecha` is the chosen month's negociado to date (metaALaFecha); the
 * month's AOP to date is its AOP in the same proportion.
 */
export function resumenAnual(
  meses: readonly MesPlan[],
  hastaMes: number,
  planMesALaFecha: number | null = null,
): ResumenAnual {
  const real = sum(meses.filter((m) => m.mes <= hastaMes).map((m) => m.real));
  const negociado = sum(meses.map((m) => m.negociado));
  const aop = sum(meses.map((m) => m.aop));
  const antes = meses.filter((m) => m.mes < hastaMes);
  const mes = meses.find((m) => m.mes === hastaMes);
  const parte = planMesALaFecha !== null && mes?.negociado ? planMesALaFecha / mes.negociado : null;
  const esperado = (total: number | null, anteriores: number | null, delMes: number | null | undefined) =>
    parte === null || total === null || delMes == null
      ? null
      : cumplimiento((anteriores ?? 0) + delMes * parte, total);
  return {
    real,
    negociado,
    aop,
    mesesConPlan: meses.filter((m) => m.negociado !== null || m.aop !== null).length,
    avanceNegociado: cumplimiento(real, negociado),
    avanceAop: cumplimiento(real, aop),
    esperadoNegociado: esperado(negociado, sum(antes.map((m) => m.negociado)), mes?.negociado),
    esperadoAop: esperado(aop, sum(antes.map((m) => m.aop)), mes?.aop),
  };
}
