import type { IResolvers } from 'mercurius';
import { toVariableDto } from '../variables/variables.dto.ts';
import type { VariablesRepository } from '../variables/variables.repository.ts';
import type { AlarmasService } from './alarmas.service.ts';

export function alarmasResolvers(service: AlarmasService, variables: VariablesRepository): IResolvers {
  /** The rules with their variables, fetched in one query. */
  const conVariable = async <T extends { variable_id: number | null }>(reglas: T[]) => {
    const ids = [...new Set(reglas.flatMap((r) => (r.variable_id === null ? [] : [r.variable_id])))];
    const porId = new Map((await variables.variablesByIds(ids)).map((v) => [v.id, toVariableDto(v)]));
    return reglas.map((r) => ({
      ...r,
      variable: r.variable_id === null ? null : (porId.get(r.variable_id) ?? null),
    }));
  };
  const una = async <T extends { variable_id: number | null }>(regla: T) => (await conVariable([regla]))[0];
  return {
    Query: {
      reglasNotificacion: async (_root, _args, ctx) =>
        conVariable(await service.reglas(await ctx.requireViewer())),
      previaReglaNotificacion: async (_root, args: { input: unknown }, ctx) =>
        service.previa(await ctx.requireViewer(), args.input),
      alarmas: async (_root, args: Record<string, unknown>, ctx) =>
        service.alarmas(await ctx.requireViewer(), args),
      enviosCorreo: async (_root, args: { estado?: unknown; limit?: unknown }, ctx) =>
        service.envios(await ctx.requireViewer(), args),
    },
    Mutation: {
      crearReglaNotificacion: async (_root, args: { input: unknown }, ctx) =>
        una(await service.crear(await ctx.requireViewer(), args.input, ctx.client)),
      actualizarReglaNotificacion: async (_root, args: { id: unknown; input: unknown }, ctx) =>
        una(await service.actualizar(await ctx.requireViewer(), args.id, args.input, ctx.client)),
      eliminarReglaNotificacion: async (_root, args: { id: unknown; version?: unknown }, ctx) =>
        service.eliminar(await ctx.requireViewer(), args.id, args.version, ctx.client),
      reconocerAlarma: async (_root, args: { id: unknown; comentario: unknown }, ctx) =>
        service.reconocer(await ctx.requireViewer(), args.id, args.comentario, ctx.client),
    },
  } as IResolvers;
}
