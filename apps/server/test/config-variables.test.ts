import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { historicos, lineas, plantas } from '../src/db/schema/index.ts';
import { CAMBIO_CONCURRENTE } from '../src/modules/audit/cambios.ts';
import { createUser, describeEachDatabase, type GqlResult, uniqueName } from './harness.ts';

/**
 * The /configuracion "Variables" screen's API (issue 16): variables (create, edit, activate and
 * deactivate), a variable's daily values (historicos, with the hand-entered flags) and its metas.
 * Every write: admin only, validated in Spanish naming the field, audited, version-checked.
 */

const VARIABLE_FIELDS = `id nombre estado nivel minimo maximo area unidad agregacion fuente decimales
  opc_node_id mayor_es_mejor version linea { id nombre }`;
const HIST_FIELDS = `id fecha diario mensual anual meta diario_manual mensual_manual anual_manual version`;
const META_FIELDS = `id fecha valor version variable { id }`;

const LIST = `{ variablesConfiguracion { ${VARIABLE_FIELDS} } }`;
const ACTIVE = `{ variables { id nombre } }`;
const CREATE_VAR = `mutation($input: CreateVariableInput!) { createVariable(input: $input) { ${VARIABLE_FIELDS} } }`;
const UPDATE_VAR = `mutation($id: ID!, $input: UpdateVariableInput!) { updateVariable(id: $id, input: $input) { ${VARIABLE_FIELDS} } }`;
const ESTADO_VAR = `mutation($id: ID!, $estado: Int!, $version: Int) {
  cambiarEstadoVariable(id: $id, estado: $estado, version: $version) { ${VARIABLE_FIELDS} } }`;
const CREATE_HIST = `mutation($input: CreateHistoricoInput!) { createHistorico(input: $input) { ${HIST_FIELDS} } }`;
const UPDATE_HIST = `mutation($id: ID!, $input: UpdateHistoricoInput!) { updateHistorico(id: $id, input: $input) { ${HIST_FIELDS} } }`;
const HIST_IDS = `query($ids: [ID!]!, $desde: Date!, $hasta: Date!) {
  historicosVariables(ids: $ids, desde: $desde, hasta: $hasta) { ${HIST_FIELDS} } }`;
const UPSERT_META = `mutation($input: UpsertMetaInput!) { upsertMeta(input: $input) { ${META_FIELDS} } }`;
const DELETE_META = `mutation($id: ID!, $version: Int) { deleteMeta(id: $id, version: $version) { ${META_FIELDS} } }`;
const METAS = `query($anio: Int!, $id: ID!) { metas(anio: $anio, variable_id: $id) { ${META_FIELDS} } }`;

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

async function auditCount(db: Db, entidad: string, id: string): Promise<number> {
  const result = (await db.execute(
    sql`select count(*)::int as n from audit_log
        where action = 'configuracion' and target_type = ${entidad} and target_id = ${id}`,
  )) as unknown as { rows: { n: number }[] };
  return result.rows[0]!.n;
}

