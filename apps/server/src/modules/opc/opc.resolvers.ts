import type { IResolvers } from 'mercurius';
import type { OpcService } from './opc.service.ts';

export function opcResolvers(service: OpcService): IResolvers {
  return {
    Query: {
      opcNodos: async (_root, args: { node_id?: string | null }, ctx) =>
        service.nodos(await ctx.requireViewer(), args),
      opcValor: async (_root, args: { node_id: string }, ctx) =>
        service.valor(await ctx.requireViewer(), args),
      opcMapeosLineas: async (_root, _args, ctx) => service.mapeosLineas(await ctx.requireViewer()),
      opcMapeosVariables: async (_root, _args, ctx) => service.mapeosVariables(await ctx.requireViewer()),
    },
    Mutation: {
      mapearLineaOpc: async (_root, args: { input: unknown }, ctx) =>
        service.mapearLinea(await ctx.requireViewer(), args.input, ctx.client),
      mapearVariableOpc: async (_root, args: { input: unknown }, ctx) =>
        service.mapearVariable(await ctx.requireViewer(), args.input, ctx.client),
    },
  };
}
