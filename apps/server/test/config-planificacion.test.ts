import { beforeAll, describe, expect, it } from 'vitest';
import { lineas, planificaciones, plantas, variables } from '../src/db/schema/index.ts';
import { CAMBIO_CONCURRENTE } from '../src/modules/audit/cambios.ts';
import { PLANIFICACION_DUPLICADA } from '../src/modules/planificaciones/planificaciones.service.ts';
import { auditRows, createUser, describeEachDatabase, type TestServer, uniqueName } from './harness.ts';

/**
 * /configuracion/planificacion (issue 16): the plans' writes are admin-only, validated in Spanish
 * naming the field, audited (before → after) and refuse a stale version (CONFLICT), also when two
 * saves of the same version race; guardarPlanAnual writes a year's months in one transaction.
 */

const FIELDS = `id fecha negociado aop version variable { id nombre }`;
const LIST = `{ planificaciones { ${FIELDS} } }`;
const CREATE = `mutation($input: PlanificacionInput!) { createPlanificacion(input: $input) { ${FIELDS} } }`;
const UPDATE = `mutation($id: ID!, $input: PlanificacionInput!) { updatePlanificacion(id: $id, input: $input) { ${FIELDS} } }`;
const DELETE = `mutation($id: ID!, $version: Int) { deletePlanificacion(id: $id, version: $version) { ${FIELDS} } }`;
const ANUAL = `mutation($input: PlanAnualInput!) { guardarPlanAnual(input: $input) { ${FIELDS} } }`;

interface Plan {
  id: string;
  fecha: string;
  negociado: number;
  aop: number;
  version: number;
  variable: { id: string; nombre: string };
}
type Result = Awaited<ReturnType<TestServer['gql']>>;

