import type { IResolvers, MercuriusContext } from 'mercurius';
import type { Entidad } from './catalogo.repository.ts';
import type { CatalogoService } from './catalogo.service.ts';
import type { LineasService } from './lineas.service.ts';

type IdArgs = { id: string; version?: number | null };

export function lineasResolvers(service: LineasService, catalogo: CatalogoService): IResolvers {
  const eliminar = (entidad: Entidad) => async (_root: unknown, args: IdArgs, ctx: MercuriusContext) =>
    catalogo.eliminar(await ctx.requireViewer(), entidad, args.id, args.version, ctx.client);
  return {
    Query: {
      lineas: async (_root, _args, ctx) => {
        await ctx.requireViewer();
        return service.lineas();
      },
      lineasConfig: async (_root, _args, ctx) => {
        await ctx.requireViewer();
        return catalogo.lineas();
      },
      productosConfig: async (_root, _args, ctx) => {
        await ctx.requireViewer();
        return catalogo.productos();
      },
      presentacionesConfig: async (_root, _args, ctx) => {
        await ctx.requireViewer();
        return catalogo.presentaciones();
      },
      productoPresentacionesConfig: async (_root, _args, ctx) => {
        await ctx.requireViewer();
        return catalogo.productoPresentaciones();
      },
      velocidadesNominalesConfig: async (_root, _args, ctx) => {
        await ctx.requireViewer();
        return catalogo.velocidades();
      },
    },
    Mutation: {
      createLinea: async (_root, args: { input: unknown }, ctx) =>
        catalogo.guardarLinea(await ctx.requireViewer(), undefined, args.input, ctx.client),
      updateLinea: async (_root, args: { id: string; input: unknown }, ctx) =>
        catalogo.guardarLinea(await ctx.requireViewer(), args.id, args.input, ctx.client),
      deleteLinea: eliminar('lineas'),
      createProducto: async (_root, args: { input: unknown }, ctx) =>
        catalogo.guardarProducto(await ctx.requireViewer(), undefined, args.input, ctx.client),
      updateProducto: async (_root, args: { id: string; input: unknown }, ctx) =>
        catalogo.guardarProducto(await ctx.requireViewer(), args.id, args.input, ctx.client),
      deleteProducto: eliminar('productos'),
      createPresentacion: async (_root, args: { input: unknown }, ctx) =>
        catalogo.guardarPresentacion(await ctx.requireViewer(), undefined, args.input, ctx.client),
      updatePresentacion: async (_root, args: { id: string; input: unknown }, ctx) =>
        catalogo.guardarPresentacion(await ctx.requireViewer(), args.id, args.input, ctx.client),
      deletePresentacion: eliminar('presentaciones'),
      createProductoPresentacion: async (_root, args: { input: unknown }, ctx) => {
        const saved = await catalogo.guardarProductoPresentacion(
          await ctx.requireViewer(),
          undefined,
          args.input,
          ctx.client,
        );
        return (await catalogo.conDetallePP([saved]))[0];
      },
      updateProductoPresentacion: async (_root, args: { id: string; input: unknown }, ctx) => {
        const saved = await catalogo.guardarProductoPresentacion(
          await ctx.requireViewer(),
          args.id,
          args.input,
          ctx.client,
        );
        return (await catalogo.conDetallePP([saved]))[0];
      },
      deleteProductoPresentacion: eliminar('producto_presentaciones'),
      createVelocidadNominal: async (_root, args: { input: unknown }, ctx) => {
        const saved = await catalogo.guardarVelocidad(
          await ctx.requireViewer(),
          undefined,
          args.input,
          ctx.client,
        );
        return (await catalogo.conDetalleVelocidad([saved]))[0];
      },
      updateVelocidadNominal: async (_root, args: { id: string; input: unknown }, ctx) => {
        const saved = await catalogo.guardarVelocidad(
          await ctx.requireViewer(),
          args.id,
          args.input,
          ctx.client,
        );
        return (await catalogo.conDetalleVelocidad([saved]))[0];
      },
      deleteVelocidadNominal: eliminar('velocidades_nominales'),
    },
  };
}
