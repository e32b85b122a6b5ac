import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import {
  historicos,
  lineas,
  metas,
  planificaciones,
  plantas,
  turnos,
  variables,
} from '../src/db/schema/index.ts';
import { recomputeAggregates } from '../src/derivations/historicos.ts';
import { createUser, describeEachDatabase, type TestServer, uniqueName } from './harness.ts';

// ---------------------------------------------------------------- documents

const VARIABLE_FIELDS = `id nombre estado nivel minimo maximo area unidad agregacion fuente decimales opc_node_id
  linea { id nombre numero planta { id nombre } }`;
const HISTORICO_FIELDS = `id fecha diario mensual anual meta variable { id nombre }`;
const PLAN_FIELDS = `id fecha negociado aop variable { id nombre }`;
const TURNO_FIELDS = `id fecha horas_productividad linea { id nombre numero }`;

const VARIABLES = `query($estado: Int) { variables(estado: $estado) { ${VARIABLE_FIELDS} } }`;
const VARIABLES_DEFAULT = `{ variables { nombre estado } }`;
const HIST_VARIABLE = `query($nombre: String!, $desde: Date!, $hasta: Date!) {
  historicosVariable(nombre: $nombre, desde: $desde, hasta: $hasta) { ${HISTORICO_FIELDS} } }`;
const HIST_FECHA = `query($nombre: String!, $fecha: Date!) { historicoFecha(nombre: $nombre, fecha: $fecha) { ${HISTORICO_FIELDS} } }`;
const HIST_NOMBRES = `query($nombres: [String!]!, $fecha: Date!) {
  historicosNombres(nombres: $nombres, fecha: $fecha) { ${HISTORICO_FIELDS} } }`;
const ULTIMA_FECHA = `query($nombre: String!) { ultimaFechaVariable(nombre: $nombre) }`;
const HIST_IDS = `query($ids: [ID!]!, $desde: Date!, $hasta: Date!) {
  historicosVariables(ids: $ids, desde: $desde, hasta: $hasta) { ${HISTORICO_FIELDS} } }`;
const SERIES = `query($nombres: [String!]!, $desde: Date!, $hasta: Date!) {
  historicosSeries(nombres: $nombres, desde: $desde, hasta: $hasta) { variable { nombre } dia fecha diario mensual meta } }`;
const VOLUMEN_DIARIO = `query($desde: Date!, $hasta: Date!) { volumenDiario(desde: $desde, hasta: $hasta) { fecha diario meta } }`;
const CUMPLIMIENTO = `query($fecha: Date!) { cumplimientoProduccion(fecha: $fecha) {
  fecha real cumplimiento_negociado cumplimiento_aop plan { fecha negociado aop variable { nombre } } } }`;
const VOLUMEN_MENSUAL = `query($anio: Int!) { volumenMensual(anio: $anio) { mes nombre_mes negociado aop real } }`;
const LINEAS = `{ lineas { id nombre numero planta { id nombre } } }`;
const METAS = `query($anio: Int!, $id: ID!) { metas(anio: $anio, variable_id: $id) { id fecha valor variable { id nombre } } }`;
const TURNOS = `{ turnos { ${TURNO_FIELDS} } }`;
const EXISTE_TURNO = `query($linea: ID!, $fecha: Date!) { existeTurno(linea_id: $linea, fecha: $fecha) }`;
const PLANIFICACIONES = `{ planificaciones { ${PLAN_FIELDS} } }`;

const UPSERT_META = `mutation($input: UpsertMetaInput!) { upsertMeta(input: $input) { id fecha valor variable { id nombre } } }`;
const CREATE_HIST = `mutation($input: CreateHistoricoInput!) { createHistorico(input: $input) { ${HISTORICO_FIELDS} } }`;
const UPDATE_HIST = `mutation($id: ID!, $input: UpdateHistoricoInput!) { updateHistorico(id: $id, input: $input) { ${HISTORICO_FIELDS} } }`;
const CREATE_TURNO = `mutation($input: TurnoInput!) { createTurno(input: $input) { ${TURNO_FIELDS} } }`;
const UPDATE_TURNO = `mutation($id: ID!, $input: TurnoInput!) { updateTurno(id: $id, input: $input) { ${TURNO_FIELDS} } }`;
const CREATE_PLAN = `mutation($input: PlanificacionInput!) { createPlanificacion(input: $input) { ${PLAN_FIELDS} } }`;
const UPDATE_PLAN = `mutation($id: ID!, $input: PlanificacionInput!) { updatePlanificacion(id: $id, input: $input) { ${PLAN_FIELDS} } }`;
const DELETE_PLAN = `mutation($id: ID!) { deletePlanificacion(id: $id) { ${PLAN_FIELDS} } }`;

// ---------------------------------------------------------------- factories

const PRODUCCION = 'Producción (CU)';

type VariableRow = typeof variables.$inferInsert;

async function insertPlanta(db: Db, nombre: string): Promise<number> {
  const [row] = await db.insert(plantas).values({ nombre }).returning({ id: plantas.id });
  return row!.id;
}

async function insertLinea(db: Db, plantaId: number, nombre: string, numero: number): Promise<number> {
  const [row] = await db.insert(lineas).values({ plantaId, nombre, numero }).returning({ id: lineas.id });
  return row!.id;
}

