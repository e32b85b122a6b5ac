import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { type LecturaRow, type MinuteBatch, writeMinuteRows } from '../src/collector/minute-writer.ts';
import type { Db } from '../src/db/client.ts';
import { describeEachDatabase } from './harness.ts';

const ITEMS = 5_000;
const CHUNK = 1_000;
const minute = (i: number) => Date.parse('2026-06-10T15:00:00Z') + i * 60_000;

/** One closed minute of 5,000 variables and 4 lines, as the collector writes it. */
const batchAt = (t: number, valor = (id: number) => id / 10): MinuteBatch => ({
  scada: [1, 2, 3, 4].map((linea) => ({
    linea,
    t,
    velocidad: 100 + linea,
    botellas: 50,
    botellasLlenas: 49,
    paquetes: 4,
    formato: 7,
  })),
  lecturas: Array.from({ length: ITEMS }, (_, i): LecturaRow => ({
    variableId: i + 1,
    t,
    valor: valor(i + 1),
  })),
});

/** The database, counting the statements run inside its transactions. */
function counting(db: Db): { db: Db; statements: () => number } {
  let statements = 0;
  const wrap = (target: Db): Db =>
    new Proxy(target, {
      get(object, key, receiver) {
        if (key === 'execute') {
          return (...args: unknown[]) => {
            statements++;
            return (object.execute as (...a: unknown[]) => unknown).apply(object, args);
          };
        }
        if (key === 'transaction') {
          return (fn: (tx: Db) => Promise<unknown>) =>
            object.transaction((tx) => fn(wrap(tx as unknown as Db)));
        }
        return Reflect.get(object, key, receiver) as unknown;
      },
    });
  return { db: wrap(db), statements: () => statements };
}

const count = async (db: Db, table: 'lecturas' | 'scada_lecturas', t: number) => {
  const result = (await db.execute(
    sql`select count(*)::int as n from ${sql.identifier(table)} where fecha = ${new Date(t).toISOString()}::timestamptz`,
  )) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]?.n ?? 0);
};

describeEachDatabase('Collector minute write in chunks', (server) => {
  it('writes a minute of 5,000 items in statements of 1,000 rows; readers see all of it or none', async () => {
    const db = server().database.db;
    const t = minute(0);
    const { db: spied, statements } = counting(db);
    let done = false;
    const seen: number[] = [];
    const reader = (async () => {
      // Readers running while the chunks go in, each on its own (pool) connection when there is one.
      while (!done) {
        const [lecturas, scada] = await Promise.all([
          count(db, 'lecturas', t),
          count(db, 'scada_lecturas', t),
        ]);
        seen.push(lecturas, scada === 4 ? ITEMS : scada === 0 ? 0 : -scada);
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    await writeMinuteRows(spied, batchAt(t), CHUNK);
    done = true;
    await reader;
    // 5 statements for the readings, 1 for the lines (plus nothing else inside the transaction).
    expect(statements()).toBe(ITEMS / CHUNK + 1);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.filter((n) => n !== 0 && n !== ITEMS)).toEqual([]);
    expect(await count(db, 'lecturas', t)).toBe(ITEMS);
    expect(await count(db, 'scada_lecturas', t)).toBe(4);
    const [sum] = (
      (await db.execute(
        sql`select sum(valor)::float8 as s, count(distinct variable_id)::int as n from lecturas where fecha = ${new Date(t).toISOString()}::timestamptz`,
      )) as unknown as { rows: { s: number; n: number }[] }
    ).rows;
    expect(sum?.n).toBe(ITEMS);
    expect(sum?.s).toBeCloseTo((ITEMS * (ITEMS + 1)) / 2 / 10, 6);
  });

  it('a chunk that fails rolls back the chunks before it: no half-written minute', async () => {
    const db = server().database.db;
    const t = minute(1);
    // The 4,501st reading has no value (NOT NULL): the fifth statement fails after four went in.
    const broken = batchAt(t, (id) => (id === 4_501 ? Number.NaN : id));
    await expect(writeMinuteRows(db, broken, CHUNK)).rejects.toThrow();
    expect(await count(db, 'lecturas', t)).toBe(0);
    expect(await count(db, 'scada_lecturas', t)).toBe(0);
  });

  it('writing the same minute again changes nothing (buffer replays, hand-overs)', async () => {
    const db = server().database.db;
    const t = minute(0);
    await writeMinuteRows(
      db,
      batchAt(t, () => 999),
      CHUNK,
    );
    expect(await count(db, 'lecturas', t)).toBe(ITEMS);
    const [row] = (
      (await db.execute(
        sql`select count(*)::int as n from lecturas where fecha = ${new Date(t).toISOString()}::timestamptz and valor = 999`,
      )) as unknown as { rows: { n: number }[] }
    ).rows;
    expect(row?.n).toBe(0);
  });
});
