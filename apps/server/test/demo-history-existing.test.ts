import { productionDayRange } from '@planta/domain';
import { createPlantModel } from '@planta/plant-model';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { beforeAll, expect, it } from 'vitest';
import { runDemoBackfill } from '../src/demo/backfill.ts';
import { DEMO_SEED } from '../src/demo/start-demo.ts';
import { describeEachDatabase } from './harness.ts';

const TZ = 'America/Lima';
const NOW = new Date('2026-03-02T15:00:00Z');
const DAYS = 3;
const silent = pino({ level: 'silent' });

// The backfill writes the minute tables without ON CONFLICT only for the days before the first
// minute already stored; a day that already holds minutes (a live collector of an earlier start)
// keeps them and gets the rest, never twice.
describeEachDatabase('demo history over minutes already written', (server) => {
  const marker = 123.25;
  let previous: { start: Date; minutes: number };

  beforeAll(async () => {
    const db = server().database.db;
    const { start } = productionDayRange('2026-02-28', TZ);
    // An hour of line 1 and of one variable, on the middle day, as a live collector would leave it.
    const minutes = 60;
    await db.execute(sql`
      insert into scada_lecturas (linea, fecha, velocidad, botellas, botellas_llenas, paquetes, formato)
      select 1, ${start.toISOString()}::timestamptz + m * interval '1 minute', ${marker}, 0, 0, 0, 0
      from generate_series(0, ${minutes - 1}) m`);
    previous = { start, minutes };
    const model = createPlantModel({ seed: DEMO_SEED, timeZone: TZ });
    const result = await runDemoBackfill(db, { model, days: DAYS, timeZone: TZ, now: NOW, logger: silent });
    expect(result).toEqual({ desde: '2026-02-27', hasta: '2026-03-01', daysWritten: DAYS });
  }, 120_000);

  it('keeps the minutes already there and writes every other minute once', async () => {
    const rows = (
      (await server().database.db.execute(sql`
        select count(*)::int as n,
               count(*) filter (where velocidad = ${marker})::int as kept,
               count(distinct (linea, fecha))::int as distintos
        from scada_lecturas`)) as unknown as { rows: { n: number; kept: number; distintos: number }[] }
    ).rows[0];
    // Three complete days of four lines, plus today from 08:00 Lima (13:00Z) to 15:00Z.
    expect(rows?.n).toBe(DAYS * 1440 * 4 + 120 * 4);
    expect(rows?.distintos).toBe(rows?.n);
    expect(rows?.kept).toBe(previous.minutes);
  });

  it('derives the day over the minutes it found', async () => {
    const [hora] = (
      (await server().database.db.execute(sql`
        select minutos::int as minutos from scada_hora
        where linea = 1 and fecha = ${previous.start.toISOString()}::timestamptz`)) as unknown as {
        rows: { minutos: number }[];
      }
    ).rows;
    expect(hora?.minutos).toBe(60);
  });
});
