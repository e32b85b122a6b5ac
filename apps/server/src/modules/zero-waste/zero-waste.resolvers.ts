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
    },
    Mutation: {
      upsertZeroWasteRegistro: async (_root, args: { input: unknown }, ctx) =>
        zeroWaste.upsertRegistro(await ctx.requireViewer(), args.input),
      upsertProyeccion: async (_root, args: { input: unknown }, ctx) =>
        toProyeccionDto(await zeroWaste.upsertProyeccion(await ctx.requireViewer(), args.input)),
    },
  };
}
