import { energyDate, productionDay } from '@planta/domain';
import type { IResolvers } from 'mercurius';

/** The plant's calendar right now; `now` is injectable for tests. */
export function calendarioPlanta(plantTz: string, now: Date = new Date()) {
  return {
    zona_horaria: plantTz,
    dia_produccion: productionDay(now, plantTz),
    fecha_energia: energyDate(now, plantTz),
    ahora: now.toISOString(),
  };
}

export function plantaResolvers(plantTz: string): IResolvers {
  return {
    Query: {
      calendarioPlanta: async (_root, _args, ctx) => {
        await ctx.requireViewer();
        return calendarioPlanta(plantTz);
      },
    },
  };
}
