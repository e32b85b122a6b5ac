import { type CostTable, rangeDays } from '../../graphql/costos.ts';

/** The GraphQL cost of this module's list fields (graphql/costos.ts). */
export const costosPerdidas: CostTable = {
  // One answer of bounded lists (≤ 16 Pareto bars, 10 stops, the timeline of one day), over at
  // most 366 days of eficiencias and paros: a month counts as ten rows.
  'Query.perdidasOee': { estimate: (a, f) => Math.ceil(rangeDays(a, f, 366) / 31) * 10 },
};