async function insertVariable(db: Db, values: Partial<VariableRow> & { nombre: string }): Promise<number> {
  const [row] = await db
    .insert(variables)
    .values({
      nivel: 'GLOBAL',
      area: 'produccion',
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
  rows: { fecha: string; diario: number; meta?: number; numerador?: number; denominador?: number }[],
): Promise<number[]> {
  const inserted = await db
    .insert(historicos)
    .values(rows.map((r) => ({ variableId, ...r })))
    .returning({ id: historicos.id });
  await recomputeAggregates(db, [variableId], rows.map((r) => r.fecha).sort()[0]!);
  return inserted.map((r) => r.id);
}

async function historicoRow(db: Db, id: number) {
  const [row] = await db.select().from(historicos).where(eq(historicos.id, id));
  return row!;
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

// ---------------------------------------------------------------- suite

describeEachDatabase('variables', (server) => {
  let admin: string;
  let reader: string; // a logged-in user without admin
  const ids = {
    planta: 0,
    lineaPlanta: 0,
    linea1: 0,
    linea2: 0,
    linea3: 0,
    produccion: 0,
    agua1: 0,
    agua2: 0,
    rendimiento: 0,
    inactiva: 0,
    nivel: 0,
  };
  let db: Db;

  beforeAll(async () => {
    db = server().database.db;
    admin = (await server().login()).access_token;
    const readerName = uniqueName('lector');
    await createUser(server(), admin, { username: readerName, role: 'human-resources' });
    reader = (await server().login(readerName, 'clave-usuario-1')).access_token;

    ids.planta = await insertPlanta(db, 'Planta Lima');
    // Inserted out of order: the API sorts.
    ids.linea3 = await insertLinea(db, ids.planta, 'Línea 3', 3);
    ids.lineaPlanta = await insertLinea(db, ids.planta, 'Planta', 0);
    ids.linea1 = await insertLinea(db, ids.planta, 'Línea 1', 1);
    ids.linea2 = await insertLinea(db, ids.planta, 'Línea 2', 2);

    ids.produccion = await insertVariable(db, { nombre: PRODUCCION, lineaId: ids.lineaPlanta, decimales: 0 });
    ids.agua1 = await insertVariable(db, {
      nombre: 'Agua Línea 1',
      nivel: 'INDIVIDUAL',
      lineaId: ids.linea1,
      area: 'agua',
      unidad: 'm³',
      minimo: 1,
      maximo: 9,
      fuente: 'OPC',
      opcNodeId: 'ns=2;s=Agua.L1',
    });
    ids.agua2 = await insertVariable(db, {
      nombre: 'Agua Línea 2',
      area: 'agua',
      unidad: 'm³',
      lineaId: ids.linea2,
    });
    ids.rendimiento = await insertVariable(db, {
      nombre: 'Rendimiento Jarabe',
      agregacion: 'PROMEDIO',
      unidad: '%',
      fuente: 'CALCULADA',
    });
    ids.inactiva = await insertVariable(db, { nombre: 'Antigua', estado: 0 });
    ids.nivel = await insertVariable(db, { nombre: 'Nivel Tanque', agregacion: 'ULTIMO', unidad: 'm' });

    await insertHistoricos(db, ids.produccion, [
      { fecha: '2024-01-10', diario: 100 },
      { fecha: '2024-01-11', diario: 200, meta: 180 },
      { fecha: '2024-01-12', diario: 0 },
      { fecha: '2024-02-01', diario: 300 },
      { fecha: '2024-02-15', diario: 50 },
      { fecha: '2024-12-31', diario: 10 },
    ]);
    await insertHistoricos(db, ids.agua1, [
      { fecha: '2024-01-10', diario: 7 },
      { fecha: '2024-03-01', diario: 5 },
      { fecha: '2024-03-02', diario: 0 },
    ]);
    await db.insert(metas).values([
      { variableId: ids.produccion, fecha: '2024-01-10', valor: 150 },
      { variableId: ids.produccion, fecha: '2023-12-31', valor: 1 },
      { variableId: ids.produccion, fecha: '2025-01-01', valor: 2 },
      { variableId: ids.produccion, fecha: '2024-06-01', valor: 160 },
    ]);
    await db.insert(planificaciones).values([
      { variableId: ids.produccion, fecha: '2024-01-01', negociado: 1000, aop: 1200 },
      { variableId: ids.produccion, fecha: '2024-02-01', negociado: 400, aop: 500 },
      { variableId: ids.agua1, fecha: '2023-11-01', negociado: 10, aop: 11 },
    ]);
  });

  const gql = (query: string, variables: Record<string, unknown> = {}, token = admin) =>
    server().gql(query, variables, { token });

  const expectError = (
    r: Awaited<ReturnType<TestServer['gql']>>,
    code: string,
    message?: string | RegExp,
  ) => {
    expect(r.errors?.[0]?.extensions?.code).toBe(code);
    if (typeof message === 'string') expect(r.errors?.[0]?.message).toBe(message);
    else if (message) expect(r.errors?.[0]?.message).toMatch(message);
  };

  /**
   * Inputs GraphQL itself refuses (a missing non-null field, a string for a Float, a bad Date) never
   * reach the service: the shared error boundary answers 400 with the Spanish message.
   */
  const expectRejectedByGraphQL = (r: Awaited<ReturnType<TestServer['gql']>>, message: string | RegExp) => {
    expect(r.status).toBe(400);
    expect(['GRAPHQL_VALIDATION_FAILED', 'BAD_USER_INPUT']).toContain(r.errors?.[0]?.extensions?.code);
    if (typeof message === 'string') expect(r.errors?.[0]?.message).toBe(message);
    else expect(r.errors?.[0]?.message).toMatch(message);
  };

  describe('auth', () => {
    const queries: [string, Record<string, unknown>][] = [
      [VARIABLES, {}],
      [HIST_VARIABLE, { nombre: PRODUCCION, desde: '2024-01-01', hasta: '2024-01-31' }],
      [HIST_FECHA, { nombre: PRODUCCION, fecha: '2024-01-10' }],
      [HIST_NOMBRES, { nombres: [PRODUCCION], fecha: '2024-01-10' }],
      [ULTIMA_FECHA, { nombre: PRODUCCION }],
      [HIST_IDS, { ids: ['1'], desde: '2024-01-01', hasta: '2024-01-31' }],
      [SERIES, { nombres: [PRODUCCION], desde: '2024-01-01', hasta: '2024-01-31' }],
      [VOLUMEN_DIARIO, { desde: '2024-01-01', hasta: '2024-01-31' }],
      [CUMPLIMIENTO, { fecha: '2024-01-11' }],
      [VOLUMEN_MENSUAL, { anio: 2024 }],
      [LINEAS, {}],
      [METAS, { anio: 2024, id: '1' }],
      [TURNOS, {}],
      [EXISTE_TURNO, { linea: '1', fecha: '2024-01-10' }],
      [PLANIFICACIONES, {}],
    ];
    const mutations: [string, () => Record<string, unknown>][] = [
      [UPSERT_META, () => ({ input: { variable_id: ids.produccion, fecha: '2024-07-01', valor: 1 } })],
      [CREATE_HIST, () => ({ input: { variable_id: ids.nivel, fecha: '2024-07-01', diario: 1 } })],
      [
        UPDATE_HIST,
        () => ({ id: '1', input: { fecha: '2024-07-01', diario: 1, mensual: 1, anual: 1, meta: 1 } }),
      ],
      [
        CREATE_TURNO,
        () => ({ input: { linea_id: ids.linea1, fecha: '2020-01-01', horas_productividad: 8 } }),
      ],
      [
        UPDATE_TURNO,
        () => ({ id: '1', input: { linea_id: ids.linea1, fecha: '2020-01-01', horas_productividad: 8 } }),
      ],
      [CREATE_PLAN, () => ({ input: { variable_id: ids.nivel, fecha: '2020-01-01', negociado: 1, aop: 1 } })],
      [
        UPDATE_PLAN,
        () => ({ id: '1', input: { variable_id: ids.nivel, fecha: '2020-01-01', negociado: 1, aop: 1 } }),
      ],
      [DELETE_PLAN, () => ({ id: '1' })],
    ];

    it('every query and mutation answers 401 UNAUTHENTICATED without a token', async () => {
      for (const [query, vars] of [...queries, ...mutations.map(([m, v]) => [m, v()] as const)]) {
        const r = await server().gql(query, vars);
        expect(r.status, query).toBe(401);
        expectError(r, 'UNAUTHENTICATED');
      }
    });

    it('a logged-in user without admin can read every query', async () => {
      for (const [query, vars] of queries) {
        const r = await gql(query, vars, reader);
        expect(r.errors, query).toBeUndefined();
        expect(r.status).toBe(200);
      }
    });

    it('every mutation needs admin: FORBIDDEN for a non-admin user, and nothing is written', async () => {
      for (const [mutation, vars] of mutations) {
        const r = await gql(mutation, vars(), reader);
        expectError(r, 'FORBIDDEN', 'Se requiere el rol admin para esta acción.');
      }
      const created = await db.select().from(historicos).where(eq(historicos.variableId, ids.nivel));
      expect(created).toEqual([]);
    });
  });

  describe('variables and lineas', () => {
    it('variables: active ones by default, sorted by nombre, with linea and our extra fields', async () => {
      const r = await gql(VARIABLES);
      expect(r.errors).toBeUndefined();
      const list = r.data?.variables as { nombre: string; estado: number }[];
      expect(list.map((v) => v.nombre)).toEqual([
        'Agua Línea 1',
        'Agua Línea 2',
        'Nivel Tanque',
        PRODUCCION,
        'Rendimiento Jarabe',
      ]);
      expect(list.find((v) => v.nombre === 'Agua Línea 1')).toEqual({
        id: String(ids.agua1),
        nombre: 'Agua Línea 1',
        estado: 1,
        nivel: 'INDIVIDUAL',
        minimo: 1,
        maximo: 9,
        area: 'agua',
        unidad: 'm³',
        agregacion: 'SUMA',
        fuente: 'OPC',
        decimales: 2,
        opc_node_id: 'ns=2;s=Agua.L1',
        linea: {
          id: String(ids.linea1),
          nombre: 'Línea 1',
          numero: 1,
          planta: { id: String(ids.planta), nombre: 'Planta Lima' },
        },
      });
      expect(list.find((v) => v.nombre === 'Rendimiento Jarabe')).toMatchObject({
        linea: null,
        minimo: null,
      });
      const byDefault = await gql(VARIABLES_DEFAULT);
      expect(byDefault.data?.variables).toHaveLength(5);
    });

    it('variables(estado: 0) lists the inactive ones; a negative estado is rejected', async () => {
      const r = await gql(VARIABLES, { estado: 0 });
      expect(r.data?.variables.map((v: { nombre: string }) => v.nombre)).toEqual(['Antigua']);
      const nulled = await gql(VARIABLES, { estado: null });
      expect(nulled.data?.variables).toHaveLength(5);
      expectError(
        await gql(VARIABLES, { estado: -1 }),
        'BAD_USER_INPUT',
        'El campo "estado" debe ser 0 o mayor',
      );
    });

    it('lineas: production lines only (no "Planta"), by numero, with planta', async () => {
      const r = await gql(LINEAS);
      expect(r.data?.lineas).toEqual([
        {
          id: String(ids.linea1),
          nombre: 'Línea 1',
          numero: 1,
          planta: { id: String(ids.planta), nombre: 'Planta Lima' },
        },
        {
          id: String(ids.linea2),
          nombre: 'Línea 2',
          numero: 2,
          planta: { id: String(ids.planta), nombre: 'Planta Lima' },
        },
        {
          id: String(ids.linea3),
          nombre: 'Línea 3',
          numero: 3,
          planta: { id: String(ids.planta), nombre: 'Planta Lima' },
        },
      ]);
    });
  });

  describe('historicos queries', () => {
    it('historicosVariable: the range by fecha, inclusive, with variable {id nombre}', async () => {
      const r = await gql(HIST_VARIABLE, { nombre: PRODUCCION, desde: '2024-01-11', hasta: '2024-02-01' });
      expect(r.errors).toBeUndefined();
      expect(r.data?.historicosVariable).toEqual([
        {
          id: expect.any(String),
          fecha: '2024-01-11',
          diario: 200,
          mensual: 300,
          anual: 300,
          meta: 180,
          variable: { id: String(ids.produccion), nombre: PRODUCCION },
        },
        expect.objectContaining({ fecha: '2024-01-12', diario: 0, mensual: 300, anual: 300, meta: null }),
        expect.objectContaining({ fecha: '2024-02-01', diario: 300, mensual: 300, anual: 600 }),
      ]);
      const unknown = await gql(HIST_VARIABLE, {
        nombre: 'No existe',
        desde: '2024-01-01',
        hasta: '2024-12-31',
      });
      expect(unknown.data?.historicosVariable).toEqual([]);
    });

    it('date ranges: desde after hasta and ranges over 5 years are rejected; bad dates too', async () => {
      expectError(
        await gql(HIST_VARIABLE, { nombre: PRODUCCION, desde: '2024-02-01', hasta: '2024-01-31' }),
        'BAD_USER_INPUT',
        'La fecha "desde" debe ser anterior o igual a "hasta"',
      );
      expectError(
        await gql(VOLUMEN_DIARIO, { desde: '2019-01-01', hasta: '2024-01-02' }),
        'BAD_USER_INPUT',
        'El rango de fechas no puede superar 5 años',
      );
      const fiveYears = await gql(VOLUMEN_DIARIO, { desde: '2019-01-01', hasta: '2024-01-01' });
      expect(fiveYears.errors).toBeUndefined();
      expectError(
        await gql(HIST_IDS, { ids: [String(ids.produccion)], desde: '2024-03-01', hasta: '2024-02-01' }),
        'BAD_USER_INPUT',
        'La fecha "desde" debe ser anterior o igual a "hasta"',
      );
      const badDate = await gql(HIST_FECHA, { nombre: PRODUCCION, fecha: '2024-02-30' });
      expectRejectedByGraphQL(badDate, /Fecha inválida/);
      expectError(
        await gql(HIST_FECHA, { nombre: PRODUCCION, fecha: '1900-01-01' }),
        'BAD_USER_INPUT',
        'El campo "fecha" debe estar entre los años 1970 y 2100',
      );
      expectError(
        await gql(ULTIMA_FECHA, { nombre: '  ' }),
        'BAD_USER_INPUT',
        'El campo "nombre" es obligatorio',
      );
    });

    it('historicoFecha: the row of that date, or null', async () => {
      const r = await gql(HIST_FECHA, { nombre: 'Agua Línea 1', fecha: '2024-03-01' });
      expect(r.data?.historicoFecha).toMatchObject({
        fecha: '2024-03-01',
        diario: 5,
        mensual: 5,
        anual: 12,
        variable: { id: String(ids.agua1), nombre: 'Agua Línea 1' },
      });
      expect(
        (await gql(HIST_FECHA, { nombre: 'Agua Línea 1', fecha: '2024-03-05' })).data?.historicoFecha,
      ).toBeNull();
      expect(
        (await gql(HIST_FECHA, { nombre: 'No existe', fecha: '2024-03-01' })).data?.historicoFecha,
      ).toBeNull();
    });

    it('historicosNombres: the rows of several variables on one date (unknown names are skipped)', async () => {
      const r = await gql(HIST_NOMBRES, {
        nombres: [PRODUCCION, 'Agua Línea 1', 'No existe'],
        fecha: '2024-01-10',
      });
      expect(r.data?.historicosNombres).toEqual([
        expect.objectContaining({ diario: 7, variable: { id: String(ids.agua1), nombre: 'Agua Línea 1' } }),
        expect.objectContaining({
          diario: 100,
          variable: { id: String(ids.produccion), nombre: PRODUCCION },
        }),
      ]);
      expect((await gql(HIST_NOMBRES, { nombres: [], fecha: '2024-01-10' })).data?.historicosNombres).toEqual(
        [],
      );
      const tooMany = Array.from({ length: 101 }, (_, i) => `v${i}`);
      expectError(
        await gql(HIST_NOMBRES, { nombres: tooMany, fecha: '2024-01-10' }),
        'BAD_USER_INPUT',
        'El campo "nombres" admite como máximo 100 elementos',
      );
    });

    it('ultimaFechaVariable: the last date with diario > 0, or null', async () => {
      expect((await gql(ULTIMA_FECHA, { nombre: PRODUCCION })).data?.ultimaFechaVariable).toBe('2024-12-31');
      // Its last row (2024-03-02) has diario 0.
      expect((await gql(ULTIMA_FECHA, { nombre: 'Agua Línea 1' })).data?.ultimaFechaVariable).toBe(
        '2024-03-01',
      );
      expect((await gql(ULTIMA_FECHA, { nombre: 'Antigua' })).data?.ultimaFechaVariable).toBeNull();
      expect((await gql(ULTIMA_FECHA, { nombre: 'No existe' })).data?.ultimaFechaVariable).toBeNull();
    });

    it('historicosVariables: rows of several variable ids by fecha; unknown ids are NOT_FOUND', async () => {
      const r = await gql(HIST_IDS, {
        ids: [String(ids.agua1), String(ids.produccion)],
        desde: '2024-01-01',
        hasta: '2024-01-31',
      });
      expect(
        r.data?.historicosVariables.map((h: { fecha: string; variable: { nombre: string } }) => [
          h.fecha,
          h.variable.nombre,
        ]),
      ).toEqual([
        ['2024-01-10', PRODUCCION],
        ['2024-01-10', 'Agua Línea 1'],
        ['2024-01-11', PRODUCCION],
        ['2024-01-12', PRODUCCION],
      ]);
      expectError(
        await gql(HIST_IDS, {
          ids: [String(ids.produccion), '999999'],
          desde: '2024-01-01',
          hasta: '2024-01-31',
        }),
        'NOT_FOUND',
        'La variable no existe',
      );
      expectError(
        await gql(HIST_IDS, { ids: ['abc'], desde: '2024-01-01', hasta: '2024-01-31' }),
        'BAD_USER_INPUT',
        'El campo "ids" debe ser un identificador numérico',
      );
    });
    it('historicosSeries: each name\u2019s days as columns, as historicosVariable gives them, in the order asked; unknown names skipped', async () => {
      const nombres = ['Agua Línea 1', 'No existe', PRODUCCION, 'Agua Línea 1'];
      const r = await gql(SERIES, { nombres, desde: '2024-01-01', hasta: '2024-01-31' });
      expect(r.errors).toBeUndefined();
      type Serie = {
        variable: { nombre: string };
        dia: number[];
        fecha: string[];
        diario: number[];
        mensual: unknown[];
        meta: unknown[];
      };
      const series = r.data?.historicosSeries as Serie[];
      expect(series.map((s) => s.variable.nombre)).toEqual(['Agua Línea 1', PRODUCCION]);
      for (const serie of series) {
        const filas = (
          await gql(HIST_VARIABLE, {
            nombre: serie.variable.nombre,
            desde: '2024-01-01',
            hasta: '2024-01-31',
          })
        ).data?.historicosVariable as {
          fecha: string;
          diario: number;
          mensual: unknown;
          meta: unknown;
        }[];
        expect(filas.length).toBeGreaterThan(0);
        expect(serie).toEqual({
          variable: { nombre: serie.variable.nombre },
          // The day as its distance from desde: the date's number of days after 2024-01-01.
          dia: filas.map((f) => (Date.parse(f.fecha) - Date.parse('2024-01-01')) / 86_400_000),
          fecha: filas.map((f) => f.fecha),
          diario: filas.map((f) => f.diario),
          mensual: filas.map((f) => f.mensual),
          meta: filas.map((f) => f.meta),
        });
      }
      // A range without days: empty columns, the variable still there.
      const vacio = await gql(SERIES, { nombres: [PRODUCCION], desde: '2023-01-01', hasta: '2023-01-31' });
      expect(vacio.data?.historicosSeries).toEqual([
        { variable: { nombre: PRODUCCION }, dia: [], fecha: [], diario: [], mensual: [], meta: [] },
      ]);
      expectError(
        await gql(SERIES, { nombres: [PRODUCCION], desde: '2024-02-01', hasta: '2024-01-01' }),
        'BAD_USER_INPUT',
        'La fecha "desde" debe ser anterior o igual a "hasta"',
      );
      expectError(
        await gql(SERIES, {
          nombres: Array.from({ length: 101 }, (_, i) => `v${i}`),
          desde: '2024-01-01',
          hasta: '2024-01-31',
        }),
        'BAD_USER_INPUT',
        'El campo "nombres" admite como máximo 100 elementos',
      );
    });
  });

  describe('production', () => {
    it("volumenDiario: daily rows of the production variable with the day's meta", async () => {
      const r = await gql(VOLUMEN_DIARIO, { desde: '2024-01-01', hasta: '2024-01-31' });
      expect(r.data?.volumenDiario).toEqual([
        { fecha: '2024-01-10', diario: 100, meta: 150 }, // from metas
        { fecha: '2024-01-11', diario: 200, meta: 180 }, // the historico's own
        { fecha: '2024-01-12', diario: 0, meta: null },
      ]);
    });

    it("cumplimientoProduccion: month to date against the month's negociado and aop", async () => {
      const jan = await gql(CUMPLIMIENTO, { fecha: '2024-01-11' });
      expect(jan.data?.cumplimientoProduccion).toEqual({
        fecha: '2024-01-11',
        real: 300,
        plan: { fecha: '2024-01-01', negociado: 1000, aop: 1200, variable: { nombre: PRODUCCION } },
        cumplimiento_negociado: 30,
        cumplimiento_aop: 25,
      });
      // No row on the 20th: the month so far ends with the 15th.
      const feb = await gql(CUMPLIMIENTO, { fecha: '2024-02-20' });
      expect(feb.data?.cumplimientoProduccion).toMatchObject({
        real: 350,
        cumplimiento_negociado: 87.5,
        cumplimiento_aop: 70,
      });
      const early = await gql(CUMPLIMIENTO, { fecha: '2024-02-05' });
      expect(early.data?.cumplimientoProduccion).toMatchObject({ real: 300, cumplimiento_aop: 60 });
      const none = await gql(CUMPLIMIENTO, { fecha: '2024-03-05' });
      expect(none.data?.cumplimientoProduccion).toEqual({
        fecha: '2024-03-05',
        real: null,
        plan: null,
        cumplimiento_negociado: null,
        cumplimiento_aop: null,
      });
    });

    it('volumenMensual: 12 months with Spanish names, plan and Σ diario', async () => {
      const r = await gql(VOLUMEN_MENSUAL, { anio: 2024 });
      const rows = r.data?.volumenMensual as { mes: number; nombre_mes: string }[];
      expect(rows).toHaveLength(12);
      expect(rows.map((m) => m.mes)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
      expect(rows[0]).toEqual({ mes: 1, nombre_mes: 'Enero', negociado: 1000, aop: 1200, real: 300 });
      expect(rows[1]).toEqual({ mes: 2, nombre_mes: 'Febrero', negociado: 400, aop: 500, real: 350 });
      expect(rows[2]).toEqual({ mes: 3, nombre_mes: 'Marzo', negociado: null, aop: null, real: null });
      expect(rows[8]?.nombre_mes).toBe('Septiembre');
      expect(rows[11]).toEqual({ mes: 12, nombre_mes: 'Diciembre', negociado: null, aop: null, real: 10 });
      expectError(
        await gql(VOLUMEN_MENSUAL, { anio: 99999 }),
        'BAD_USER_INPUT',
        'El campo "anio" debe estar entre 1970 y 2100',
      );
    });
  });

  describe('metas', () => {
    it("metas(anio, variable_id): that variable's metas of the year by fecha; unknown variable NOT_FOUND", async () => {
      const r = await gql(METAS, { anio: 2024, id: String(ids.produccion) });
      expect(r.data?.metas.map((m: { fecha: string; valor: number }) => [m.fecha, m.valor])).toEqual([
        ['2024-01-10', 150],
        ['2024-06-01', 160],
      ]);
      expect(r.data?.metas[0].variable).toEqual({ id: String(ids.produccion), nombre: PRODUCCION });
      expect((await gql(METAS, { anio: 2024, id: String(ids.agua2) })).data?.metas).toEqual([]);
      expectError(await gql(METAS, { anio: 2024, id: '999999' }), 'NOT_FOUND', 'La variable no existe');
    });

    it('upsertMeta inserts, then updates the same variable and fecha', async () => {
      const input = { variable_id: String(ids.agua2), fecha: '2024-05-01', valor: 12.5 };
      const first = await gql(UPSERT_META, { input });
      expect(first.errors).toBeUndefined();
      expect(first.data?.upsertMeta).toEqual({
        id: expect.any(String),
        fecha: '2024-05-01',
        valor: 12.5,
        variable: { id: String(ids.agua2), nombre: 'Agua Línea 2' },
      });
      const second = await gql(UPSERT_META, { input: { ...input, valor: 14 } });
      expect(second.data?.upsertMeta).toMatchObject({ id: first.data?.upsertMeta.id, valor: 14 });
      const listed = await gql(METAS, { anio: 2024, id: String(ids.agua2) });
      expect(listed.data?.metas).toEqual([expect.objectContaining({ fecha: '2024-05-01', valor: 14 })]);
    });

    it('upsertMeta validates variable_id, fecha and valor', async () => {
      const base = { variable_id: String(ids.agua2), fecha: '2024-05-02', valor: 1 };
      expectError(
        await gql(UPSERT_META, { input: { ...base, variable_id: '999999' } }),
        'NOT_FOUND',
        'La variable no existe',
      );
      expectRejectedByGraphQL(
        await gql(UPSERT_META, { input: { ...base, valor: 'mucho' } }),
        'El campo "valor" debe ser un número',
      );
      expectRejectedByGraphQL(
        await gql(UPSERT_META, { input: { variable_id: base.variable_id, fecha: base.fecha } }),
        'Falta el campo obligatorio "valor"',
      );
      expectError(
        await gql(UPSERT_META, { input: { ...base, variable_id: 'x' } }),
        'BAD_USER_INPUT',
        'El campo "variable_id" debe ser un identificador numérico',
      );
      expectRejectedByGraphQL(
        await gql(UPSERT_META, { input: { ...base, fecha: '05/02/2024' } }),
        /Fecha inválida/,
      );
    });
  });

  describe('historicos mutations and derived mensual/anual', () => {
    it('SUMA: mensual is Σ diario of the month so far and anual of the year, whatever the order of entry', async () => {
      const days: [string, number][] = [
        ['2024-06-29', 4],
        ['2024-06-28', 3],
        ['2024-07-01', 5],
        ['2024-06-30', 6],
        ['2024-05-31', 1],
      ];
      for (const [fecha, diario] of days) {
        const r = await gql(CREATE_HIST, { input: { variable_id: String(ids.agua2), fecha, diario } });
        expect(r.errors, fecha).toBeUndefined();
        expect(r.data?.createHistorico).toMatchObject({ fecha, diario, meta: null });
      }
      const rows = (
        await gql(HIST_VARIABLE, { nombre: 'Agua Línea 2', desde: '2024-01-01', hasta: '2024-12-31' })
      ).data?.historicosVariable as { fecha: string; diario: number; mensual: number; anual: number }[];
      const expected = [...days].sort(([a], [b]) => a.localeCompare(b));
      expect(rows.map((h) => h.fecha)).toEqual(expected.map(([f]) => f));
      for (const row of rows) {
        const month = expected.filter(([f]) => f.slice(0, 7) === row.fecha.slice(0, 7) && f <= row.fecha);
        const year = expected.filter(([f]) => f <= row.fecha);
        expect(row.mensual, row.fecha).toBe(sum(month.map(([, d]) => d)));
        expect(row.anual, row.fecha).toBe(sum(year.map(([, d]) => d)));
      }
      expect(rows.find((h) => h.fecha === '2024-06-30')).toMatchObject({ mensual: 13, anual: 14 });
      expect(rows.find((h) => h.fecha === '2024-07-01')).toMatchObject({ mensual: 5, anual: 19 });
    });

    it('createHistorico keeps mensual/anual/meta when given (and derives only the missing one)', async () => {
      const both = await gql(CREATE_HIST, {
        input: {
          variable_id: String(ids.agua2),
          fecha: '2024-07-02',
          diario: 2,
          mensual: 100,
          anual: 200,
          meta: 9,
        },
      });
      expect(both.data?.createHistorico).toMatchObject({ diario: 2, mensual: 100, anual: 200, meta: 9 });
      const onlyMensual = await gql(CREATE_HIST, {
        input: { variable_id: String(ids.agua2), fecha: '2024-07-03', diario: 1, mensual: 50 },
      });
      // anual derived: Σ of the year = 19 + 2 + 1.
      expect(onlyMensual.data?.createHistorico).toMatchObject({ mensual: 50, anual: 22 });
    });

    it('createHistorico: duplicate variable+fecha is a CONFLICT; unknown variable NOT_FOUND; diario required', async () => {
      expectError(
        await gql(CREATE_HIST, { input: { variable_id: String(ids.agua2), fecha: '2024-06-28', diario: 1 } }),
        'CONFLICT',
        'Ya existe un valor para esta variable en esta fecha',
      );
      expectError(
        await gql(CREATE_HIST, { input: { variable_id: '999999', fecha: '2024-06-28', diario: 1 } }),
        'NOT_FOUND',
        'La variable no existe',
      );
      expectRejectedByGraphQL(
        await gql(CREATE_HIST, { input: { variable_id: String(ids.agua2), fecha: '2024-06-27' } }),
        'Falta el campo obligatorio "diario"',
      );
      expectRejectedByGraphQL(
        await gql(CREATE_HIST, { input: { variable_id: String(ids.agua2), diario: 1 } }),
        'Falta el campo obligatorio "fecha"',
      );
      expectRejectedByGraphQL(
        await gql(CREATE_HIST, { input: { fecha: '2024-06-27', diario: 1 } }),
        'Falta el campo obligatorio "variable_id"',
      );
    });

    it('updateHistorico: requires all five fields, keeps them, and re-derives the following days', async () => {
      const rows = (
        await gql(HIST_VARIABLE, { nombre: 'Agua Línea 2', desde: '2024-06-28', hasta: '2024-06-28' })
      ).data?.historicosVariable as { id: string }[];
      const id = rows[0]!.id;
      const missing = await gql(UPDATE_HIST, {
        id,
        input: { fecha: '2024-06-28', diario: 1, mensual: 1, anual: 1 },
      });
      expectRejectedByGraphQL(missing, 'Falta el campo obligatorio "meta"');

      const r = await gql(UPDATE_HIST, {
        id,
        input: { fecha: '2024-06-28', diario: 13, mensual: 999, anual: 888, meta: 7 },
      });
      expect(r.errors).toBeUndefined();
      expect(r.data?.updateHistorico).toMatchObject({ id, diario: 13, mensual: 999, anual: 888, meta: 7 });
      const after = (
        await gql(HIST_VARIABLE, { nombre: 'Agua Línea 2', desde: '2024-06-29', hasta: '2024-07-01' })
      ).data?.historicosVariable as { fecha: string; mensual: number; anual: number }[];
      // June: 13 + 4 on the 29th, + 6 on the 30th; the year adds 1 from May.
      expect(after.map((h) => [h.fecha, h.mensual, h.anual])).toEqual([
        ['2024-06-29', 17, 18],
        ['2024-06-30', 23, 24],
        ['2024-07-01', 5, 29],
      ]);
    });

    it('updateHistorico moving a row to another date re-derives both windows; a taken date is a CONFLICT', async () => {
      const [row] = (
        await gql(HIST_VARIABLE, { nombre: 'Agua Línea 2', desde: '2024-05-31', hasta: '2024-05-31' })
      ).data?.historicosVariable as { id: string }[];
      const taken = await gql(UPDATE_HIST, {
        id: row!.id,
        input: { fecha: '2024-06-29', diario: 1, mensual: 1, anual: 1, meta: 0 },
      });
      expectError(taken, 'CONFLICT', 'Ya existe un valor para esta variable en esta fecha');
      const moved = await gql(UPDATE_HIST, {
        id: row!.id,
        input: { fecha: '2024-08-01', diario: 1, mensual: 1, anual: 30, meta: 0 },
      });
      expect(moved.data?.updateHistorico).toMatchObject({ fecha: '2024-08-01', anual: 30 });
      // Without May's 1, June 29 has anual 17 (13 + 4).
      const june = (await gql(HIST_FECHA, { nombre: 'Agua Línea 2', fecha: '2024-06-29' })).data
        ?.historicoFecha;
      expect(june).toMatchObject({ mensual: 17, anual: 17 });
      expectError(
        await gql(UPDATE_HIST, {
          id: '999999',
          input: { fecha: '2024-06-29', diario: 1, mensual: 1, anual: 1, meta: 0 },
        }),
        'NOT_FOUND',
        'El histórico no existe',
      );
    });

    it('PROMEDIO with numerador/denominador: mensual is Σnum/Σden, not the mean of the daily values', async () => {
      const [first] = await insertHistoricos(db, ids.rendimiento, [
        { fecha: '2024-08-01', diario: 0.5, numerador: 50, denominador: 100 },
        { fecha: '2024-08-02', diario: 0.9, numerador: 9, denominador: 10 },
        { fecha: '2024-08-03', diario: 0.8, numerador: 80, denominador: 100 },
      ]);
      const r = await gql(UPDATE_HIST, {
        id: String(first),
        input: { fecha: '2024-08-01', diario: 0.6, mensual: 0.6, anual: 0.6, meta: 0.7 },
      });
      expect(r.errors).toBeUndefined();
      // numerador follows diario: 0.6 × 100.
      expect((await historicoRow(db, first!)).numerador).toBeCloseTo(60, 9);
      const rows = (
        await gql(HIST_VARIABLE, { nombre: 'Rendimiento Jarabe', desde: '2024-08-01', hasta: '2024-08-31' })
      ).data?.historicosVariable as { fecha: string; mensual: number; anual: number }[];
      expect(rows[1]?.mensual).toBeCloseTo((60 + 9) / 110, 12);
      expect(rows[2]?.mensual).toBeCloseTo((60 + 9 + 80) / 210, 12);
      expect(rows[2]?.anual).toBeCloseTo((60 + 9 + 80) / 210, 12);
      expect(rows[2]?.mensual).not.toBeCloseTo((0.6 + 0.9 + 0.8) / 3, 3);
    });

    it("ULTIMO: mensual and anual are the day's own value", async () => {
      await gql(CREATE_HIST, { input: { variable_id: String(ids.nivel), fecha: '2024-09-01', diario: 3.5 } });
      const r = await gql(CREATE_HIST, {
        input: { variable_id: String(ids.nivel), fecha: '2024-09-02', diario: 2.5 },
      });
      expect(r.data?.createHistorico).toMatchObject({ mensual: 2.5, anual: 2.5 });
    });
  });

  describe('turnos', () => {
    let turnoId: string;

    it('createTurno creates a shift with its line; turnos lists by fecha descending', async () => {
      const r = await gql(CREATE_TURNO, {
        input: { linea_id: String(ids.linea1), fecha: '2024-04-01', horas_productividad: 7.5 },
      });
      expect(r.errors).toBeUndefined();
      expect(r.data?.createTurno).toEqual({
        id: expect.any(String),
        fecha: '2024-04-01',
        horas_productividad: 7.5,
        linea: { id: String(ids.linea1), nombre: 'Línea 1', numero: 1 },
      });
      turnoId = r.data?.createTurno.id;
      await gql(CREATE_TURNO, {
        input: { linea_id: String(ids.linea2), fecha: '2024-04-01', horas_productividad: 24 },
      });
      await gql(CREATE_TURNO, {
        input: { linea_id: String(ids.linea1), fecha: '2024-04-03', horas_productividad: 0 },
      });
      const list = (await gql(TURNOS)).data?.turnos as { fecha: string; linea: { numero: number } }[];
      expect(list.map((t) => [t.fecha, t.linea.numero])).toEqual([
        ['2024-04-03', 1],
        ['2024-04-01', 1],
        ['2024-04-01', 2],
      ]);
    });

    it('a second shift for the same line and date fails with the SPEC text', async () => {
      const r = await gql(CREATE_TURNO, {
        input: { linea_id: String(ids.linea1), fecha: '2024-04-01', horas_productividad: 8 },
      });
      expectError(r, 'CONFLICT', 'Error: Ya existe un valor para este día');
      expect((await gql(TURNOS)).data?.turnos).toHaveLength(3);
    });

    it('existeTurno tells whether the line has a shift that day', async () => {
      const check = (linea: number, fecha: string) => gql(EXISTE_TURNO, { linea: String(linea), fecha });
      expect((await check(ids.linea1, '2024-04-01')).data?.existeTurno).toBe(true);
      expect((await check(ids.linea3, '2024-04-01')).data?.existeTurno).toBe(false);
      expect((await check(ids.linea1, '2024-04-02')).data?.existeTurno).toBe(false);
      expectError(await check(999999, '2024-04-01'), 'NOT_FOUND', 'La línea no existe');
    });

    it('horas_productividad must be 0–24; unknown line NOT_FOUND', async () => {
      for (const horas of [-0.5, 24.01]) {
        expectError(
          await gql(CREATE_TURNO, {
            input: { linea_id: String(ids.linea3), fecha: '2024-04-05', horas_productividad: horas },
          }),
          'BAD_USER_INPUT',
          'El campo "horas_productividad" debe estar entre 0 y 24',
        );
      }
      expectError(
        await gql(CREATE_TURNO, {
          input: { linea_id: '999999', fecha: '2024-04-05', horas_productividad: 8 },
        }),
        'NOT_FOUND',
        'La línea no existe',
      );
    });

    it('updateTurno: changes the row; the same uniqueness rule applies against other rows', async () => {
      const same = await gql(UPDATE_TURNO, {
        id: turnoId,
        input: { linea_id: String(ids.linea1), fecha: '2024-04-01', horas_productividad: 6 },
      });
      expect(same.data?.updateTurno).toMatchObject({ id: turnoId, horas_productividad: 6 });
      const clash = await gql(UPDATE_TURNO, {
        id: turnoId,
        input: { linea_id: String(ids.linea2), fecha: '2024-04-01', horas_productividad: 6 },
      });
      expectError(clash, 'CONFLICT', 'Error: Ya existe un valor para este día');
      const moved = await gql(UPDATE_TURNO, {
        id: turnoId,
        input: { linea_id: String(ids.linea3), fecha: '2024-04-02', horas_productividad: 8 },
      });
      expect(moved.data?.updateTurno).toMatchObject({
        fecha: '2024-04-02',
        horas_productividad: 8,
        linea: { numero: 3 },
      });
      expectError(
        await gql(UPDATE_TURNO, {
          id: turnoId,
          input: { linea_id: String(ids.linea3), fecha: '2024-04-02', horas_productividad: 25 },
        }),
        'BAD_USER_INPUT',
        'El campo "horas_productividad" debe estar entre 0 y 24',
      );
      expectError(
        await gql(UPDATE_TURNO, {
          id: '999999',
          input: { linea_id: String(ids.linea3), fecha: '2024-04-09', horas_productividad: 8 },
        }),
        'NOT_FOUND',
        'El turno no existe',
      );
      const [row] = await db
        .select()
        .from(turnos)
        .where(eq(turnos.id, Number(turnoId)));
      expect(row).toMatchObject({ lineaId: ids.linea3, fecha: '2024-04-02', horasProductividad: 8 });
    });
  });

  describe('planificaciones', () => {
    let planId: string;

    it('createPlanificacion stores fecha as the first day of its month', async () => {
      const r = await gql(CREATE_PLAN, {
        input: { variable_id: String(ids.agua2), fecha: '2024-05-17', negociado: 80, aop: 90 },
      });
      expect(r.errors).toBeUndefined();
      expect(r.data?.createPlanificacion).toEqual({
        id: expect.any(String),
        fecha: '2024-05-01',
        negociado: 80,
        aop: 90,
        variable: { id: String(ids.agua2), nombre: 'Agua Línea 2' },
      });
      planId = r.data?.createPlanificacion.id;
    });

    it('one plan per variable and month: CONFLICT', async () => {
      const r = await gql(CREATE_PLAN, {
        input: { variable_id: String(ids.agua2), fecha: '2024-05-31', negociado: 1, aop: 1 },
      });
      expectError(r, 'CONFLICT', 'Ya existe una planificación para esta variable en este mes');
    });

    it('requires fecha, variable_id, negociado and aop; unknown variable NOT_FOUND', async () => {
      const base = { variable_id: String(ids.agua2), fecha: '2024-06-01', negociado: 1, aop: 1 };
      for (const field of ['fecha', 'variable_id', 'negociado', 'aop'] as const) {
        const { [field]: _omit, ...input } = base;
        expectRejectedByGraphQL(await gql(CREATE_PLAN, { input }), `Falta el campo obligatorio "${field}"`);
      }
      expectRejectedByGraphQL(
        await gql(CREATE_PLAN, { input: { ...base, aop: 'x' } }),
        'El campo "aop" debe ser un número',
      );
      expectError(
        await gql(CREATE_PLAN, { input: { ...base, variable_id: '999999' } }),
        'NOT_FOUND',
        'La variable no existe',
      );
    });

    it('planificaciones lists by fecha descending', async () => {
      const list = (await gql(PLANIFICACIONES)).data?.planificaciones as {
        fecha: string;
        variable: { nombre: string };
      }[];
      expect(list.map((p) => [p.fecha, p.variable.nombre])).toEqual([
        ['2024-05-01', 'Agua Línea 2'],
        ['2024-02-01', PRODUCCION],
        ['2024-01-01', PRODUCCION],
        ['2023-11-01', 'Agua Línea 1'],
      ]);
    });

    it('updatePlanificacion changes the row (fecha normalised); a taken month is a CONFLICT', async () => {
      const r = await gql(UPDATE_PLAN, {
        id: planId,
        input: { variable_id: String(ids.agua2), fecha: '2024-06-30', negociado: 85, aop: 95 },
      });
      expect(r.data?.updatePlanificacion).toMatchObject({
        id: planId,
        fecha: '2024-06-01',
        negociado: 85,
        aop: 95,
      });
      const clash = await gql(UPDATE_PLAN, {
        id: planId,
        input: { variable_id: String(ids.produccion), fecha: '2024-01-15', negociado: 1, aop: 1 },
      });
      expectError(clash, 'CONFLICT', 'Ya existe una planificación para esta variable en este mes');
      expectError(
        await gql(UPDATE_PLAN, {
          id: '999999',
          input: { variable_id: String(ids.agua2), fecha: '2024-06-30', negociado: 1, aop: 1 },
        }),
        'NOT_FOUND',
        'La planificación no existe',
      );
    });

    it('deletePlanificacion returns the deleted row; deleting again is NOT_FOUND', async () => {
      const r = await gql(DELETE_PLAN, { id: planId });
      expect(r.data?.deletePlanificacion).toMatchObject({ id: planId, fecha: '2024-06-01', negociado: 85 });
      expect(
        (await gql(PLANIFICACIONES)).data?.planificaciones.some((p: { id: string }) => p.id === planId),
      ).toBe(false);
      expectError(await gql(DELETE_PLAN, { id: planId }), 'NOT_FOUND', 'La planificación no existe');
      expectError(
        await gql(DELETE_PLAN, { id: '-1' }),
        'BAD_USER_INPUT',
        'El campo "id" debe ser un identificador numérico',
      );
    });
  });
});

// ---------------------------------------------------------------- area authorization

/**
 * Issue 11 §3.7: a variable's data is read by its area. Variables of the human-resources area
 * (overtime, attendance, absenteeism) need the human-resources permission (the role
 * human-resources, or super-admin) everywhere they can be read; an admin without it does not see
 * them either.
 */
describeEachDatabase('variables of the human-resources area', (server) => {
  const HR = ['Horas extra (h)', 'Asistencia (%)', 'Ausentismo (%)'];
  const OPEN = 'Producción (CU)';
  const FECHA = '2024-05-10';
  const tokens: Record<'sinRol' | 'rrhh' | 'admin' | 'superAdmin', string> = {
    sinRol: '',
    rrhh: '',
    admin: '',
    superAdmin: '',
  };
  const hrIds: number[] = [];
  let openId = 0;

  beforeAll(async () => {
    const db = server().database.db;
    tokens.superAdmin = (await server().login()).access_token;
    for (const [key, role] of [
      ['sinRol', undefined],
      ['rrhh', 'human-resources'],
      ['admin', 'admin'],
    ] as const) {
      const username = uniqueName(key.toLowerCase());
      await createUser(server(), tokens.superAdmin, { username, ...(role && { role }) });
      tokens[key] = (await server().login(username, 'clave-usuario-1')).access_token;
    }
    for (const nombre of HR) {
      const id = await insertVariable(db, {
        nombre,
        area: 'rrhh',
        unidad: nombre.endsWith('(h)') ? 'h' : '%',
        agregacion: nombre.endsWith('(h)') ? 'SUMA' : 'PROMEDIO',
      });
      hrIds.push(id);
      await insertHistoricos(db, id, [
        { fecha: '2024-05-09', diario: 4 },
        { fecha: FECHA, diario: 6 },
      ]);
    }
    openId = await insertVariable(db, { nombre: OPEN, decimales: 0 });
    await insertHistoricos(db, openId, [{ fecha: FECHA, diario: 900 }]);
    await db.insert(metas).values([
      { variableId: hrIds[0]!, fecha: FECHA, valor: 5 },
      { variableId: openId, fecha: FECHA, valor: 1000 },
    ]);
    await db.insert(planificaciones).values([
      { variableId: hrIds[0]!, fecha: '2024-05-01', negociado: 100, aop: 120 },
      { variableId: openId, fecha: '2024-05-01', negociado: 20_000, aop: 21_000 },
    ]);
  });

  const gql = (who: keyof typeof tokens, query: string, variables: Record<string, unknown> = {}) =>
    server().gql(query, variables, { token: tokens[who] });

  const MTTR = `query($n: [String!]!) { mttrMttf(nombres: $n, desde: "2024-05-01", hasta: "2024-05-31") { nombre puntos { fecha diario } } }`;
  const RESUMEN = `query($n: [String!]!, $f: Date!) { resumenVariables(nombres: $n, fecha: $f) { variable { nombre } diario } }`;

  /** Every way to ask for one HR variable's data by name or id. */
  const singleReads = () =>
    [
      [HIST_VARIABLE, { nombre: HR[0], desde: '2024-05-01', hasta: '2024-05-31' }],
      [HIST_FECHA, { nombre: HR[1], fecha: FECHA }],
      [ULTIMA_FECHA, { nombre: HR[2] }],
      [HIST_IDS, { ids: [String(openId), String(hrIds[1])], desde: '2024-05-01', hasta: '2024-05-31' }],
      [METAS, { anio: 2024, id: String(hrIds[0]) }],
      [MTTR, { n: [HR[2]] }],
    ] as [string, Record<string, unknown>][];

  for (const who of ['sinRol', 'admin'] as const) {
    it(`a user without the human-resources permission (${who}) never gets HR figures`, async () => {
      const list = await gql(who, VARIABLES_DEFAULT);
      const names = (list.data?.variables as { nombre: string }[]).map((v) => v.nombre);
      expect(names).toContain(OPEN);
      for (const nombre of HR) expect(names).not.toContain(nombre);

      for (const [query, variables] of singleReads()) {
        const r = await gql(who, query, variables);
        expect(r.errors?.[0]?.extensions?.code, query).toBe('FORBIDDEN');
        expect(r.errors?.[0]?.message, query).toBe(
          'Se requiere el permiso de recursos humanos para ver los datos de esta variable.',
        );
        expect(JSON.stringify(r.data ?? null), query).not.toMatch(
          /"diario":6|Horas extra|Asistencia|Ausentismo/,
        );
      }

      // Lists by name leave them out, like unknown names.
      const resumen = await gql(who, RESUMEN, { n: [...HR, OPEN], f: FECHA });
      expect(resumen.data?.resumenVariables).toEqual([{ variable: { nombre: OPEN }, diario: 900 }]);
      const nombres = await gql(who, HIST_NOMBRES, { nombres: [...HR, OPEN], fecha: FECHA });
      expect(
        (nombres.data?.historicosNombres as { variable: { nombre: string } }[]).map((h) => h.variable.nombre),
      ).toEqual([OPEN]);
      const series = await gql(who, SERIES, {
        nombres: [...HR, OPEN],
        desde: '2024-05-01',
        hasta: '2024-05-31',
      });
      expect(
        (series.data?.historicosSeries as { variable: { nombre: string } }[]).map((h) => h.variable.nombre),
      ).toEqual([OPEN]);
      expect(JSON.stringify(series.data)).not.toMatch(/Horas extra|Asistencia|Ausentismo/);
      const planes = await gql(who, PLANIFICACIONES);
      expect(JSON.stringify(planes.data)).not.toMatch(/Horas extra/);
      expect(JSON.stringify(planes.data)).toMatch(/Producción/);
    });
  }

  it('an admin without the permission cannot write HR variables either', async () => {
    const meta = await gql('admin', UPSERT_META, {
      input: { variable_id: String(hrIds[0]), fecha: FECHA, valor: 9 },
    });
    expect(meta.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const hist = await gql('admin', CREATE_HIST, {
      input: { variable_id: String(hrIds[0]), fecha: '2024-05-11', diario: 1 },
    });
    expect(hist.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const plan = await gql('admin', CREATE_PLAN, {
      input: { variable_id: String(hrIds[1]), fecha: '2024-06-01', negociado: 1, aop: 1 },
    });
    expect(plan.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    // Its own areas still work.
    const open = await gql('admin', UPSERT_META, {
      input: { variable_id: String(openId), fecha: FECHA, valor: 1100 },
    });
    expect(open.errors).toBeUndefined();
  });

  for (const who of ['rrhh', 'superAdmin'] as const) {
    it(`the human-resources permission (${who}) reads them everywhere`, async () => {
      const list = await gql(who, VARIABLES_DEFAULT);
      const names = (list.data?.variables as { nombre: string }[]).map((v) => v.nombre);
      for (const nombre of HR) expect(names).toContain(nombre);
      for (const [query, variables] of singleReads()) {
        const r = await gql(who, query, variables);
        expect(r.errors, query).toBeUndefined();
      }
      const hist = await gql(who, HIST_VARIABLE, { nombre: HR[0], desde: '2024-05-01', hasta: '2024-05-31' });
      expect((hist.data?.historicosVariable as { diario: number }[]).map((h) => h.diario)).toEqual([4, 6]);
      const resumen = await gql(who, RESUMEN, { n: [...HR, OPEN], f: FECHA });
      expect(
        (resumen.data?.resumenVariables as { variable: { nombre: string } }[]).map((r) => r.variable.nombre),
      ).toEqual([...HR, OPEN]);
      const series = await gql(who, SERIES, {
        nombres: [HR[0], OPEN],
        desde: '2024-05-01',
        hasta: '2024-05-31',
      });
      expect((series.data?.historicosSeries as { diario: number[] }[])[0]!.diario).toEqual([4, 6]);
      const planes = await gql(who, PLANIFICACIONES);
      expect(JSON.stringify(planes.data)).toMatch(/Horas extra/);
    });
  }
});
