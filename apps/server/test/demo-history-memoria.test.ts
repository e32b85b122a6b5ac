import { addDays, productionDayRange } from '@planta/domain';
import { createPlantModel } from '@planta/plant-model';
import { type SQL, sql } from 'drizzle-orm';
import pino from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import { joinInserts } from '../src/db/bulk.ts';
import type { Db } from '../src/db/client.ts';
import { runDemoBackfill } from '../src/demo/backfill.ts';
import { seedReference } from '../src/demo/seed-reference.ts';
import { DEMO_SEED } from '../src/demo/start-demo.ts';
import type { MinutoScada } from '../src/derivations/minutes.ts';
import { deriveProductionDay } from '../src/derivations/production-day.ts';
import {
  cargarReferenciaMinutos,
  diaEnHorasEnteras,
  insercionesRollups,
  rollupsDelDia,
} from '../src/derivations/rollups-en-memoria.ts';
import { rollupHoras, rollupLecturas } from '../src/derivations/rollups.ts';
import { deriveSpecial } from '../src/derivations/special-kpis.ts';
import { describeEachDatabase } from './harness.ts';

/*
 * A first start writes the three months' figures from each day's minutes in memory
 * (rollups-en-memoria.ts), their minute rows after. The SQL of rollups.ts and special-kpis.ts is the
 * definition: every figure written so must be the one the live derivation gives from the stored
 * minutes, on the demo's days and on minutes made to meet each rule of minutes.ts.
 */

const TZ = 'America/Lima';
// Today 2026-03-04; seven complete days across February's end, the newest four ahead of the rest.
const NOW = new Date('2026-03-04T15:00:00Z');
const DAYS = 7;
const VENTANA = 4;
const silent = pino({ level: 'silent' });

const rows = async <T>(db: Db, query: SQL): Promise<T[]> =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** Every figure a day's derivation writes, keyed and in one order, numbers as float8. */
const DERIVADOS: Record<string, SQL> = {
  scada_hora: sql`select linea, fecha::text, botellas, botellas_llenas, paquetes, minutos_marcha,
    velocidad_suma, minutos, formato from scada_hora where fecha < '2026-03-04 13:00Z' order by 1, 2`,
  contadores_hora: sql`select linea_id, fecha::text, energia, eficiencia, kpi_energia, formato
    from contadores_hora where fecha < '2026-03-04 13:00Z' order by 1, 2`,
  lecturas_hora: sql`select variable_id, fecha::text, suma, minimo, maximo, conteo, ultimo
    from lecturas_hora where fecha < '2026-03-04 13:00Z' order by 1, 2`,
  lecturas_dia: sql`select variable_id, fecha::text, suma, minimo, maximo, conteo, ultimo
    from lecturas_dia where fecha < '2026-03-04' order by 1, 2`,
  eficiencias: sql`select linea_id, fecha::text, producido_cu, capacidad_marcha_cu, capacidad_pagada_cu,
    minutos_pagados, minutos_planificados, minutos_marcha, capacidad_operacion_cu, total_cu
    from eficiencias where fecha < '2026-03-04' order by 1, 2`,
  historicos: sql`select variable_id, fecha::text, diario, numerador, denominador, meta
    from historicos where fecha < '2026-03-04' order by 1, 2`,
};

async function derivados(db: Db): Promise<Record<string, Record<string, unknown>[]>> {
  const result: Record<string, Record<string, unknown>[]> = {};
  for (const [tabla, query] of Object.entries(DERIVADOS)) result[tabla] = await rows(db, query);
  return result;
}

/** A number as node-postgres gives a bigint or numeric: text. */
const NUMERO = /^-?\d+(\.\d+)?(e[+-]?\d+)?$/i;

/** Equal rows, numbers within a relative 1e-9 (a sum in another order differs in its last bits). */
function expectMismasFilas(a: Record<string, unknown>[], b: Record<string, unknown>[], tabla: string): void {
  expect(a.length, `${tabla}: filas`).toBe(b.length);
  for (const [i, fila] of a.entries()) {
    const otra = b[i]!;
    for (const [k, v] of Object.entries(fila)) {
      const w = otra[k];
      const x = typeof v === 'string' && NUMERO.test(v) ? Number(v) : v;
      const y = typeof w === 'string' && NUMERO.test(w) ? Number(w) : w;
      if (typeof x === 'number' && typeof y === 'number') {
        expect(Math.abs(x - y), `${tabla} ${JSON.stringify(fila)} ${k}`).toBeLessThanOrEqual(
          1e-9 * Math.max(1, Math.abs(x), Math.abs(y)),
        );
      } else {
        expect(x, `${tabla} ${JSON.stringify(fila)} ${k}`).toEqual(y);
      }
    }
  }
}

