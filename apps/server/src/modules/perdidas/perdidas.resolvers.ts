import type { IResolvers } from 'mercurius';
import type { PerdidasService } from './perdidas.service.ts';

export function perdidasResolvers(service: PerdidasService): IResolvers {
  return {
    Query: {
      perdidasOee: async (_root, args: Record<string, unknown>, ctx) => {
        await ctx.requireViewer();
        return service.perdidasOee(args);
      },
    },
  };
}
