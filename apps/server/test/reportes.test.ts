import { productionDayRange } from '@planta/domain';
import ExcelJS from 'exceljs';
import { beforeAll, expect, it } from 'vitest';
import { insertUnnest } from '../src/db/bulk.ts';
import type { Db } from '../src/db/client.ts';
import { variables } from '../src/db/schema/index.ts';
import { deriveProductionDay } from '../src/derivations/production-day.ts';
import { addReadings, type PlantFixture, seedPlant, TZ, writeLine1Day } from './fixtures.ts';
import { createUser, describeEachDatabase, uniqueName } from './harness.ts';

const DAY1 = '2026-03-02';
const DAY2 = '2026-03-03';
const FACTOR_600 = (12 * 0.6) / 5.678;
/** Bottles per pack of each HMI code of the fixture (11/21: 600 ml × 12, 12/22: 2 L × 6). */
const BOTELLAS_PACK: Record<number, number> = { 11: 12, 21: 12, 12: 6, 22: 6 };

interface Minuto {
  linea: number;
  t: Date;
  velocidad: number;
  botellas: number;
  llenas: number;
  paquetes: number;
  formato: number;
}

/**
 * Line 2 on DAY1: 40 minutes of 600 ml (30 packs/min), then 50 of 2 L (20 packs/min), then
 * stopped with the 2 L still set up: the first hour's product is the 600 ml (more packs), the
 * second hour's the 2 L.
 */
async function writeLine2Day(db: Db, fecha: string): Promise<Minuto[]> {
  const { start } = productionDayRange(fecha, TZ);
  const rows: Minuto[] = Array.from({ length: 1440 }, (_, i) => {
    const fase = i < 40 ? 1 : i < 90 ? 2 : 0;
    return {
      linea: 2,
      t: new Date(start.getTime() + i * 60_000),
      velocidad: fase === 1 ? 360 : fase === 2 ? 120 : 0,
      botellas: fase === 1 ? 362 : fase === 2 ? 121 : 0,
      llenas: fase === 1 ? 360 : fase === 2 ? 120 : 0,
      paquetes: fase === 1 ? 30 : fase === 2 ? 20 : 0,
      formato: fase === 1 ? 21 : 22,
    };
  });
  await insertUnnest(
    db,
    'scada_lecturas',
    [
      { name: 'linea', type: 'smallint', value: (r) => r.linea },
      { name: 'fecha', type: 'timestamptz', value: (r) => r.t },
      { name: 'velocidad', type: 'float8', value: (r) => r.velocidad },
      { name: 'botellas', type: 'int', value: (r) => r.botellas },
      { name: 'botellas_llenas', type: 'int', value: (r) => r.llenas },
      { name: 'paquetes', type: 'int', value: (r) => r.paquetes },
      { name: 'formato', type: 'int', value: (r) => r.formato },
    ],
    rows,
    'on conflict do nothing',
  );
  return rows;
}

/** The minutes of line 1 as fixtures.writeLine1Day writes them. */
function line1Minutes(fecha: string, runMinutes: number): Minuto[] {
  const { start } = productionDayRange(fecha, TZ);
  return Array.from({ length: 1440 }, (_, i) => {
    const running = i < runMinutes;
    return {
      linea: 1,
      t: new Date(start.getTime() + i * 60_000),
      velocidad: running ? 500 : 0,
      botellas: running ? 500 : 0,
      llenas: running ? 498 : 0,
      paquetes: running ? (i % 2 === 0 ? 41 : 42) : 0,
      formato: running ? 11 : 0,
    };
  });
}

interface Cifras {
  botellas: number;
  botellas_llenas: number;
  paquetes: number;
  producto_terminado: number;
  minutos_marcha: number;
  velocidad_media: number | null;
}

/**
 * The report's figures recomputed from raw minutes: sums; finished product = each hour's packs ×
 * the pack size of the hour's product (the one with most packs); speed = mean bpm while running × 60.
 */
