import { useQuery } from '../../../lib/consultas.ts';
import type { PlanAnualInput, PlanificacionInput } from '../../../gql/types.ts';
import { gql } from '../../../lib/graphql-client.ts';
import {
  ConfigCreatePlanificacionDocument,
  ConfigDeletePlanificacionDocument,
  ConfigGuardarPlanAnualDocument,
  ConfigPlanificacionesDocument,
  ConfigPlanVariablesDocument,
  ConfigUpdatePlanificacionDocument,
} from './config-planificacion.generated.ts';

export type { PlanCamposFragment as Plan } from './config-planificacion.generated.ts';

export const planificacionesKey = ['configPlanificaciones'] as const;
/** What a plan's write changes elsewhere: /planificacion and the dashboards read the plans. */
export const invalidarPlanes = [planificacionesKey, ['volumenMensual'], ['cumplimientoProduccion']] as const;

export function usePlanificaciones() {
  return useQuery({
    queryKey: planificacionesKey,
    queryFn: ({ signal }) =>
      gql(ConfigPlanificacionesDocument, {}, { signal }).then((r) => r.planificaciones),
  });
}

export function useVariablesPlan() {
  return useQuery({
    queryKey: ['configPlanVariables'],
    queryFn: ({ signal }) =>
      gql(ConfigPlanVariablesDocument, {}, { signal }).then((r) =>
        [...r.variables].sort((a, b) => a.nombre.localeCompare(b.nombre, 'es')),
      ),
  });
}

export const createPlanificacion = (input: PlanificacionInput) =>
  gql(ConfigCreatePlanificacionDocument, { input }).then((r) => r.createPlanificacion);
export const updatePlanificacion = (id: string, input: PlanificacionInput) =>
  gql(ConfigUpdatePlanificacionDocument, { id, input }).then((r) => r.updatePlanificacion);
export const deletePlanificacion = (id: string, version: number) =>
  gql(ConfigDeletePlanificacionDocument, { id, version }).then((r) => r.deletePlanificacion);
export const guardarPlanAnual = (input: PlanAnualInput) =>
  gql(ConfigGuardarPlanAnualDocument, { input }).then((r) => r.guardarPlanAnual);
