import { productionDayRange } from '@planta/domain';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { variables } from '../src/db/schema/index.ts';
import { deriveProductionDay } from '../src/derivations/production-day.ts';
import { CAMBIO_CONCURRENTE } from '../src/modules/audit/cambios.ts';
import { type PlantFixture, seedPlant, TZ, writeLine1Day } from './fixtures.ts';
import { createUser, describeEachDatabase, type GqlResult, uniqueName } from './harness.ts';

/**
 * The /configuracion/mttr-mttf screen's API (issue 16): downtime events (paros) entered or corrected
 * by maintenance, and MTTR/MTTF entered by hand for a line without automatic data. Every write:
 * admin only, validated in Spanish naming the field, audited, version-checked; a paro's write
 * re-derives its production days, so what /mantenimiento reads (mttrMttf, mantenimientoLineas,
 * parosPareto) follows at once.
 */

const DAY = '2026-03-02';
const DAY2 = '2026-03-03';
const PARO_FIELDS = 'id linea_id linea linea_nombre inicio fin minutos equipo causa tipo version';
const MANUAL_FIELDS = 'linea_id linea linea_nombre fecha mttr mttf version';

const LIST = `query($d: Date!, $h: Date!, $l: ID, $p: Int, $n: Int) {
  paros(desde: $d, hasta: $h, linea_id: $l, pagina: $p, por_pagina: $n) { total items { ${PARO_FIELDS} } } }`;
const CREATE = `mutation($input: ParoInput!) { createParo(input: $input) { ${PARO_FIELDS} } }`;
const UPDATE = `mutation($id: ID!, $input: ParoUpdateInput!) { updateParo(id: $id, input: $input) { ${PARO_FIELDS} } }`;
const DELETE = `mutation($id: ID!, $version: Int) { deleteParo(id: $id, version: $version) { ${PARO_FIELDS} } }`;
const MANUALES = `query($d: Date!, $h: Date!) { mttrMttfManuales(desde: $d, hasta: $h) { ${MANUAL_FIELDS} } }`;
const CREATE_MANUAL = `mutation($input: MttrMttfManualInput!) { createMttrMttfManual(input: $input) { ${MANUAL_FIELDS} } }`;
const UPDATE_MANUAL = `mutation($input: MttrMttfManualInput!) { updateMttrMttfManual(input: $input) { ${MANUAL_FIELDS} } }`;
const DELETE_MANUAL = `mutation($l: ID!, $f: Date!, $v: Int) { deleteMttrMttfManual(linea_id: $l, fecha: $f, version: $v) { ${MANUAL_FIELDS} } }`;
const MTTR = `query($n: [String!]!, $d: Date!, $h: Date!) { mttrMttf(nombres: $n, desde: $d, hasta: $h) { nombre puntos { fecha diario } } }`;
const LINEAS = `query($d: Date!, $h: Date!) { mantenimientoLineas(desde: $d, hasta: $h) { linea fallas minutos_falla mttr mttf } }`;
const PARETO = `query($d: Date!, $h: Date!) { parosPareto(desde: $d, hasta: $h) { nombre minutos paros } }`;

interface Paro {
  id: string;
  linea_id: string;
  linea: number;
  inicio: string;
  fin: string;
  minutos: number;
  equipo: string;
  causa: string;
  tipo: string;
  version: number;
}
interface Manual {
  linea_id: string;
  linea: number;
  fecha: string;
  mttr: number;
  mttf: number;
  version: number;
}
interface AuditRow {
  actor_id: number;
  target_type: string;
  target_id: string;
  details: {
    operacion: string;
    antes: Record<string, unknown> | null;
    despues: Record<string, unknown> | null;
  };
}

async function lastAudit(db: Db, entidad: string, id: string): Promise<AuditRow | undefined> {
  const result = (await db.execute(
    sql`select actor_id, target_type, target_id, details from audit_log
        where action = 'configuracion' and target_type = ${entidad} and target_id = ${id}
        order by id desc limit 1`,
  )) as unknown as { rows: AuditRow[] };
  return result.rows[0];
}

const at = (start: Date, minute: number) => new Date(start.getTime() + minute * 60_000).toISOString();

function expectBadInput(r: GqlResult, field: string, message: string | RegExp) {
  expect(r.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field });
  expect(r.errors?.[0]?.message).toMatch(message);
  expect(r.status).toBeLessThan(500);
}

