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
      consumosUtilidades: async (_root, args: { desde: unknown; hasta: unknown }, ctx) => {
        await ctx.requireViewer();
        return service.consumos(args.desde, args.hasta);
      },
      fugasAire: async (_root, args: { desde: unknown; hasta: unknown }, ctx) => {
        await ctx.requireViewer();
        return service.fugas(args.desde, args.hasta);
      },
      reporteAire: async (_root, args: ReportArgs, ctx) => {
        await ctx.requireViewer();
        return service.reporte('aire', args.desde, args.hasta, args.intervalo);
      },
      reporteAgua: async (_root, args: ReportArgs & { variables?: unknown }, ctx) => {
        await ctx.requireViewer();
        return service.reporte('agua', args.desde, args.hasta, args.intervalo, args.variables);
      },
      reporteAguaVariables: async (_root, _args, ctx) => {
        await ctx.requireViewer();
        return service.variablesReporte('agua');
      },
    },
  };
}
