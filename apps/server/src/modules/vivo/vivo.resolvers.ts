import type { IResolvers } from 'mercurius';
import { z } from 'zod';
import { unauthenticated } from '../../errors.ts';
import { CONNECTION_TOPIC, lineTopic, type LiveHub } from '../../live/hub.ts';
import { parseInput } from '../../validation.ts';

const lineaSchema = z.object({
  linea: z
    .number({ error: 'El campo "linea" debe ser un número de línea' })
    .int('El campo "linea" debe ser un número de línea')
    .min(1, 'El campo "linea" debe estar entre 1 y 99')
    .max(99, 'El campo "linea" debe estar entre 1 y 99'),
});

/** Subscriptions authenticate once, in connection_init (see graphql/plugin.ts); queries per request. */
export function vivoResolvers(hub: LiveHub): IResolvers {
  return {
    Query: {
      lineaEnVivoActual: async (_root, args: { linea: unknown }, ctx) => {
        await ctx.requireViewer();
        return hub.line(parseInput(lineaSchema, { linea: args.linea }).linea);
      },
      conexionPlantaActual: async (_root, _args, ctx) => {
        await ctx.requireViewer();
        return hub.currentConnection();
      },
    },
    Subscription: {
      lineaEnVivo: {
        subscribe: async (
          _root: unknown,
          args: { linea: unknown },
          ctx: { pubsub: { subscribe(topic: string): Promise<unknown> }; viewerId?: number },
        ) => {
          if (!ctx.viewerId) throw unauthenticated();
          return ctx.pubsub.subscribe(lineTopic(parseInput(lineaSchema, { linea: args.linea }).linea));
        },
      },
      conexionPlanta: {
        subscribe: async (
          _root: unknown,
          _args: unknown,
          ctx: { pubsub: { subscribe(topic: string): Promise<unknown> }; viewerId?: number },
        ) => {
          if (!ctx.viewerId) throw unauthenticated();
          return ctx.pubsub.subscribe(CONNECTION_TOPIC);
        },
      },
    },
  } as IResolvers;
}
