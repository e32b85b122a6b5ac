import type { IResolvers } from 'mercurius';
import type { ExportacionesService } from '../exportaciones/exportaciones.service.ts';
import { exportarReporteContadores, exportarReporteScada } from './reportes.exportar.ts';
import type { ReportesService } from './reportes.service.ts';

/** Reports of line counters and OPC variables: any logged-in user, variables by their area. */
export function reportesResolvers(service: ReportesService, exportaciones: ExportacionesService): IResolvers {
  return {
    Query: {
      reporteContadores: async (
        _root,
        args: { desde: unknown; hasta: unknown; agrupacion: unknown; lineas?: unknown },
        ctx,
      ) => {
        await ctx.requireViewer();
        return service.reporteContadores(args);
      },
      variablesScada: async (_root, _args, ctx) => service.variablesScada(await ctx.requireViewer()),
      reporteScada: async (
        _root,
        args: { variables: unknown; desde: unknown; hasta: unknown; intervalo: unknown },
        ctx,
      ) => service.reporteScada(await ctx.requireViewer(), args),
    },
    Mutation: {
      // Same authorization as the reports: any signed-in user, variables by their area.
      exportarReporteContadores: async (_root, args: { input: unknown }, ctx) =>
        exportarReporteContadores(service, exportaciones, await ctx.requireViewer(), args.input),
      exportarReporteScada: async (_root, args: { input: unknown }, ctx) =>
        exportarReporteScada(service, exportaciones, await ctx.requireViewer(), args.input),
    },
  };
}
