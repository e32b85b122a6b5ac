import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { type MinuteBatch, writeMinuteRows } from '../src/collector/minute-writer.ts';
import type { LecturaMinuto } from '../src/derivations/minutes.ts';
import { arrayBinario, type BulkColumn, insertUnnest } from '../src/db/bulk.ts';
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
  lecturas: Array.from({ length: ITEMS }, (_, i): LecturaMinuto => ({
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

  it('arrays go in binary, and every type reads back as PostgreSQL parses its text (or falls back to text)', async () => {
    const db = server().database.db;
    const tabla = `bulk_binario_${process.pid}`;
    await db.execute(
      sql.raw(`create table ${tabla} (via text, k int, s smallint, i int, b bigint, f float8,
      tx text, d date, ts timestamptz, bo bool, tm time)`),
    );
    type Fila = (string | number | boolean | null)[];
    const filas: Fila[] = [
      [
        1,
        -32768,
        -(2 ** 31),
        -(2 ** 53) + 1,
        -1.5e-300,
        '',
        '2000-01-01',
        '2000-01-01T00:00:00.000Z',
        true,
        '00:00',
      ],
      [
        2,
        32767,
        2 ** 31 - 1,
        2 ** 53 - 1,
        Math.PI,
        'ñandú "a,b" {c} \\ NULL',
        '2024-02-29',
        '2026-03-02T10:15:30.123Z',
        false,
        '23:59:59',
      ],
      [3, null, null, null, null, null, null, null, null, null],
      [4, 0, 0, 0, 0.1 + 0.2, 'NULL', '1999-12-31', '1969-07-20T20:17:00+05:30', true, '07:30:05'],
      [5, 7, 42, 9_007_199_254, 1e308, '日本 🍾', '2026-11-29', '2026-11-29T05:00Z', false, '12:00'],
    ];
    const nombres = ['k', 's', 'i', 'b', 'f', 'tx', 'd', 'ts', 'bo', 'tm'] as const;
    const tipos = [
      'int',
      'smallint',
      'int',
      'bigint',
      'float8',
      'text',
      'date',
      'timestamptz',
      'bool',
      'time',
    ] as const;
    const columnas = (via: string): BulkColumn<Fila>[] => [
      { name: 'via', type: 'text', value: () => via },
      ...nombres.map((name, i) => ({ name, type: tipos[i]!, value: (r: Fila) => r[i] })),
    ];
    // Every column of these rows is encoded in binary…
    for (const [i, tipo] of tipos.entries())
      expect(
        arrayBinario(
          tipo,
          filas.map((f) => f[i]),
        ),
      ).toBeInstanceOf(Buffer);
    await insertUnnest(db, tabla, columnas('binario'), filas, '');
    // …and the same values as text arrays, parsed by the database.
    const texto = nombres.map((_, i) => sql`${sql.param(filas.map((f) => f[i]))}::${sql.raw(tipos[i]!)}[]`);
    await db.execute(sql`insert into ${sql.identifier(tabla)} (via, ${sql.raw(nombres.join(', '))})
      select 'texto', * from unnest(${sql.join(texto, sql`, `)})`);
    const leer = async (via: string) =>
      (
        (await db.execute(
          sql`select k, s, i, b::text, f, tx, d::text, ts::text, bo, tm::text from ${sql.identifier(tabla)}
              where via = ${via} order by k`,
        )) as unknown as { rows: unknown[] }
      ).rows;
    const binario = await leer('binario');
    expect(binario).toHaveLength(filas.length);
    expect(binario).toEqual(await leer('texto'));

    // Values the encoder does not read exactly as PostgreSQL would go as text, and keep their meaning
    // (a timestamp without its offset is in the session's zone) or their refusal.
    for (const [tipo, valor] of [
      ['timestamptz', '2026-03-02 10:15'],
      ['int', 1.5],
      ['int', 2 ** 31],
      ['smallint', 40_000],
      ['bigint', 2 ** 60],
      ['date', '2026-02-30'],
      ['time', '24:00'],
      ['float8', '1.5'],
      ['bool', 't'],
    ] as const)
      expect(arrayBinario(tipo, [valor])).toBeNull();
    await insertUnnest(
      db,
      tabla,
      [
        { name: 'via', type: 'text', value: () => 'sin-zona' },
        { name: 'ts', type: 'timestamptz', value: (r: string) => r },
      ],
      ['2026-03-02 10:15'],
      '',
    );
    const [sinZona] = (
      (await db.execute(
        sql`select (ts = ${'2026-03-02 10:15'}::timestamptz) as igual from ${sql.identifier(tabla)} where via = 'sin-zona'`,
      )) as unknown as { rows: { igual: boolean }[] }
    ).rows;
    expect(sinZona?.igual).toBe(true);
    const fuera = await insertUnnest(
      db,
      tabla,
      [{ name: 'i', type: 'int', value: (r: number) => r }],
      [2 ** 31],
      '',
    ).then(
      () => null,
      (err: Error & { cause?: Error }) => err.cause?.message ?? err.message,
    );
    expect(fuera).toMatch(/out of range/);
    await db.execute(sql.raw(`drop table ${tabla}`));
  });
});
