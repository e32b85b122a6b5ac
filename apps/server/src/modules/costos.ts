import { type CostTable, joinCostTables } from '../graphql/costos.ts';
import { costosExportaciones } from './exportaciones/exportaciones.costos.ts';
import { costosMantenimiento } from './mantenimiento/mantenimiento.costos.ts';
import { costosMotivosParo } from './motivos-paro/motivos-paro.costos.ts';
import { costosNotificaciones } from './notificaciones/notificaciones.costos.ts';
import { costosObz } from './obz/obz.costos.ts';
import { costosParos } from './paros/paros.costos.ts';
import { costosPerdidas } from './perdidas/perdidas.costos.ts';
import { costosPlanificaciones } from './planificaciones/planificaciones.costos.ts';
import { costosProduccion } from './produccion/produccion.costos.ts';
import { costosPta } from './pta/pta.costos.ts';
import { costosReportes } from './reportes/reportes.costos.ts';
import { costosRrhh } from './rrhh/rrhh.costos.ts';
import { costosTurnos } from './turnos/turnos.costos.ts';
import { costosTurnosHorario } from './turnos-horario/turnos-horario.costos.ts';
import { costosUsers } from './users/users.costos.ts';
import { costosUtilidades } from './utilidades/utilidades.costos.ts';
import { costosVariables } from './variables/variables.costos.ts';
import { costosZeroWaste } from './zero-waste/zero-waste.costos.ts';

/**
 * The GraphQL cost table of the whole schema: every module's entries, declared beside its schema
 * (<area>/<area>.costos.ts). app.ts hands it to the request gate (graphql/gate.ts).
 */
export const COSTOS_GRAPHQL: CostTable = joinCostTables(
  costosExportaciones,
  costosMantenimiento,
  costosMotivosParo,
  costosNotificaciones,
  costosObz,
  costosParos,
  costosPerdidas,
  costosPlanificaciones,
  costosProduccion,
  costosPta,
  costosReportes,
  costosRrhh,
  costosTurnos,
  costosTurnosHorario,
  costosUsers,
  costosUtilidades,
  costosVariables,
  costosZeroWaste,
);
