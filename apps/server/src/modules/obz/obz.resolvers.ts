import type { IResolvers } from 'mercurius';
import type { ObzService } from './obz.service.ts';

export function obzResolvers(obz: ObzService): IResolvers {
  return {
    Query: {
      obz: async (_root, args: { anio: number }, ctx) => {
        await ctx.requireViewer();
        return obz.anual(args);
      },
      obzPaquetes: async (_root, _args, ctx) => {
        await ctx.requireViewer();
        return obz.paquetes();
      },
    },
    Mutation: {
      upsertObzMonto: async (_root, args: { input: unknown }, ctx) =>
        obz.upsertMonto(await ctx.requireViewer(), args.input),
    },
  };
}
