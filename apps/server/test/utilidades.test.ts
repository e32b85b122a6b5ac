import { productionDay, productionDayRange } from '@planta/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { historicos, metas, variables } from '../src/db/schema/index.ts';
import {
  INDICADORES,
  SUMAS_VACIAS,
  fugasAire,
  porUnidad,
  sumar,
  type SumasUtilidades,
} from '../src/modules/utilidades/utilidades.rules.ts';
import { addReadings, seedPlant, TZ, writeLine1Day } from './fixtures.ts';
import { describeEachDatabase } from './harness.ts';

// The Utilidades screen: utilities per unit produced (ratio of the sums of the period) against
// their metas, and the compressed-air leak share from minute rows, recomputed here from the raw
// rows each test writes.

const def = (clave: string) => INDICADORES.find((d) => d.clave === clave)!;

describe('utilidades: per-unit rules', () => {
  const dia = (s: Partial<SumasUtilidades>): SumasUtilidades => ({ ...SUMAS_VACIAS, ...s });

  it('divides the sums of the period, never averages the daily ratios', () => {
    const a = dia({ litros: 100_000, agua_m3: 200 }); // 2.0 L/L
    const b = dia({ litros: 300_000, agua_m3: 360 }); // 1.2 L/L
    const total = sumar([a, b]);
    expect(porUnidad(def('agua'), total)).toBeCloseTo(560_000 / 400_000, 10); // 1.4, not 1.6
    expect(porUnidad(def('agua'), total)).not.toBeCloseTo((2 + 1.2) / 2, 3);
  });

  it('has no figure without production or without a reading (null, not 0)', () => {
    expect(porUnidad(def('agua'), dia({ litros: 0, agua_m3: 10 }))).toBeNull();
    expect(porUnidad(def('gas'), dia({ litros: 1000 }))).toBeNull();
    expect(sumar([dia({ gas_m3: null }), dia({ gas_m3: null })]).gas_m3).toBeNull();
    expect(sumar([dia({ gas_m3: 2 }), dia({ gas_m3: null })]).gas_m3).toBe(2);
  });

  it('writes each figure in its unit', () => {
    const s = dia({
      litros: 50_000,
      botellas: 80_000,
      energia_kwh: 5_000,
      gas_m3: 250,
      aire_nm3: 4_000,
      energia_compresores_kwh: 440,
    });
    expect(porUnidad(def('electricidad'), s)).toBeCloseTo(0.1, 10); // kWh/L
    expect(porUnidad(def('gas'), s)).toBeCloseTo(5, 10); // m³ per 1,000 L
    expect(porUnidad(def('aire_botellas'), s)).toBeCloseTo(50, 10); // Nm³ per 1,000 bottles
    expect(porUnidad(def('aire_especifico'), s)).toBeCloseTo(0.11, 10); // kWh/Nm³
  });

  it('leak % = mean flow of the minutes without production / mean flow of all minutes', () => {
    const minutos = [
      { flujo: 300, produce: true },
      { flujo: 500, produce: true },
      { flujo: 80, produce: false },
      { flujo: 120, produce: false },
    ];
    const f = fugasAire(minutos);
    expect(f.flujo_medio).toBe(250);
    expect(f.flujo_sin_produccion).toBe(100);
    expect(f.fugas_pct).toBeCloseTo(40, 10);
    expect(f.minutos_sin_produccion).toBe(2);
    // Always producing: no idle minute to measure leaks → no figure.
    expect(fugasAire([{ flujo: 300, produce: true }]).fugas_pct).toBeNull();
    expect(fugasAire([]).flujo_medio).toBeNull();
  });
});

const CONSUMOS = `query($desde: Date!, $hasta: Date!) {
  consumosUtilidades(desde: $desde, hasta: $hasta) {
    desde hasta produccion_cu litros botellas agua_m3 energia_kwh gas_m3 energia_compresores_kwh aire_nm3
    indicadores { clave nombre unidad decimales variable_meta variable_detalle valor numerador denominador mensual anual meta }
    dias { fecha produccion_cu litros botellas valores }
  }
}`;

