import type { CostTable } from '../../graphql/costos.ts';

/** The GraphQL cost of this module's list fields (graphql/costos.ts). */
export const costosUsers: CostTable = {
  'Query.users': { estimate: () => 100 },
};
