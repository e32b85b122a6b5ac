import type { IResolvers } from 'mercurius';
import type { ProyeccionRecord } from './zero-waste.repository.ts';
import type { ZeroWasteService } from './zero-waste.service.ts';

export function toProyeccionDto(row: ProyeccionRecord) {
  return {
    id: row.id,
    anio: row.anio,
    clasificacion: row.clasificacion,
    aprovechables: row.aprovechables,
    no_aprovechables: row.noAprovechables,
    zero_waste: row.zeroWaste,
    version: row.version,
  };
}

export function zeroWasteResolvers(zeroWaste: ZeroWasteService): IResolvers {
  return {
    Query: {
      zeroWasteMensual: async (_root, args: { anio: number }, ctx) => {
        await ctx.requireViewer();
        return zeroWaste.mensual(args);
      },
      zeroWasteDesglose: async (_root, args: { anio: number; mes?: number | null }, ctx) => {
        await ctx.requireViewer();
        return zeroWaste.desglose(args);
      },
      zeroWasteProyeccion: async (_root, args: { anio: number }, ctx) => {
        await ctx.requireViewer();
        return (await zeroWaste.proyeccion(args)).map(toProyeccionDto);
      },
      clasificaciones: async (_root, _args, ctx) => {
        await ctx.requireViewer();
        return zeroWaste.clasificaciones();
      },
      zeroWasteRegistros: async (_root, args: { mes: unknown }, ctx) =>
        zeroWaste.registrosDelMes(await ctx.requireViewer(), args.mes),
    },
    Mutation: {
      upsertZeroWasteRegistro: async (_root, args: { input: unknown }, ctx) =>
        zeroWaste.upsertRegistro(await ctx.requireViewer(), args.input, ctx.client),
      upsertProyeccion: async (_root, args: { input: unknown }, ctx) =>
        toProyeccionDto(await zeroWaste.upsertProyeccion(await ctx.requireViewer(), args.input, ctx.client)),
      guardarZeroWasteMes: async (_root, args: { input: unknown }, ctx) =>
        zeroWaste.guardarMes(await ctx.requireViewer(), ctx.client, args.input),
      createClasificacion: async (_root, args: { input: unknown }, ctx) =>
        zeroWaste.createClasificacion(await ctx.requireViewer(), ctx.client, args.input),
      updateClasificacion: async (_root, args: { id: unknown; input: unknown }, ctx) =>
        zeroWaste.updateClasificacion(await ctx.requireViewer(), ctx.client, args.id, args.input),
      deleteClasificacion: async (_root, args: { id: unknown; version?: unknown }, ctx) =>
        zeroWaste.deleteClasificacion(await ctx.requireViewer(), ctx.client, args.id, args.version),
    },
  };
}
