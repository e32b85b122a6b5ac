import { energyDate, productionDay } from '@planta/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { historicos, metas, variables } from '../src/db/schema/index.ts';
import { recomputeAggregates } from '../src/derivations/historicos.ts';
import { calendarioPlanta } from '../src/modules/planta/planta.resolvers.ts';
import { describeEachDatabase } from './harness.ts';

// What the Dashboard Fábrica (and the other KPI screens) read: the variables' "higher is better"
// flag, each variable's day / month / year figures against the matching targets, and the plant's
// calendar (time zone and current production day).

const RESUMEN = `query($nombres: [String!]!, $fecha: Date!) {
  resumenVariables(nombres: $nombres, fecha: $fecha) {
    fecha diario mensual anual meta meta_mensual meta_anual variable { nombre agregacion mayor_es_mejor }
  }
}`;
const CALENDARIO = `{ calendarioPlanta { zona_horaria dia_produccion fecha_energia ahora } }`;

type VariableRow = typeof variables.$inferInsert;

async function insertVariable(db: Db, values: Partial<VariableRow> & { nombre: string }): Promise<number> {
  const [row] = await db
    .insert(variables)
    .values({
      nivel: 'GLOBAL',
      area: 'fabrica',
      unidad: 'CU',
      agregacion: 'SUMA',
      fuente: 'MANUAL',
      ...values,
    })
    .returning({ id: variables.id });
  return row!.id;
}

async function insertHistoricos(
  db: Db,
  variableId: number,
  rows: { fecha: string; diario: number; meta?: number }[],
): Promise<void> {
  await db.insert(historicos).values(rows.map((r) => ({ variableId, ...r })));
  await recomputeAggregates(db, [variableId], rows.map((r) => r.fecha).sort()[0]!);
}

