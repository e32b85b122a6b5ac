import type { HasRoles } from '@planta/domain';
import { conflict, notFound } from '../../errors.ts';
import { id, parseId, parseInput } from '../../validation.ts';
import type { Viewer } from '../auth/auth.service.ts';
import { requireAdmin } from '../auth/guards.ts';
import { fechaSchema, firstOfMonth } from '../variables/dates.ts';
import { mustFind, numero, strictInput } from '../variables/service-helpers.ts';
import { canReadVariable, requireReadableVariable } from '../variables/variable-access.ts';
import type { VariablesRepository } from '../variables/variables.repository.ts';
import { mustFindVariable } from '../variables/variables.service.ts';
import type { PlanificacionesRepository, PlanificacionRecord } from './planificaciones.repository.ts';

export const PLANIFICACION_DUPLICADA = 'Ya existe una planificación para esta variable en este mes';

const planificacionSchema = strictInput({
  variable_id: id('variable_id'),
  fecha: fechaSchema('fecha').transform(firstOfMonth),
  negociado: numero('negociado'),
  aop: numero('aop'),
});

export class PlanificacionesService {
  constructor(
    private readonly repo: PlanificacionesRepository,
    private readonly variables: VariablesRepository,
  ) {}

  // ------------------------------------------------------------ queries (any logged-in user)
  // Plans of variables of an area the viewer may not read (variable-access.ts) are left out.

  async planificaciones(viewer: HasRoles): Promise<PlanificacionRecord[]> {
    return (await this.repo.listPlanificaciones()).filter((p) => canReadVariable(viewer, p.variable));
  }

  // ------------------------------------------------------------ mutations (admin)

  async createPlanificacion(viewer: Viewer, input: unknown): Promise<PlanificacionRecord> {
    requireAdmin(viewer);
    const data = parseInput(planificacionSchema, input);
    requireReadableVariable(viewer, await mustFindVariable(this.variables, data.variable_id));
    const newId = await this.repo.insertPlanificacion({
      variableId: data.variable_id,
      fecha: data.fecha,
      negociado: data.negociado,
      aop: data.aop,
    });
    if (newId === undefined) throw conflict(PLANIFICACION_DUPLICADA, 'fecha');
    return mustFind(await this.repo.findPlanificacion(newId), 'La planificación no existe');
  }

  async updatePlanificacion(viewer: Viewer, rawId: unknown, input: unknown): Promise<PlanificacionRecord> {
    requireAdmin(viewer);
    const planId = parseId(rawId);
    const data = parseInput(planificacionSchema, input);
    const current = mustFind(await this.repo.findPlanificacion(planId), 'La planificación no existe');
    requireReadableVariable(viewer, current.variable);
    requireReadableVariable(viewer, await mustFindVariable(this.variables, data.variable_id));
    const values = {
      variableId: data.variable_id,
      fecha: data.fecha,
      negociado: data.negociado,
      aop: data.aop,
    };
    if (
      (await this.repo.planificacionExists(values.variableId, values.fecha, planId)) ||
      (await this.repo.updatePlanificacion(planId, values)) === 'duplicate'
    ) {
      throw conflict(PLANIFICACION_DUPLICADA, 'fecha');
    }
    return mustFind(await this.repo.findPlanificacion(planId), 'La planificación no existe');
  }

  /** Deletes a plan and returns it as it was. */
  async deletePlanificacion(viewer: Viewer, rawId: unknown): Promise<PlanificacionRecord> {
    requireAdmin(viewer);
    const planId = parseId(rawId);
    const plan = mustFind(await this.repo.findPlanificacion(planId), 'La planificación no existe');
    requireReadableVariable(viewer, plan.variable);
    if (!(await this.repo.deletePlanificacion(planId))) throw notFound('La planificación no existe');
    return plan;
  }
}
