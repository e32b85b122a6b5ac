import type { IResolvers } from 'mercurius';
import { requireAdmin } from '../auth/guards.ts';
import type { ServicioRespaldos } from './respaldos.service.ts';

export function respaldosResolvers(service: ServicioRespaldos): IResolvers {
  return {
    Mutation: {
      crearRespaldo: async (_root, _args, ctx) => {
        requireAdmin(await ctx.requireViewer());
        return service.crear('manual');
      },
    },
  };
}