describeEachDatabase('dashboard fábrica: resumenVariables, mayor_es_mejor', (server) => {
  let token: string;

  beforeAll(async () => {
    const db = server().database.db;
    token = (await server().login()).access_token;
    const produccion = await insertVariable(db, { nombre: 'Producción F' });
    const eta = await insertVariable(db, { nombre: 'ETA F', agregacion: 'PROMEDIO', unidad: '%' });
    await insertVariable(db, {
      nombre: 'Agua F',
      agregacion: 'PROMEDIO',
      unidad: 'L/L',
      mayorEsMejor: false,
    });
    // Production: metas on working days; the 2026-03-03 historico carries its own meta (wins).
    await db.insert(metas).values([
      { variableId: produccion, fecha: '2025-12-31', valor: 999 }, // last year: outside anual
      { variableId: produccion, fecha: '2026-01-15', valor: 1000 },
      { variableId: produccion, fecha: '2026-02-27', valor: 1100 },
      { variableId: produccion, fecha: '2026-03-02', valor: 1200 },
      { variableId: produccion, fecha: '2026-03-03', valor: 1 }, // overridden by the historico's meta
      { variableId: produccion, fecha: '2026-03-05', valor: 1300 }, // after fecha: not counted
    ]);
    await insertHistoricos(db, produccion, [
      { fecha: '2026-01-15', diario: 900 },
      { fecha: '2026-02-27', diario: 1150 },
      { fecha: '2026-03-02', diario: 1250 },
      { fecha: '2026-03-03', diario: 1180, meta: 1210 },
    ]);
    await db.insert(metas).values([
      { variableId: eta, fecha: '2026-02-01', valor: 80 },
      { variableId: eta, fecha: '2026-03-01', valor: 85 },
    ]);
    await insertHistoricos(db, eta, [
      { fecha: '2026-03-02', diario: 90 },
      { fecha: '2026-03-03', diario: 84 },
    ]);
  });

  const q = (query: string, variables: Record<string, unknown> = {}) =>
    server().gql(query, variables, { token });

  it('needs a token', async () => {
    const r = await server().gql(RESUMEN, { nombres: ['Producción F'], fecha: '2026-03-03' });
    expect(r.status).toBe(401);
    expect(r.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('SUMA: the day, month and year to date against the summed targets up to fecha', async () => {
    const r = await q(RESUMEN, { nombres: ['Producción F'], fecha: '2026-03-03' });
    expect(r.errors).toBeUndefined();
    expect(r.data?.resumenVariables).toEqual([
      {
        fecha: '2026-03-03',
        diario: 1180,
        mensual: 1250 + 1180,
        anual: 900 + 1150 + 1250 + 1180,
        meta: 1210,
        meta_mensual: 1200 + 1210,
        meta_anual: 1000 + 1100 + 1200 + 1210,
        variable: { nombre: 'Producción F', agregacion: 'SUMA', mayor_es_mejor: true },
      },
    ]);
  });

  it('PROMEDIO: the latest target applies to the day, the month and the year; order as asked, unknown names skipped', async () => {
    const r = await q(RESUMEN, {
      nombres: ['ETA F', 'No existe', 'Producción F', 'ETA F'],
      fecha: '2026-03-03',
    });
    expect(r.errors).toBeUndefined();
    const rows = r.data?.resumenVariables as { variable: { nombre: string } }[];
    expect(rows.map((row) => row.variable.nombre)).toEqual(['ETA F', 'Producción F']);
    expect(rows[0]).toMatchObject({
      diario: 84,
      mensual: 87,
      anual: 87,
      meta: 85, // no target entered for 2026-03-03: a ratio keeps its latest one
      meta_mensual: 85,
      meta_anual: 85,
    });
  });

  it('a day without a value: no diario; month and year to date as of the latest day with one', async () => {
    const r = await q(RESUMEN, { nombres: ['Producción F', 'ETA F'], fecha: '2026-02-28' });
    expect(r.errors).toBeUndefined();
    expect(r.data?.resumenVariables).toMatchObject([
      // A day off of a count: no target that day, the month's and the year's still add up.
      { diario: null, mensual: 1150, anual: 900 + 1150, meta: null, meta_mensual: 1100, meta_anual: 2100 },
      // No value at all this year yet.
      { diario: null, mensual: null, anual: null, meta: 80, meta_mensual: 80, meta_anual: 80 },
    ]);
    // A new month without values yet: the year to date goes on, the month has none.
    const marzo = await q(RESUMEN, { nombres: ['Producción F'], fecha: '2026-03-01' });
    expect(marzo.data?.resumenVariables).toMatchObject([
      { diario: null, mensual: null, anual: 900 + 1150, meta_mensual: null, meta_anual: 2100 },
    ]);
  });

  it('lower-is-better variables say so; no target at all is null', async () => {
    const r = await q(RESUMEN, { nombres: ['Agua F'], fecha: '2026-03-03' });
    expect(r.data?.resumenVariables).toEqual([
      {
        fecha: '2026-03-03',
        diario: null,
        mensual: null,
        anual: null,
        meta: null,
        meta_mensual: null,
        meta_anual: null,
        variable: { nombre: 'Agua F', agregacion: 'PROMEDIO', mayor_es_mejor: false },
      },
    ]);
    const list = await q(`{ variables { nombre mayor_es_mejor } }`);
    expect(list.data?.variables).toContainEqual({ nombre: 'Agua F', mayor_es_mejor: false });
    expect(list.data?.variables).toContainEqual({ nombre: 'ETA F', mayor_es_mejor: true });
  });

  it('validates the date and the list', async () => {
    const bad = await q(RESUMEN, { nombres: ['Producción F'], fecha: '2026-02-30' });
    expect(bad.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const tooMany = await q(RESUMEN, {
      nombres: Array.from({ length: 101 }, (_, i) => `v${i}`),
      fecha: '2026-03-03',
    });
    expect(tooMany.errors?.[0]?.message).toBe('El campo "nombres" admite como máximo 100 elementos');
  });
});

describeEachDatabase(
  'calendarioPlanta',
  (server) => {
    it('needs a token', async () => {
      const r = await server().gql(CALENDARIO);
      expect(r.status).toBe(401);
    });

    it('gives the plant time zone (PLANT_TZ) and the current production day there', async () => {
      const token = (await server().login()).access_token;
      const before = new Date();
      const r = await server().gql(CALENDARIO, {}, { token });
      const after = new Date();
      expect(r.errors).toBeUndefined();
      const cal = r.data?.calendarioPlanta as Record<string, string>;
      expect(cal.zona_horaria).toBe('Asia/Tokyo');
      // The day may roll over between the two clocks read here: either side is right.
      expect([productionDay(before, 'Asia/Tokyo'), productionDay(after, 'Asia/Tokyo')]).toContain(
        cal.dia_produccion,
      );
      expect([energyDate(before, 'Asia/Tokyo'), energyDate(after, 'Asia/Tokyo')]).toContain(
        cal.fecha_energia,
      );
      const ahora = new Date(cal.ahora!).getTime();
      expect(ahora).toBeGreaterThanOrEqual(before.getTime());
      expect(ahora).toBeLessThanOrEqual(after.getTime());
    });

    it('gives the first day with history (primer_dia), null while there is none', async () => {
      const token = (await server().login()).access_token;
      const ask = async () =>
        (
          (await server().gql('{ calendarioPlanta { primer_dia } }', {}, { token })).data
            ?.calendarioPlanta as {
            primer_dia: string | null;
          }
        ).primer_dia;
      expect(await ask()).toBeNull();
      const db = server().database.db;
      const id = await insertVariable(db, { nombre: 'Primer día' });
      await insertHistoricos(db, id, [
        { fecha: '2025-10-27', diario: 1 },
        { fecha: '2025-10-26', diario: 2 },
      ]);
      expect(await ask()).toBe('2025-10-26');
    });
  },
  { plantTz: 'Asia/Tokyo' },
);

describe('calendarioPlanta (clock fixed)', () => {
  it('before 08:00 the production day is still yesterday; from 07:00 the energy date is today', () => {
    // 07:30 in Lima (UTC−5).
    expect(calendarioPlanta('America/Lima', new Date('2026-03-02T12:30:00Z'))).toEqual({
      zona_horaria: 'America/Lima',
      dia_produccion: '2026-03-01',
      fecha_energia: '2026-03-02',
      ahora: '2026-03-02T12:30:00.000Z',
    });
    // 08:00 in Lima: the new production day starts.
    expect(calendarioPlanta('America/Lima', new Date('2026-03-02T13:00:00Z')).dia_produccion).toBe(
      '2026-03-02',
    );
  });
});