describeEachDatabase('configuración: planificación', (server) => {
  let admin: string;
  let lector: string;
  let adminId: number;
  let variableId: string;
  let otraId: string;

  const gql = (query: string, vars: Record<string, unknown> = {}, token = admin) =>
    server().gql(query, vars, { token });
  const expectError = (r: Result, code: string, message?: string, field?: string) => {
    expect(r.data ?? null).toBeNull();
    expect(r.errors?.[0]?.extensions?.code, JSON.stringify(r.errors)).toBe(code);
    if (message !== undefined) expect(r.errors?.[0]?.message).toBe(message);
    if (field !== undefined) expect(r.errors?.[0]?.extensions?.field).toBe(field);
  };
  /** The configuration audit rows of one plan, newest first. */
  const auditOf = async (id: string) =>
    (await auditRows(server(), 'configuracion')).filter((row) => row.target_id === id) as {
      actor_id: number;
      details: {
        operacion: string;
        antes: Record<string, unknown> | null;
        despues: Record<string, unknown> | null;
      };
    }[];

  beforeAll(async () => {
    const db = server().database.db;
    const login = await server().login();
    admin = login.access_token;
    adminId = Number(login.user.id);
    const nombre = uniqueName('lector');
    await createUser(server(), admin, { username: nombre, role: 'human-resources' });
    lector = (await server().login(nombre, 'clave-usuario-1')).access_token;
    const [planta] = await db.insert(plantas).values({ nombre: 'Planta Lima' }).returning();
    const [linea] = await db
      .insert(lineas)
      .values({ plantaId: planta!.id, nombre: 'Planta', numero: 0 })
      .returning();
    const vs = await db
      .insert(variables)
      .values(
        ['Producción (CU)', 'Producción (CU)_561'].map((n) => ({
          nombre: n,
          lineaId: linea!.id,
          nivel: 'GLOBAL' as const,
          area: 'produccion',
          unidad: 'CU',
          agregacion: 'SUMA' as const,
          fuente: 'MANUAL' as const,
        })),
      )
      .returning();
    variableId = String(vs[0]!.id);
    otraId = String(vs[1]!.id);
  });

  describe('create, update, delete: validated, admin-only, audited, versioned', () => {
    let plan: Plan;

    it('createPlanificacion: version 1 and an audit row crear (antes null)', async () => {
      const r = await gql(CREATE, {
        input: { variable_id: variableId, fecha: '2025-03-17', negociado: 1000, aop: 1100 },
      });
      expect(r.errors).toBeUndefined();
      plan = r.data!.createPlanificacion as Plan;
      expect(plan).toMatchObject({ fecha: '2025-03-01', negociado: 1000, aop: 1100, version: 1 });
      const [row] = await auditOf(plan.id);
      expect(row!.actor_id).toBe(adminId);
      expect(row!.details).toEqual({
        operacion: 'crear',
        antes: null,
        despues: {
          id: Number(plan.id),
          variable_id: Number(variableId),
          variable: 'Producción (CU)',
          fecha: '2025-03-01',
          negociado: 1000,
          aop: 1100,
          version: 1,
        },
      });
    });

    it('a version on create is refused, naming the field', async () => {
      const r = await gql(CREATE, {
        input: { variable_id: variableId, fecha: '2025-04-01', negociado: 1, aop: 1, version: 1 },
      });
      expectError(r, 'BAD_USER_INPUT', 'El campo "version" no está permitido');
    });

    it('a non-admin gets FORBIDDEN for every write and nothing changes', async () => {
      const input = { variable_id: variableId, fecha: '2025-05-01', negociado: 1, aop: 1 };
      expectError(await gql(CREATE, { input }, lector), 'FORBIDDEN');
      expectError(await gql(UPDATE, { id: plan.id, input: { ...input, version: 1 } }, lector), 'FORBIDDEN');
      expectError(await gql(DELETE, { id: plan.id, version: 1 }, lector), 'FORBIDDEN');
      expectError(
        await gql(
          ANUAL,
          { input: { variable_id: variableId, anio: 2025, meses: [{ mes: 1, aop: 1 }] } },
          lector,
        ),
        'FORBIDDEN',
      );
      const list = (await gql(LIST)).data!.planificaciones as Plan[];
      expect(list.map((p) => p.fecha)).toEqual(['2025-03-01']);
    });

    it('updatePlanificacion with the version read: version + 1, audit modificar antes → después', async () => {
      const r = await gql(UPDATE, {
        id: plan.id,
        input: { variable_id: variableId, fecha: '2025-03-01', negociado: 1200, aop: 1300, version: 1 },
      });
      expect(r.errors).toBeUndefined();
      expect(r.data!.updatePlanificacion).toMatchObject({ negociado: 1200, aop: 1300, version: 2 });
      const [row] = await auditOf(plan.id);
      expect(row!.details.operacion).toBe('modificar');
      expect(row!.details.antes).toMatchObject({ negociado: 1000, aop: 1100, version: 1 });
      expect(row!.details.despues).toMatchObject({ negociado: 1200, aop: 1300, version: 2 });
    });

    it('a stale version is a CONFLICT (Spanish, field version) and changes nothing; no version: last write wins', async () => {
      const before = (await auditOf(plan.id)).length;
      const stale = await gql(UPDATE, {
        id: plan.id,
        input: { variable_id: variableId, fecha: '2025-03-01', negociado: 1, aop: 1, version: 1 },
      });
      expectError(stale, 'CONFLICT', CAMBIO_CONCURRENTE, 'version');
      expectError(await gql(DELETE, { id: plan.id, version: 1 }), 'CONFLICT', CAMBIO_CONCURRENTE, 'version');
      expect((await auditOf(plan.id)).length).toBe(before);
      const api = await gql(UPDATE, {
        id: plan.id,
        input: { variable_id: variableId, fecha: '2025-03-01', negociado: 1250, aop: 1300 },
      });
      expect(api.data!.updatePlanificacion).toMatchObject({ negociado: 1250, version: 3 });
    });

    it('two saves naming the same version at once: exactly one wins, the other is a CONFLICT', async () => {
      const save = (aop: number) =>
        gql(UPDATE, {
          id: plan.id,
          input: { variable_id: variableId, fecha: '2025-03-01', negociado: 1250, aop, version: 3 },
        });
      const results = await Promise.all([save(2001), save(2002)]);
      const ok = results.filter((r) => r.data?.updatePlanificacion);
      const conflicts = results.filter((r) => r.errors?.[0]?.extensions?.code === 'CONFLICT');
      expect(ok).toHaveLength(1);
      expect(conflicts).toHaveLength(1);
      expect(conflicts[0]!.errors![0]!.message).toBe(CAMBIO_CONCURRENTE);
      const stored = ((await gql(LIST)).data!.planificaciones as Plan[]).find((p) => p.id === plan.id)!;
      expect(stored).toMatchObject({ aop: ok[0]!.data!.updatePlanificacion.aop, version: 4 });
    });

    it('validation: Spanish messages naming the field, 400-class', async () => {
      const base = { variable_id: variableId, fecha: '2025-03-01', negociado: 1, aop: 1 };
      expectError(
        await gql(UPDATE, { id: plan.id, input: { ...base, version: 0 } }),
        'BAD_USER_INPUT',
        'El campo "version" debe ser un número entero positivo',
        'version',
      );
      const fecha = await gql(UPDATE, { id: plan.id, input: { ...base, fecha: '2025-02-30' } });
      expect(fecha.status).toBe(400);
      expect(fecha.errors?.[0]?.message).toMatch(/fecha/);
      const missing = await gql(CREATE, { input: { variable_id: variableId, fecha: '2025-01-01', aop: 1 } });
      expect(missing.status).toBe(400);
      expect(missing.errors?.[0]?.message).toContain('"negociado"');
      expectError(
        await gql(DELETE, { id: 'x', version: 4 }),
        'BAD_USER_INPUT',
        'El campo "id" debe ser un identificador numérico',
        'id',
      );
    });

    it('a month taken by another plan is a CONFLICT', async () => {
      await gql(CREATE, { input: { variable_id: variableId, fecha: '2025-04-01', negociado: 5, aop: 5 } });
      const r = await gql(UPDATE, {
        id: plan.id,
        input: { variable_id: variableId, fecha: '2025-04-09', negociado: 1, aop: 1, version: 4 },
      });
      expectError(r, 'CONFLICT', PLANIFICACION_DUPLICADA, 'fecha');
    });

    it('deletePlanificacion with its version: the row goes, audit eliminar (después null)', async () => {
      const r = await gql(DELETE, { id: plan.id, version: 4 });
      expect(r.errors).toBeUndefined();
      expect(r.data!.deletePlanificacion).toMatchObject({ id: plan.id, version: 4 });
      const [row] = await auditOf(plan.id);
      expect(row!.details).toMatchObject({
        operacion: 'eliminar',
        antes: { id: Number(plan.id), version: 4 },
      });
      expect(row!.details.despues).toBeNull();
      expectError(await gql(DELETE, { id: plan.id, version: 4 }), 'NOT_FOUND', 'La planificación no existe');
    });
  });

  describe('guardarPlanAnual: a year pasted at once', () => {
    const meses12 = (base: number) =>
      Array.from({ length: 12 }, (_, i) => ({ mes: i + 1, aop: base + i * 10 }));

    it('creates the missing months (negociado = aop when not given) and updates the existing ones', async () => {
      const existing = (
        await gql(CREATE, { input: { variable_id: otraId, fecha: '2026-02-01', negociado: 7, aop: 8 } })
      ).data!.createPlanificacion as Plan;
      const meses: { mes: number; aop: number; negociado?: number; version?: number }[] = meses12(100).map(
        (m) => (m.mes === 2 ? { ...m, version: 1 } : m),
      );
      meses[4] = { ...meses[4]!, negociado: 55 };
      const r = await gql(ANUAL, { input: { variable_id: otraId, anio: 2026, meses } });
      expect(r.errors).toBeUndefined();
      const plans = r.data!.guardarPlanAnual as Plan[];
      expect(plans.map((p) => p.fecha)).toEqual(
        Array.from({ length: 12 }, (_, i) => `2026-${String(i + 1).padStart(2, '0')}-01`),
      );
      expect(plans[0]).toMatchObject({ aop: 100, negociado: 100, version: 1 });
      // February existed: aop replaced, its negociado kept, version + 1.
      expect(plans[1]).toMatchObject({ id: existing.id, aop: 110, negociado: 7, version: 2 });
      expect(plans[4]).toMatchObject({ aop: 140, negociado: 55 });
      const audit = (await auditRows(server(), 'configuracion')).filter((row) =>
        plans.some((p) => p.id === row.target_id),
      ) as { details: { operacion: string; antes: unknown } }[];
      // 12 writes of this call + the create of February before it.
      expect(audit).toHaveLength(13);
      expect(audit.filter((a) => a.details.operacion === 'crear')).toHaveLength(12);
      expect(audit.filter((a) => a.details.operacion === 'modificar')).toHaveLength(1);
      expect(audit.find((a) => a.details.operacion === 'modificar')!.details.antes).toMatchObject({
        aop: 8,
        negociado: 7,
        version: 1,
      });
    });

    it('all or nothing: a stale month (or one deleted meanwhile) is a CONFLICT and no month changes', async () => {
      const before = (await gql(LIST)).data!.planificaciones as Plan[];
      const meses = meses12(900).map((m) => (m.mes === 12 ? { ...m, version: 5 } : m));
      // January…November carry no version: they would be overwritten, but December is stale.
      expectError(
        await gql(ANUAL, { input: { variable_id: otraId, anio: 2026, meses } }),
        'CONFLICT',
        CAMBIO_CONCURRENTE,
        'version',
      );
      const orphan = await gql(ANUAL, {
        input: {
          variable_id: otraId,
          anio: 2027,
          meses: [
            { mes: 1, aop: 1 },
            { mes: 2, aop: 2, version: 1 },
          ],
        },
      });
      expectError(orphan, 'CONFLICT', CAMBIO_CONCURRENTE, 'version');
      expect((await gql(LIST)).data!.planificaciones).toEqual(before);
    });

    it('two pastes of the same year naming the same versions at once: one wins, one CONFLICT', async () => {
      const current = ((await gql(LIST)).data!.planificaciones as Plan[]).filter(
        (p) => p.variable.id === otraId && p.fecha.startsWith('2026'),
      );
      const meses = (base: number) =>
        current.map((p) => ({ mes: Number(p.fecha.slice(5, 7)), aop: base, version: p.version }));
      const results = await Promise.all([
        gql(ANUAL, { input: { variable_id: otraId, anio: 2026, meses: meses(1) } }),
        gql(ANUAL, { input: { variable_id: otraId, anio: 2026, meses: meses(2) } }),
      ]);
      expect(results.filter((r) => r.data?.guardarPlanAnual)).toHaveLength(1);
      expect(results.filter((r) => r.errors?.[0]?.extensions?.code === 'CONFLICT')).toHaveLength(1);
      const after = ((await gql(LIST)).data!.planificaciones as Plan[]).filter(
        (p) => p.variable.id === otraId && p.fecha.startsWith('2026'),
      );
      // Every month from the same winner.
      expect(new Set(after.map((p) => p.aop)).size).toBe(1);
    });

    it('validation names the field and the month', async () => {
      const input = (meses: unknown[], extra: Record<string, unknown> = {}) => ({
        input: { variable_id: otraId, anio: 2028, meses, ...extra },
      });
      expectError(
        await gql(
          ANUAL,
          input([
            { mes: 3, aop: 1 },
            { mes: 3, aop: 2 },
          ]),
        ),
        'BAD_USER_INPUT',
        'El campo "meses" repite el mes de marzo',
        'meses.1.mes',
      );
      expectError(
        await gql(ANUAL, input([{ mes: 4, aop: -1 }])),
        'BAD_USER_INPUT',
        'El campo "aop" de abril no puede ser negativo',
        'meses.0.aop',
      );
      expectError(
        await gql(ANUAL, input([{ mes: 5, aop: 1, negociado: -2 }])),
        'BAD_USER_INPUT',
        'El campo "negociado" de mayo no puede ser negativo',
      );
      expectError(
        await gql(ANUAL, input([{ mes: 13, aop: 1 }])),
        'BAD_USER_INPUT',
        'El campo "mes" debe ser un mes del 1 al 12',
        'meses.0.mes',
      );
      expectError(
        await gql(ANUAL, input([])),
        'BAD_USER_INPUT',
        'El campo "meses" debe tener al menos un mes',
        'meses',
      );
      expectError(
        await gql(ANUAL, input([{ mes: 1, aop: 1 }], { anio: 99999 })),
        'BAD_USER_INPUT',
        undefined,
        'anio',
      );
      expectError(
        await gql(ANUAL, input([{ mes: 1, aop: 1 }], { variable_id: '999999' })),
        'NOT_FOUND',
        'La variable no existe',
      );
      const none = await server().database.db.select().from(planificaciones);
      expect(none.some((p) => p.fecha.startsWith('2028'))).toBe(false);
    });
  });
});
