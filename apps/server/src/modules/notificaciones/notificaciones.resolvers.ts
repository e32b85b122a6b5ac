import type { IResolvers } from 'mercurius';
import { z } from 'zod';
import { unauthenticated } from '../../errors.ts';
import { notificacionesTopic } from '../../live/hub.ts';
import { id, parseInput } from '../../validation.ts';
import type { NotificacionesRepository } from './notificaciones.repository.ts';

const idsSchema = z.object({
  ids: z.array(id('ids')).max(1000, 'El campo "ids" admite como máximo 1000 elementos').nullish(),
});

interface SubscriptionContext {
  pubsub: { subscribe(topic: string): Promise<AsyncIterable<unknown> | AsyncIterator<unknown>> };
  viewerId?: number;
}

/**
 * The viewer's unread count: sent at once, then after every change of their notifications. An
 * iterator of its own (not an async generator) so unsubscribing ends the pubsub subscription at once.
 */
async function contarEnVivo(
  repo: NotificacionesRepository,
  ctx: SubscriptionContext,
): Promise<AsyncIterator<unknown>> {
  if (!ctx.viewerId) throw unauthenticated();
  const userId = ctx.viewerId;
  const fuente = await ctx.pubsub.subscribe(notificacionesTopic(userId));
  const cambios: AsyncIterator<unknown> =
    Symbol.asyncIterator in fuente ? fuente[Symbol.asyncIterator]() : fuente;
  let primero = true;
  const valor = async () => ({ value: { notificacionesNoLeidas: await repo.unread(userId) }, done: false });
  return {
    next: async () => {
      if (primero) {
        primero = false;
        return valor();
      }
      const siguiente = await cambios.next();
      return siguiente.done ? { value: undefined, done: true } : valor();
    },
    return: async () => (await cambios.return?.()) ?? { value: undefined, done: true },
    throw: async (error: unknown) => (await cambios.throw?.(error)) ?? { value: undefined, done: true },
    [Symbol.asyncIterator]() {
      return this;
    },
  } as AsyncIterator<unknown> & AsyncIterable<unknown>;
}

/** Each user sees and marks only their own notifications (no other rule to keep in a service). */
export function notificacionesResolvers(
  repo: NotificacionesRepository,
  avisar: (userIds: number[]) => void = () => {},
): IResolvers {
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
        const changed = await repo.markRead(viewer.id, ids ?? null);
        if (changed > 0) avisar([viewer.id]);
        return changed;
      },
    },
    Subscription: {
      notificacionesNoLeidas: {
        subscribe: (_root: unknown, _args: unknown, ctx: SubscriptionContext) => contarEnVivo(repo, ctx),
      },
    },
  } as IResolvers;
}
