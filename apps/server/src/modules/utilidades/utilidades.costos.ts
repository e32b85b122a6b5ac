import {
  type Args,
  type CostTable,
  instantMinutes,
  listLength,
  rangeDays,
  reject,
} from '../../graphql/costos.ts';
import { GRAPHQL_LIMITS } from '../../graphql/limits.ts';
import { parseIntervalMinutes } from '../../time-range.ts';

/** Rows of a report by interval (range ÷ intervalo), refused beyond GRAPHQL_LIMITS.maxReportRows. */
function reportRows(args: Args, field: string): number {
  const minutes = instantMinutes(args, field);
  let interval: number;
  try {
    interval = parseIntervalMinutes(args.intervalo);
  } catch {
    return 1; // the service answers the Spanish message about intervalo
  }
  const rows = Math.ceil(minutes / interval);
  const max = GRAPHQL_LIMITS.maxReportRows;
  if (rows > max) {
    reject(
      `El intervalo es demasiado corto para el rango: saldrían ${rows} filas (máximo ${max}). Elija un intervalo mayor.`,
      'intervalo',
    );
  }
  return Math.max(1, rows);
}

/** The GraphQL cost of this module's list fields (graphql/costos.ts). */
export const costosUtilidades: CostTable = {
  'Query.flujoAire': { estimate: reportRows },
  'Query.reporteAire': { estimate: reportRows, child: 'filas' },
  'Query.consumosUtilidades': {
    estimate: (a, f) => ({ self: 1, child: rangeDays(a, f, 366) }),
    child: 'dias',
  },
  // Reads every minute of the range: weighed by its days (at most a month).
  'Query.fugasAire': {
    estimate: (a, f) => {
      const days = Math.ceil(instantMinutes(a, f) / 1440);
      if (days > 31) reject(`El rango de fechas de ${f} no puede superar 31 días`, 'hasta');
      return days;
    },
  },
  'Query.reporteAgua': {
    estimate: (a, f) => ({
      self: 1,
      child: reportRows(a, f) * Math.ceil(Math.max(10, listLength(a.variables)) / 10),
    }),
    child: 'filas',
  },
};
