import { energyDate, productionDay } from '@planta/domain';
import { min } from 'drizzle-orm';
import type { IResolvers } from 'mercurius';
import type { Db } from '../../db/client.ts';
import { historicos } from '../../db/schema/index.ts';

/** The plant's calendar right now; `now` is injectable for tests. */
export function calendarioPlanta(plantTz: string, now: Date = new Date()) {
  return {
    zona_horaria: plantTz,
    dia_produccion: productionDay(now, plantTz),
    fecha_energia: energyDate(now, plantTz),
    ahora: now.toISOString(),
  };
}

/** The first production day with history (index-only scan of historicos_fecha_idx); null when empty. */
export async function primerDia(db: Db): Promise<string | null> {
  const [row] = await db.select({ fecha: min(historicos.fecha) }).from(historicos);
  return row?.fecha ?? null;
}

export function plantaResolvers(plantTz: string, db: Db): IResolvers {
  return {
    Query: {
      calendarioPlanta: async (_root, _args, ctx) => {
        await ctx.requireViewer();
        return calendarioPlanta(plantTz);
      },
    },
    CalendarioPlanta: {
      // Resolved only when asked for: the other fields need no database.
      primer_dia: () => primerDia(db),
    },
  };
}
