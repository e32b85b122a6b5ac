import { type CostTable, listLength, rangeDays } from '../../graphql/costos.ts';

/** The GraphQL cost of this module's list fields (graphql/costos.ts). */
export const costosVariables: CostTable = {
  'Query.historicosVariable': { estimate: (a, f) => rangeDays(a, f) },
  'Query.historicosVariables': { estimate: (a, f) => rangeDays(a, f) * listLength(a.ids) },
  'Query.historicosNombres': { estimate: (a) => listLength(a.nombres) },
  'Query.resumenVariables': { estimate: (a) => listLength(a.nombres) },
  'Query.metas': { estimate: () => 366 },
  'Query.variables': { estimate: () => 200 },
};
