import type { IResolvers } from 'mercurius';
import { toVariableDto } from '../variables/variables.dto.ts';
import type { PlanificacionRecord } from './planificaciones.repository.ts';
import type {
  CumplimientoProduccion,
  PlanificacionesService,
  VolumenMensual,
} from './planificaciones.service.ts';

export function toPlanificacionDto(row: PlanificacionRecord) {
  return { ...row, variable: toVariableDto(row.variable) };
}

function toCumplimientoDto(c: CumplimientoProduccion) {
  return {
    fecha: c.fecha,
    real: c.real,
    plan: c.plan && toPlanificacionDto(c.plan),
    cumplimiento_negociado: c.cumplimientoNegociado,
    cumplimiento_aop: c.cumplimientoAop,
  };
}

function toVolumenMensualDto(v: VolumenMensual) {
  return { mes: v.mes, nombre_mes: v.nombreMes, negociado: v.negociado, aop: v.aop, real: v.real };
}

export function planificacionesResolvers(service: PlanificacionesService): IResolvers {
  return {
    Query: {
      planificaciones: async (_root, _args, ctx) => {
        const viewer = await ctx.requireViewer();
        return (await service.planificaciones(viewer)).map(toPlanificacionDto);
      },
      volumenDiario: async (_root, args: { desde: unknown; hasta: unknown }, ctx) => {
        await ctx.requireViewer();
        return service.volumenDiario(args);
      },
      cumplimientoProduccion: async (_root, args: { fecha: unknown }, ctx) => {
        await ctx.requireViewer();
        return toCumplimientoDto(await service.cumplimientoProduccion(args));
      },
      volumenMensual: async (_root, args: { anio: unknown }, ctx) => {
        await ctx.requireViewer();
        return (await service.volumenMensual(args)).map(toVolumenMensualDto);
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
