import type { IResolvers } from 'mercurius';
import { z } from 'zod';
import { id, parseInput } from '../../validation.ts';
import type { NotificacionesRepository } from './notificaciones.repository.ts';

const idsSchema = z.object({
  ids: z.array(id('ids')).max(1000, 'El campo "ids" admite como máximo 1000 elementos').nullish(),
});

/** Each user sees and marks only their own notifications (no other rule to keep in a service). */
export function notificacionesResolvers(repo: NotificacionesRepository): IResolvers {
  return {
    Query: {
      notificaciones: async (_root, args: { solo_no_leidas?: boolean | null }, ctx) =>
        repo.list((await ctx.requireViewer()).id, args.solo_no_leidas === true),
      notificacionesNoLeidas: async (_root, _args, ctx) => repo.unread((await ctx.requireViewer()).id),
    },
    Mutation: {
      marcarNotificacionesLeidas: async (_root, args: { ids?: unknown }, ctx) => {
        const viewer = await ctx.requireViewer();
        const { ids } = parseInput(idsSchema, { ids: args.ids });
        return repo.markRead(viewer.id, ids ?? null);
      },
    },
  };
}
