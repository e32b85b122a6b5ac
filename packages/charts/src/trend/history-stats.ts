/** A value on a date. */
export interface ValorFecha {
  fecha: string;
  valor: number;
}

export interface HistoryStats {
  /** Lowest daily value of the period (the earliest day when tied); null without days. */
  minimo: ValorFecha | null;
  /** Highest daily value of the period (the earliest day when tied). */
  maximo: ValorFecha | null;
  /** The latest day with a value in the period. */
  ultimo: ValorFecha | null;
  /** The latest meta of the period. */
  meta: number | null;
  /** Days with a value. */
  dias: number;
}

/**
 * Summary of a variable's daily history for the chart-details dialog. The production day still
 * in progress (`enCurso`) counts for the last value but not for the minimum and maximum: its
 * figure is partial.
 */
export function historyStats(
  rows: readonly { fecha: string; diario: number; meta: number | null }[],
  enCurso?: string,
): HistoryStats {
  const sorted = [...rows].sort((a, b) => (a.fecha < b.fecha ? -1 : a.fecha > b.fecha ? 1 : 0));
  let minimo: ValorFecha | null = null;
  let maximo: ValorFecha | null = null;
  let meta: number | null = null;
  for (const row of sorted) {
    if (row.meta !== null) meta = row.meta;
    if (row.fecha === enCurso) continue;
    if (!minimo || row.diario < minimo.valor) minimo = { fecha: row.fecha, valor: row.diario };
    if (!maximo || row.diario > maximo.valor) maximo = { fecha: row.fecha, valor: row.diario };
  }
  const last = sorted[sorted.length - 1];
  return {
    minimo,
    maximo,
    ultimo: last ? { fecha: last.fecha, valor: last.diario } : null,
    meta,
    dias: sorted.length,
  };
}
