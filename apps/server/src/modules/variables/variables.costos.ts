import { type CostTable, EACH_LIST, listLength, rangeDays } from '../../graphql/costos.ts';

/** The GraphQL cost of this module's list fields (graphql/costos.ts). */
export const costosVariables: CostTable = {
  'Query.historicosVariable': { estimate: (a, f) => rangeDays(a, f) },
  'Query.historicosVariables': { estimate: (a, f) => rangeDays(a, f) * listLength(a.ids) },
  // One series per name, each of its lists a value per day.
  'Query.historicosSeries': {
    estimate: (a, f) => ({ self: listLength(a.nombres), child: rangeDays(a, f) }),
    child: EACH_LIST,
  },
  'Query.historicosNombres': { estimate: (a) => listLength(a.nombres) },
  'Query.resumenVariables': { estimate: (a) => listLength(a.nombres) },
  'Query.metas': { estimate: () => 366 },
  'Query.variables': { estimate: () => 200 },
};
