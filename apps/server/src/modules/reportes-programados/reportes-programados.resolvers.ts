import type { IResolvers } from 'mercurius';
import type { ReportesProgramadosService } from './reportes-programados.service.ts';

export function reportesProgramadosResolvers(service: ReportesProgramadosService): IResolvers {
  return {
    Query: {
      reportesProgramados: async (_root, _args, ctx) => service.listar(await ctx.requireViewer()),
      ejecucionesReporte: async (_root, args: { reporte_id?: unknown; limit?: unknown }, ctx) =>
        service.ejecuciones(await ctx.requireViewer(), args),
    },
    Mutation: {
      crearReporteProgramado: async (_root, args: { input: unknown }, ctx) =>
        service.crear(await ctx.requireViewer(), args.input, ctx.client),
      actualizarReporteProgramado: async (_root, args: { id: unknown; input: unknown }, ctx) =>
        service.actualizar(await ctx.requireViewer(), args.id, args.input, ctx.client),
      eliminarReporteProgramado: async (_root, args: { id: unknown; version?: unknown }, ctx) =>
        service.eliminar(await ctx.requireViewer(), args.id, args.version, ctx.client),
      enviarReporteProgramado: async (_root, args: { id: unknown }, ctx) =>
        service.enviarAhora(await ctx.requireViewer(), args.id),
    },
  };
}
