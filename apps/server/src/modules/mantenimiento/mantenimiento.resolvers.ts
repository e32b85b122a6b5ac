import type { IResolvers } from 'mercurius';
import type { MantenimientoService } from './mantenimiento.service.ts';

export function mantenimientoResolvers(service: MantenimientoService): IResolvers {
  return {
    Query: {
      mttrMttf: async (_root, args: { nombres: unknown; desde: unknown; hasta: unknown }, ctx) => {
        await ctx.requireViewer();
        return service.mttrMttf(args.nombres, args.desde, args.hasta);
      },
    },
  };
}