function recompute(minutes: readonly Minuto[]): Cifras {
  const hours = new Map<string, Minuto[]>();
  for (const m of minutes) {
    const h = `${m.linea}|${Math.floor(m.t.getTime() / 3600_000)}`;
    hours.set(h, [...(hours.get(h) ?? []), m]);
  }
  let pt = 0;
  for (const ms of hours.values()) {
    const packs = new Map<number, number>();
    for (const m of ms) if (m.formato !== 0) packs.set(m.formato, (packs.get(m.formato) ?? 0) + m.paquetes);
    const principal = [...packs].sort((a, b) => b[1] - a[1])[0]?.[0];
    const total = ms.reduce((a, m) => a + m.paquetes, 0);
    pt += principal ? total * BOTELLAS_PACK[principal]! : 0;
  }
  const running = minutes.filter((m) => m.velocidad > 0);
  return {
    botellas: minutes.reduce((a, m) => a + m.botellas, 0),
    botellas_llenas: minutes.reduce((a, m) => a + m.llenas, 0),
    paquetes: minutes.reduce((a, m) => a + m.paquetes, 0),
    producto_terminado: pt,
    minutos_marcha: running.length,
    velocidad_media:
      running.length > 0
        ? Math.round((running.reduce((a, m) => a + m.velocidad, 0) / running.length) * 60 * 100) / 100
        : null,
  };
}

const pick = (c: Cifras): Cifras => ({
  botellas: c.botellas,
  botellas_llenas: c.botellas_llenas,
  paquetes: c.paquetes,
  producto_terminado: c.producto_terminado,
  minutos_marcha: c.minutos_marcha,
  velocidad_media: c.velocidad_media,
});

const FILA = `linea linea_nombre fecha turno inicio fin botellas botellas_llenas paquetes producto_terminado velocidad_media minutos_marcha producto`;
const TOTAL = `linea linea_nombre botellas botellas_llenas paquetes producto_terminado velocidad_media minutos_marcha producto`;
const CONTADORES = `query($d: Date!, $h: Date!, $a: AgrupacionContadores!, $l: [Int!]) {
  reporteContadores(desde: $d, hasta: $h, agrupacion: $a, lineas: $l) {
    desde hasta agrupacion filas { ${FILA} } totales { ${TOTAL} } total { ${TOTAL} }
  }
}`;
const SCADA = `query($v: [ID!]!, $d: DateTime!, $h: DateTime!, $i: IntervaloScada!) {
  reporteScada(variables: $v, desde: $d, hasta: $h, intervalo: $i) {
    desde hasta intervalo columnas { id nombre unidad decimales agregacion } filas { inicio valores } resumen
  }
}`;

type Fila = Cifras & {
  linea: number;
  linea_nombre: string;
  fecha: string;
  turno: number | null;
  inicio: string;
  fin: string;
  producto: string | null;
};