const FUGAS = `query($desde: DateTime!, $hasta: DateTime!) {
  fugasAire(desde: $desde, hasta: $hasta) {
    minutos minutos_sin_produccion flujo_medio flujo_sin_produccion fugas_pct meta
    lineas { linea minutos minutos_sin_produccion flujo_medio flujo_sin_produccion fugas_pct meta }
  }
}`;

type Global = Omit<typeof variables.$inferInsert, 'nombre'>;

async function addVariable(db: Db, nombre: string, extra: Partial<Global> = {}): Promise<number> {
  const [row] = await db
    .insert(variables)
    .values({
      nombre,
      nivel: 'GLOBAL',
      area: 'utilidades',
      unidad: '-',
      agregacion: 'SUMA',
      fuente: 'CALCULADA',
      ...extra,
    })
    .returning({ id: variables.id });
  return row!.id;
}

describeEachDatabase('utilidades: consumosUtilidades and fugasAire', (server) => {
  let token: string;
  // Three production days with different ratios; the 5th has production only on line 1's minutes.
  const dias = [
    {
      fecha: '2026-05-04',
      cu: 10_000,
      litros: 58_000,
      agua: 100,
      kwh: 6_000,
      gas: 300,
      comp: 500,
      aire: 4_500,
    },
    {
      fecha: '2026-05-05',
      cu: 30_000,
      litros: 170_000,
      agua: 230,
      kwh: 17_500,
      gas: 820,
      comp: 1_300,
      aire: 12_000,
    },
    { fecha: '2026-05-06', cu: 2_000, litros: 11_500, agua: 40, kwh: 2_100, gas: 90, comp: 240, aire: 1_700 },
  ];
  let botellasDia1 = 0;
  const FUGAS_DIA = '2026-05-10';
  let flujos: number[] = [];
  const RUN_MINUTES = 600;

  beforeAll(async () => {
    const db = server().database.db;
    token = (await server().login()).access_token;
    const plant = await seedPlant(db);
    const id = (n: string) => plant.variableId.get(n)!;
    const energia = await addVariable(db, 'Relación energía (MJ/L)', {
      agregacion: 'PROMEDIO',
      unidad: 'MJ/L',
    });
    const agua = await addVariable(db, 'Relación agua (L/L)', { agregacion: 'PROMEDIO', unidad: 'L/L' });
    const kwh = await addVariable(db, 'Energía eléctrica (kWh)', { unidad: 'kWh', area: 'energia' });
    const gas = await addVariable(db, 'Consumo de gas (m³)', { unidad: 'm³', area: 'energia' });
    const comp = await addVariable(db, 'Energía compresores (kWh)', { unidad: 'kWh' });
    const especifico = await addVariable(db, 'Consumo específico compresores (kWh/Nm³)', {
      agregacion: 'PROMEDIO',
      unidad: 'kWh/Nm³',
    });
    const kpiCu = await addVariable(db, 'KPI energía (kWh/CU)', { agregacion: 'PROMEDIO', unidad: 'kWh/CU' });
    const fugas = await addVariable(db, 'Fugas de aire (%)_561', {
      agregacion: 'PROMEDIO',
      unidad: '%',
      nivel: 'INDIVIDUAL',
      lineaId: plant.lineaId.get(1)!,
    });
    const rows: (typeof historicos.$inferInsert)[] = [];
    for (const d of dias) {
      rows.push(
        { variableId: id('Producción (CU)'), fecha: d.fecha, diario: d.cu },
        { variableId: id('Agua extraída (m³)'), fecha: d.fecha, diario: d.agua },
        {
          variableId: energia,
          fecha: d.fecha,
          diario: (d.kwh * 3.6) / d.litros,
          numerador: d.kwh * 3.6,
          denominador: d.litros,
        },
        {
          variableId: agua,
          fecha: d.fecha,
          diario: (d.agua * 1000) / d.litros,
          numerador: d.agua * 1000,
          denominador: d.litros,
        },
        { variableId: kwh, fecha: d.fecha, diario: d.kwh },
        { variableId: gas, fecha: d.fecha, diario: d.gas },
        { variableId: comp, fecha: d.fecha, diario: d.comp },
        {
          variableId: especifico,
          fecha: d.fecha,
          diario: d.comp / d.aire,
          numerador: d.comp,
          denominador: d.aire,
        },
      );
    }
    await db.insert(historicos).values(rows);
    await db.insert(metas).values([
      { variableId: agua, fecha: '2026-05-01', valor: 1.6 },
      { variableId: agua, fecha: '2026-05-05', valor: 1.5 },
      { variableId: kpiCu, fecha: '2026-05-05', valor: 0.3 },
      { variableId: especifico, fecha: '2026-05-05', valor: 0.11 },
      { variableId: fugas, fecha: FUGAS_DIA, valor: 20 },
    ]);
    botellasDia1 = (await writeLine1Day(db, dias[0]!.fecha, 300)).llenas;

    // Leaks: line 1 runs the first RUN_MINUTES of the day; its meter reads every minute.
    await writeLine1Day(db, FUGAS_DIA, RUN_MINUTES);
    flujos = Array.from({ length: 1440 }, (_, i) => (i < RUN_MINUTES ? 320 + (i % 7) * 3 : 70 + (i % 5)));
    await addReadings(db, id('Flujo aire L1 (Nm³/h)'), productionDayRange(FUGAS_DIA, TZ).start, 1, flujos);
  });

  it('sums the days of the range and divides the sums', async () => {
    const r = await server().gql(CONSUMOS, { desde: '2026-05-04', hasta: '2026-05-06' }, { token });
    expect(r.errors).toBeUndefined();
    const c = r.data!.consumosUtilidades;
    const sum = (k: keyof (typeof dias)[number]) => dias.reduce((a, d) => a + (d[k] as number), 0);
    expect(c.produccion_cu).toBe(sum('cu'));
    expect(c.litros).toBe(sum('litros'));
    expect(c.agua_m3).toBe(sum('agua'));
    expect(c.botellas).toBe(botellasDia1);
    const ind = (k: string) => c.indicadores.find((i: { clave: string }) => i.clave === k);
    expect(ind('agua').valor).toBeCloseTo((sum('agua') * 1000) / sum('litros'), 9);
    // Not the mean of the daily ratios (the days differ enough to tell).
    const media = dias.reduce((a, d) => a + (d.agua * 1000) / d.litros, 0) / dias.length;
    expect(Math.abs(ind('agua').valor - media)).toBeGreaterThan(0.05);
    expect(ind('electricidad').valor).toBeCloseTo(sum('kwh') / sum('litros'), 9);
    expect(ind('gas').valor).toBeCloseTo((sum('gas') * 1000) / sum('litros'), 9);
    expect(ind('aire_especifico').valor).toBeCloseTo(sum('comp') / sum('aire'), 9);
    expect(ind('aire_botellas').valor).toBeCloseTo((sum('aire') * 1000) / botellasDia1, 9);
    // Metas in force on hasta, in the figure's unit (kWh/CU → kWh/L).
    expect(ind('agua').meta).toBe(1.5);
    expect(ind('electricidad').meta).toBeCloseTo(0.3 / 5.678, 4);
    expect(ind('aire_especifico').meta).toBe(0.11);
    expect(ind('gas').meta).toBeNull();
    // Month and year to date of hasta: the same three days here.
    expect(ind('agua').mensual).toBeCloseTo(ind('agua').valor, 9);
    expect(ind('agua').anual).toBeCloseTo(ind('agua').valor, 9);
    // Each day's own figure; one day equals /fabrica's 'Relación agua (L/L)' of that day.
    expect(c.dias.map((d: { fecha: string }) => d.fecha)).toEqual(dias.map((d) => d.fecha));
    const iAgua = c.indicadores.findIndex((i: { clave: string }) => i.clave === 'agua');
    expect(c.dias[1].valores[iAgua]).toBeCloseTo((dias[1]!.agua * 1000) / dias[1]!.litros, 9);
  });

  it('a single day reconciles with the Dashboard Fábrica (same production and water ratio)', async () => {
    const d = dias[1]!;
    const r = await server().gql(CONSUMOS, { desde: d.fecha, hasta: d.fecha }, { token });
    const fabrica = await server().gql(
      `query($f: Date!) { resumenVariables(nombres: ["Producción (CU)", "Relación agua (L/L)"], fecha: $f) { diario variable { nombre } } }`,
      { f: d.fecha },
      { token },
    );
    const diario = (n: string) =>
      fabrica.data!.resumenVariables.find((x: { variable: { nombre: string } }) => x.variable.nombre === n)
        .diario;
    const c = r.data!.consumosUtilidades;
    expect(c.produccion_cu).toBe(diario('Producción (CU)'));
    expect(c.indicadores.find((i: { clave: string }) => i.clave === 'agua').valor).toBeCloseTo(
      diario('Relación agua (L/L)'),
      6,
    );
  });

  it('the day in progress: air delivered so far from the readings, not its mean flow × 24 h', async () => {
    const db = server().database.db;
    const hoy = productionDay(Date.now(), TZ);
    const ids = await db.select({ id: variables.id, nombre: variables.nombre }).from(variables);
    const id = (n: string) => ids.find((v) => v.nombre === n)!.id;
    const { start } = productionDayRange(hoy, TZ);
    const lecturas = Array.from({ length: 30 }, (_, i) => 600 + i * 10); // one a minute
    await addReadings(db, id('Flujo aire L1 (Nm³/h)'), start, 1, lecturas);
    // The daily figure written by the derivation assumes the whole day (mean × 24 h).
    const media = lecturas.reduce((a, b) => a + b, 0) / lecturas.length;
    await db.insert(historicos).values([
      {
        variableId: id('Consumo específico compresores (kWh/Nm³)'),
        fecha: hoy,
        diario: 50 / (media * 24),
        numerador: 50,
        denominador: media * 24,
      },
      { variableId: id('Energía compresores (kWh)'), fecha: hoy, diario: 50 },
    ]);
    const r = await server().gql(CONSUMOS, { desde: hoy, hasta: hoy }, { token });
    const c = r.data!.consumosUtilidades;
    const nm3 = lecturas.reduce((a, v) => a + v / 60, 0); // each reading covers its minute
    expect(c.aire_nm3).toBeCloseTo(nm3, 6);
    expect(c.indicadores.find((i: { clave: string }) => i.clave === 'aire_especifico').valor).toBeCloseTo(
      50 / nm3,
      9,
    );
  });

  it('a range without data has no figures (null), and the days are still listed', async () => {
    const r = await server().gql(CONSUMOS, { desde: '2025-01-01', hasta: '2025-01-03' }, { token });
    const c = r.data!.consumosUtilidades;
    expect(c.produccion_cu).toBe(0);
    expect(c.indicadores.every((i: { valor: number | null }) => i.valor === null)).toBe(true);
    expect(c.dias).toHaveLength(3);
  });

  it('leak % from minute rows, recomputed from the readings and the line minutes written', async () => {
    const { start, end } = productionDayRange(FUGAS_DIA, TZ);
    const r = await server().gql(FUGAS, { desde: start.toISOString(), hasta: end.toISOString() }, { token });
    expect(r.errors).toBeUndefined();
    const f = r.data!.fugasAire;
    const all = flujos.reduce((a, b) => a + b, 0) / flujos.length;
    const idle = flujos.slice(RUN_MINUTES);
    const idleMean = idle.reduce((a, b) => a + b, 0) / idle.length;
    expect(f.minutos).toBe(1440);
    expect(f.minutos_sin_produccion).toBe(1440 - RUN_MINUTES);
    expect(f.flujo_medio).toBeCloseTo(all, 9);
    expect(f.flujo_sin_produccion).toBeCloseTo(idleMean, 9);
    expect(f.fugas_pct).toBeCloseTo((idleMean / all) * 100, 9);
    expect(f.lineas).toHaveLength(1);
    expect(f.lineas[0]).toMatchObject({ linea: 1, minutos: 1440, meta: 20 });
    expect(f.lineas[0].fugas_pct).toBeCloseTo((idleMean / all) * 100, 9);
    // The plant's target: the lines' common one.
    expect(f.meta).toBe(20);
  });

  it('5-minute readings hold for their five minutes and are idle only when all five produced nothing', async () => {
    const db = server().database.db;
    const dia = '2026-05-12';
    const run = 602; // stops mid-way through a 5-minute reading
    await writeLine1Day(db, dia, run);
    const ids = await db.select({ id: variables.id, nombre: variables.nombre }).from(variables);
    const lecturas = Array.from({ length: 288 }, (_, i) => (i * 5 < run ? 400 + (i % 3) : 90 + (i % 4)));
    const { start, end } = productionDayRange(dia, TZ);
    await addReadings(db, ids.find((v) => v.nombre === 'Flujo aire L1 (Nm³/h)')!.id, start, 5, lecturas);
    // A reading is idle only when its five minutes produced nothing: the one at 600 saw 600 and 601 run.
    const idleDesde = Math.ceil(run / 5) * 5;
    const minutos = Array.from({ length: 1440 }, (_, m) => ({
      flujo: lecturas[Math.floor(m / 5)]!,
      produce: m < idleDesde,
    }));
    const esperado = fugasAire(minutos);
    const r = await server().gql(FUGAS, { desde: start.toISOString(), hasta: end.toISOString() }, { token });
    const f = r.data!.fugasAire;
    expect(f.minutos).toBe(1440);
    expect(f.minutos_sin_produccion).toBe(1440 - idleDesde);
    expect(f.fugas_pct).toBeCloseTo(esperado.fugas_pct!, 9);
  });

  it('a range without readings has no leak figure', async () => {
    const r = await server().gql(
      FUGAS,
      { desde: '2025-01-01T13:00:00Z', hasta: '2025-01-02T13:00:00Z' },
      { token },
    );
    expect(r.data!.fugasAire).toMatchObject({ minutos: 0, fugas_pct: null, flujo_medio: null, lineas: [] });
  });

  it('refuses ranges over the caps and reversed ranges with Spanish 400s naming the field', async () => {
    const largo = await server().gql(
      FUGAS,
      { desde: '2026-01-01T00:00:00Z', hasta: '2026-03-01T00:00:00Z' },
      { token },
    );
    expect(largo.status).toBe(400);
    expect(largo.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', field: 'hasta' } });
    expect(largo.errors?.[0]?.message).toMatch(/no puede superar 31 días/);
    const anio = await server().gql(CONSUMOS, { desde: '2024-01-01', hasta: '2026-01-01' }, { token });
    expect(anio.status).toBe(400);
    expect(anio.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'hasta' });
    const alreves = await server().gql(CONSUMOS, { desde: '2026-05-06', hasta: '2026-05-04' }, { token });
    expect(alreves.errors?.[0]).toMatchObject({
      message: 'La fecha "desde" debe ser anterior o igual a "hasta"',
      extensions: { code: 'BAD_USER_INPUT', field: 'desde' },
    });
    const mala = await server().gql(CONSUMOS, { desde: '2026-02-30', hasta: '2026-03-01' }, { token });
    expect(mala.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('needs a session', async () => {
    const r = await server().gql(CONSUMOS, { desde: '2026-05-04', hasta: '2026-05-06' });
    expect(r.status).toBe(401);
    const f = await server().gql(FUGAS, { desde: '2026-05-04T13:00:00Z', hasta: '2026-05-05T13:00:00Z' });
    expect(f.status).toBe(401);
  });
});

describeEachDatabase('utilidades: reporteAire and reporteAgua columns for the report screens', (server) => {
  let token: string;
  // A production day far from the other blocks' days; readings every 5 minutes from 08:00.
  const start = productionDayRange('2026-06-15', TZ).start;
  const REPORTE = `query($d: DateTime!, $h: DateTime!, $i: String!, $v: [String!]) {
    aire: reporteAire(desde: $d, hasta: $h, intervalo: $i) {
      intervalo_minutos columnas { variable unidad decimales agregacion } filas { fecha valores }
    }
    agua: reporteAgua(desde: $d, hasta: $h, intervalo: $i, variables: $v) {
      columnas { variable unidad decimales agregacion } filas { fecha valores }
    }
  }`;
  const VARIABLES = '{ reporteAguaVariables { variable unidad decimales agregacion } }';

  beforeAll(async () => {
    const db = server().database.db;
    token = (await server().login()).access_token;
    const plant = await seedPlant(db);
    const tratada = await addVariable(db, 'Agua tratada (m³)', { unidad: 'm³', decimales: 1 });
    await addVariable(db, 'Nivel cisterna agua (%)', { unidad: '%', agregacion: 'PROMEDIO', decimales: 0 });
    // 30 minutes: flow 100…105 Nm³/h, water 1 m³ and treated 0.5 m³ per reading.
    await addReadings(
      db,
      plant.variableId.get('Flujo aire L1 (Nm³/h)')!,
      start,
      5,
      [100, 101, 102, 103, 104, 105],
    );
    await addReadings(db, plant.variableId.get('Agua extraída (m³)')!, start, 5, [1, 1, 1, 1, 1, 1]);
    await addReadings(db, tratada, start, 5, [0.5, 0.5, 0.5, 0.5, 0.5, 0.5]);
  });

  it('gives each column its unit, decimals and aggregation (means for flows, sums for volumes)', async () => {
    const r = await server().gql(
      REPORTE,
      { d: start.toISOString(), h: new Date(start.getTime() + 30 * 60_000).toISOString(), i: '15 minutos' },
      { token },
    );
    expect(r.errors).toBeUndefined();
    const { aire, agua } = r.data as Record<string, { columnas: unknown[]; filas: { valores: number[] }[] }>;
    expect(aire!.columnas).toEqual([
      { variable: 'Flujo aire L1 (Nm³/h)', unidad: 'Nm³/h', decimales: 2, agregacion: 'PROMEDIO' },
    ]);
    expect(aire!.filas.map((f) => f.valores)).toEqual([[101], [104]]);
    expect(agua!.columnas).toEqual([
      { variable: 'Agua extraída (m³)', unidad: 'm³', decimales: 2, agregacion: 'SUMA' },
      { variable: 'Agua tratada (m³)', unidad: 'm³', decimales: 1, agregacion: 'SUMA' },
      { variable: 'Nivel cisterna agua (%)', unidad: '%', decimales: 0, agregacion: 'PROMEDIO' },
    ]);
    expect(agua!.filas.map((f) => f.valores)).toEqual([
      [3, 1.5, null],
      [3, 1.5, null],
    ]);
  });

  it('lists the water variables the report offers, and reporteAgua keeps only the ones asked for', async () => {
    const list = await server().gql(VARIABLES, {}, { token });
    expect(list.data?.reporteAguaVariables).toEqual([
      { variable: 'Agua extraída (m³)', unidad: 'm³', decimales: 2, agregacion: 'SUMA' },
      { variable: 'Agua tratada (m³)', unidad: 'm³', decimales: 1, agregacion: 'SUMA' },
      { variable: 'Nivel cisterna agua (%)', unidad: '%', decimales: 0, agregacion: 'PROMEDIO' },
    ]);
    const r = await server().gql(
      REPORTE,
      {
        d: start.toISOString(),
        h: new Date(start.getTime() + 30 * 60_000).toISOString(),
        i: '1 hora',
        v: ['Agua tratada (m³)'],
      },
      { token },
    );
    const agua = r.data?.agua as { columnas: { variable: string }[]; filas: { valores: number[] }[] };
    expect(agua.columnas.map((c) => c.variable)).toEqual(['Agua tratada (m³)']);
    // Hourly intervals read the hourly rollup (written by the derivations, not by this test).
    expect(agua.filas.every((f) => f.valores.length === 1)).toBe(true);
    const bad = await server().gql(
      REPORTE,
      {
        d: start.toISOString(),
        h: new Date(start.getTime() + 3600_000).toISOString(),
        i: '1 hora',
        v: ['Flujo aire L1 (Nm³/h)'],
      },
      { token },
    );
    expect(bad.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'variables' });
  });

  it('needs a session', async () => {
    expect((await server().gql(VARIABLES, {})).status).toBe(401);
  });
});
