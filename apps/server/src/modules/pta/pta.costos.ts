import type { CostTable } from '../../graphql/costos.ts';

/** The GraphQL cost of this module's list fields (graphql/costos.ts). */
export const costosPta: CostTable = {
  'PtaAcumulados.meses': { estimate: () => 12 },
};
