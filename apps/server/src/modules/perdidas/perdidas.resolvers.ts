import type { IResolvers } from 'mercurius';
import type { ExportacionesService } from '../exportaciones/exportaciones.service.ts';
import type { ParosService } from '../paros/paros.service.ts';
import { exportarParos } from './perdidas.exportar.ts';
import type { PerdidasService } from './perdidas.service.ts';

export function perdidasResolvers(
  service: PerdidasService,
  exportar: { paros: ParosService; exportaciones: ExportacionesService; tz: string; now: () => number },
): IResolvers {
  return {
    Query: {
      perdidasOee: async (_root, args: Record<string, unknown>, ctx) => {
        await ctx.requireViewer();
        return service.perdidasOee(args);
      },
    },
    Mutation: {
      exportarParos: async (_root, args: { input: unknown }, ctx) =>
        exportarParos(
          { perdidas: service, paros: exportar.paros, exportaciones: exportar.exportaciones },
          exportar.tz,
          exportar.now(),
          await ctx.requireViewer(),
          args.input,
        ),
    },
  };
}
