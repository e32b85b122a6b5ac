import type { IResolvers } from 'mercurius';
import type { RrhhService } from './rrhh.service.ts';

export function rrhhResolvers(rrhh: RrhhService): IResolvers {
  return {
    Query: {
      empleados: async (_root, args: { activo?: boolean | null }, ctx) =>
        rrhh.empleados(await ctx.requireViewer(), args),
      horasExtraSemanal: async (_root, args: Record<string, unknown>, ctx) =>
        rrhh.horasExtraSemanal(await ctx.requireViewer(), args),
      horasExtraDetalle: async (_root, args: Record<string, unknown>, ctx) =>
        rrhh.horasExtraDetalle(await ctx.requireViewer(), args),
      asistenciaDiaria: async (_root, args: { fecha: string }, ctx) =>
        rrhh.asistenciaDiaria(await ctx.requireViewer(), args),
      asistenciaRango: async (_root, args: Record<string, unknown>, ctx) =>
        rrhh.asistenciaRango(await ctx.requireViewer(), args),
    },
  };
}