describeEachDatabase('demo history: the figures from minutes in memory are the database’s', (server) => {
  let antes: Record<string, Record<string, unknown>[]>;
  const db = () => server().database.db;

  beforeAll(async () => {
    await runDemoBackfill(db(), {
      model: createPlantModel({ seed: DEMO_SEED, timeZone: TZ }),
      days: DAYS,
      timeZone: TZ,
      now: NOW,
      logger: silent,
      ventanaDias: VENTANA,
    });
    antes = await derivados(db());
    // Every day derived again as the live code does: from the minutes the database holds.
    for (let fecha = '2026-02-25'; fecha <= '2026-03-03'; fecha = addDays(fecha, 1)) {
      await db().transaction(async (tx) =>
        deriveProductionDay(tx as unknown as Db, fecha, TZ, { recompute: false }),
      );
    }
  }, 240_000);

  it('holds every minute of the seven days', async () => {
    const [n] = await rows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from scada_lecturas where fecha < '2026-03-04 13:00Z'`,
    );
    expect(n?.n).toBe(DAYS * 1440 * 4);
  });

  for (const tabla of Object.keys(DERIVADOS)) {
    it(`${tabla}: the same figures derived from the stored minutes`, async () => {
      const despues = await derivados(db());
      expect(antes[tabla]!.length).toBeGreaterThan(0);
      expectMismasFilas(antes[tabla]!, despues[tabla]!, tabla);
    });
  }
});

describeEachDatabase('rollups in memory: each rule of minutes.ts on minutes made for it', (server) => {
  const db = () => server().database.db;
  // A production day of 2026-04-10 (Lima: 13:00Z to 13:00Z).
  const fecha = '2026-04-10';
  const { start, end } = productionDayRange(fecha, TZ);
  const t0 = start.getTime();
  const M = 60_000;
  let scada: MinutoScada[];
  let siguientes: MinutoScada[];
  let lecturas: { variableId: number; t: number; valor: number }[];
  let plan: { linea: number; inicio: number; fin: number }[];
  let sqlFilas: Record<string, Record<string, unknown>[]>;
  let sqlProd: unknown[];
  let sqlFugas: unknown;
  let flujo: string;
  let memoriaProd: unknown[];
  let memoriaFugas: { idle: number | null; todo: number | null };

  const leer = async () => ({
    scada_hora: await rows<Record<string, unknown>>(
      db(),
      sql`select linea, fecha::text, botellas, botellas_llenas, paquetes, minutos_marcha, velocidad_suma, minutos, formato
          from scada_hora order by 1, 2`,
    ),
    contadores_hora: await rows<Record<string, unknown>>(
      db(),
      sql`select linea_id, fecha::text, energia, eficiencia, kpi_energia, formato from contadores_hora order by 1, 2`,
    ),
    lecturas_hora: await rows<Record<string, unknown>>(
      db(),
      sql`select variable_id, fecha::text, suma, minimo, maximo, conteo, ultimo from lecturas_hora order by 1, 2`,
    ),
    lecturas_dia: await rows<Record<string, unknown>>(
      db(),
      sql`select variable_id, fecha::text, suma, minimo, maximo, conteo, ultimo from lecturas_dia order by 1, 2`,
    ),
  });

  beforeAll(async () => {
    const model = createPlantModel({ seed: DEMO_SEED, timeZone: TZ });
    const ids = await seedReference(db(), model.reference);
    const ref = await cargarReferenciaMinutos(db());
    const codigos = (linea: number) =>
      [...ref.formatos.keys()].filter((k) => k.startsWith(`${linea}:`)).map((k) => Number(k.split(':')[1]));
    const [a, b] = codigos(1);
    expect(a && b).toBeTruthy();
    const minuto = (
      linea: number,
      i: number,
      formato: number,
      botellas: number,
      velocidad = botellas,
    ): MinutoScada => ({
      linea,
      t: t0 + i * M,
      velocidad,
      botellas,
      botellasLlenas: Math.max(0, botellas - (i % 3)),
      paquetes: Math.floor(botellas / 12),
      formato,
    });
    scada = [];
    for (let i = 0; i < 1440; i++) {
      // Line 1: no code for its first 40 minutes (the day's first product, carried back), then
      // code a, its later minutes without a code (carried forward), code b from 130 on, an hour
      // that b and a share with equal packs, a code no product has, stopped minutes.
      const f1 =
        i < 40
          ? 0
          : i === 40
            ? a!
            : i < 130
              ? 0
              : i === 130
                ? b!
                : i === 300
                  ? a!
                  : i === 330
                    ? b!
                    : i === 600
                      ? 987_654
                      : 0;
      const parado = (i >= 700 && i < 760) || i >= 1430;
      scada.push(minuto(1, i, f1, parado ? 0 : 120 + (i % 7)));
      // Line 2: never a code (its mean nominal speed), runs half the day.
      scada.push(minuto(2, i, 0, i % 2 === 0 ? 90 : 0));
    }
    // Line 3: a day with no row of line 3 after 10:00; line 4: nothing at all.
    for (let i = 0; i < 120; i++) scada.push(minuto(3, i, 0, 0, 0));
    // The next day's first minutes: line 1 counts, line 2 does not (the air-leak window reaches them).
    siguientes = [];
    for (let i = 0; i < 5; i++) {
      siguientes.push(minuto(1, 1440 + i, b!, 100));
      siguientes.push(minuto(2, 1440 + i, 0, 0, 0));
    }
    const variable = (nombre: string) => {
      const id = ids.variableIdByNombre.get(nombre);
      if (id === undefined) throw new Error(nombre);
      return id;
    };
    flujo = 'Flujo aire AP soplado (Nm³/h)_561';
    const energia = 'Energía eléctrica (kWh)_561';
    lecturas = [];
    for (let i = 0; i < 1440; i += 5) {
      lecturas.push({ variableId: variable(flujo), t: t0 + i * M, valor: 300 + (i % 11) });
    }
    // Off the 5-minute grid, 3 minutes before the day ends: its window reaches the next day.
    lecturas.push({ variableId: variable(flujo), t: t0 + 1437 * M, valor: 500 });
    for (let h = 0; h < 24; h++) {
      lecturas.push({ variableId: variable(energia), t: t0 + h * 60 * M, valor: 40 + h });
      lecturas.push({ variableId: variable(energia), t: t0 + h * 60 * M + 30 * M, valor: h === 5 ? -2 : 35 });
    }
    lecturas.push({ variableId: variable('Energía eléctrica (kWh)'), t: t0 + 90 * M, valor: 1_000 });
    // A planned stop from the day before running into this one (line 1, which runs in part of
    // it), a CIP within the day (line 2), a fault (not planned).
    plan = [
      { linea: 1, inicio: t0 - 30 * M, fin: t0 + 20 * M },
      { linea: 2, inicio: t0 + 200 * M, fin: t0 + 290 * M },
    ];
    const lineaId = (n: number) => ids.lineaIdByNumero.get(n)!;
    await db().execute(sql`
      insert into paros (linea_id, inicio, fin, equipo, causa, tipo, origen) values
        (${lineaId(1)}, ${new Date(t0 - 30 * M).toISOString()}, ${new Date(t0 + 20 * M).toISOString()}, 'Línea', 'Mantenimiento', 'PLANIFICADO', 'DEMO'),
        (${lineaId(2)}, ${new Date(t0 + 200 * M).toISOString()}, ${new Date(t0 + 290 * M).toISOString()}, 'Línea', 'Limpieza', 'CIP', 'DEMO'),
        (${lineaId(1)}, ${new Date(t0 + 700 * M).toISOString()}, ${new Date(t0 + 760 * M).toISOString()}, 'Llenadora', 'Falla', 'FALLA', 'DEMO')`);
    const minutosSql = (filas: readonly MinutoScada[]) => sql`
      insert into scada_lecturas (linea, fecha, velocidad, botellas, botellas_llenas, paquetes, formato)
      select * from unnest(${sql.param(filas.map((f) => f.linea))}::smallint[], ${sql.param(filas.map((f) => new Date(f.t).toISOString()))}::timestamptz[],
        ${sql.param(filas.map((f) => f.velocidad))}::float8[], ${sql.param(filas.map((f) => f.botellas))}::int[],
        ${sql.param(filas.map((f) => f.botellasLlenas))}::int[], ${sql.param(filas.map((f) => f.paquetes))}::int[],
        ${sql.param(filas.map((f) => f.formato))}::int[])`;
    await db().execute(minutosSql([...scada, ...siguientes]));
    await db().execute(sql`
      insert into lecturas (variable_id, fecha, valor)
      select * from unnest(${sql.param(lecturas.map((l) => l.variableId))}::int[],
        ${sql.param(lecturas.map((l) => new Date(l.t).toISOString()))}::timestamptz[], ${sql.param(lecturas.map((l) => l.valor))}::float8[])`);
    // The database's figures (rollups.ts, special-kpis.ts), read, then removed for the others.
    await rollupLecturas(db(), fecha, start, end);
    sqlProd = await rollupHoras(db(), start, end);
    sqlFugas = await deriveSpecial(db(), 'Fugas de aire (%)_561', start, end, [], async () => undefined);
    sqlFilas = await leer();
    await db().execute(sql`delete from scada_hora`);
    await db().execute(sql`delete from contadores_hora`);
    await db().execute(sql`delete from lecturas_hora`);
    await db().execute(sql`delete from lecturas_dia`);
    const memoria = rollupsDelDia(ref, { start, end, scada, siguientes, lecturas, plan });
    await db().execute(joinInserts(insercionesRollups(memoria, fecha))!);
    memoriaProd = memoria.prodDia;
    memoriaFugas = memoria.fugas(flujo);
  }, 120_000);

  for (const tabla of ['scada_hora', 'contadores_hora', 'lecturas_hora', 'lecturas_dia']) {
    it(`${tabla}: the same rows written`, async () => {
      const filas: Record<string, Record<string, unknown>[]> = await leer();
      expect(sqlFilas[tabla]!.length).toBeGreaterThan(0);
      expectMismasFilas(filas[tabla]!, sqlFilas[tabla]!, tabla);
    });
  }

  it('the lines’ sums of the day (carried products, planned stops, lines without a product)', () => {
    const orden = (l: unknown[]) =>
      [...(l as { linea: number }[])].sort((x, y) => x.linea - y.linea) as unknown as Record<
        string,
        unknown
      >[];
    expectMismasFilas(orden(memoriaProd), orden(sqlProd), 'prod');
    // The rules were met: a run minute within the planned stop, a stopped minute at a nominal.
    const uno = (memoriaProd as { linea: number; marcha_en_paro: number; tasa_parado: number | null }[]).find(
      (p) => p.linea === 1,
    );
    expect(uno?.marcha_en_paro).toBe(20);
    expect(uno?.tasa_parado).toBeGreaterThan(0);
  });

  it('the air leaks: idle flow over all flow, the next day’s first minutes counted', () => {
    const valor = (memoriaFugas.idle! / memoriaFugas.todo!) * 100;
    expect((sqlFugas as { valor: number }).valor).toBeCloseTo(valor, 9);
    expect(memoriaFugas.idle).not.toBeNull();
  });
});

describe('rollups in memory: where they do not apply', () => {
  it('a day not made of whole hours in UTC (a zone at +5:30) is left to the database', () => {
    const india = productionDayRange('2026-04-10', 'Asia/Kolkata');
    expect(diaEnHorasEnteras(india.start, india.end)).toBe(false);
    const lima = productionDayRange('2026-04-10', TZ);
    expect(diaEnHorasEnteras(lima.start, lima.end)).toBe(true);
  });
});

describeEachDatabase('demo history in a zone at +5:30: every day written whole by the database', (server) => {
  const db = () => server().database.db;
  const INDIA = 'Asia/Kolkata';

  beforeAll(async () => {
    await runDemoBackfill(db(), {
      model: createPlantModel({ seed: DEMO_SEED, timeZone: INDIA }),
      days: 3,
      timeZone: INDIA,
      now: NOW,
      logger: silent,
      ventanaDias: 2,
    });
  }, 120_000);

  it('no day ahead of its minutes: the three days complete, their figures there', async () => {
    const claves = await rows<{ clave: string; valor: string }>(
      db(),
      sql`select clave, valor from sistema where clave like 'demo.%' order by clave`,
    );
    const valor = (clave: string) => claves.find((c) => c.clave === clave)?.valor;
    expect(valor('demo.completa_desde')).toBe(valor('demo.desde'));
    expect(valor('demo.derivada_desde')).toBe(valor('demo.desde'));
    for (let fecha = valor('demo.desde')!; fecha <= valor('demo.hasta')!; fecha = addDays(fecha, 1)) {
      const { start, end } = productionDayRange(fecha, INDIA);
      const [dia] = await rows<{ minutos: number; lineas: number }>(
        db(),
        sql`select (select count(*)::int from scada_lecturas where fecha >= ${start.toISOString()}::timestamptz
                      and fecha < ${end.toISOString()}::timestamptz) as minutos,
                   (select count(*)::int from eficiencias where fecha = ${fecha}::date) as lineas`,
      );
      expect(dia, fecha).toEqual({ minutos: 1440 * 4, lineas: 4 });
    }
  });
});
