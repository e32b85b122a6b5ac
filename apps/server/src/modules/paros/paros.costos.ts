import type { CostTable } from '../../graphql/costos.ts';

/** The GraphQL cost of this module's list fields (graphql/costos.ts). */
export const costosParos: CostTable = {
  // A shift's stops on one line: a busy one holds a few dozen (micro-stops included); the server
  // reads at most MAX_PAROS_TURNO (500).
  'ParosTurno.items': { estimate: () => 100 },
};
