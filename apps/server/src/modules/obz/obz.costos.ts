import type { CostTable } from '../../graphql/costos.ts';

/** The GraphQL cost of this module's list fields (graphql/costos.ts). */
export const costosObz: CostTable = {
  'ObzPaquete.meses': { estimate: () => 12 },
  'Query.obzPaquetes': { estimate: () => 50 },
};
