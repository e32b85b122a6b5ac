import { productionDay, productionDayRange } from '@planta/domain';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { writeMinuteRows } from '../src/collector/minute-writer.ts';
import type { Db } from '../src/db/client.ts';
import { rollupLecturas } from '../src/derivations/rollups.ts';
import { describeEachDatabase } from './harness.ts';

// A plant at UTC+5:30: its production day starts at 02:30 UTC, half-way through an hour bucket.
const TZ = 'Asia/Kolkata';
const FIRST = Date.parse('2026-06-10T01:00:00Z');
const MINUTES = 150;
const VARIABLES = [1, 2, 3];

const snapshot = async (db: Db) => {
  const hours = (await db.execute(
    sql`select variable_id, fecha, suma, minimo, maximo, conteo, ultimo from lecturas_hora order by 1, 2`,
  )) as unknown as { rows: unknown[] };
  const days = (await db.execute(
    sql`select variable_id, fecha::text, suma, minimo, maximo, conteo, ultimo from lecturas_dia order by 1, 2`,
  )) as unknown as { rows: unknown[] };
  return { hours: hours.rows, days: days.rows };
};

describeEachDatabase('Hourly readings rollup of the live collector', (server) => {
  it('rolling up only the hour of each minute written gives what the whole-day pass gives', async () => {
    const db = server().database.db;
    // Minute by minute as the collector writes them, each followed by the rollup of its hour only,
    // across an hour bucket that the production day's start cuts in two.
    for (let i = 0; i < MINUTES; i++) {
      const t = FIRST + i * 60_000;
      await writeMinuteRows(db, {
        scada: [],
        lecturas: VARIABLES.map((variableId) => ({
          variableId,
          t,
          valor: ((i * variableId) % 17) + variableId / 4,
        })),
      });
      const fecha = productionDay(t, TZ);
      const { start, end } = productionDayRange(fecha, TZ);
      await rollupLecturas(db, fecha, start, end, { desde: new Date(t), hasta: new Date(t + 60_000) });
    }
    const incremental = await snapshot(db);
    expect(incremental.days.length).toBe(2 * VARIABLES.length);
    expect(incremental.hours.length).toBeGreaterThanOrEqual(3 * VARIABLES.length);

    await db.execute(sql`delete from lecturas_hora`);
    await db.execute(sql`delete from lecturas_dia`);
    for (const fecha of new Set([productionDay(FIRST, TZ), productionDay(FIRST + MINUTES * 60_000, TZ)])) {
      const { start, end } = productionDayRange(fecha, TZ);
      await rollupLecturas(db, fecha, start, end);
    }
    expect(incremental).toEqual(await snapshot(db));
  });
});
