import type { IResolvers } from 'mercurius';
import type { LineasService } from './lineas.service.ts';

export function lineasResolvers(service: LineasService): IResolvers {
  return {
    Query: {
      lineas: async (_root, _args, ctx) => {
        await ctx.requireViewer();
        return service.lineas();
      },
    },
  };
}
