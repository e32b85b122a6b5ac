import { type CostTable, listLength, rangeDays } from '../../graphql/costos.ts';

/** The GraphQL cost of this module's list fields (graphql/costos.ts). */
export const costosMantenimiento: CostTable = {
  'Query.mttrMttf': {
    estimate: (a, f) => ({ self: listLength(a.nombres), child: rangeDays(a, f) }),
    child: 'puntos',
  },
  // One row per line over at most 366 days (scans paros and the hourly rollup of the range).
  'Query.mantenimientoLineas': { estimate: (a, f) => Math.ceil(rangeDays(a, f, 366) / 31) * 10 },
  'Query.parosPareto': {
    estimate: (a, f) =>
      Math.ceil(rangeDays(a, f, 366) / 31) *
      ((typeof a.limite === 'number' ? Math.min(a.limite, 30) : 15) + 1),
  },
};
