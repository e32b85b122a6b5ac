import type { IResolvers } from 'mercurius';
import type { MotivosParoService } from './motivos-paro.service.ts';

export function motivosParoResolvers(motivos: MotivosParoService): IResolvers {
  return {
    Query: {
      categoriasParo: async (_root, _args, ctx) => {
        await ctx.requireViewer();
        return motivos.categorias();
      },
      motivosParo: async (_root, args: { linea_id?: unknown }, ctx) => {
        await ctx.requireViewer();
        return motivos.motivos(args.linea_id);
      },
      umbralesMicroparo: async (_root, _args, ctx) => {
        await ctx.requireViewer();
        return motivos.umbrales();
      },
    },
    Mutation: {
      createCategoriaParo: async (_root, args: { input: unknown }, ctx) =>
        motivos.createCategoria(await ctx.requireViewer(), ctx.client, args.input),
      updateCategoriaParo: async (_root, args: { id: unknown; input: unknown }, ctx) =>
        motivos.updateCategoria(await ctx.requireViewer(), ctx.client, args.id, args.input),
      deleteCategoriaParo: async (_root, args: { id: unknown; version?: unknown }, ctx) =>
        motivos.deleteCategoria(await ctx.requireViewer(), ctx.client, args.id, args.version),
      createMotivoParo: async (_root, args: { input: unknown }, ctx) =>
        motivos.createMotivo(await ctx.requireViewer(), ctx.client, args.input),
      updateMotivoParo: async (_root, args: { id: unknown; input: unknown }, ctx) =>
        motivos.updateMotivo(await ctx.requireViewer(), ctx.client, args.id, args.input),
      deleteMotivoParo: async (_root, args: { id: unknown; version?: unknown }, ctx) =>
        motivos.deleteMotivo(await ctx.requireViewer(), ctx.client, args.id, args.version),
      actualizarUmbralMicroparo: async (
        _root,
        args: { linea_id: unknown; segundos: unknown; version?: unknown },
        ctx,
      ) => motivos.actualizarUmbral(await ctx.requireViewer(), ctx.client, args),
    },
  };
}
