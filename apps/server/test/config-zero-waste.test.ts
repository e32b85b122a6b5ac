import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { variables } from '../src/db/schema/index.ts';
import { CAMBIO_CONCURRENTE } from '../src/modules/audit/cambios.ts';
import { createUser, describeEachDatabase, type GqlResult, uniqueName } from './harness.ts';

/**
 * The /configuracion/zero-waste screen's API (issue 16): waste classifications (create, edit,
 * delete while unused), a month's kg of every classification saved together, and the yearly
 * projections. Every write: admin only, validated in Spanish naming the field, audited,
 * version-checked; a kg write re-derives the month's ZWL variable, and the /zero-waste queries
 * (computed from the records) show the new figures.
 */

const CLAS_FIELDS = 'id descripcion aprovechable version';
const REG_FIELDS = `id mes kg version clasificacion { ${CLAS_FIELDS} }`;
const PROY_FIELDS = `id anio aprovechables no_aprovechables zero_waste version clasificacion { id descripcion }`;

const CLASIFICACIONES = `{ clasificaciones { ${CLAS_FIELDS} } }`;
const CREATE_CLAS = `mutation($input: ClasificacionInput!) { createClasificacion(input: $input) { ${CLAS_FIELDS} } }`;
const UPDATE_CLAS = `mutation($id: ID!, $input: ClasificacionUpdateInput!) { updateClasificacion(id: $id, input: $input) { ${CLAS_FIELDS} } }`;
const DELETE_CLAS = `mutation($id: ID!, $version: Int) { deleteClasificacion(id: $id, version: $version) { ${CLAS_FIELDS} } }`;
const REGISTROS = `query($mes: Date!) { zeroWasteRegistros(mes: $mes) { ${REG_FIELDS} } }`;
const GUARDAR_MES = `mutation($input: ZeroWasteMesInput!) { guardarZeroWasteMes(input: $input) { ${REG_FIELDS} } }`;
const UPSERT_REGISTRO = `mutation($input: ZeroWasteRegistroInput!) { upsertZeroWasteRegistro(input: $input) { ${REG_FIELDS} } }`;
const UPSERT_PROY = `mutation($input: ProyeccionInput!) { upsertProyeccion(input: $input) { ${PROY_FIELDS} } }`;
const MENSUAL = `query($anio: Int!) { zeroWasteMensual(anio: $anio) { mes numero_mes aprovechable no_aprovechable zwl } }`;

const MES = '2025-05-01';

interface Clas {
  id: string;
  descripcion: string;
  aprovechable: boolean;
  version: number;
}
interface Registro {
  id: string;
  mes: string;
  kg: number;
  version: number;
  clasificacion: Clas;
}
interface Proy {
  id: string;
  anio: number;
  aprovechables: number;
  no_aprovechables: number;
  zero_waste: number;
  version: number;
}
interface AuditRow {
  actor_id: number;
  details: {
    operacion: string;
    antes: Record<string, unknown> | null;
    despues: Record<string, unknown> | null;
  };
}

async function lastAudit(db: Db, entidad: string, id: string): Promise<AuditRow | undefined> {
  const result = (await db.execute(
    sql`select actor_id, details from audit_log
        where action = 'configuracion' and target_type = ${entidad} and target_id = ${id}
        order by id desc limit 1`,
  )) as unknown as { rows: AuditRow[] };
  return result.rows[0];
}

function expectBadInput(r: GqlResult, field: string, message: string | RegExp) {
  expect(r.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field });
  expect(r.errors?.[0]?.message).toMatch(message);
  expect(r.status).toBeLessThan(500);
}

