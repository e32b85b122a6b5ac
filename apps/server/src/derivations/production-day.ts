import { productionDayRange } from '@planta/domain';
import { formatFecha } from '@planta/charts';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { DEMO_COMPLETE_FROM_KEY, DEMO_DERIVED_FROM_KEY } from '../demo/claves.ts';
import { badInput } from '../errors.ts';
import { deriveDailyValues, upsertDailyValues } from './daily-values.ts';
import { recomputeAggregates } from './historicos.ts';
import { lineDays, writeEficiencias } from './line-day.ts';
import { ensureProductionMetas } from './metas.ts';
import { iso, type ProdLinea } from './minutes.ts';
import { rollupHoras, rollupLecturas } from './rollups.ts';
import type { RollupsPreparados } from './rollups-en-memoria.ts';

/*
 * The derivation of a production day, in order (each step in its own file):
 * - rollups.ts: lecturas_hora/lecturas_dia, scada_hora and contadores_hora, over the minute rows
 *   as minutes.ts reads them;
 * - line-day.ts: each line's day and time model (its row in eficiencias);
 * - metas.ts: the day's production metas when nobody wrote them;
 * - daily-values.ts: the daily historicos of every OPC and calculated variable (kpis.ts,
 *   special-kpis.ts, hr-day.ts), then historicos.ts: mensual/anual.
 * The month's zero waste figure is derived apart (zero-waste.ts), when its registros change.
 */

// The zero-waste repository takes its derivation from here (the file is not ours to edit now).
export { deriveZeroWasteMonth } from './zero-waste.ts';

/**
 * A day whose raw minutes the retention dropped (RETENCION_MINUTOS_DIAS), wholly or in part (a
 * production day straddles two calendar months, and months go one at a time), keeps the figures
 * derived while it had them: deriving it again from what is left would shrink its production, or
 * turn it into zeros. Its hourly rollup remembers how many minutes there were (scada_hora.minutos);
 * fewer minutes now means some are gone, and the edit that asked for the derivation (a stop, a
 * shift's hours) is refused and rolled back with it.
 */
async function rechazarDiaSinMinutos(db: Db, fecha: string, start: Date, end: Date): Promise<void> {
  const [dia] = await rowsOf<{ minutos: number; esperados: number }>(
    db.execute(sql`
      select (select count(*) from scada_lecturas where fecha >= ${iso(start)}::timestamptz and fecha < ${iso(end)}::timestamptz)::int as minutos,
             (select coalesce(sum(minutos), 0) from scada_hora where fecha >= ${iso(start)}::timestamptz and fecha < ${iso(end)}::timestamptz)::int as esperados`),
  );
  if (dia && dia.minutos < dia.esperados) {
    // A first start writes the demo history's figures before its minutes: not lost, still coming.
    const [demo] = await rowsOf<{ pendiente: boolean }>(
      db.execute(sql`
        select coalesce(${fecha}::date >= (select valor::date from sistema where clave = ${DEMO_DERIVED_FROM_KEY})
          and ${fecha}::date < (select valor::date from sistema where clave = ${DEMO_COMPLETE_FROM_KEY}), false) as pendiente`),
    );
    if (demo?.pendiente) {
      throw badInput(
        `La historia de demostración aún está escribiendo los minutos del día ${formatFecha(fecha)}: ` +
          'inténtelo de nuevo en unos segundos',
        'fecha',
      );
    }
    throw badInput(
      `Los minutos del día ${formatFecha(fecha)} ya no se conservan (RETENCION_MINUTOS_DIAS): ` +
        'sus cifras quedan como están y no se pueden recalcular',
      'fecha',
    );
  }
}

/**
 * Everything derived for one production day, in order: hourly rollups, contadores_hora,
 * efficiencies, the daily historicos of OPC and calculated variables, then mensual/anual.
 * The same function serves the demo backfill and, later, the live collector.
 */
export async function deriveProductionDay(
  db: Db,
  fecha: string,
  timeZone: string,
  options: {
    recompute?: boolean;
    now?: number;
    /** Only the readings of these minutes changed since the last derivation (the live collector). */
    minutos?: { desde: Date; hasta: Date };
    /**
     * The day's minutes were all written just now, in this transaction (the demo backfill): none
     * can have been dropped by the retention, so the check against the hourly rollup is left off.
     */
    minutosRecienEscritos?: boolean;
    /**
     * The day's rollups computed from its minutes in memory (the demo backfill, which simulated
     * them): written as given instead of computed from the stored minutes, which may come later.
     */
    rollups?: RollupsPreparados;
  } = {},
): Promise<void> {
  const { start, end } = productionDayRange(fecha, timeZone);
  const { rollups } = options;
  let prodDia: ProdLinea[];
  if (rollups) {
    if (rollups.escritura) await db.execute(rollups.escritura);
    prodDia = rollups.prodDia;
  } else {
    if (!options.minutos && !options.minutosRecienEscritos)
      await rechazarDiaSinMinutos(db, fecha, start, end);
    await rollupLecturas(db, fecha, start, end, options.minutos);
    prodDia = await rollupHoras(db, start, end);
  }
  const lines = await lineDays(db, fecha, start, end, options.now ?? Date.now(), prodDia);
  await ensureProductionMetas(db, fecha);
  await writeEficiencias(db, fecha, lines);
  const values = await deriveDailyValues(db, fecha, start, end, lines, rollups?.fugas);
  await upsertDailyValues(db, fecha, values);
  if (options.recompute !== false) {
    await recomputeAggregates(
      db,
      values.map((v) => v.variableId),
      fecha,
    );
  }
}
