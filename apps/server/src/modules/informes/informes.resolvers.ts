import type { IResolvers } from 'mercurius';
import type { InformesService } from './informes.service.ts';

export function informesResolvers(service: InformesService): IResolvers {
  return {
    Mutation: {
      // Authorization: signed in here; the route's own access rule in the service.
      generarReportePdf: async (_root, args: { ruta: unknown; parametros?: unknown }, ctx) =>
        service.generarReportePdf(await ctx.requireViewer(), args.ruta, args.parametros),
    },
  };
}
