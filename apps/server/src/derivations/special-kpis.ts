import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { type HrDay, hrKpi, isHrVariable } from './hr-day.ts';
import { baseName, type KpiValue, type LineDay } from './kpis.ts';
import { iso } from './minutes.ts';

/** A flow variable's mean while its line counted no bottle in the 5 minutes from each reading, and overall. */
export type FugasDeAire = (nombreFlujo: string) => { idle: number | null; todo: number | null };

/**
 * Calculated variables that need their own query: air leaks (flow while the line made nothing),
 * HR ratios from attendance and overtime (hr-day.ts).
 */
export async function deriveSpecial(
  db: Db,
  nombre: string,
  start: Date,
  end: Date,
  lines: readonly LineDay[],
  /** The day's HR figures, read once for all the HR variables of the day. */
  hrOfDay: () => Promise<HrDay | undefined>,
  /** The air-leak sums from minutes in memory (the demo backfill); else from the stored minutes. */
  fugas?: FugasDeAire,
): Promise<KpiValue | null> {
  const base = baseName(nombre);
  if (base === 'Fugas de aire (%)') {
    const flowName = nombre.replace('Fugas de aire (%)', 'Flujo aire AP soplado (Nm³/h)');
    const [row] = fugas
      ? [fugas(flowName)]
      : await rowsOf<{ idle: number | null; todo: number | null }>(
          db.execute(sql`
        select avg(l.valor) filter (where coalesce(s.botellas, 0) = 0) as idle, avg(l.valor) as todo
        from lecturas l
        join variables v on v.id = l.variable_id and v.nombre = ${flowName}
        join lineas ln on ln.id = v.linea_id
        left join lateral (
          select sum(botellas) as botellas from scada_lecturas
          where linea = ln.numero and fecha >= l.fecha and fecha < l.fecha + interval '5 minutes'
        ) s on true
        where l.fecha >= ${iso(start)}::timestamptz and l.fecha < ${iso(end)}::timestamptz`),
        );
    if (!row || row.idle === null || row.todo === null || row.todo <= 0) return null;
    const valor = (row.idle / row.todo) * 100;
    return { valor, numerador: valor * row.todo, denominador: row.todo };
  }
  if (isHrVariable(base)) return hrKpi(base, lines, hrOfDay);
  return null;
}
