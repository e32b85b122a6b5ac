import type { GraphQLResolveInfo } from 'graphql';
import type { IResolvers } from 'mercurius';
import { subcamposPedidos } from '../../graphql/campos-pedidos.ts';
import { CAMPOS_SERIE, type CampoSerie } from './produccion.repository.ts';
import type { ProduccionService } from './produccion.service.ts';

type Range = { desde: unknown; hasta: unknown };

/** The series' columns the query reads: those asked of `columnas`, all when `lecturas` is asked. */
function camposDeLaSerie(info: GraphQLResolveInfo): readonly CampoSerie[] {
  const columnas = subcamposPedidos(info, 'columnas');
  const lecturas = subcamposPedidos(info, 'lecturas');
  if (!columnas || !lecturas || lecturas.size > 0) return CAMPOS_SERIE;
  return CAMPOS_SERIE.filter((c) => columnas.has(c));
}

export function produccionResolvers(service: ProduccionService): IResolvers {
  return {
    Query: {
      scadaLinea: async (_root, args: Range & { linea: unknown; max_puntos?: unknown }, ctx, info) => {
        await ctx.requireViewer();
        return service.scadaLinea(args.linea, args.desde, args.hasta, args.max_puntos, camposDeLaSerie(info));
      },
      scadaLinea4: async (_root, args: Range & { max_puntos?: unknown }, ctx, info) => {
        await ctx.requireViewer();
        return service.scadaLinea(4, args.desde, args.hasta, args.max_puntos, camposDeLaSerie(info));
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
