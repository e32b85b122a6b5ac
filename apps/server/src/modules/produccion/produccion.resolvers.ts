import type { IResolvers } from 'mercurius';
import type { ProduccionService } from './produccion.service.ts';

type Range = { desde: unknown; hasta: unknown };

export function produccionResolvers(service: ProduccionService): IResolvers {
  return {
    Query: {
      scadaLinea: async (_root, args: Range & { linea: unknown; max_puntos?: unknown }, ctx) => {
        await ctx.requireViewer();
        return service.scadaLinea(args.linea, args.desde, args.hasta, args.max_puntos);
      },
      scadaLinea4: async (_root, args: Range & { max_puntos?: unknown }, ctx) => {
        await ctx.requireViewer();
        return service.scadaLinea(4, args.desde, args.hasta, args.max_puntos);
      },
      scadaHistorico: async (_root, args: Range & { linea: unknown }, ctx) => {
        await ctx.requireViewer();
        return service.scadaHistorico(args.linea, args.desde, args.hasta);
      },
      productoPresentacion: async (_root, args: { hmi_id: unknown; linea: unknown }, ctx) => {
        await ctx.requireViewer();
        return service.productoPresentacion(args.hmi_id, args.linea);
      },
      tiempoActividad: async (_root, args: { linea: unknown; fecha: unknown }, ctx) => {
        await ctx.requireViewer();
        return service.tiempoActividad(args.linea, args.fecha);
      },
      contadoresHora: async (_root, args: Range & { linea_id: unknown }, ctx) => {
        await ctx.requireViewer();
        return service.contadoresHora(args.linea_id, args.desde, args.hasta);
      },
    },
  };
}
