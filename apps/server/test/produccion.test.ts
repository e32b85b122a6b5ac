import { productionDayRange } from '@planta/domain';
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { deriveProductionDay } from '../src/derivations/production-day.ts';
import {
  addFailure,
  addReadings,
  addShift,
  type PlantFixture,
  seedPlant,
  TZ,
  writeLine1Day,
} from './fixtures.ts';
import { describeEachDatabase } from './harness.ts';

const DAY1 = '2026-03-02';
const DAY2 = '2026-03-03';
const FACTOR_600 = (12 * 0.6) / 5.678;

describeEachDatabase('production data and derivations', (server) => {
  let token: string;
  let plant: PlantFixture;
  let day1: Awaited<ReturnType<typeof writeLine1Day>>;
  let day2: Awaited<ReturnType<typeof writeLine1Day>>;

  beforeAll(async () => {
    const db = server().database.db;
    token = (await server().login()).access_token;
    plant = await seedPlant(db);
    day1 = await writeLine1Day(db, DAY1, 600);
    day2 = await writeLine1Day(db, DAY2, 900);
    const l1 = plant.lineaId.get(1)!;
    await addShift(db, l1, DAY1, 16);
    await addShift(db, l1, DAY2, 24);
    // Two failures on day 1 (30 + 20 min) and one on day 2 (10 min).
    await addFailure(db, l1, new Date(day1.start.getTime() + 700 * 60_000), 30);
    await addFailure(db, l1, new Date(day1.start.getTime() + 800 * 60_000), 20);
    await addFailure(db, l1, new Date(day2.start.getTime() + 1000 * 60_000), 10);
    // Energy meter: 100 kWh every hour; air flow every 5 min.
    await addReadings(
      db,
      plant.variableId.get('Energía eléctrica (kWh)_561')!,
      day1.start,
      60,
      Array(48).fill(100),
    );
    await addReadings(
      db,
      plant.variableId.get('Flujo aire L1 (Nm³/h)')!,
      day1.start,
      5,
      Array.from({ length: 288 }, (_, i) => 1000 + (i % 12) * 10),
    );
    await deriveProductionDay(db, DAY1, TZ);
    await deriveProductionDay(db, DAY2, TZ);
  });

  const q = (query: string, variables: Record<string, unknown> = {}) =>
    server().gql(query, variables, { token });

  it('rolls the minutes up into contadores_hora: efficiency and energy per hour from the raw rows', async () => {
    const { start } = productionDayRange(DAY1, TZ);
    const r = await q(
      `query($id: ID!, $d: DateTime!, $h: DateTime!) { contadoresHora(linea_id: $id, desde: $d, hasta: $h) { fecha energia eficiencia kpi_energia formato linea { numero } } }`,
      {
        id: String(plant.lineaId.get(1)),
        d: start.toISOString(),
        h: new Date(start.getTime() + 24 * 3600_000).toISOString(),
      },
    );
    expect(r.errors).toBeUndefined();
    const rows = r.data?.contadoresHora as {
      fecha: string;
      energia: number;
      eficiencia: number;
      kpi_energia: number;
      formato: number;
    }[];
    expect(rows).toHaveLength(24);
    // First hour: 60 running minutes of 41/42 packs = 2490 packs; nominal 3000 packs/h.
    expect(rows[0]).toMatchObject({ energia: 100, formato: 11 });
    expect(rows[0]!.eficiencia).toBeCloseTo((2490 / 3000) * 100, 1);
    expect(rows[0]!.kpi_energia).toBeCloseTo(100 / (60 * 498 * 0.6), 5);
    // After the run (10 h) the line is stopped: the product set up stays (every pack counted belongs
    // to the product that ran), nothing is made: no efficiency.
    expect(rows[12]).toMatchObject({ eficiencia: 0, formato: 11 });
  });

  it('derives production, ETA, paid efficiency, MTTR and MTTF from the raw rows, monthly as ratios of sums', async () => {
    const r = await q(
      `query($n: [String!]!, $f: Date!) { historicosNombres(nombres: $n, fecha: $f) { diario mensual variable { nombre } } }`,
      {
        n: [
          'Producción (CU)_561',
          'ETA (%)_561',
          'Eficiencia pagada (%)_561',
          'MTTR (min)_561',
          'MTTF (min)_561',
        ],
        f: DAY2,
      },
    );
    expect(r.errors).toBeUndefined();
    const byName = new Map(
      (r.data?.historicosNombres as { diario: number; mensual: number; variable: { nombre: string } }[]).map(
        (h) => [h.variable.nombre, h],
      ),
    );
    const cu1 = day1.paquetes * FACTOR_600;
    const cu2 = day2.paquetes * FACTOR_600;
    expect(byName.get('Producción (CU)_561')!.diario).toBeCloseTo(cu2, 6);
    expect(byName.get('Producción (CU)_561')!.mensual).toBeCloseTo(cu1 + cu2, 6);
    const capacity = (minutes: number) => (minutes / 60) * 3000 * FACTOR_600;
    expect(byName.get('ETA (%)_561')!.diario).toBeCloseTo((cu2 / capacity(900)) * 100, 6);
    expect(byName.get('ETA (%)_561')!.mensual).toBeCloseTo(
      ((cu1 + cu2) / (capacity(600) + capacity(900))) * 100,
      6,
    );
    // Paid: nominal CU/h × shift hours (16 h, then 24 h).
    const nominal = 3000 * FACTOR_600;
    expect(byName.get('Eficiencia pagada (%)_561')!.mensual).toBeCloseTo(
      ((cu1 + cu2) / (nominal * 40)) * 100,
      6,
    );
    // MTTR: (30 + 20 + 10) / 3 failures — not the mean of the days' 25 and 10.
    expect(byName.get('MTTR (min)_561')!.diario).toBeCloseTo(10, 6);
    expect(byName.get('MTTR (min)_561')!.mensual).toBeCloseTo(20, 6);
    expect(byName.get('MTTF (min)_561')!.mensual).toBeCloseTo((600 + 900) / 3, 6);
  });

  it('counts the paid hours of the day in progress only up to now', async () => {
    const { start, end } = productionDayRange(DAY2, TZ);
    const quarter = start.getTime() + (end.getTime() - start.getTime()) / 4;
    const diario = async () => {
      const r = await q(
        `{ historicosNombres(nombres: ["Eficiencia pagada (%)_561"], fecha: "${DAY2}") { diario } }`,
      );
      return (r.data?.historicosNombres as { diario: number }[])[0]!.diario;
    };
    const nominal = 3000 * FACTOR_600;
    const cu2 = day2.paquetes * FACTOR_600;
    const [soFar] = (
      (await server().database.db.execute(
        sql`select sum(paquetes)::float8 as paquetes from scada_lecturas
            where linea = 1 and fecha >= ${start.toISOString()}::timestamptz and fecha < ${new Date(quarter).toISOString()}::timestamptz`,
      )) as unknown as { rows: { paquetes: number }[] }
    ).rows;
    try {
      // A quarter into the day, a quarter of its 24 paid hours has gone by, and only what was
      // made by then counts (never above 100 %).
      await deriveProductionDay(server().database.db, DAY2, TZ, { now: quarter });
      expect(await diario()).toBeCloseTo((((soFar?.paquetes ?? NaN) * FACTOR_600) / (nominal * 6)) * 100, 6);
      expect(await diario()).toBeLessThanOrEqual(100);
    } finally {
      await deriveProductionDay(server().database.db, DAY2, TZ);
    }
    expect(await diario()).toBeCloseTo((cu2 / (nominal * 24)) * 100, 6);
  });

  it('serves a line\u2019s minutes, downsampling long ranges, and its daily totals', async () => {
    const { start } = productionDayRange(DAY1, TZ);
    const day = await q(
      `query($d: DateTime!, $h: DateTime!) { scadaLinea(linea: 1, desde: $d, hasta: $h) { linea intervalo_minutos lecturas { fecha velocidad paquetes formato } } }`,
      { d: start.toISOString(), h: new Date(start.getTime() + 24 * 3600_000).toISOString() },
    );
    expect(day.errors).toBeUndefined();
    expect(day.data?.scadaLinea.intervalo_minutos).toBe(1);
    expect(day.data?.scadaLinea.lecturas).toHaveLength(1440);
    const two = await q(
      `query($d: DateTime!, $h: DateTime!) { scadaLinea(linea: 1, desde: $d, hasta: $h, max_puntos: 100) { intervalo_minutos lecturas { paquetes } } }`,
      { d: start.toISOString(), h: new Date(start.getTime() + 48 * 3600_000).toISOString() },
    );
    expect(two.data?.scadaLinea.intervalo_minutos).toBe(30);
    expect(two.data?.scadaLinea.lecturas.length).toBeLessThanOrEqual(100);
    const sum = (two.data?.scadaLinea.lecturas as { paquetes: number }[]).reduce((a, p) => a + p.paquetes, 0);
    expect(sum).toBe(day1.paquetes + day2.paquetes);

    // The same points as columns (the Líneas screen's speed chart): item by item the objects' values,
    // each point's start in minutes after desde; the downsampled buckets too.
    const COLUMNAS = `query($d: DateTime!, $h: DateTime!, $m: Int) { scadaLinea(linea: 1, desde: $d, hasta: $h, max_puntos: $m) {
      intervalo_minutos
      lecturas { fecha velocidad botellas botellas_llenas paquetes formato }
      columnas { minuto velocidad botellas botellas_llenas paquetes formato } } }`;
    for (const [horas, m] of [
      [24, 1440],
      [48, 100],
      [48, 10],
    ] as const) {
      const desde = new Date(start.getTime() + 30 * 60_000);
      const r = await q(COLUMNAS, {
        d: desde.toISOString(),
        h: new Date(desde.getTime() + horas * 3600_000).toISOString(),
        m,
      });
      expect(r.errors).toBeUndefined();
      const { lecturas, columnas } = r.data?.scadaLinea as {
        lecturas: Record<string, string | number>[];
        columnas: Record<string, number[]>;
      };
      expect(lecturas.length).toBeGreaterThan(5);
      for (const campo of ['velocidad', 'botellas', 'botellas_llenas', 'paquetes', 'formato'])
        expect(columnas[campo], campo).toEqual(lecturas.map((l) => l[campo]));
      expect(columnas.minuto).toEqual(
        lecturas.map((l) => (Date.parse(String(l.fecha)) - desde.getTime()) / 60_000),
      );
      // Each point's start as UTC ISO-8601 text to the second, across midnight UTC too.
      expect(lecturas.map((l) => l.fecha)).toEqual(
        (columnas.minuto ?? []).map((m) =>
          new Date(desde.getTime() + m * 60_000).toISOString().replace('.000Z', 'Z'),
        ),
      );
      // The Líneas screen asks three of the columns, through fragments: only those are read, the same.
      const tres = await q(
        `query($d: DateTime!, $h: DateTime!, $m: Int) { scadaLinea(linea: 1, desde: $d, hasta: $h, max_puntos: $m) {
          columnas { minuto ...Vel ... on ScadaColumnas { formato } } } } fragment Vel on ScadaColumnas { velocidad }`,
        { d: desde.toISOString(), h: new Date(desde.getTime() + horas * 3600_000).toISOString(), m },
      );
      expect(tres.errors).toBeUndefined();
      expect(tres.data?.scadaLinea).toEqual({
        columnas: { minuto: columnas.minuto, velocidad: columnas.velocidad, formato: columnas.formato },
      });
      if (m !== 1440) continue;
      // The minutes are the table's rows, in time order.
      const filas = (await server().database.db.execute(sql`
        select fecha, velocidad, botellas, paquetes, formato from scada_lecturas
        where linea = 1 and fecha >= ${desde.toISOString()}::timestamptz
          and fecha < ${new Date(desde.getTime() + horas * 3600_000).toISOString()}::timestamptz
        order by fecha`)) as unknown as {
        rows: {
          fecha: string | Date;
          velocidad: number;
          botellas: number;
          paquetes: number;
          formato: number;
        }[];
      };
      expect(filas.rows).toHaveLength(1440);
      expect(columnas.minuto).toEqual(
        filas.rows.map((f) => (new Date(f.fecha).getTime() - desde.getTime()) / 60_000),
      );
      for (const campo of ['velocidad', 'botellas', 'paquetes', 'formato'] as const)
        expect(columnas[campo], campo).toEqual(filas.rows.map((f) => f[campo]));
    }

    const hist = await q(
      `{ scadaHistorico(linea: 1, desde: "${DAY1}", hasta: "${DAY2}") { fecha paquetes producto_terminado minutos_marcha } }`,
    );
    expect(hist.data?.scadaHistorico).toEqual([
      { fecha: DAY1, paquetes: day1.paquetes, producto_terminado: day1.paquetes * 12, minutos_marcha: 600 },
      { fecha: DAY2, paquetes: day2.paquetes, producto_terminado: day2.paquetes * 12, minutos_marcha: 900 },
    ]);
    const activity = await q(`{ tiempoActividad(linea: 1, fecha: "${DAY2}") }`);
    expect(activity.data?.tiempoActividad).toBe(900);
  });

  it('finds the product presentation by HMI code and line', async () => {
    const r = await q(
      `{ productoPresentacion(hmi_id: 11, linea: 1) { num_botellas producto { descripcion } presentacion { volumen unid_medida factor } velocidad_nominal { linea velocidad_paquetes_hora velocidad_botellas_minuto } } }`,
    );
    expect(r.data?.productoPresentacion).toMatchObject({
      num_botellas: 12,
      producto: { descripcion: 'Cola' },
      presentacion: { volumen: 600, unid_medida: 'ml' },
      velocidad_nominal: { linea: 1, velocidad_paquetes_hora: 3000, velocidad_botellas_minuto: 600 },
    });
    expect(
      (await q(`{ productoPresentacion(hmi_id: 999, linea: 1) { id } }`)).data?.productoPresentacion,
    ).toBeNull();
  });

  it('reports air flow and utilities by interval', async () => {
    const { start } = productionDayRange(DAY1, TZ);
    const r = await q(
      `query($d: DateTime!, $h: DateTime!) { flujoAire(desde: $d, hasta: $h, intervalo: "1 hora") { fecha flujo_aire_l1 flujo_aire_l2 } }`,
      { d: start.toISOString(), h: new Date(start.getTime() + 2 * 3600_000).toISOString() },
    );
    expect(r.data?.flujoAire).toHaveLength(2);
    expect(r.data?.flujoAire[0]).toMatchObject({ flujo_aire_l1: 1055, flujo_aire_l2: null });
    const report = await q(
      `query($d: DateTime!, $h: DateTime!) { reporteAire(desde: $d, hasta: $h, intervalo: "15m") { intervalo_minutos columnas { variable unidad } filas { valores } } }`,
      { d: start.toISOString(), h: new Date(start.getTime() + 3600_000).toISOString() },
    );
    expect(report.data?.reporteAire.columnas).toEqual([
      { variable: 'Flujo aire L1 (Nm³/h)', unidad: 'Nm³/h' },
    ]);
    expect(report.data?.reporteAire.filas).toHaveLength(4);
    const tooMany = await q(
      `query($d: DateTime!, $h: DateTime!) { reporteAgua(desde: $d, hasta: $h, intervalo: "1m") { filas { valores } } }`,
      { d: start.toISOString(), h: new Date(start.getTime() + 30 * 86_400_000).toISOString() },
    );
    expect(tooMany.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', field: 'intervalo' } });
  });

  it('serves MTTR/MTTF series with the chart axis maximum', async () => {
    const r = await q(
      `{ mttrMttf(nombres: ["MTTR (min)_561", "MTTF (min)_561"], desde: "${DAY1}", hasta: "${DAY2}") { nombre tipo eje_maximo puntos { fecha diario } } }`,
    );
    const [mttr, mttf] = r.data?.mttrMttf as {
      tipo: string;
      eje_maximo: number;
      puntos: { diario: number }[];
    }[];
    expect(mttr!.tipo).toBe('MTTR');
    expect(mttr!.eje_maximo).toBe(Math.ceil(25 * 1.1));
    expect(mttf!.puntos).toHaveLength(2);
    const unknown = await q(
      `{ mttrMttf(nombres: ["No existe"], desde: "${DAY1}", hasta: "${DAY2}") { nombre } }`,
    );
    expect(unknown.errors?.[0]?.message).toBe(
      'El campo "nombres" nombra variables que no existen: «No existe»',
    );
  });

  it('answers the ETA REST GETs with a token, as JSON arrays', async () => {
    await server().database.db.execute(sql`update eficiencias set sap = 70 where fecha = ${DAY1}::date`);
    const get = (path: string, withToken = true) =>
      fetch(`${server().url}${path}`, { headers: withToken ? { authorization: `Bearer ${token}` } : {} });
    expect((await get(`/api/pta/historicos/eta?desde=${DAY1}&hasta=${DAY2}`, false)).status).toBe(401);
    const plantRows = (await (await get(`/api/pta/historicos/eta?desde=${DAY1}&hasta=${DAY2}`)).json()) as {
      fecha: string;
      eta: number;
      pagada: number;
      sap: number | null;
    }[];
    expect(plantRows.map((r) => r.fecha)).toEqual([DAY1, DAY2]);
    expect(plantRows[0]!.eta).toBeCloseTo((day1.paquetes / ((600 / 60) * 3000)) * 100, 1);
    expect(plantRows[0]!.sap).toBe(70);
    const lineRows = (await (
      await get(`/api/pta/historicos/eta/lineas?desde=${DAY1}&hasta=${DAY1}&linea=1`)
    ).json()) as { linea: number }[];
    expect(lineRows).toHaveLength(1);
    expect(lineRows[0]!.linea).toBe(1);
    const bad = await get(`/api/pta/historicos/eta?desde=${DAY2}&hasta=${DAY1}`);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      error: 'La fecha "desde" debe ser anterior o igual a "hasta"',
      field: 'desde',
    });
  });

  it('validates lines and ranges in Spanish', async () => {
    const r = await q(`{ tiempoActividad(linea: 9, fecha: "${DAY1}") }`);
    expect(r.errors?.[0]).toMatchObject({
      message: 'La línea 9 no existe',
      extensions: { code: 'NOT_FOUND' },
    });
    const series = await q(
      `{ scadaLinea(linea: 9, desde: "${DAY1}T13:00:00Z", hasta: "${DAY1}T14:00:00Z") { lecturas { fecha } } }`,
    );
    expect(series.errors?.[0]).toMatchObject({
      message: 'La línea 9 no existe',
      extensions: { code: 'NOT_FOUND' },
    });
    const inverted = await q(`{ scadaHistorico(linea: 1, desde: "${DAY2}", hasta: "${DAY1}") { fecha } }`);
    expect(inverted.errors?.[0]?.extensions?.field).toBe('desde');
  });
});
