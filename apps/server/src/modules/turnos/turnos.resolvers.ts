import type { IResolvers } from 'mercurius';
import type { TurnoRecord } from './turnos.repository.ts';
import type { TurnosService } from './turnos.service.ts';

export function toTurnoDto(row: TurnoRecord) {
  return {
    id: row.id,
    fecha: row.fecha,
    horas_productividad: row.horasProductividad,
    linea: row.linea,
    version: row.version,
  };
}

export function turnosResolvers(service: TurnosService): IResolvers {
  return {
    Query: {
      turnos: async (_root, _args, ctx) => {
        await ctx.requireViewer();
        return (await service.turnos()).map(toTurnoDto);
      },
      turnosDia: async (_root, args: { fecha: unknown }, ctx) => {
        await ctx.requireViewer();
        return (await service.turnosDelDia(args.fecha)).map(toTurnoDto);
      },
      existeTurno: async (_root, args: { linea_id: unknown; fecha: unknown }, ctx) => {
        await ctx.requireViewer();
        return service.existeTurno(args);
      },
    },
    Mutation: {
      createTurno: async (_root, args: { input: unknown }, ctx) =>
        toTurnoDto(await service.createTurno(await ctx.requireViewer(), args.input, ctx.client)),
      updateTurno: async (_root, args: { id: string; input: unknown }, ctx) =>
        toTurnoDto(await service.updateTurno(await ctx.requireViewer(), args.id, args.input, ctx.client)),
      guardarTurnosDia: async (_root, args: { input: unknown }, ctx) =>
        (await service.guardarTurnosDia(await ctx.requireViewer(), args.input, ctx.client)).map(toTurnoDto),
    },
  };
}
