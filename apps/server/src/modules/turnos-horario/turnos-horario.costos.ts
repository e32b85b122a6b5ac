import type { CostTable } from '../../graphql/costos.ts';
import { MAX_TURNOS_HORARIO } from '@planta/domain';

/** The GraphQL cost of this module's list fields (graphql/costos.ts): at most 6 shifts. */
export const costosTurnosHorario: CostTable = {
  'Query.turnosHorario': { estimate: () => MAX_TURNOS_HORARIO },
  'Mutation.guardarTurnosHorario': { estimate: () => MAX_TURNOS_HORARIO },
};
