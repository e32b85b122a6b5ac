import { type CostTable, rangeDays } from '../../graphql/costos.ts';

/** The GraphQL cost of this module's list fields (graphql/costos.ts). */
export const costosPlanificaciones: CostTable = {
  'Query.volumenDiario': { estimate: (a, f) => rangeDays(a, f) },
  'Query.volumenMensual': { estimate: () => 12 },
  'Query.planificaciones': { estimate: () => 500 },
};
