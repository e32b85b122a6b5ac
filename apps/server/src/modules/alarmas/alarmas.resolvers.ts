import type { IResolvers } from 'mercurius';
import { toVariableDto } from '../variables/variables.resolvers.ts';
import type { VariablesRepository } from '../variables/variables.repository.ts';
import type { AlarmasRepository } from './alarmas.repository.ts';
import type { AlarmasService } from './alarmas.service.ts';

export function alarmasResolvers(
  service: AlarmasService,
  repo: AlarmasRepository,
  variables: VariablesRepository,
): IResolvers {
  return {
    Query: {
      reglasNotificacion: async (_root, _args, ctx) => service.reglas(await ctx.requireViewer()),
      previaReglaNotificacion: async (_root, args: { input: unknown }, ctx) =>
        service.previa(await ctx.requireViewer(), args.input),
      alarmas: async (_root, args: Record<string, unknown>, ctx) =>
        service.alarmas(await ctx.requireViewer(), args),
      enviosCorreo: async (_root, args: { estado?: unknown; limit?: unknown }, ctx) =>
        service.envios(await ctx.requireViewer(), args),
    },
    Mutation: {
      crearReglaNotificacion: async (_root, args: { input: unknown }, ctx) =>
        service.crear(await ctx.requireViewer(), args.input, ctx.client),
      actualizarReglaNotificacion: async (_root, args: { id: unknown; input: unknown }, ctx) =>
        service.actualizar(await ctx.requireViewer(), args.id, args.input, ctx.client),
      eliminarReglaNotificacion: async (_root, args: { id: unknown; version?: unknown }, ctx) =>
        service.eliminar(await ctx.requireViewer(), args.id, args.version, ctx.client),
      reconocerAlarma: async (_root, args: { id: unknown; comentario: unknown }, ctx) =>
        service.reconocer(await ctx.requireViewer(), args.id, args.comentario, ctx.client),
    },
    ReglaNotificacion: {
      variable: async (regla: { variable_id: number | null }) => {
        if (regla.variable_id === null) return null;
        const variable = await variables.findVariable(regla.variable_id);
        return variable ? toVariableDto(variable) : null;
      },
    },
    Notificacion: {
      alarma: async (n: { alarmaId?: number | null }) =>
        n.alarmaId ? ((await repo.alarma(n.alarmaId)) ?? null) : null,
    },
  } as IResolvers;
}
