import type { IResolvers } from 'mercurius';
import { unauthenticated } from '../../errors.ts';
import { type ParoCambiado, parosTopic } from '../../live/hub.ts';
import { parseId } from '../../validation.ts';
import type { TurnoRecord } from './paros.repository.ts';
import type { ParoDto, ParosService } from './paros.service.ts';

interface SubscriptionContext {
  pubsub: { subscribe(topic: string): Promise<AsyncIterable<unknown> | AsyncIterator<unknown>> };
  viewerId?: number;
}

/**
 * The stops of a line as they change: each message names a stop (live/hub.ts publishParo), read
 * again and sent as it is now (a deleted one is skipped). An iterator of its own (not an async
 * generator) so unsubscribing ends the pubsub subscription at once. Who may listen to which line
 * is the operator gate's rule (modules/auth/operador.ts).
 */
async function parosEnVivo(
  paros: ParosService,
  lineaArg: unknown,
  ctx: SubscriptionContext,
): Promise<AsyncIterator<unknown>> {
  if (!ctx.viewerId) throw unauthenticated();
  const lineaId = parseId(lineaArg, 'linea_id');
  const fuente = await ctx.pubsub.subscribe(parosTopic(lineaId));
  const cambios: AsyncIterator<unknown> =
    Symbol.asyncIterator in fuente ? fuente[Symbol.asyncIterator]() : fuente;
  return {
    next: async () => {
      for (;;) {
        const siguiente = await cambios.next();
        if (siguiente.done) return { value: undefined, done: true };
        const cambio = (siguiente.value as { paroCambiado?: ParoCambiado }).paroCambiado;
        if (!cambio || cambio.linea_id !== lineaId) continue;
        const paro = await paros.leer(cambio.paro_id);
        // A stop moved to another line by a correction is no longer this line's.
        if (paro && paro.linea_id === lineaId) return { value: { parosLinea: paro }, done: false };
      }
    },
    return: async () => (await cambios.return?.()) ?? { value: undefined, done: true },
    throw: async (error: unknown) => (await cambios.throw?.(error)) ?? { value: undefined, done: true },
    [Symbol.asyncIterator]() {
      return this;
    },
  } as AsyncIterator<unknown> & AsyncIterable<unknown>;
}

export function parosResolvers(paros: ParosService): IResolvers {
  // Paro.turno reads the plant's shifts once per request (or subscription message context).
  const turnosDe = new WeakMap<object, Promise<TurnoRecord[]>>();
  const turnos = (ctx: object) => {
    let leidos = turnosDe.get(ctx);
    if (!leidos) turnosDe.set(ctx, (leidos = paros.turnos()));
    return leidos;
  };
  return {
    Query: {
      paros: async (_root, args: Record<string, unknown>, ctx) => paros.list(await ctx.requireViewer(), args),
      mttrMttfManuales: async (_root, args: { desde: unknown; hasta: unknown }, ctx) =>
        paros.manuales(await ctx.requireViewer(), args.desde, args.hasta),
      parosTurno: async (_root, args: Record<string, unknown>, ctx) => {
        await ctx.requireViewer();
        return paros.parosTurno(args);
      },
    },
    Mutation: {
      createParo: async (_root, args: { input: unknown }, ctx) =>
        paros.create(await ctx.requireViewer(), ctx.client, args.input),
      updateParo: async (_root, args: { id: unknown; input: unknown }, ctx) =>
        paros.update(await ctx.requireViewer(), ctx.client, args.id, args.input),
      deleteParo: async (_root, args: { id: unknown; version?: unknown }, ctx) =>
        paros.delete(await ctx.requireViewer(), ctx.client, args.id, args.version),
      createMttrMttfManual: async (_root, args: { input: unknown }, ctx) =>
        paros.createManual(await ctx.requireViewer(), ctx.client, args.input),
      updateMttrMttfManual: async (_root, args: { input: unknown }, ctx) =>
        paros.updateManual(await ctx.requireViewer(), ctx.client, args.input),
      deleteMttrMttfManual: async (_root, args: Record<string, unknown>, ctx) =>
        paros.deleteManual(await ctx.requireViewer(), ctx.client, args),
      asignarMotivoParo: async (_root, args: { input: unknown }, ctx) =>
        paros.asignarMotivo(await ctx.requireViewer(), ctx.client, args.input),
      dividirParo: async (_root, args: { input: unknown }, ctx) =>
        paros.dividir(await ctx.requireViewer(), ctx.client, args.input),
    },
    Subscription: {
      parosLinea: {
        subscribe: (_root: unknown, args: { linea_id: unknown }, ctx: SubscriptionContext) =>
          parosEnVivo(paros, args.linea_id, ctx),
      },
    },
    Paro: {
      turno: async (paro: ParoDto, _args: unknown, ctx: object) =>
        (await paros.turnoDe(paro.inicio, turnos(ctx))).numero,
    },
  } as IResolvers;
}
