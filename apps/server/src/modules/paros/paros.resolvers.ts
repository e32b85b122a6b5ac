import type { IResolvers } from 'mercurius';
import type { ParosService } from './paros.service.ts';

export function parosResolvers(paros: ParosService): IResolvers {
  return {
    Query: {
      paros: async (_root, args: Record<string, unknown>, ctx) => paros.list(await ctx.requireViewer(), args),
      mttrMttfManuales: async (_root, args: { desde: unknown; hasta: unknown }, ctx) =>
        paros.manuales(await ctx.requireViewer(), args.desde, args.hasta),
    },
    Mutation: {
      createParo: async (_root, args: { input: unknown }, ctx) =>
        paros.create(await ctx.requireViewer(), ctx.client, args.input),
      updateParo: async (_root, args: { id: unknown; input: unknown }, ctx) =>
        paros.update(await ctx.requireViewer(), ctx.client, args.id, args.input),
      deleteParo: async (_root, args: { id: unknown; version?: unknown }, ctx) =>
        paros.delete(await ctx.requireViewer(), ctx.client, args.id, args.version),
      createMttrMttfManual: async (_root, args: { input: unknown }, ctx) =>
        paros.createManual(await ctx.requireViewer(), ctx.client, args.input),
      updateMttrMttfManual: async (_root, args: { input: unknown }, ctx) =>
        paros.updateManual(await ctx.requireViewer(), ctx.client, args.input),
      deleteMttrMttfManual: async (_root, args: Record<string, unknown>, ctx) =>
        paros.deleteManual(await ctx.requireViewer(), ctx.client, args),
    },
  };
}