describeEachDatabase('configuración: paros y MTTR/MTTF', (server) => {
  let admin: string;
  let adminId: number;
  let reader: string;
  let db: Db;
  let plant: PlantFixture;
  let start: Date;
  let l1 = '';
  let l2 = '';
  const gql = <T = Record<string, any>>(q: string, v: Record<string, unknown>, token = admin) =>
    server().gql<T>(q, v, { token });
  const daily = async (nombre: string, fecha = DAY) => {
    const r = await gql<{ mttrMttf: { puntos: { fecha: string; diario: number | null }[] }[] }>(MTTR, {
      n: [nombre],
      d: fecha,
      h: fecha,
    });
    expect(r.errors).toBeUndefined();
    return r.data!.mttrMttf[0]!.puntos.find((p) => p.fecha === fecha)?.diario ?? null;
  };
  const linea1 = async () => {
    const r = await gql<{ mantenimientoLineas: { linea: number; fallas: number; mttr: number | null }[] }>(
      LINEAS,
      { d: DAY, h: DAY },
    );
    return r.data!.mantenimientoLineas.find((l) => l.linea === 1)!;
  };

  beforeAll(async () => {
    db = server().database.db;
    const login = await server().login();
    admin = login.access_token;
    adminId = Number(login.user.id);
    const readerName = uniqueName('lector');
    await createUser(server(), admin, { username: readerName });
    reader = (await server().login(readerName, 'clave-usuario-1')).access_token;
    plant = await seedPlant(db);
    l1 = String(plant.lineaId.get(1));
    l2 = String(plant.lineaId.get(2));
    // Line 2's maintenance variables (the fixture has line 1's only): it gets hand-entered figures.
    const base = {
      estado: 1,
      nivel: 'INDIVIDUAL' as const,
      area: 'mantenimiento',
      fuente: 'CALCULADA' as const,
      decimales: 2,
      unidad: 'min',
      agregacion: 'PROMEDIO' as const,
      lineaId: plant.lineaId.get(2)!,
    };
    await db.insert(variables).values([
      { ...base, nombre: 'MTTR (min)_562' },
      { ...base, nombre: 'MTTF (min)_562' },
    ]);
    start = (await writeLine1Day(db, DAY, 600)).start;
    await deriveProductionDay(db, DAY, TZ);
  });

  describe('paros', () => {
    let paro: Paro;

    it('creates a FALLA and /mantenimiento follows: MTTR, MTTF, the per-line figures and the Pareto', async () => {
      expect(await daily('MTTR (min)_561')).toBeNull();
      expect((await linea1()).fallas).toBe(0);
      const r = await gql<{ createParo: Paro }>(CREATE, {
        input: {
          linea_id: l1,
          inicio: at(start, 100),
          fin: at(start, 130),
          equipo: 'Llenadora',
          causa: 'Falla de válvula de llenado',
          tipo: 'FALLA',
        },
      });
      expect(r.errors).toBeUndefined();
      paro = r.data!.createParo;
      expect(paro).toMatchObject({ linea: 1, minutos: 30, tipo: 'FALLA', version: 1, equipo: 'Llenadora' });
      expect(await daily('MTTR (min)_561')).toBe(30);
      expect(await daily('MTTF (min)_561')).toBe(600);
      expect(await linea1()).toMatchObject({ fallas: 1, mttr: 30 });
      const pareto = await gql<{ parosPareto: { nombre: string; minutos: number }[] }>(PARETO, {
        d: DAY,
        h: DAY,
      });
      expect(pareto.data!.parosPareto).toContainEqual(
        expect.objectContaining({ nombre: 'Falla de válvula de llenado', minutos: 30 }),
      );
      const audit = await lastAudit(db, 'paros', paro.id);
      expect(audit).toMatchObject({
        actor_id: adminId,
        details: { operacion: 'crear', antes: null, despues: { id: Number(paro.id), minutos: 30 } },
      });
    });

    it('lists the range paged, newest first; bounds the range to 31 days', async () => {
      const r = await gql<{ paros: { total: number; items: Paro[] } }>(LIST, { d: DAY, h: DAY, l: l1 });
      expect(r.data!.paros.total).toBe(1);
      expect(r.data!.paros.items[0]).toMatchObject({ id: paro.id, inicio: at(start, 100) });
      const empty = await gql<{ paros: { total: number; items: Paro[] } }>(LIST, { d: DAY, h: DAY, l: l2 });
      expect(empty.data!.paros).toEqual({ total: 0, items: [] });
      const page2 = await gql<{ paros: { total: number; items: Paro[] } }>(LIST, {
        d: DAY,
        h: DAY,
        p: 1,
        n: 1,
      });
      expect(page2.data!.paros).toEqual({ total: 1, items: [] });
      expectBadInput(
        await gql(LIST, { d: '2026-01-01', h: '2026-03-01' }),
        'hasta',
        /El rango de fechas no puede superar 30 días/,
      );
      expectBadInput(
        await gql(LIST, { d: DAY, h: DAY, n: 500 }),
        'por_pagina',
        /"por_pagina" debe estar entre 1 y 100/,
      );
    });

    it('corrects a paro: the day is re-derived, the audit keeps before and after', async () => {
      const r = await gql<{ updateParo: Paro }>(UPDATE, {
        id: paro.id,
        input: {
          linea_id: l1,
          inicio: at(start, 100),
          fin: at(start, 120),
          equipo: 'Llenadora',
          causa: 'Falla de válvula de llenado',
          tipo: 'FALLA',
          version: paro.version,
        },
      });
      expect(r.errors).toBeUndefined();
      expect(r.data!.updateParo).toMatchObject({ minutos: 20, version: 2 });
      expect(await daily('MTTR (min)_561')).toBe(20);
      const audit = await lastAudit(db, 'paros', paro.id);
      expect(audit?.details).toMatchObject({
        operacion: 'modificar',
        antes: { minutos: 30, version: 1 },
        despues: { minutos: 20, version: 2 },
      });
      paro = r.data!.updateParo;
    });

    it('validates in Spanish naming the field', async () => {
      const input = {
        linea_id: l1,
        inicio: at(start, 300),
        fin: at(start, 310),
        equipo: 'Etiquetadora',
        causa: 'Rodillo',
        tipo: 'MICROPARO',
      };
      expectBadInput(
        await gql(CREATE, { input: { ...input, fin: at(start, 290) } }),
        'fin',
        'El campo "fin" debe ser posterior a "inicio"',
      );
      const future = new Date(Date.now() + 3_600_000).toISOString();
      expectBadInput(
        await gql(CREATE, { input: { ...input, inicio: new Date().toISOString(), fin: future } }),
        'fin',
        'El campo "fin" no puede estar en el futuro',
      );
      expectBadInput(
        await gql(CREATE, { input: { ...input, fin: at(start, 300 + 1441) } }),
        'fin',
        /más de 24 horas/,
      );
      expectBadInput(
        await gql(CREATE, { input: { ...input, equipo: '  ' } }),
        'equipo',
        'El campo "equipo" es obligatorio',
      );
      expectBadInput(
        await gql(CREATE, { input: { ...input, causa: 'x'.repeat(201) } }),
        'causa',
        'El campo "causa" admite como máximo 200 caracteres',
      );
      expectBadInput(
        await gql(CREATE, { input: { ...input, linea_id: '99999' } }),
        'linea_id',
        'El campo "linea_id" no es una línea de producción',
      );
      expectBadInput(
        await gql(CREATE, { input: { ...input, linea_id: String(plant.lineaId.get(0)) } }),
        'linea_id',
        /no es una línea de producción/,
      );
    });

    it('refuses a paro that overlaps another of the same line (CONFLICT), not of another line', async () => {
      const input = {
        linea_id: l1,
        inicio: at(start, 110),
        fin: at(start, 140),
        equipo: 'Etiquetadora',
        causa: 'Rodillo',
        tipo: 'MICROPARO',
      };
      const r = await gql(CREATE, { input });
      expect(r.errors?.[0]?.extensions).toMatchObject({ code: 'CONFLICT', field: 'inicio' });
      expect(r.errors?.[0]?.message).toMatch(/^El paro se superpone con otro paro de Línea 1 \(FALLA, /);
      const other = await gql<{ createParo: Paro }>(CREATE, { input: { ...input, linea_id: l2 } });
      expect(other.errors).toBeUndefined();
      const del = await gql(DELETE, { id: other.data!.createParo.id, version: 1 });
      expect(del.errors).toBeUndefined();
    });

    it('is admin only: FORBIDDEN for another user (reads and writes)', async () => {
      const r = await gql(LIST, { d: DAY, h: DAY }, reader);
      expect(r.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      const w = await gql(DELETE, { id: paro.id }, reader);
      expect(w.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      const m = await gql(CREATE_MANUAL, { input: { linea_id: l2, fecha: DAY, mttr: 1, mttf: 2 } }, reader);
      expect(m.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    });

    it('refuses a stale version; of two parallel saves naming the same version exactly one wins', async () => {
      const input = (minutes: number, version: number) => ({
        linea_id: l1,
        inicio: at(start, 100),
        fin: at(start, 100 + minutes),
        equipo: 'Llenadora',
        causa: 'Falla de válvula de llenado',
        tipo: 'FALLA',
        version,
      });
      const stale = await gql(UPDATE, { id: paro.id, input: input(25, 1) });
      expect(stale.errors?.[0]).toMatchObject({
        message: CAMBIO_CONCURRENTE,
        extensions: { code: 'CONFLICT', field: 'version' },
      });
      const results = await Promise.all([
        gql<{ updateParo: Paro }>(UPDATE, { id: paro.id, input: input(15, paro.version) }),
        gql<{ updateParo: Paro }>(UPDATE, { id: paro.id, input: input(45, paro.version) }),
      ]);
      const ok = results.filter((r) => !r.errors);
      const conflicts = results.filter((r) => r.errors?.[0]?.extensions?.code === 'CONFLICT');
      expect(ok).toHaveLength(1);
      expect(conflicts).toHaveLength(1);
      paro = ok[0]!.data!.updateParo;
      expect(paro.version).toBe(3);
      expect(await daily('MTTR (min)_561')).toBe(paro.minutos);
      const staleDelete = await gql(DELETE, { id: paro.id, version: 1 });
      expect(staleDelete.errors?.[0]?.extensions).toMatchObject({ code: 'CONFLICT', field: 'version' });
    });

    it('moving a paro to another day re-derives both days', async () => {
      const start2 = productionDayRange(DAY2, TZ).start;
      const r = await gql<{ updateParo: Paro }>(UPDATE, {
        id: paro.id,
        input: {
          linea_id: l1,
          inicio: at(start2, 60),
          fin: at(start2, 100),
          equipo: 'Llenadora',
          causa: 'Falla de válvula de llenado',
          tipo: 'FALLA',
          version: paro.version,
        },
      });
      expect(r.errors).toBeUndefined();
      paro = r.data!.updateParo;
      expect(await daily('MTTR (min)_561', DAY)).toBeNull();
      expect(await daily('MTTR (min)_561', DAY2)).toBe(40);
    });

    it('deletes a paro: its day loses the failure, the audit keeps the record', async () => {
      const r = await gql<{ deleteParo: Paro }>(DELETE, { id: paro.id, version: paro.version });
      expect(r.errors).toBeUndefined();
      expect(await daily('MTTR (min)_561', DAY2)).toBeNull();
      const audit = await lastAudit(db, 'paros', paro.id);
      expect(audit?.details).toMatchObject({
        operacion: 'eliminar',
        antes: { id: Number(paro.id) },
        despues: null,
      });
      const again = await gql(DELETE, { id: paro.id });
      expect(again.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    });
  });

  describe('MTTR/MTTF ingresado a mano', () => {
    let manual: Manual;

    it('enters a line-day without automatic data; derivations keep it; mttrMttf shows it', async () => {
      const r = await gql<{ createMttrMttfManual: Manual }>(CREATE_MANUAL, {
        input: { linea_id: l2, fecha: DAY, mttr: 12.5, mttf: 480 },
      });
      expect(r.errors).toBeUndefined();
      manual = r.data!.createMttrMttfManual;
      expect(manual).toMatchObject({ linea: 2, fecha: DAY, mttr: 12.5, mttf: 480, version: 1 });
      expect(await daily('MTTR (min)_562')).toBe(12.5);
      expect(await daily('MTTF (min)_562')).toBe(480);
      await deriveProductionDay(db, DAY, TZ);
      expect(await daily('MTTR (min)_562')).toBe(12.5);
      const flags = (await db.execute(
        sql`select h.diario_manual, h.mensual from historicos h join variables v on v.id = h.variable_id
            where v.nombre = 'MTTR (min)_562' and h.fecha = ${DAY}::date`,
      )) as unknown as { rows: { diario_manual: boolean; mensual: number }[] };
      expect(flags.rows[0]).toEqual({ diario_manual: true, mensual: 12.5 });
      const list = await gql<{ mttrMttfManuales: Manual[] }>(MANUALES, { d: '2026-03-01', h: '2026-03-31' });
      expect(list.data!.mttrMttfManuales).toEqual([manual]);
      const audit = await lastAudit(db, 'historicos', `${l2}:${DAY}`);
      expect(audit).toMatchObject({
        actor_id: adminId,
        details: { operacion: 'crear', antes: null, despues: { mttr: 12.5, mttf: 480 } },
      });
    });

    it('refuses a second entry of the same line-day and a line-day with automatic data (CONFLICT)', async () => {
      const dup = await gql(CREATE_MANUAL, { input: { linea_id: l2, fecha: DAY, mttr: 1, mttf: 1 } });
      expect(dup.errors?.[0]?.extensions).toMatchObject({ code: 'CONFLICT', field: 'fecha' });
      expect(dup.errors?.[0]?.message).toMatch(/^Ya existe un MTTR\/MTTF ingresado a mano de Línea 2/);
      await gql(CREATE, {
        input: {
          linea_id: l1,
          inicio: at(start, 200),
          fin: at(start, 215),
          equipo: 'Sopladora',
          causa: 'Molde',
          tipo: 'FALLA',
        },
      });
      const auto = await gql(CREATE_MANUAL, { input: { linea_id: l1, fecha: DAY, mttr: 1, mttf: 1 } });
      expect(auto.errors?.[0]?.extensions).toMatchObject({ code: 'CONFLICT', field: 'fecha' });
      expect(auto.errors?.[0]?.message).toBe(
        `Línea 1 ya tiene MTTR/MTTF calculado de sus paros el ${DAY}: corrija los paros en lugar de ingresarlo a mano`,
      );
    });

    it('validates in Spanish naming the field', async () => {
      const input = { linea_id: l2, fecha: DAY2, mttr: 10, mttf: 100 };
      expectBadInput(
        await gql(CREATE_MANUAL, { input: { ...input, mttr: -1 } }),
        'mttr',
        'El campo "mttr" no puede ser negativo',
      );
      expectBadInput(
        await gql(CREATE_MANUAL, { input: { ...input, mttf: 5000 } }),
        'mttf',
        'El campo "mttf" no puede superar 1440 minutos',
      );
      expectBadInput(
        await gql(CREATE_MANUAL, { input: { ...input, fecha: '2099-01-01' } }),
        'fecha',
        'El campo "fecha" no puede ser un día de producción futuro',
      );
      expectBadInput(
        await gql(CREATE_MANUAL, { input: { ...input, linea_id: '99999' } }),
        'linea_id',
        /no es una línea de producción/,
      );
    });

    it('updates with its version; a stale one and the loser of a parallel pair get CONFLICT', async () => {
      const r = await gql<{ updateMttrMttfManual: Manual }>(UPDATE_MANUAL, {
        input: { linea_id: l2, fecha: DAY, mttr: 15, mttf: 470, version: manual.version },
      });
      expect(r.errors).toBeUndefined();
      expect(r.data!.updateMttrMttfManual).toMatchObject({ mttr: 15, mttf: 470, version: 2 });
      expect(await daily('MTTR (min)_562')).toBe(15);
      const audit = await lastAudit(db, 'historicos', `${l2}:${DAY}`);
      expect(audit?.details).toMatchObject({
        operacion: 'modificar',
        antes: { mttr: 12.5, version: 1 },
        despues: { mttr: 15, version: 2 },
      });
      const stale = await gql(UPDATE_MANUAL, {
        input: { linea_id: l2, fecha: DAY, mttr: 1, mttf: 1, version: 1 },
      });
      expect(stale.errors?.[0]).toMatchObject({
        message: CAMBIO_CONCURRENTE,
        extensions: { code: 'CONFLICT' },
      });
      const results = await Promise.all(
        [20, 30].map((mttr) =>
          gql<{ updateMttrMttfManual: Manual }>(UPDATE_MANUAL, {
            input: { linea_id: l2, fecha: DAY, mttr, mttf: 400, version: 2 },
          }),
        ),
      );
      expect(results.filter((x) => !x.errors)).toHaveLength(1);
      expect(results.filter((x) => x.errors?.[0]?.extensions?.code === 'CONFLICT')).toHaveLength(1);
      manual = results.find((x) => !x.errors)!.data!.updateMttrMttfManual;
      expect(manual.version).toBe(3);
    });

    it('removes an entry: the rows go, the derivation takes over again', async () => {
      const stale = await gql(DELETE_MANUAL, { l: l2, f: DAY, v: 1 });
      expect(stale.errors?.[0]?.extensions).toMatchObject({ code: 'CONFLICT', field: 'version' });
      const r = await gql<{ deleteMttrMttfManual: Manual }>(DELETE_MANUAL, {
        l: l2,
        f: DAY,
        v: manual.version,
      });
      expect(r.errors).toBeUndefined();
      expect(await daily('MTTR (min)_562')).toBeNull();
      const list = await gql<{ mttrMttfManuales: Manual[] }>(MANUALES, { d: '2026-03-01', h: '2026-03-31' });
      expect(list.data!.mttrMttfManuales).toEqual([]);
      const audit = await lastAudit(db, 'historicos', `${l2}:${DAY}`);
      expect(audit?.details).toMatchObject({
        operacion: 'eliminar',
        despues: null,
        antes: { mttr: manual.mttr },
      });
      const again = await gql(DELETE_MANUAL, { l: l2, f: DAY });
      expect(again.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    });
  });
});
