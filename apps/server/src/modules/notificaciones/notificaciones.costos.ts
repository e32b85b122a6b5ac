import type { CostTable } from '../../graphql/costos.ts';

/** The GraphQL cost of this module's list fields (graphql/costos.ts). */
export const costosNotificaciones: CostTable = {
  'Query.notificaciones': { estimate: () => 100 },
};
