import type { IResolvers } from 'mercurius';
import type { ExportacionesService } from '../exportaciones/exportaciones.service.ts';
import { exportarAsistencia, exportarHorasExtra } from './rrhh.exportar.ts';
import type { RrhhService } from './rrhh.service.ts';

export function rrhhResolvers(
  rrhh: RrhhService,
  exportaciones: ExportacionesService,
  plantTz: string,
): IResolvers {
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
      areasRrhh: async (_root, _args, ctx) => rrhh.areas(await ctx.requireViewer()),
      horasExtraResumen: async (_root, args: Record<string, unknown>, ctx) =>
        rrhh.horasExtraResumen(await ctx.requireViewer(), args),
      horasExtraEmpleados: async (_root, args: Record<string, unknown>, ctx) =>
        rrhh.horasExtraEmpleados(await ctx.requireViewer(), args),
      ausencias: async (_root, args: Record<string, unknown>, ctx) =>
        rrhh.ausencias(await ctx.requireViewer(), args),
    },
    Mutation: {
      exportarHorasExtra: async (_root, args: { input: unknown }, ctx) =>
        exportarHorasExtra(rrhh, exportaciones, plantTz, await ctx.requireViewer(), args.input),
      exportarAsistencia: async (_root, args: { input: unknown }, ctx) =>
        exportarAsistencia(rrhh, exportaciones, plantTz, await ctx.requireViewer(), args.input),
    },
  };
}
