import type { IResolvers } from 'mercurius';
import { requireAdmin } from '../auth/guards.ts';
import type { EficienciaPagadaService } from './eficiencia-pagada.service.ts';

export function eficienciaPagadaResolvers(service: EficienciaPagadaService): IResolvers {
  return {
    Query: {
      eficienciaPagada: async (_root, args: { fecha: unknown }, ctx) => {
        await ctx.requireViewer();
        return service.consultar(args);
      },
    },
    Mutation: {
      registrarEficienciaSap: async (
        _root,
        args: { linea: unknown; fecha: unknown; valor: unknown },
        ctx,
      ) => {
        const viewer = await ctx.requireViewer();
        requireAdmin(viewer);
        return service.registrarSap(args, { id: viewer.id, ip: ctx.client.ip });
      },
    },
  };
}
