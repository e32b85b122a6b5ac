import type { IResolvers } from 'mercurius';
import type { TurnosHorarioService } from './turnos-horario.service.ts';

export function turnosHorarioResolvers(turnos: TurnosHorarioService): IResolvers {
  return {
    Query: {
      turnosHorario: async (_root, _args, ctx) => {
        await ctx.requireViewer();
        return turnos.turnos();
      },
    },
    Mutation: {
      guardarTurnosHorario: async (_root, args: { turnos: unknown; version?: unknown }, ctx) =>
        turnos.guardar(await ctx.requireViewer(), ctx.client, args),
    },
  };
}
