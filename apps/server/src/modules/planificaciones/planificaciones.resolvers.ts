import type { IResolvers } from 'mercurius';
import { toVariableDto } from '../variables/variables.resolvers.ts';
import type { PlanificacionRecord } from './planificaciones.repository.ts';
import type { PlanificacionesService } from './planificaciones.service.ts';

export function toPlanificacionDto(row: PlanificacionRecord) {
  return { ...row, variable: toVariableDto(row.variable) };
}

export function planificacionesResolvers(service: PlanificacionesService): IResolvers {
  return {
    Query: {
      planificaciones: async (_root, _args, ctx) => {
        const viewer = await ctx.requireViewer();
        return (await service.planificaciones(viewer)).map(toPlanificacionDto);
      },
    },
    Mutation: {
      createPlanificacion: async (_root, args: { input: unknown }, ctx) =>
        toPlanificacionDto(
          await service.createPlanificacion(await ctx.requireViewer(), args.input, ctx.client),
        ),
      updatePlanificacion: async (_root, args: { id: string; input: unknown }, ctx) =>
        toPlanificacionDto(
          await service.updatePlanificacion(await ctx.requireViewer(), args.id, args.input, ctx.client),
        ),
      deletePlanificacion: async (_root, args: { id: string; version?: unknown }, ctx) =>
        toPlanificacionDto(
          await service.deletePlanificacion(await ctx.requireViewer(), args.id, args.version, ctx.client),
        ),
      guardarPlanAnual: async (_root, args: { input: unknown }, ctx) =>
        (await service.guardarPlanAnual(await ctx.requireViewer(), args.input, ctx.client)).map(
          toPlanificacionDto,
        ),
    },
  };
}
