// Issue 33 item 1: the demo history and the collector write stops of the same plant. A restart
// writes the model's day in progress (and the days since an earlier start) again: a stop of the
// model that the collector already recorded live must not be added a second time.
import { createPlantModel } from '@planta/plant-model';
import { productionDay } from '@planta/domain';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { writeToday } from '../src/demo/backfill.ts';
import { seedReference } from '../src/demo/seed-reference.ts';
import { DEMO_SEED } from '../src/demo/start-demo.ts';
import { describeEachDatabase } from './harness.ts';

const TZ = 'America/Lima';

describeEachDatabase('the demo leaves out the model stops the collector recorded', (server) => {
  it('writes the day in progress without the model stops overlapping PLC ones, and the others', async () => {
    const db = server().database.db;
    const model = createPlantModel({ seed: DEMO_SEED, timeZone: TZ });
    const ids = await seedReference(db, model.reference);
    const now = new Date('2026-06-12T02:00:00Z');
    const today = productionDay(now, TZ);
    const paros = model.day(today).paros.filter((p) => p.fin <= now.getTime());
    expect(paros.length).toBeGreaterThan(3);
    // The collector saw the first of line 1's model stops live (a few seconds off, as a PLC would).
    const visto = paros.find((p) => p.linea === 1)!;
    await db.execute(sql`
      insert into paros (linea_id, inicio, fin, equipo, causa, tipo, origen)
      select id, ${new Date(visto.inicio + 3_000).toISOString()}::timestamptz,
             ${new Date(visto.fin - 2_000).toISOString()}::timestamptz, 'Sin motivo', 'Parada', 'FALLA', 'PLC'
      from lineas where numero = 1`);

    await writeToday(db, ids, model, today, now, TZ);

    const rows = (await db.execute(sql`
      select l.numero as linea, p.inicio, p.origen from paros p join lineas l on l.id = p.linea_id
      order by p.inicio`)) as unknown as { rows: { linea: number; inicio: Date | string; origen: string }[] };
    const plc = rows.rows.filter((r) => r.origen === 'PLC');
    const demo = rows.rows.filter((r) => r.origen === 'DEMO');
    expect(plc).toHaveLength(1);
    expect(demo).toHaveLength(paros.length - 1);
    expect(demo.some((r) => Number(r.linea) === 1 && new Date(r.inicio).getTime() === visto.inicio)).toBe(
      false,
    );
  });
});
