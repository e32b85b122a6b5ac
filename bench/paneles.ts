/**
 * The dashboards' own GraphQL documents (the web app's generated ones: a document renamed or removed
 * fails the typecheck, not the bench halfway through its run), timed through the
 * app on a database with history: /fabrica's summary of the day (monthly and annual figures from
 * the rollups), /planificacion's year by month, its month by day and its compliance, and a year of
 * one variable's daily values. Shared by bench/plant-data.ts (PGlite vs PostgreSQL on the same
 * history) and bench/cinco-anos.ts (five years on PostgreSQL).
 */
import { randomBytes } from 'node:crypto';
import { addDays, productionDay } from '@planta/domain';
import { fabricaVariables } from '@planta/charts/fabrica/fabrica-variables';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { rowsOf } from '../apps/server/src/db/rows.ts';
import type { Database } from '../apps/server/src/db/client.ts';
import { HistoricosSeriesKpiDocument } from '../apps/web/src/components/kpi/api/historicos-series.generated.ts';
import { ResumenVariablesDocument } from '../apps/web/src/components/kpi/api/resumen-variables.generated.ts';
import { CumplimientoProduccionDocument } from '../apps/web/src/features/planificacion/api/cumplimiento-produccion.generated.ts';
import { VolumenDiarioDocument } from '../apps/web/src/features/planificacion/api/volumen-diario.generated.ts';
import { VolumenMensualDocument } from '../apps/web/src/features/planificacion/api/volumen-mensual.generated.ts';
import { loginAdmin } from './sesion.ts';
import { medianTime } from './stats.ts';

export interface MedidaPanel {
  nombre: string;
  ms: number;
}

/** Each dashboard read, the median of `veces` runs after a warm-up, in ms. */
export async function medirPaneles(database: Database, timeZone: string, veces = 15): Promise<MedidaPanel[]> {
  const app = await buildApp({ database, jwtSecret: randomBytes(32).toString('hex'), plantTz: timeZone });
  try {
    const token = await loginAdmin(app);
    const fecha = addDays(productionDay(new Date(), timeZone), -1);
    const anio = Number(fecha.slice(0, 4));
    const nombres = fabricaVariables(
      await rowsOf<{ nombre: string; area: string; nivel: string; estado: number }>(
        database.db.execute(sql`select nombre, area, nivel, estado from variables`),
      ),
    ).map((v) => v.nombre);
    const casos: [string, string, Record<string, unknown>][] = [
      ['/fabrica: the day with month and year to date', String(ResumenVariablesDocument), { nombres, fecha }],
      ['/planificacion: the year by month', String(VolumenMensualDocument), { anio }],
      ['/planificacion: compliance of the day', String(CumplimientoProduccionDocument), { fecha }],
      [
        '/planificacion: the month by day',
        String(VolumenDiarioDocument),
        { desde: `${fecha.slice(0, 7)}-01`, hasta: fecha },
      ],
      [
        'the trend: a year of one variable',
        String(HistoricosSeriesKpiDocument),
        { nombres: ['Producción (CU)_561'], desde: addDays(fecha, -364), hasta: fecha },
      ],
    ];
    const medidas: MedidaPanel[] = [];
    for (const [nombre, query, variables] of casos) {
      const pedir = async () => {
        const r = await app.inject({
          method: 'POST',
          url: '/graphql',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          payload: { query, variables },
        });
        const body = r.json() as { errors?: { message: string }[] };
        if (r.statusCode !== 200 || body.errors) throw new Error(`${nombre}: ${r.body.slice(0, 300)}`);
      };
      await pedir();
      medidas.push({ nombre, ms: await medianTime(pedir, veces) });
    }
    return medidas;
  } finally {
    await app.close();
  }
}
