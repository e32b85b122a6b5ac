import type { IResolvers } from 'mercurius';
import { z } from 'zod';
import { unauthenticated } from '../../errors.ts';
import { CONNECTION_TOPIC, lineTopic, type LiveHub } from '../../live/hub.ts';
import { startingWith } from '../../live/starting-with.ts';
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
        // The line's last value first (if live), so a screen opened on an idle line shows it at
        // once instead of waiting for the next change; then every change.
        subscribe: async (
          _root: unknown,
          args: { linea: unknown },
          ctx: { pubsub: { subscribe(topic: string): Promise<AsyncIterable<unknown>> }; viewerId?: number },
        ) => {
          if (!ctx.viewerId) throw unauthenticated();
          const { linea } = parseInput(lineaSchema, { linea: args.linea });
          const stream = await ctx.pubsub.subscribe(lineTopic(linea));
          const ultimo = hub.recentLine(linea);
          return startingWith(ultimo && { lineaEnVivo: ultimo }, stream);
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
