import type { IResolvers } from 'mercurius';
import type { UtilidadesService } from '../utilidades/utilidades.service.ts';
import { exportarReporteUtilidades } from './exportaciones.reportes.ts';
import type { ExportacionesService } from './exportaciones.service.ts';

export function exportacionesResolvers(
  service: ExportacionesService,
  utilidades: UtilidadesService,
  plantTz: string,
): IResolvers {
  return {
    Query: {
      exportacion: async (_root, args: { id: unknown }, ctx) =>
        service.exportacion(await ctx.requireViewer(), args.id),
      exportaciones: async (_root, _args, ctx) => service.lista(await ctx.requireViewer()),
    },
    Mutation: {
      // Same authorization as reporteAire / reporteAgua: any signed-in user.
      exportarReporteAire: async (_root, args: { input: unknown }, ctx) =>
        exportarReporteUtilidades(
          service,
          utilidades,
          plantTz,
          await ctx.requireViewer(),
          'aire',
          args.input,
        ),
      exportarReporteAgua: async (_root, args: { input: unknown }, ctx) =>
        exportarReporteUtilidades(
          service,
          utilidades,
          plantTz,
          await ctx.requireViewer(),
          'agua',
          args.input,
        ),
    },
  };
}
