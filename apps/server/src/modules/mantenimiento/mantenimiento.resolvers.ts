import type { HasRoles } from '@planta/domain';
import type { IResolvers } from 'mercurius';
import type { MantenimientoService } from './mantenimiento.service.ts';

/** Area authorization of the variables read (human-resources variables need that permission). */
export interface VariableReadAccess {
  requireReadableNombres(viewer: HasRoles, nombres: readonly string[]): Promise<void>;
}

export function mantenimientoResolvers(
  service: MantenimientoService,
  access: VariableReadAccess,
): IResolvers {
  return {
    Query: {
      mttrMttf: async (_root, args: { nombres: unknown; desde: unknown; hasta: unknown }, ctx) => {
        const viewer = await ctx.requireViewer();
        const nombres = Array.isArray(args.nombres)
          ? args.nombres.filter((n): n is string => typeof n === 'string').slice(0, 100)
          : [];
        await access.requireReadableNombres(viewer, nombres);
        return service.mttrMttf(args.nombres, args.desde, args.hasta);
      },
      mantenimientoLineas: async (_root, args: { desde: unknown; hasta: unknown }, ctx) => {
        await ctx.requireViewer();
        return service.mantenimientoLineas(args.desde, args.hasta);
      },
      parosPareto: async (
        _root,
        args: { desde: unknown; hasta: unknown; linea?: unknown; agrupar?: unknown; limite?: unknown },
        ctx,
      ) => {
        await ctx.requireViewer();
        return service.parosPareto(args.desde, args.hasta, args.linea, args.agrupar, args.limite);
      },
    },
  };
}