describeEachDatabase('configuración: variables, históricos y metas', (server) => {
  let admin: string;
  let adminId: number;
  let reader: string;
  let db: Db;
  let linea1 = 0;
  let seq = 0;
  const nombre = (base: string) => `${base} ${++seq}`;

  beforeAll(async () => {
    db = server().database.db;
    const login = await server().login();
    admin = login.access_token;
    adminId = Number(login.user.id);
    const readerName = uniqueName('lector');
    await createUser(server(), admin, { username: readerName, role: 'human-resources' });
    reader = (await server().login(readerName, 'clave-usuario-1')).access_token;
    const [planta] = await db.insert(plantas).values({ nombre: 'Planta Lima' }).returning({ id: plantas.id });
    const [linea] = await db
      .insert(lineas)
      .values({ plantaId: planta!.id, nombre: 'Línea 1', numero: 1 })
      .returning({ id: lineas.id });
    linea1 = linea!.id;
  });

  const gql = (query: string, variables: Record<string, unknown> = {}, token = admin) =>
    server().gql(query, variables, { token });

  const expectError = (r: GqlResult, code: string, message?: string | RegExp, field?: string) => {
    expect(r.errors?.[0]?.extensions?.code, JSON.stringify(r.errors)).toBe(code);
    if (typeof message === 'string') expect(r.errors?.[0]?.message).toBe(message);
    else if (message) expect(r.errors?.[0]?.message).toMatch(message);
    if (field) expect(r.errors?.[0]?.extensions?.field).toBe(field);
    // Never a server fault: the error is the user's (GraphQL answers its execution errors with 200).
    expect(r.status).toBeLessThan(500);
  };

  const variableInput = (overrides: Record<string, unknown> = {}) => ({
    nombre: nombre('Agua Línea 1'),
    nivel: 'INDIVIDUAL',
    minimo: 1,
    maximo: 9,
    linea_id: String(linea1),
    area: 'agua',
    unidad: 'm³',
    decimales: 2,
    agregacion: 'SUMA',
    mayor_es_mejor: false,
    ...overrides,
  });

  async function newVariable(overrides: Record<string, unknown> = {}) {
    const r = await gql(CREATE_VAR, { input: variableInput(overrides) });
    expect(r.errors).toBeUndefined();
    return r.data!.createVariable as { id: string; nombre: string; version: number } & Record<
      string,
      unknown
    >;
  }

  const editable = (v: Record<string, unknown>) => ({
    nombre: v.nombre,
    nivel: v.nivel,
    minimo: v.minimo,
    maximo: v.maximo,
    linea_id: (v.linea as { id: string } | null)?.id ?? null,
    area: v.area,
    unidad: v.unidad,
    decimales: v.decimales,
    agregacion: v.agregacion,
    fuente: v.fuente,
    mayor_es_mejor: v.mayor_es_mejor,
  });

  // ------------------------------------------------------------ variables

  describe('variables', () => {
    it('createVariable: creates an active variable (version 1) and audits it', async () => {
      const input = variableInput();
      const r = await gql(CREATE_VAR, { input });
      expect(r.errors).toBeUndefined();
      const created = r.data!.createVariable;
      expect(created).toMatchObject({
        nombre: input.nombre,
        estado: 1,
        nivel: 'INDIVIDUAL',
        minimo: 1,
        maximo: 9,
        area: 'agua',
        unidad: 'm³',
        decimales: 2,
        agregacion: 'SUMA',
        fuente: 'MANUAL',
        mayor_es_mejor: false,
        opc_node_id: null,
        version: 1,
        linea: { id: String(linea1), nombre: 'Línea 1' },
      });
      const audit = await lastAudit(db, 'variables', created.id);
      expect(audit).toMatchObject({ actor_id: adminId, details: { operacion: 'crear', antes: null } });
      expect(audit?.details.despues).toMatchObject({ nombre: input.nombre, linea_id: linea1, version: 1 });
    });

    it('createVariable validates in Spanish naming the field (400 BAD_USER_INPUT)', async () => {
      const cases: [Record<string, unknown>, string, string][] = [
        [{ nombre: '  ' }, 'El campo "nombre" es obligatorio', 'nombre'],
        [
          { nivel: 'INDIVIDUAL', linea_id: null },
          'El campo "linea_id" es obligatorio cuando el nivel es INDIVIDUAL',
          'linea_id',
        ],
        [
          { minimo: 10, maximo: 2 },
          'El campo "maximo" debe ser mayor o igual que el campo "minimo"',
          'maximo',
        ],
        [{ decimales: 7 }, 'El campo "decimales" debe estar entre 0 y 6', 'decimales'],
        [{ decimales: -1 }, 'El campo "decimales" debe estar entre 0 y 6', 'decimales'],
        [{ area: '' }, 'El campo "area" es obligatorio', 'area'],
        [{ unidad: '' }, 'El campo "unidad" es obligatorio', 'unidad'],
        [{ linea_id: '999999' }, 'El campo "linea_id" no corresponde a una línea existente', 'linea_id'],
      ];
      for (const [overrides, message, field] of cases) {
        expectError(
          await gql(CREATE_VAR, { input: variableInput(overrides) }),
          'BAD_USER_INPUT',
          message,
          field,
        );
      }
      // GLOBAL without a line is fine; equal limits too.
      const global = await gql(CREATE_VAR, {
        input: variableInput({ nivel: 'GLOBAL', linea_id: null, minimo: 5, maximo: 5 }),
      });
      expect(global.errors).toBeUndefined();
      expect(global.data?.createVariable).toMatchObject({ nivel: 'GLOBAL', linea: null });
    });

    it('a taken nombre (any case) is a CONFLICT on the field nombre', async () => {
      const first = await newVariable();
      const again = await gql(CREATE_VAR, { input: variableInput({ nombre: first.nombre.toUpperCase() }) });
      expectError(again, 'CONFLICT', 'Ya existe una variable con ese nombre', 'nombre');
      const other = await newVariable();
      const renamed = await gql(UPDATE_VAR, {
        id: other.id,
        input: { ...editable(other), nombre: first.nombre, version: other.version },
      });
      expectError(renamed, 'CONFLICT', 'Ya existe una variable con ese nombre', 'nombre');
    });

    it('updateVariable: replaces the fields, bumps the version, audits before → after; keeps the OPC node', async () => {
      const v = await newVariable({ fuente: 'OPC' });
      await db.execute(
        sql`update variables set opc_node_id = ${`ns=2;s=${v.nombre}`} where id = ${Number(v.id)}`,
      );
      const r = await gql(UPDATE_VAR, {
        id: v.id,
        input: { ...editable(v), unidad: 'L', maximo: 20, decimales: 0, version: v.version },
      });
      expect(r.errors).toBeUndefined();
      expect(r.data?.updateVariable).toMatchObject({
        unidad: 'L',
        maximo: 20,
        decimales: 0,
        version: 2,
        opc_node_id: `ns=2;s=${v.nombre}`,
      });
      const audit = await lastAudit(db, 'variables', v.id);
      expect(audit?.details.operacion).toBe('modificar');
      expect(audit?.details.antes).toMatchObject({ unidad: 'm³', maximo: 9, version: 1 });
      expect(audit?.details.despues).toMatchObject({ unidad: 'L', maximo: 20, version: 2 });
      // The same rules as create.
      expectError(
        await gql(UPDATE_VAR, { id: v.id, input: { ...editable(v), minimo: 30, maximo: 20 } }),
        'BAD_USER_INPUT',
        'El campo "maximo" debe ser mayor o igual que el campo "minimo"',
        'maximo',
      );
      expectError(
        await gql(UPDATE_VAR, { id: '999999', input: editable(v) }),
        'NOT_FOUND',
        'La variable no existe',
      );
    });

    it('updateVariable: a stale version is a CONFLICT; of two parallel saves of the same version exactly one wins', async () => {
      const v = await newVariable();
      const first = await gql(UPDATE_VAR, { id: v.id, input: { ...editable(v), unidad: 'A', version: 1 } });
      expect(first.errors).toBeUndefined();
      const stale = await gql(UPDATE_VAR, { id: v.id, input: { ...editable(v), unidad: 'B', version: 1 } });
      expectError(stale, 'CONFLICT', CAMBIO_CONCURRENTE, 'version');
      const before = await auditCount(db, 'variables', v.id);
      const pair = await Promise.all(
        ['C', 'D'].map((unidad) =>
          gql(UPDATE_VAR, { id: v.id, input: { ...editable(v), unidad, version: 2 } }),
        ),
      );
      expect(pair.filter((r) => !r.errors)).toHaveLength(1);
      expectError(
        pair.find((r) => r.errors)!,
        'CONFLICT',
        CAMBIO_CONCURRENTE,
        'version',
      );
      expect(await auditCount(db, 'variables', v.id)).toBe(before + 1);
      // Without a version (an API client), last write wins.
      const loose = await gql(UPDATE_VAR, { id: v.id, input: { ...editable(v), unidad: 'E' } });
      expect(loose.data?.updateVariable).toMatchObject({ unidad: 'E', version: 4 });
    });

    it('cambiarEstadoVariable deactivates and activates; the configuration list has both, variables only the active', async () => {
      const v = await newVariable();
      const off = await gql(ESTADO_VAR, { id: v.id, estado: 0, version: 1 });
      expect(off.data?.cambiarEstadoVariable).toMatchObject({ estado: 0, version: 2 });
      const audit = await lastAudit(db, 'variables', v.id);
      expect(audit?.details).toMatchObject({
        operacion: 'modificar',
        antes: { estado: 1 },
        despues: { estado: 0 },
      });
      const list = (await gql(LIST)).data?.variablesConfiguracion as { id: string; estado: number }[];
      expect(list.find((x) => x.id === v.id)).toMatchObject({ estado: 0 });
      const active = (await gql(ACTIVE)).data?.variables as { id: string }[];
      expect(active.some((x) => x.id === v.id)).toBe(false);
      expectError(await gql(ESTADO_VAR, { id: v.id, estado: 1, version: 1 }), 'CONFLICT', CAMBIO_CONCURRENTE);
      expectError(
        await gql(ESTADO_VAR, { id: v.id, estado: 2, version: 2 }),
        'BAD_USER_INPUT',
        'El campo "estado" debe ser 0 (inactiva) o 1 (activa)',
        'estado',
      );
      const on = await gql(ESTADO_VAR, { id: v.id, estado: 1, version: 2 });
      expect(on.data?.cambiarEstadoVariable).toMatchObject({ estado: 1, version: 3 });
    });

    it('every new mutation and the configuration list need admin (FORBIDDEN), and nothing is written', async () => {
      const v = await newVariable();
      const calls: [string, Record<string, unknown>][] = [
        [LIST, {}],
        [CREATE_VAR, { input: variableInput() }],
        [UPDATE_VAR, { id: v.id, input: { ...editable(v), unidad: 'X' } }],
        [ESTADO_VAR, { id: v.id, estado: 0 }],
        [DELETE_META, { id: '1' }],
        [UPSERT_META, { input: { variable_id: v.id, fecha: '2024-01-01', valor: 1 } }],
        [CREATE_HIST, { input: { variable_id: v.id, fecha: '2024-01-01', diario: 1 } }],
        [
          UPDATE_HIST,
          { id: '1', input: { fecha: '2024-01-01', diario: 1, mensual: 1, anual: 1, meta: 1, version: 1 } },
        ],
      ];
      for (const [query, vars] of calls) {
        expectError(
          await gql(query, vars, reader),
          'FORBIDDEN',
          'Se requiere el rol admin para esta acción.',
        );
      }
      const list = (await gql(LIST)).data?.variablesConfiguracion as {
        id: string;
        unidad: string;
        estado: number;
      }[];
      expect(list.find((x) => x.id === v.id)).toMatchObject({ unidad: 'm³', estado: 1 });
      expect(await auditCount(db, 'variables', v.id)).toBe(1);
    });
  });

  // ------------------------------------------------------------ historicos

  describe('historicos', () => {
    const week = async (id: string, desde: string, hasta: string) =>
      (await gql(HIST_IDS, { ids: [id], desde, hasta })).data?.historicosVariables as {
        id: string;
        fecha: string;
        diario: number;
        mensual: number;
        anual: number;
        mensual_manual: boolean;
        anual_manual: boolean;
        diario_manual: boolean;
        version: number;
      }[];
    const create = async (variable_id: string, fecha: string, diario: number, extra = {}) => {
      const r = await gql(CREATE_HIST, { input: { variable_id, fecha, diario, ...extra } });
      expect(r.errors, fecha).toBeUndefined();
      return r.data!.createHistorico as { id: string; version: number } & Record<string, unknown>;
    };

    it('createHistorico: diario manual, mensual/anual manual only when given; audited', async () => {
      const v = await newVariable();
      const derived = await create(v.id, '2025-03-03', 5);
      expect(derived).toMatchObject({
        mensual: 5,
        anual: 5,
        diario_manual: true,
        mensual_manual: false,
        anual_manual: false,
        version: 1,
      });
      const given = await create(v.id, '2025-03-04', 1, { mensual: 50 });
      expect(given).toMatchObject({ mensual: 50, anual: 6, mensual_manual: true, anual_manual: false });
      const audit = await lastAudit(db, 'historicos', given.id);
      expect(audit?.details).toMatchObject({
        operacion: 'crear',
        antes: null,
        despues: {
          fecha: '2025-03-04',
          diario: 1,
          mensual: 50,
          mensual_manual: true,
          variable_id: Number(v.id),
        },
      });
      expectError(
        await gql(CREATE_HIST, { input: { variable_id: v.id, fecha: '2025-03-04', diario: 2 } }),
        'CONFLICT',
        'Ya existe un valor para esta variable en esta fecha',
        'fecha',
      );
    });

    it('THE FIX: a hand-entered mensual stays when an earlier day of the month is written; a derived later day is re-derived', async () => {
      const v = await newVariable();
      await create(v.id, '2025-05-10', 10);
      const d = await create(v.id, '2025-05-12', 10, { mensual: 500 }); // day D, mensual by hand
      await create(v.id, '2025-05-14', 10); // a derived day after D
      let rows = await week(v.id, '2025-05-01', '2025-05-31');
      expect(rows.map((r) => [r.fecha, r.mensual, r.mensual_manual])).toEqual([
        ['2025-05-10', 10, false],
        ['2025-05-12', 500, true],
        ['2025-05-14', 30, false],
      ]);

      // createHistorico of an EARLIER day of the same month.
      await create(v.id, '2025-05-05', 7);
      rows = await week(v.id, '2025-05-01', '2025-05-31');
      expect(rows.find((r) => r.id === d.id)).toMatchObject({
        mensual: 500,
        mensual_manual: true,
        anual: 27,
      });
      expect(rows.find((r) => r.fecha === '2025-05-14')).toMatchObject({ mensual: 37, anual: 37 });

      // updateHistorico of an earlier day (re-sending its derived figures keeps them derived).
      const early = rows.find((r) => r.fecha === '2025-05-10')!;
      const upd = await gql(UPDATE_HIST, {
        id: early.id,
        input: {
          fecha: early.fecha,
          diario: 20,
          mensual: early.mensual,
          anual: early.anual,
          meta: 0,
          version: early.version,
        },
      });
      expect(upd.errors).toBeUndefined();
      expect(upd.data?.updateHistorico).toMatchObject({
        diario: 20,
        mensual: 27,
        anual: 27,
        diario_manual: true,
        mensual_manual: false,
        anual_manual: false,
        version: early.version + 1,
      });
      rows = await week(v.id, '2025-05-01', '2025-05-31');
      expect(rows.find((r) => r.id === d.id)).toMatchObject({
        mensual: 500,
        mensual_manual: true,
        anual: 37,
      });
      expect(rows.find((r) => r.fecha === '2025-05-14')).toMatchObject({ mensual: 47, anual: 47 });

      // mensual_calculado returns day D's mensual to the derived figure.
      const dRow = rows.find((r) => r.id === d.id)!;
      const back = await gql(UPDATE_HIST, {
        id: d.id,
        input: {
          fecha: dRow.fecha,
          diario: 10,
          mensual: 500,
          anual: dRow.anual,
          meta: 0,
          version: dRow.version,
          mensual_calculado: true,
        },
      });
      expect(back.data?.updateHistorico).toMatchObject({ mensual: 37, mensual_manual: false });
    });

    it('updateHistorico: a changed mensual/anual becomes manual; audited before → after', async () => {
      const v = await newVariable();
      const a = await create(v.id, '2025-06-02', 3);
      await create(v.id, '2025-06-03', 4);
      const r = await gql(UPDATE_HIST, {
        id: a.id,
        input: { fecha: '2025-06-02', diario: 3, mensual: 3, anual: 100, meta: 2, version: 1 },
      });
      expect(r.data?.updateHistorico).toMatchObject({
        anual: 100,
        anual_manual: true,
        mensual_manual: false,
      });
      const rows = await week(v.id, '2025-06-01', '2025-06-30');
      // The next day's anual is derived from the diarios, not from the hand-entered anual.
      expect(rows[1]).toMatchObject({ fecha: '2025-06-03', mensual: 7, anual: 7 });
      const audit = await lastAudit(db, 'historicos', a.id);
      expect(audit?.details).toMatchObject({
        operacion: 'modificar',
        antes: { anual: 3, anual_manual: false, meta: null, version: 1 },
        despues: { anual: 100, anual_manual: true, meta: 2, version: 2 },
      });
      const [stored] = await db
        .select()
        .from(historicos)
        .where(eq(historicos.id, Number(a.id)));
      expect(stored).toMatchObject({ anualManual: true, diarioManual: true, version: 2 });
    });

    it('updateHistorico: stale version CONFLICT; two parallel saves of the same version: exactly one wins', async () => {
      const v = await newVariable();
      const a = await create(v.id, '2025-07-01', 1);
      const input = (diario: number, version: number) => ({
        id: a.id,
        input: { fecha: '2025-07-01', diario, mensual: 1, anual: 1, meta: 0, version },
      });
      expect((await gql(UPDATE_HIST, input(2, 1))).errors).toBeUndefined();
      expectError(await gql(UPDATE_HIST, input(3, 1)), 'CONFLICT', CAMBIO_CONCURRENTE, 'version');
      const pair = await Promise.all([gql(UPDATE_HIST, input(4, 2)), gql(UPDATE_HIST, input(5, 2))]);
      expect(pair.filter((r) => !r.errors)).toHaveLength(1);
      expectError(
        pair.find((r) => r.errors)!,
        'CONFLICT',
        CAMBIO_CONCURRENTE,
        'version',
      );
      expect(await auditCount(db, 'historicos', a.id)).toBe(3); // create + 2 updates
      expectError(
        await gql(UPDATE_HIST, { ...input(1, 3), input: { ...input(1, 3).input, version: 0 } }),
        'BAD_USER_INPUT',
        'El campo "version" debe ser 1 o mayor',
        'version',
      );
    });
  });

  // ------------------------------------------------------------ metas

  describe('metas', () => {
    it('upsertMeta creates then replaces (version checked), audits both; deleteMeta removes and audits', async () => {
      const v = await newVariable();
      const created = await gql(UPSERT_META, {
        input: { variable_id: v.id, fecha: '2025-01-01', valor: 10 },
      });
      expect(created.data?.upsertMeta).toMatchObject({ valor: 10, version: 1 });
      const metaId = created.data!.upsertMeta.id as string;
      expect((await lastAudit(db, 'metas', metaId))?.details).toMatchObject({
        operacion: 'crear',
        antes: null,
        despues: { valor: 10, fecha: '2025-01-01' },
      });
      const replaced = await gql(UPSERT_META, {
        input: { variable_id: v.id, fecha: '2025-01-01', valor: 12, version: 1 },
      });
      expect(replaced.data?.upsertMeta).toMatchObject({ id: metaId, valor: 12, version: 2 });
      expect((await lastAudit(db, 'metas', metaId))?.details).toMatchObject({
        operacion: 'modificar',
        antes: { valor: 10, version: 1 },
        despues: { valor: 12, version: 2 },
      });
      expectError(
        await gql(UPSERT_META, { input: { variable_id: v.id, fecha: '2025-01-01', valor: 13, version: 1 } }),
        'CONFLICT',
        CAMBIO_CONCURRENTE,
        'version',
      );
      const pair = await Promise.all(
        [20, 21].map((valor) =>
          gql(UPSERT_META, { input: { variable_id: v.id, fecha: '2025-01-01', valor, version: 2 } }),
        ),
      );
      expect(pair.filter((r) => !r.errors)).toHaveLength(1);
      expectError(
        pair.find((r) => r.errors)!,
        'CONFLICT',
        CAMBIO_CONCURRENTE,
      );

      expectError(await gql(DELETE_META, { id: metaId, version: 1 }), 'CONFLICT', CAMBIO_CONCURRENTE);
      const deleted = await gql(DELETE_META, { id: metaId, version: 3 });
      expect(deleted.data?.deleteMeta).toMatchObject({ id: metaId, fecha: '2025-01-01' });
      expect((await lastAudit(db, 'metas', metaId))?.details).toMatchObject({
        operacion: 'eliminar',
        antes: { version: 3 },
        despues: null,
      });
      expect((await gql(METAS, { anio: 2025, id: v.id })).data?.metas).toEqual([]);
      expectError(await gql(DELETE_META, { id: metaId }), 'NOT_FOUND', 'La meta no existe');
      expectError(await gql(DELETE_META, { id: 'x' }), 'BAD_USER_INPUT', /"id"/, 'id');
    });

    it('upsertMeta validates valor and version in Spanish', async () => {
      const v = await newVariable();
      expectError(
        await gql(UPSERT_META, { input: { variable_id: v.id, fecha: '2025-13-01', valor: 1 } }),
        'BAD_USER_INPUT',
        /fecha/,
      );
      expectError(
        await gql(UPSERT_META, { input: { variable_id: v.id, fecha: '2025-02-01', valor: 1, version: -2 } }),
        'BAD_USER_INPUT',
        'El campo "version" debe ser 1 o mayor',
        'version',
      );
    });
  });
});
