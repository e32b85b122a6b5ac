import type { CostTable } from '../../graphql/costos.ts';

/** The GraphQL cost of this module's list fields (graphql/costos.ts). */
export const costosTurnos: CostTable = {
  'Query.turnos': { estimate: () => 1000 },
};
