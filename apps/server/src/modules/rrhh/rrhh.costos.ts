import { type CostTable, DEFAULT_LIST_SIZE, rangeDays } from '../../graphql/costos.ts';

/** The GraphQL cost of this module's list fields (graphql/costos.ts). */
export const costosRrhh: CostTable = {
  'Query.horasExtraSemanal': { estimate: (a, f) => Math.ceil(rangeDays(a, f, 366) / 7) * DEFAULT_LIST_SIZE },
  'Query.horasExtraDetalle': { estimate: (a, f) => rangeDays(a, f, 366) * DEFAULT_LIST_SIZE },
  'Query.asistenciaRango': { estimate: (a, f) => rangeDays(a, f, 366) },
  'Query.horasExtraEmpleados': {
    estimate: (a) => (typeof a.limite === 'number' ? Math.min(Math.max(a.limite, 1), 100) : 10),
  },
  'Query.ausencias': { estimate: () => 500 },
  'Query.areasRrhh': { estimate: () => 50 },
  'Query.empleados': { estimate: () => 500 },
};
