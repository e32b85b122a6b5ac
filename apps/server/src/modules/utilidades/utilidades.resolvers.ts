import type { IResolvers } from 'mercurius';
import type { UtilidadesService } from './utilidades.service.ts';

type ReportArgs = { desde: unknown; hasta: unknown; intervalo: unknown };

export function utilidadesResolvers(service: UtilidadesService): IResolvers {
  return {
    Query: {
      flujoAire: async (_root, args: ReportArgs, ctx) => {
        await ctx.requireViewer();
        return service.flujoAire(args.desde, args.hasta, args.intervalo);
      },
      reporteAire: async (_root, args: ReportArgs, ctx) => {
        await ctx.requireViewer();
        return service.reporte('aire', args.desde, args.hasta, args.intervalo);
      },
      reporteAgua: async (_root, args: ReportArgs & { variables?: unknown }, ctx) => {
        await ctx.requireViewer();
        return service.reporte('agua', args.desde, args.hasta, args.intervalo, args.variables);
      },
    },
  };
}