describeEachDatabase('reportes de contadores y de variables SCADA', (server) => {
  let token: string;
  let plant: PlantFixture;
  let minutos: Minuto[];
  let aguaId: number;
  let aireId: number;
  let hrId: number;
  const agua: number[] = Array.from({ length: 2 * 1440 }, (_, i) => (i % 7) + 0.5);
  const aire: number[] = Array.from({ length: 288 }, (_, i) => 1000 + (i % 12) * 10);

  beforeAll(async () => {
    const db = server().database.db;
    token = (await server().login()).access_token;
    plant = await seedPlant(db);
    await writeLine1Day(db, DAY1, 600);
    await writeLine1Day(db, DAY2, 900);
    const l2 = await writeLine2Day(db, DAY1);
    minutos = [...line1Minutes(DAY1, 600), ...line1Minutes(DAY2, 900), ...l2];
    const { start } = productionDayRange(DAY1, TZ);
    aguaId = plant.variableId.get('Agua extraída (m³)')!;
    aireId = plant.variableId.get('Flujo aire L1 (Nm³/h)')!;
    await addReadings(db, aguaId, start, 1, agua);
    await addReadings(db, aireId, start, 5, aire);
    const [hr] = await db
      .insert(variables)
      .values({
        nombre: 'Personal en planta (personas)',
        estado: 1,
        nivel: 'GLOBAL',
        area: 'rrhh',
        fuente: 'OPC',
        opcNodeId: 'ns=2;s=RRHH.Personal',
        unidad: 'personas',
        agregacion: 'ULTIMO',
        decimales: 0,
      })
      .returning();
    hrId = hr!.id;
    await addReadings(db, hrId, start, 60, [10, 12, 14]);
    await deriveProductionDay(db, DAY1, TZ);
    await deriveProductionDay(db, DAY2, TZ);
  });

  const q = <T = Record<string, any>>(query: string, variables: Record<string, unknown> = {}) =>
    server().gql<T>(query, variables, { token });
  const contadores = async (d: string, h: string, a: string, l?: number[]) => {
    const r = await q(CONTADORES, { d, h, a, l });
    expect(r.errors).toBeUndefined();
    return r.data!.reporteContadores as {
      filas: Fila[];
      totales: (Cifras & { linea: number; producto: string | null })[];
      total: Cifras & { linea: null };
    };
  };
  const minutesOf = (linea: number, from: Date, to: Date) =>
    minutos.filter((m) => m.linea === linea && m.t >= from && m.t < to);

  it('per production day: every figure recomputed from the raw minutes and equal to scadaHistorico and tiempoActividad (Lineas)', async () => {
    const r = await contadores(DAY1, DAY2, 'DIA');
    expect(r.filas.map((f) => [f.linea, f.fecha])).toEqual([
      [1, DAY1],
      [1, DAY2],
      [2, DAY1],
    ]);
    for (const f of r.filas) {
      const { start, end } = productionDayRange(f.fecha, TZ);
      expect(f.inicio).toBe(start.toISOString().replace('.000', ''));
      expect(f.fin).toBe(end.toISOString().replace('.000', ''));
      expect(pick(f)).toEqual(recompute(minutesOf(f.linea, start, end)));
      const lineas = await q(
        `query($l: Int!, $f: Date!) { scadaHistorico(linea: $l, desde: $f, hasta: $f) { botellas botellas_llenas paquetes producto_terminado minutos_marcha velocidad_media } tiempoActividad(linea: $l, fecha: $f) }`,
        { l: f.linea, f: f.fecha },
      );
      expect(lineas.errors).toBeUndefined();
      const dia = lineas.data!.scadaHistorico[0];
      expect({ ...dia, velocidad_media: undefined }).toEqual({ ...pick(f), velocidad_media: undefined });
      expect(f.velocidad_media!).toBeCloseTo(dia.velocidad_media * 60, 0);
      expect(f.minutos_marcha).toBe(lineas.data!.tiempoActividad);
    }
    // Line 2's day: the 600 ml made most packs (1,200 vs 1,000).
    expect(r.filas[2]!.producto).toBe('Cola 600 ml × 12');
    expect(r.filas[0]!.producto).toBe('Cola 600 ml × 12');
    // 40 min × 30 packs in the first hour with 600 ml (12) plus 20 min × 20 packs of 2 L counted
    // under it; 30 min × 20 packs of 2 L (6) in the second hour.
    expect(r.filas[2]!.producto_terminado).toBe((1200 + 400) * 12 + 600 * 6);
  });

  it('reconciles with Dashboard Fábrica: the packs of line 1 are its Producción (CU)_561 over the CU per pack', async () => {
    const r = await contadores(DAY1, DAY1, 'DIA', [1]);
    const h = await q(`{ historicosNombres(nombres: ["Producción (CU)_561"], fecha: "${DAY1}") { diario } }`);
    expect(h.errors).toBeUndefined();
    expect(r.filas[0]!.paquetes).toBeCloseTo(h.data!.historicosNombres[0].diario / FACTOR_600, 6);
  });

  it('per hour and per shift (08–16, 16–24, 00–08 plant time), with totals per line and overall', async () => {
    const { start } = productionDayRange(DAY1, TZ);
    const hours = await contadores(DAY1, DAY1, 'HORA', [1, 2]);
    expect(hours.filas.filter((f) => f.linea === 1)).toHaveLength(24);
    for (const f of hours.filas) {
      expect(f.turno).toBeNull();
      expect(pick(f)).toEqual(recompute(minutesOf(f.linea, new Date(f.inicio), new Date(f.fin))));
    }
    const l2 = hours.filas.filter((f) => f.linea === 2);
    expect(l2[0]).toMatchObject({ producto: 'Cola 600 ml × 12', producto_terminado: 1600 * 12 });
    expect(l2[1]).toMatchObject({ producto: 'Cola 2 L × 6', producto_terminado: 600 * 6 });
    // Stopped with the 2 L still set up: no packs, the product set up the most hours.
    expect(l2[5]).toMatchObject({ paquetes: 0, producto: 'Cola 2 L × 6', velocidad_media: null });

    const shifts = await contadores(DAY1, DAY1, 'TURNO');
    expect(shifts.filas.filter((f) => f.linea === 1).map((f) => f.turno)).toEqual([1, 2, 3]);
    const h = 3600_000;
    for (const [i, f] of shifts.filas.filter((x) => x.linea === 1).entries()) {
      expect(new Date(f.inicio).getTime()).toBe(start.getTime() + i * 8 * h);
      expect(new Date(f.fin).getTime()).toBe(start.getTime() + (i + 1) * 8 * h);
      expect(pick(f)).toEqual(recompute(minutesOf(1, new Date(f.inicio), new Date(f.fin))));
    }
    for (const t of shifts.totales) {
      expect(pick(t)).toEqual(recompute(minutesOf(t.linea, start, productionDayRange(DAY1, TZ).end)));
    }
    const todos = minutos.filter((m) => m.t >= start && m.t < productionDayRange(DAY1, TZ).end);
    expect(pick(shifts.total)).toEqual(recompute(todos));
    expect(shifts.total.linea).toBeNull();
    // Totals are the sums of the rows.
    const sum = (k: keyof Cifras) => shifts.filas.reduce((a, f) => a + (f[k] as number), 0);
    expect(shifts.total.paquetes).toBe(sum('paquetes'));
    expect(shifts.total.producto_terminado).toBe(sum('producto_terminado'));
  });

  it('refuses bad input with a Spanish BAD_USER_INPUT naming the field, and asks for a session', async () => {
    const bad = async (vars: Record<string, unknown>, field: string, text: RegExp, query = CONTADORES) => {
      const r = await q(query, vars);
      expect(r.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
      expect(r.errors?.[0]?.message).toMatch(text);
      expect(r.errors?.[0]?.message).toContain(field);
    };
    await bad({ d: '2026-01-01', h: '2026-02-01', a: 'HORA' }, 'hasta', /no puede superar 31 días/);
    await bad({ d: '2026-01-01', h: '2026-04-03', a: 'TURNO' }, 'hasta', /92 días/);
    await bad({ d: '2025-01-01', h: '2026-01-02', a: 'DIA' }, 'hasta', /366 días/);
    await bad({ d: DAY2, h: DAY1, a: 'DIA' }, 'desde', /anterior/);
    // The Date scalar refuses it before the resolver, naming the query variable.
    await bad({ d: '2026-02-30', h: DAY1, a: 'DIA' }, '"d"', /Fecha inválida/);
    await bad({ d: DAY1, h: DAY1, a: 'DIA', l: [9] }, 'lineas', /no existen: 9/);
    await bad({ d: DAY1, h: DAY1, a: 'DIA', l: [0] }, 'lineas', /entre 1 y 99/);
    const { start } = productionDayRange(DAY1, TZ);
    const d = start.toISOString();
    const h = new Date(start.getTime() + 3600_000).toISOString();
    await bad({ v: [], d, h, i: 'HORA' }, 'variables', /al menos una/, SCADA);
    await bad(
      { v: Array.from({ length: 21 }, (_, i) => String(i + 1)), d, h, i: 'HORA' },
      'variables',
      /20/,
      SCADA,
    );
    await bad({ v: ['999999'], d, h, i: 'HORA' }, 'variables', /no existen/, SCADA);
    await bad({ v: ['abc'], d, h, i: 'HORA' }, 'variables', /identificador/, SCADA);
    const eta = String(plant.variableId.get('ETA (%)_561'));
    await bad({ v: [eta], d, h, i: 'HORA' }, 'variables', /OPC.*ETA/, SCADA);
    await bad(
      { v: [String(aguaId)], d: '2026-01-01T00:00:00Z', h: '2026-03-01T00:00:00Z', i: 'MINUTO' },
      'intervalo',
      /celdas.*intervalo mayor/,
      SCADA,
    );
    await bad({ v: [String(aguaId)], d: h, h: d, i: 'HORA' }, 'desde', /anterior/, SCADA);
    const anon = await server().gql(CONTADORES, { d: DAY1, h: DAY1, a: 'DIA' });
    expect(anon.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const anonScada = await server().gql(`{ variablesScada { id } }`);
    expect(anonScada.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('SCADA report: each variable by its own aggregation per bucket, recomputed from the raw readings', async () => {
    const { start } = productionDayRange(DAY1, TZ);
    const at = (min: number) => new Date(start.getTime() + min * 60_000);
    const aguaEntre = (a: number, b: number) => agua.slice(a, b);
    const aireEntre = (a: number, b: number) => aire.filter((_, i) => i * 5 >= a && i * 5 < b);
    const mean = (xs: number[]) => (xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : null);
    const sum = (xs: number[]) => (xs.length ? xs.reduce((s, x) => s + x, 0) : null);
    const cases: [string, number, number, number][] = [
      ['MINUTO', 1, 0, 30],
      ['QUINCE_MINUTOS', 15, 0, 180],
      ['HORA', 60, 0, 1440],
    ];
    for (const [intervalo, paso, from, to] of cases) {
      const r = await q(SCADA, {
        v: [String(aguaId), String(aireId)],
        d: at(from).toISOString(),
        h: at(to).toISOString(),
        i: intervalo,
      });
      expect(r.errors).toBeUndefined();
      const rep = r.data!.reporteScada;
      expect(rep.columnas.map((c: { nombre: string }) => c.nombre)).toEqual([
        'Agua extraída (m³)',
        'Flujo aire L1 (Nm³/h)',
      ]);
      expect(rep.columnas[0]).toMatchObject({ unidad: 'm³', agregacion: 'SUMA', decimales: 2 });
      expect(rep.filas).toHaveLength((to - from) / paso);
      for (const [k, fila] of (rep.filas as { inicio: string; valores: (number | null)[] }[]).entries()) {
        const a = from + k * paso;
        expect(fila.inicio).toBe(at(a).toISOString().replace('.000', ''));
        expect(fila.valores[0]).toBeCloseTo(sum(aguaEntre(a, a + paso))!, 6);
        const m = mean(aireEntre(a, a + paso));
        if (m === null) expect(fila.valores[1]).toBeNull();
        else expect(fila.valores[1]).toBeCloseTo(m, 6);
      }
      expect(rep.resumen[0]).toBeCloseTo(sum(aguaEntre(from, to))!, 6);
      expect(rep.resumen[1]).toBeCloseTo(mean(aireEntre(from, to))!, 6);
    }
    // Per production day: two days of water, one of air; the second day has no air readings.
    const dias = await q(SCADA, {
      v: [String(aireId), String(aguaId)],
      d: start.toISOString(),
      h: productionDayRange(DAY2, TZ).end.toISOString(),
      i: 'DIA',
    });
    expect(dias.errors).toBeUndefined();
    const filas = dias.data!.reporteScada.filas as { inicio: string; valores: (number | null)[] }[];
    expect(filas.map((f) => f.inicio)).toEqual([
      start.toISOString().replace('.000', ''),
      productionDayRange(DAY2, TZ).start.toISOString().replace('.000', ''),
    ]);
    expect(filas[0]!.valores[0]).toBeCloseTo(mean(aire)!, 6);
    expect(filas[1]!.valores[0]).toBeNull();
    expect(filas[0]!.valores[1]).toBeCloseTo(sum(agua.slice(0, 1440))!, 6);
    expect(filas[1]!.valores[1]).toBeCloseTo(sum(agua.slice(1440))!, 6);
  });

  it('SCADA variables: only OPC-fed ones, human-resources ones only with that permission', async () => {
    const admin = await q(`{ variablesScada { id nombre agregacion } }`);
    expect(admin.errors).toBeUndefined();
    const nombres = (admin.data!.variablesScada as { nombre: string }[]).map((v) => v.nombre);
    expect(nombres).toContain('Agua extraída (m³)');
    expect(nombres).toContain('Personal en planta (personas)');
    expect(nombres).not.toContain('ETA (%)_561');

    const adminToken = token;
    const username = uniqueName('rep');
    await createUser(server(), adminToken, { username, password: 'clave-usuario-1' });
    const viewer = (await server().login(username, 'clave-usuario-1')).access_token;
    const list = await server().gql(`{ variablesScada { nombre } }`, {}, { token: viewer });
    expect((list.data!.variablesScada as { nombre: string }[]).map((v) => v.nombre)).not.toContain(
      'Personal en planta (personas)',
    );
    const { start } = productionDayRange(DAY1, TZ);
    const vars = {
      v: [String(hrId)],
      d: start.toISOString(),
      h: new Date(start.getTime() + 3 * 3600_000).toISOString(),
      i: 'HORA',
    };
    const refused = await server().gql(SCADA, vars, { token: viewer });
    expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const ok = await q(SCADA, vars);
    expect(ok.errors).toBeUndefined();
    // ULTIMO: the last reading of each hour, and of the range.
    expect(ok.data!.reporteScada.filas.map((f: { valores: number[] }) => f.valores[0])).toEqual([10, 12, 14]);
    expect(ok.data!.reporteScada.resumen).toEqual([14]);
  });
  /** Polls an export until it leaves EN_PROCESO. */
  const esperar = async (id: string) => {
    for (let i = 0; i < 200; i++) {
      const r = await q(`query($id: ID!) { exportacion(id: $id) { estado filas error file_url nombre } }`, {
        id,
      });
      const e = r.data!.exportacion as {
        estado: string;
        filas: number;
        error: string | null;
        file_url: string;
        nombre: string;
      };
      if (e.estado !== 'EN_PROCESO') return e;
      await new Promise((res) => setTimeout(res, 50));
    }
    throw new Error('la exportación no terminó');
  };
  const libro = async (fileUrl: string) => {
    const res = await fetch(`${server().url}${fileUrl}`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await res.arrayBuffer());
    return book;
  };
  /** Plant wall-clock time as the .xlsx stores dates (Lima = UTC-5). */
  const wall = (iso: string) => new Date(Date.parse(iso) - 5 * 3600_000);

  it('exports both reports to .xlsx: the rows and totals the queries give, units in the headers', async () => {
    const started = await q(
      `mutation($i: ExportarReporteContadoresInput!) { exportarReporteContadores(input: $i) { id estado informe nombre } }`,
      { i: { desde: DAY1, hasta: DAY1, agrupacion: 'TURNO' } },
    );
    expect(started.errors).toBeUndefined();
    expect(started.data!.exportarReporteContadores).toMatchObject({
      estado: 'EN_PROCESO',
      informe: 'Reporte de Contadores',
      nombre: `reporte-contadores_${DAY1}_${DAY1}.xlsx`,
    });
    const rep = await contadores(DAY1, DAY1, 'TURNO');
    const done = await esperar(started.data!.exportarReporteContadores.id);
    expect(done).toMatchObject({ estado: 'LISTA', error: null });
    const book = await libro(done.file_url);
    const sheet = book.getWorksheet('Contadores')!;
    // Title block: the production day from 08:00 to 08:00 (plant time).
    expect(sheet.getCell('B3').value).toEqual(wall(productionDayRange(DAY1, TZ).start.toISOString()));
    expect(sheet.getCell('B4').value).toEqual(wall(productionDayRange(DAY1, TZ).end.toISOString()));
    expect((sheet.getRow(7).values as unknown[]).slice(1)).toEqual([
      'Línea',
      'Día de producción',
      'Turno',
      'Producto',
      'Botellas (botellas)',
      'Botellas llenas (botellas)',
      'Paquetes (paquetes)',
      'Producto terminado (botellas)',
      'Velocidad media (bph)',
      'Tiempo de marcha (min)',
    ]);
    rep.filas.forEach((f, i) => {
      const row = sheet.getRow(8 + i);
      expect(row.getCell(1).value).toBe(f.linea_nombre);
      expect(row.getCell(3).value).toBe(['', 'T1 08–16', 'T2 16–24', 'T3 00–08'][f.turno!]);
      expect(row.getCell(4).value ?? null).toBe(f.producto);
      expect(row.getCell(7).value).toBe(f.paquetes);
      expect(row.getCell(8).value).toBe(f.producto_terminado);
      expect(row.getCell(9).value ?? null).toBe(f.velocidad_media);
      expect(row.getCell(10).value).toBe(f.minutos_marcha);
    });
    const suma = sheet.getRow(8 + rep.filas.length);
    expect(suma.getCell(1).value).toBe('Total');
    expect(suma.getCell(8).value).toBe(rep.total.producto_terminado);
    const totales = book.getWorksheet('Totales')!;
    expect(totales.getRow(8 + rep.totales.length).getCell(1).value).toBe('Total');
    expect(totales.getRow(8 + rep.totales.length).getCell(7).value).toBe(rep.total.velocidad_media);

    const { start } = productionDayRange(DAY1, TZ);
    const vars = {
      v: [String(aguaId), String(aireId)],
      d: start.toISOString(),
      h: new Date(start.getTime() + 6 * 3600_000).toISOString(),
      i: 'HORA',
    };
    const s = await q(
      `mutation($i: ExportarReporteScadaInput!) { exportarReporteScada(input: $i) { id nombre } }`,
      { i: { variables: vars.v, desde: vars.d, hasta: vars.h, intervalo: vars.i, formato: 'XLSX' } },
    );
    expect(s.errors).toBeUndefined();
    const scada = (await q(SCADA, vars)).data!.reporteScada as {
      filas: { inicio: string; valores: (number | null)[] }[];
    };
    const listo = await esperar(s.data!.exportarReporteScada.id);
    expect(listo).toMatchObject({
      estado: 'LISTA',
      filas: 6,
      nombre: `reporte-scada_${start.toISOString().slice(0, 10)}_${start.toISOString().slice(0, 10)}.xlsx`,
    });
    const hoja = (await libro(listo.file_url)).getWorksheet('Variables SCADA')!;
    expect((hoja.getRow(7).values as unknown[]).slice(1)).toEqual([
      'Fecha y hora',
      'Agua extraída (m³)',
      'Flujo aire L1 (Nm³/h)',
    ]);
    scada.filas.forEach((f, i) => {
      const row = hoja.getRow(8 + i);
      expect(row.getCell(1).value).toEqual(wall(f.inicio));
      expect(row.getCell(2).value).toBe(f.valores[0]);
      expect(row.getCell(3).value).toBe(f.valores[1]);
    });
    expect(hoja.getRow(8 + scada.filas.length).getCell(1).value).toBe('Total');
    expect(hoja.getRow(9 + scada.filas.length).getCell(1).value).toBe('Promedio');

    // Bad input answers the mutation itself, in Spanish.
    const bad = await q(
      `mutation($i: ExportarReporteScadaInput!) { exportarReporteScada(input: $i) { id } }`,
      {
        i: {
          variables: [String(plant.variableId.get('ETA (%)_561'))],
          desde: vars.d,
          hasta: vars.h,
          intervalo: 'HORA',
        },
      },
    );
    expect(bad.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT' } });
    expect(bad.errors?.[0]?.message).toMatch(/OPC/);
    const pdf = await q(
      `mutation($i: ExportarReporteContadoresInput!) { exportarReporteContadores(input: $i) { id } }`,
      { i: { desde: DAY1, hasta: DAY1, agrupacion: 'DIA', formato: 'PDF' } },
    );
    expect(pdf.errors?.[0]?.message).toContain('"formato"');
  });
});