describeEachDatabase('configuración: zero waste', (server) => {
  let admin: string;
  let adminId: number;
  let reader: string;
  let db: Db;
  let carton: Clas;
  let ordinarios: Clas;
  let zwlId = 0;
  const gql = <T = Record<string, any>>(q: string, v: Record<string, unknown> = {}, token = admin) =>
    server().gql<T>(q, v, { token });
  const mayo = async () => {
    const r = await gql<{
      zeroWasteMensual: { numero_mes: number | null; zwl: number | null; aprovechable: number }[];
    }>(MENSUAL, { anio: 2025 });
    expect(r.errors).toBeUndefined();
    return r.data!.zeroWasteMensual.find((m) => m.numero_mes === 5)!;
  };
  const zwlHistorico = async () => {
    const r = (await db.execute(
      sql`select diario from historicos where variable_id = ${zwlId} and fecha = ${MES}::date`,
    )) as unknown as { rows: { diario: number }[] };
    return r.rows[0]?.diario ?? null;
  };
  const registros = async () =>
    (await gql<{ zeroWasteRegistros: Registro[] }>(REGISTROS, { mes: MES })).data!.zeroWasteRegistros;

  beforeAll(async () => {
    db = server().database.db;
    const login = await server().login();
    admin = login.access_token;
    adminId = Number(login.user.id);
    const readerName = uniqueName('lector');
    await createUser(server(), admin, { username: readerName });
    reader = (await server().login(readerName, 'clave-usuario-1')).access_token;
    const [zwl] = await db
      .insert(variables)
      .values({
        nombre: 'ZWL (%)',
        estado: 1,
        nivel: 'GLOBAL',
        area: 'zero-waste',
        fuente: 'CALCULADA',
        decimales: 2,
        unidad: '%',
        agregacion: 'PROMEDIO',
      })
      .returning({ id: variables.id });
    zwlId = zwl!.id;
  });

  describe('clasificaciones', () => {
    it('creates classifications, audited', async () => {
      const a = await gql<{ createClasificacion: Clas }>(CREATE_CLAS, {
        input: { descripcion: '  Cartón/papel ', aprovechable: true },
      });
      expect(a.errors).toBeUndefined();
      carton = a.data!.createClasificacion;
      expect(carton).toMatchObject({ descripcion: 'Cartón/papel', aprovechable: true, version: 1 });
      const b = await gql<{ createClasificacion: Clas }>(CREATE_CLAS, {
        input: { descripcion: 'Ordinarios', aprovechable: false },
      });
      ordinarios = b.data!.createClasificacion;
      expect((await gql<{ clasificaciones: Clas[] }>(CLASIFICACIONES)).data!.clasificaciones).toEqual([
        carton,
        ordinarios,
      ]);
      expect(await lastAudit(db, 'zw_clasificaciones', carton.id)).toMatchObject({
        actor_id: adminId,
        details: { operacion: 'crear', antes: null, despues: { descripcion: 'Cartón/papel', version: 1 } },
      });
    });

    it('refuses a duplicate name (any case) with CONFLICT, and bad input in Spanish', async () => {
      const dup = await gql(CREATE_CLAS, { input: { descripcion: 'cartón/PAPEL', aprovechable: false } });
      expect(dup.errors?.[0]).toMatchObject({
        message: 'Ya existe la clasificación «Cartón/papel»',
        extensions: { code: 'CONFLICT', field: 'descripcion' },
      });
      expectBadInput(
        await gql(CREATE_CLAS, { input: { descripcion: ' ', aprovechable: true } }),
        'descripcion',
        'El campo "descripcion" es obligatorio',
      );
      expectBadInput(
        await gql(CREATE_CLAS, { input: { descripcion: 'x'.repeat(121), aprovechable: true } }),
        'descripcion',
        'El campo "descripcion" admite como máximo 120 caracteres',
      );
      const renameDup = await gql(UPDATE_CLAS, {
        id: ordinarios.id,
        input: { descripcion: 'CARTÓN/PAPEL', aprovechable: false, version: ordinarios.version },
      });
      expect(renameDup.errors?.[0]?.extensions).toMatchObject({ code: 'CONFLICT', field: 'descripcion' });
    });

    it('is admin only: FORBIDDEN for another user', async () => {
      for (const [q, v] of [
        [CREATE_CLAS, { input: { descripcion: 'Vidrio', aprovechable: true } }],
        [UPDATE_CLAS, { id: carton.id, input: { descripcion: 'Vidrio', aprovechable: true } }],
        [DELETE_CLAS, { id: carton.id }],
        [REGISTROS, { mes: MES }],
        [GUARDAR_MES, { input: { mes: MES, registros: [] } }],
      ] as const) {
        const r = await gql(q, v, reader);
        expect(r.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      }
    });

    it('edits with its version; a stale one and the loser of a parallel pair get CONFLICT', async () => {
      const r = await gql<{ updateClasificacion: Clas }>(UPDATE_CLAS, {
        id: carton.id,
        input: { descripcion: 'Cartón y papel', aprovechable: true, version: 1 },
      });
      expect(r.errors).toBeUndefined();
      carton = r.data!.updateClasificacion;
      expect(carton).toMatchObject({ descripcion: 'Cartón y papel', version: 2 });
      expect((await lastAudit(db, 'zw_clasificaciones', carton.id))?.details).toMatchObject({
        operacion: 'modificar',
        antes: { descripcion: 'Cartón/papel', version: 1 },
        despues: { descripcion: 'Cartón y papel', version: 2 },
      });
      const stale = await gql(UPDATE_CLAS, {
        id: carton.id,
        input: { descripcion: 'Cartón', aprovechable: true, version: 1 },
      });
      expect(stale.errors?.[0]).toMatchObject({
        message: CAMBIO_CONCURRENTE,
        extensions: { code: 'CONFLICT', field: 'version' },
      });
      const pair = await Promise.all(
        ['Cartón A', 'Cartón B'].map((descripcion) =>
          gql<{ updateClasificacion: Clas }>(UPDATE_CLAS, {
            id: carton.id,
            input: { descripcion, aprovechable: true, version: 2 },
          }),
        ),
      );
      expect(pair.filter((x) => !x.errors)).toHaveLength(1);
      expect(pair.filter((x) => x.errors?.[0]?.extensions?.code === 'CONFLICT')).toHaveLength(1);
      carton = pair.find((x) => !x.errors)!.data!.updateClasificacion;
      expect(carton.version).toBe(3);
    });
  });

  describe('kg del mes', () => {
    it('saves the month together; the ZWL and /zero-waste follow (aprovechable / total × 100, 2 decimals)', async () => {
      expect((await mayo()).zwl).toBeNull();
      expect(await zwlHistorico()).toBeNull();
      const r = await gql<{ guardarZeroWasteMes: Registro[] }>(GUARDAR_MES, {
        input: {
          mes: '2025-05-17',
          registros: [
            { clasificacion_id: carton.id, kg: 1000 },
            { clasificacion_id: ordinarios.id, kg: 333 },
          ],
        },
      });
      expect(r.errors).toBeUndefined();
      expect(r.data!.guardarZeroWasteMes.map((x) => [x.clasificacion.id, x.mes, x.kg, x.version])).toEqual([
        [carton.id, MES, 1000, 1],
        [ordinarios.id, MES, 333, 1],
      ]);
      const expected = Math.round((1000 / 1333) * 100 * 100) / 100;
      expect(await mayo()).toMatchObject({ aprovechable: 1000, zwl: expected });
      expect(await zwlHistorico()).toBeCloseTo((1000 / 1333) * 100, 9);
      const reg = r.data!.guardarZeroWasteMes[0]!;
      expect(await lastAudit(db, 'zw_registros', reg.id)).toMatchObject({
        actor_id: adminId,
        details: {
          operacion: 'crear',
          antes: null,
          despues: { kg: 1000, clasificacion: carton.descripcion },
        },
      });
    });

    it('a second save changes only what changed; a stale version refuses the whole month', async () => {
      const [c, o] = await registros();
      const r = await gql<{ guardarZeroWasteMes: Registro[] }>(GUARDAR_MES, {
        input: {
          mes: MES,
          registros: [
            { clasificacion_id: carton.id, kg: 1200, version: c!.version },
            { clasificacion_id: ordinarios.id, kg: 333, version: o!.version },
          ],
        },
      });
      expect(r.errors).toBeUndefined();
      expect(r.data!.guardarZeroWasteMes.map((x) => [x.kg, x.version])).toEqual([
        [1200, 2],
        [333, 1],
      ]);
      expect((await lastAudit(db, 'zw_registros', c!.id))?.details).toMatchObject({
        operacion: 'modificar',
        antes: { kg: 1000, version: 1 },
        despues: { kg: 1200, version: 2 },
      });
      expect((await mayo()).zwl).toBe(Math.round((1200 / 1533) * 10000) / 100);
      // Ordinarios changed by one admin while the other still holds version 1 of cartón: nothing is written.
      const stale = await gql(GUARDAR_MES, {
        input: {
          mes: MES,
          registros: [
            { clasificacion_id: carton.id, kg: 5, version: 1 },
            { clasificacion_id: ordinarios.id, kg: 7, version: 1 },
          ],
        },
      });
      expect(stale.errors?.[0]).toMatchObject({
        message: CAMBIO_CONCURRENTE,
        extensions: { code: 'CONFLICT' },
      });
      expect((await registros()).map((x) => x.kg)).toEqual([1200, 333]);
      const pair = await Promise.all(
        [10, 20].map((kg) =>
          gql(GUARDAR_MES, {
            input: { mes: MES, registros: [{ clasificacion_id: ordinarios.id, kg, version: 1 }] },
          }),
        ),
      );
      expect(pair.filter((x) => !x.errors)).toHaveLength(1);
      expect(pair.filter((x) => x.errors?.[0]?.extensions?.code === 'CONFLICT')).toHaveLength(1);
      const upsertStale = await gql(UPSERT_REGISTRO, {
        input: { mes: MES, clasificacion_id: ordinarios.id, kg: 1, version: 1 },
      });
      expect(upsertStale.errors?.[0]?.extensions).toMatchObject({ code: 'CONFLICT', field: 'version' });
      const o2 = (await registros())[1]!;
      expect(await mayo()).toMatchObject({ zwl: Math.round((1200 / (1200 + o2.kg)) * 10000) / 100 });
    });

    it('validates the month in Spanish naming the field', async () => {
      expectBadInput(
        await gql(GUARDAR_MES, { input: { mes: MES, registros: [{ clasificacion_id: carton.id, kg: -1 }] } }),
        'registros.0.kg',
        'El campo "registros.kg" no puede ser negativo',
      );
      expectBadInput(
        await gql(GUARDAR_MES, {
          input: {
            mes: MES,
            registros: [
              { clasificacion_id: carton.id, kg: 1 },
              { clasificacion_id: carton.id, kg: 2 },
            ],
          },
        }),
        'registros',
        'El campo "registros" repite una clasificación',
      );
      expectBadInput(
        await gql(GUARDAR_MES, { input: { mes: '1999-01-01', registros: [] } }),
        'mes',
        /El campo "mes" debe estar entre los años 2000 y 2100/,
      );
      const unknown = await gql(GUARDAR_MES, {
        input: { mes: MES, registros: [{ clasificacion_id: '99999', kg: 1 }] },
      });
      expect(unknown.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    });

    it('making a classification non-aprovechable re-derives the ZWL of its months', async () => {
      const before = await mayo();
      const r = await gql<{ updateClasificacion: Clas }>(UPDATE_CLAS, {
        id: carton.id,
        input: { descripcion: carton.descripcion, aprovechable: false, version: carton.version },
      });
      expect(r.errors).toBeUndefined();
      carton = r.data!.updateClasificacion;
      expect(before.zwl).toBeGreaterThan(0);
      expect(await mayo()).toMatchObject({ aprovechable: 0, zwl: 0 });
      expect(await zwlHistorico()).toBe(0);
    });

    it('a month whose kg all become 0 has no ZWL any more, on the dashboard and in the variable', async () => {
      const regs = await registros();
      const r = await gql(GUARDAR_MES, {
        input: {
          mes: MES,
          registros: regs.map((x) => ({ clasificacion_id: x.clasificacion.id, kg: 0, version: x.version })),
        },
      });
      expect(r.errors).toBeUndefined();
      expect(await mayo()).toMatchObject({ aprovechable: 0, zwl: null });
      expect(await zwlHistorico()).toBeNull();
    });
  });

  describe('borrar clasificaciones y proyecciones', () => {
    let proy: Proy;

    it('versions and audits projections; stale and parallel saves get CONFLICT', async () => {
      const base = {
        anio: 2025,
        clasificacion_id: ordinarios.id,
        aprovechables: 0,
        no_aprovechables: 1200,
        zero_waste: 0,
      };
      const created = await gql<{ upsertProyeccion: Proy }>(UPSERT_PROY, { input: base });
      expect(created.errors).toBeUndefined();
      proy = created.data!.upsertProyeccion;
      expect(proy.version).toBe(1);
      expect(await lastAudit(db, 'zw_proyecciones', proy.id)).toMatchObject({
        details: { operacion: 'crear', antes: null, despues: { no_aprovechables: 1200, version: 1 } },
      });
      const updated = await gql<{ upsertProyeccion: Proy }>(UPSERT_PROY, {
        input: { ...base, no_aprovechables: 1000, version: 1 },
      });
      expect(updated.data!.upsertProyeccion).toMatchObject({ no_aprovechables: 1000, version: 2 });
      expect((await lastAudit(db, 'zw_proyecciones', proy.id))?.details).toMatchObject({
        operacion: 'modificar',
        antes: { no_aprovechables: 1200 },
        despues: { no_aprovechables: 1000 },
      });
      const stale = await gql(UPSERT_PROY, { input: { ...base, version: 1 } });
      expect(stale.errors?.[0]).toMatchObject({
        message: CAMBIO_CONCURRENTE,
        extensions: { code: 'CONFLICT' },
      });
      const pair = await Promise.all(
        [900, 800].map((n) => gql(UPSERT_PROY, { input: { ...base, no_aprovechables: n, version: 2 } })),
      );
      expect(pair.filter((x) => !x.errors)).toHaveLength(1);
      expect(pair.filter((x) => x.errors?.[0]?.extensions?.code === 'CONFLICT')).toHaveLength(1);
      expectBadInput(
        await gql(UPSERT_PROY, { input: { ...base, zero_waste: 101 } }),
        'zero_waste',
        'El campo "zero_waste" debe estar entre 0 y 100',
      );
    });

    it('refuses to delete a classification in use, naming why', async () => {
      const r = await gql(DELETE_CLAS, { id: ordinarios.id, version: ordinarios.version });
      expect(r.errors?.[0]).toMatchObject({
        message:
          'La clasificación «Ordinarios» no se puede eliminar: la usan 1 mes con kg registrados y 1 proyección',
        extensions: { code: 'CONFLICT' },
      });
    });

    it('deletes an unused classification with its version, audited', async () => {
      const c = (
        await gql<{ createClasificacion: Clas }>(CREATE_CLAS, {
          input: { descripcion: 'Vidrio', aprovechable: true },
        })
      ).data!.createClasificacion;
      const stale = await gql(DELETE_CLAS, { id: c.id, version: 7 });
      expect(stale.errors?.[0]?.extensions).toMatchObject({ code: 'CONFLICT', field: 'version' });
      const r = await gql<{ deleteClasificacion: Clas }>(DELETE_CLAS, { id: c.id, version: c.version });
      expect(r.errors).toBeUndefined();
      expect(r.data!.deleteClasificacion).toEqual(c);
      expect(await lastAudit(db, 'zw_clasificaciones', c.id)).toMatchObject({
        details: { operacion: 'eliminar', antes: { descripcion: 'Vidrio' }, despues: null },
      });
      const again = await gql(DELETE_CLAS, { id: c.id });
      expect(again.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    });
  });
});
