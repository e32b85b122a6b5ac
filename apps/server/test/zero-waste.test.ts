import { MESES } from '@planta/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { zwClasificaciones, zwProyecciones, zwRegistros } from '../src/db/schema/index.ts';
import { createUser, describeEachDatabase, type TestServer, uniqueName } from './harness.ts';

const MENSUAL = `query($anio: Int!) {
  zeroWasteMensual(anio: $anio) { mes numero_mes aprovechable no_aprovechable zwl meta }
}`;
const DESGLOSE = `query($anio: Int!, $mes: Int) {
  zeroWasteDesglose(anio: $anio, mes: $mes) { clasificacion_id descripcion aprovechable kg porcentaje }
}`;
const PROYECCION = `query($anio: Int!) {
  zeroWasteProyeccion(anio: $anio) {
    id anio clasificacion { id descripcion } aprovechables no_aprovechables zero_waste
  }
}`;
const CLASIFICACIONES = `{ clasificaciones { id descripcion aprovechable } }`;
const UPSERT_REGISTRO = `mutation($input: ZeroWasteRegistroInput!) {
  upsertZeroWasteRegistro(input: $input) { id mes kg clasificacion { id descripcion aprovechable } }
}`;
const UPSERT_PROYECCION = `mutation($input: ProyeccionInput!) {
  upsertProyeccion(input: $input) {
    id anio clasificacion { id descripcion } aprovechables no_aprovechables zero_waste
  }
}`;

interface MonthRow {
  mes: string;
  numero_mes: number | null;
  aprovechable: number;
  no_aprovechable: number;
  zwl: number | null;
  meta: number;
}
interface BreakdownRow {
  clasificacion_id: string;
  descripcion: string;
  aprovechable: boolean;
  kg: number;
  porcentaje: number | null;
}
interface ProjectionRow {
  id: string;
  anio: number;
  clasificacion: { id: string; descripcion: string };
  aprovechables: number;
  no_aprovechables: number;
  zero_waste: number;
}

const YEAR = 2025;
const round2 = (x: number) => Math.round(x * 100) / 100;

// ------------------------------------------------------------------ factories

const CLASIFICACIONES_FIXTURE = [
  { descripcion: 'Cartón/papel', aprovechable: true },
  { descripcion: 'PET (preformas y botellas)', aprovechable: true },
  { descripcion: 'Lodos PTA', aprovechable: true },
  { descripcion: 'Ordinarios', aprovechable: false },
] as const;
type ClasName = (typeof CLASIFICACIONES_FIXTURE)[number]['descripcion'];

/** kg per month and classification. January is mid-sized, February tiny and poor, March huge and clean. */
const REGISTROS: { mes: string; clas: ClasName; kg: number }[] = [
  { mes: '2025-01-01', clas: 'Cartón/papel', kg: 900 },
  { mes: '2025-01-01', clas: 'Ordinarios', kg: 100 },
  { mes: '2025-02-01', clas: 'Cartón/papel', kg: 10 },
  { mes: '2025-02-01', clas: 'Ordinarios', kg: 10 },
  { mes: '2025-03-01', clas: 'PET (preformas y botellas)', kg: 2000 },
  { mes: '2025-03-01', clas: 'Lodos PTA', kg: 7000 },
  { mes: '2025-03-01', clas: 'Ordinarios', kg: 1 },
  { mes: '2025-03-01', clas: 'Cartón/papel', kg: 1250.5 },
  // Outside 2025: must not count.
  { mes: '2024-12-01', clas: 'Ordinarios', kg: 5000 },
  { mes: '2026-01-01', clas: 'Ordinarios', kg: 5000 },
];

async function insertClasificaciones(server: TestServer): Promise<Map<ClasName, number>> {
  const rows = await server.database.db
    .insert(zwClasificaciones)
    .values([...CLASIFICACIONES_FIXTURE])
    .returning({ id: zwClasificaciones.id, descripcion: zwClasificaciones.descripcion });
  return new Map(rows.map((r) => [r.descripcion as ClasName, r.id]));
}

async function insertRegistros(server: TestServer, ids: Map<ClasName, number>): Promise<void> {
  await server.database.db
    .insert(zwRegistros)
    .values(REGISTROS.map((r) => ({ mes: r.mes, clasificacionId: ids.get(r.clas) ?? 0, kg: r.kg })));
}

const isAprovechable = (clas: ClasName) =>
  CLASIFICACIONES_FIXTURE.find((c) => c.descripcion === clas)?.aprovechable ?? false;

/** The expected monthly sums, straight from the fixture rows. */
function expectedMonth(year: number, month: number) {
  const rows = REGISTROS.filter((r) => r.mes === `${year}-${String(month).padStart(2, '0')}-01`);
  const aprovechable = rows.filter((r) => isAprovechable(r.clas)).reduce((s, r) => s + r.kg, 0);
  const noAprovechable = rows.filter((r) => !isAprovechable(r.clas)).reduce((s, r) => s + r.kg, 0);
  return { aprovechable, noAprovechable, rows };
}

// ------------------------------------------------------------------ suite

describeEachDatabase('zero waste', (server) => {
  let root: string;
  let adminToken: string;
  let hrToken: string;
  let ids: Map<ClasName, number>;

  beforeAll(async () => {
    root = (await server().login()).access_token;
    const admin = uniqueName('zwadm');
    const hr = uniqueName('zwhr');
    await createUser(server(), root, { username: admin, role: 'admin' });
    await createUser(server(), root, { username: hr, role: 'human-resources' });
    adminToken = (await server().login(admin, 'clave-usuario-1')).access_token;
    hrToken = (await server().login(hr, 'clave-usuario-1')).access_token;
    ids = await insertClasificaciones(server());
    await insertRegistros(server(), ids);
    await server()
      .database.db.insert(zwProyecciones)
      .values([
        {
          anio: YEAR,
          clasificacionId: ids.get('PET (preformas y botellas)') ?? 0,
          aprovechables: 24000,
          noAprovechables: 0,
          zeroWaste: 100,
        },
        {
          anio: YEAR,
          clasificacionId: ids.get('Ordinarios') ?? 0,
          aprovechables: 0,
          noAprovechables: 1200,
          zeroWaste: 0,
        },
        {
          anio: 2024,
          clasificacionId: ids.get('Lodos PTA') ?? 0,
          aprovechables: 1,
          noAprovechables: 1,
          zeroWaste: 50,
        },
      ]);
  });

  it('answers 401 to every query and mutation without a session', async () => {
    for (const [query, variables] of [
      [MENSUAL, { anio: YEAR }],
      [DESGLOSE, { anio: YEAR }],
      [PROYECCION, { anio: YEAR }],
      [CLASIFICACIONES, {}],
      [UPSERT_REGISTRO, { input: { mes: '2025-05-01', clasificacion_id: '1', kg: 1 } }],
    ] as const) {
      const r = await server().gql(query, variables);
      expect(r.status).toBe(401);
      expect(r.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    }
  });

  describe('zeroWasteMensual', () => {
    it('gives the twelve Spanish months in order, then Acumulado, each with meta 99', async () => {
      const r = await server().gql<{ zeroWasteMensual: MonthRow[] }>(
        MENSUAL,
        { anio: YEAR },
        { token: hrToken },
      );
      const rows = r.data?.zeroWasteMensual ?? [];
      expect(rows.map((row) => row.mes)).toEqual([...MESES, 'Acumulado']);
      expect(rows.map((row) => row.numero_mes)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, null]);
      expect(rows.every((row) => row.meta === 99)).toBe(true);
    });

    it('sums kg by aprovechable per month; zwl = aprovechable / total × 100 to 2 decimals, null without data', async () => {
      const rows = (
        await server().gql<{ zeroWasteMensual: MonthRow[] }>(MENSUAL, { anio: YEAR }, { token: hrToken })
      ).data?.zeroWasteMensual;
      for (let month = 1; month <= 12; month++) {
        const { aprovechable, noAprovechable, rows: fixture } = expectedMonth(YEAR, month);
        expect(rows?.[month - 1]).toEqual({
          mes: MESES[month - 1],
          numero_mes: month,
          aprovechable,
          no_aprovechable: noAprovechable,
          zwl: fixture.length ? round2((aprovechable / (aprovechable + noAprovechable)) * 100) : null,
          meta: 99,
        });
      }
      // Hand-checked figures of the fixture.
      expect(rows?.[0]?.zwl).toBe(90);
      expect(rows?.[1]?.zwl).toBe(50);
      expect(rows?.[2]?.zwl).toBe(99.99); // 10250.5 / 10251.5
      expect(rows?.[3]).toMatchObject({ aprovechable: 0, no_aprovechable: 0, zwl: null });
    });

    it('Acumulado is the ratio of the year sums, not the mean of the monthly zwl', async () => {
      const rows = (
        await server().gql<{ zeroWasteMensual: MonthRow[] }>(MENSUAL, { anio: YEAR }, { token: hrToken })
      ).data?.zeroWasteMensual;
      const inYear = REGISTROS.filter((r) => r.mes.startsWith(`${YEAR}-`));
      const aprovechable = inYear.filter((r) => isAprovechable(r.clas)).reduce((s, r) => s + r.kg, 0);
      const noAprovechable = inYear.filter((r) => !isAprovechable(r.clas)).reduce((s, r) => s + r.kg, 0);
      const acumulado = rows?.[12];
      expect(acumulado).toEqual({
        mes: 'Acumulado',
        numero_mes: null,
        aprovechable,
        no_aprovechable: noAprovechable,
        zwl: round2((aprovechable / (aprovechable + noAprovechable)) * 100),
        meta: 99,
      });
      expect(acumulado?.zwl).toBe(99.02); // 11160.5 / 11271.5
      const monthly = (rows ?? []).slice(0, 12).flatMap((row) => (row.zwl === null ? [] : [row.zwl]));
      const mean = round2(monthly.reduce((s, v) => s + v, 0) / monthly.length);
      expect(mean).toBe(80);
      expect(acumulado?.zwl).not.toBe(mean);
    });

    it('gives a year without records as twelve empty months and an empty Acumulado', async () => {
      const rows = (
        await server().gql<{ zeroWasteMensual: MonthRow[] }>(MENSUAL, { anio: 2040 }, { token: hrToken })
      ).data?.zeroWasteMensual;
      expect(rows).toHaveLength(13);
      expect(
        rows?.every((row) => row.zwl === null && row.aprovechable === 0 && row.no_aprovechable === 0),
      ).toBe(true);
    });

    it('rejects a year outside 2000–2100 in Spanish, naming the field', async () => {
      for (const anio of [1999, 2101]) {
        const r = await server().gql(MENSUAL, { anio }, { token: hrToken });
        expect(r.errors?.[0]).toMatchObject({
          message: 'El campo "anio" debe estar entre 2000 y 2100',
          extensions: { code: 'BAD_USER_INPUT', field: 'anio' },
        });
      }
    });
  });

  describe('zeroWasteDesglose', () => {
    function expectedBreakdown(prefix: string): BreakdownRow[] {
      const rows = REGISTROS.filter((r) => r.mes.startsWith(prefix));
      const total = rows.reduce((s, r) => s + r.kg, 0);
      const byClas = new Map<ClasName, number>();
      for (const r of rows) byClas.set(r.clas, (byClas.get(r.clas) ?? 0) + r.kg);
      return [...byClas.entries()]
        .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
        .map(([clas, kg]) => ({
          clasificacion_id: String(ids.get(clas)),
          descripcion: clas,
          aprovechable: isAprovechable(clas),
          kg,
          porcentaje: round2((kg / total) * 100),
        }));
    }

    it('breaks the year down per classification, heaviest first, with its share of the total', async () => {
      const r = await server().gql<{ zeroWasteDesglose: BreakdownRow[] }>(
        DESGLOSE,
        { anio: YEAR },
        { token: hrToken },
      );
      expect(r.data?.zeroWasteDesglose).toEqual(expectedBreakdown(`${YEAR}-`));
      expect(r.data?.zeroWasteDesglose[0]).toMatchObject({
        descripcion: 'Lodos PTA',
        kg: 7000,
        porcentaje: 62.1,
      });
    });

    it('breaks one month down, and gives nothing for a month without records', async () => {
      const jan = await server().gql<{ zeroWasteDesglose: BreakdownRow[] }>(
        DESGLOSE,
        { anio: YEAR, mes: 1 },
        { token: hrToken },
      );
      expect(jan.data?.zeroWasteDesglose).toEqual(expectedBreakdown(`${YEAR}-01-`));
      expect(jan.data?.zeroWasteDesglose.map((row) => [row.descripcion, row.porcentaje])).toEqual([
        ['Cartón/papel', 90],
        ['Ordinarios', 10],
      ]);
      const march = await server().gql<{ zeroWasteDesglose: BreakdownRow[] }>(
        DESGLOSE,
        { anio: YEAR, mes: 3 },
        { token: hrToken },
      );
      expect(march.data?.zeroWasteDesglose).toEqual(expectedBreakdown(`${YEAR}-03-`));
      const june = await server().gql(DESGLOSE, { anio: YEAR, mes: 6 }, { token: hrToken });
      expect(june.data?.zeroWasteDesglose).toEqual([]);
    });

    it('rejects a month outside 1–12 and a bad year in Spanish', async () => {
      for (const mes of [0, 13]) {
        const r = await server().gql(DESGLOSE, { anio: YEAR, mes }, { token: hrToken });
        expect(r.errors?.[0]).toMatchObject({
          message: 'El campo "mes" debe estar entre 1 y 12',
          extensions: { code: 'BAD_USER_INPUT', field: 'mes' },
        });
      }
      const r = await server().gql(DESGLOSE, { anio: 1900, mes: 1 }, { token: hrToken });
      expect(r.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'anio' });
    });
  });

  describe('clasificaciones and zeroWasteProyeccion', () => {
    it('lists the classifications by name', async () => {
      const r = await server().gql<{
        clasificaciones: { id: string; descripcion: string; aprovechable: boolean }[];
      }>(CLASIFICACIONES, {}, { token: hrToken });
      expect(r.data?.clasificaciones).toEqual(
        [...CLASIFICACIONES_FIXTURE]
          .sort((a, b) => a.descripcion.localeCompare(b.descripcion))
          .map((c) => ({ id: String(ids.get(c.descripcion)), ...c })),
      );
    });

    it('gives the year projection with its classification', async () => {
      const r = await server().gql<{ zeroWasteProyeccion: ProjectionRow[] }>(
        PROYECCION,
        { anio: YEAR },
        { token: hrToken },
      );
      expect(r.data?.zeroWasteProyeccion).toEqual([
        {
          id: expect.any(String),
          anio: YEAR,
          clasificacion: { id: String(ids.get('Ordinarios')), descripcion: 'Ordinarios' },
          aprovechables: 0,
          no_aprovechables: 1200,
          zero_waste: 0,
        },
        {
          id: expect.any(String),
          anio: YEAR,
          clasificacion: {
            id: String(ids.get('PET (preformas y botellas)')),
            descripcion: 'PET (preformas y botellas)',
          },
          aprovechables: 24000,
          no_aprovechables: 0,
          zero_waste: 100,
        },
      ]);
      expect(
        (await server().gql(PROYECCION, { anio: 2050 }, { token: hrToken })).data?.zeroWasteProyeccion,
      ).toEqual([]);
    });
  });

  describe('upsertZeroWasteRegistro', () => {
    it('stores the month of any day, replaces on a second call, and feeds the monthly table', async () => {
      const carton = String(ids.get('Cartón/papel'));
      const first = await server().gql(
        UPSERT_REGISTRO,
        { input: { mes: '2031-05-17', clasificacion_id: carton, kg: 120.5 } },
        { token: adminToken },
      );
      expect(first.data?.upsertZeroWasteRegistro).toEqual({
        id: expect.any(String),
        mes: '2031-05-01',
        kg: 120.5,
        clasificacion: { id: carton, descripcion: 'Cartón/papel', aprovechable: true },
      });
      const second = await server().gql(
        UPSERT_REGISTRO,
        { input: { mes: '2031-05-31', clasificacion_id: carton, kg: 300 } },
        { token: root },
      );
      expect(second.data?.upsertZeroWasteRegistro).toMatchObject({
        id: first.data?.upsertZeroWasteRegistro.id,
        mes: '2031-05-01',
        kg: 300,
      });
      await server().gql(
        UPSERT_REGISTRO,
        { input: { mes: '2031-05-02', clasificacion_id: String(ids.get('Ordinarios')), kg: 0 } },
        { token: adminToken },
      );
      const rows = (
        await server().gql<{ zeroWasteMensual: MonthRow[] }>(MENSUAL, { anio: 2031 }, { token: hrToken })
      ).data?.zeroWasteMensual;
      expect(rows?.[4]).toMatchObject({ mes: 'Mayo', aprovechable: 300, no_aprovechable: 0, zwl: 100 });
      expect(rows?.[12]).toMatchObject({ aprovechable: 300, no_aprovechable: 0, zwl: 100 });
    });

    it('needs admin: a human-resources user gets FORBIDDEN', async () => {
      const r = await server().gql(
        UPSERT_REGISTRO,
        { input: { mes: '2031-06-01', clasificacion_id: String(ids.get('Cartón/papel')), kg: 1 } },
        { token: hrToken },
      );
      expect(r.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      expect(r.data).toBeNull();
    });

    it('validates kg, the date and the classification in Spanish', async () => {
      const carton = String(ids.get('Cartón/papel'));
      const negative = await server().gql(
        UPSERT_REGISTRO,
        { input: { mes: '2031-06-01', clasificacion_id: carton, kg: -1 } },
        { token: adminToken },
      );
      expect(negative.errors?.[0]).toMatchObject({
        message: 'El campo "kg" no puede ser negativo',
        extensions: { code: 'BAD_USER_INPUT', field: 'kg' },
      });
      const oldDate = await server().gql(
        UPSERT_REGISTRO,
        { input: { mes: '1999-06-01', clasificacion_id: carton, kg: 1 } },
        { token: adminToken },
      );
      expect(oldDate.errors?.[0]).toMatchObject({
        message: 'El campo "mes" debe estar entre los años 2000 y 2100',
        extensions: { code: 'BAD_USER_INPUT', field: 'mes' },
      });
      const badId = await server().gql(
        UPSERT_REGISTRO,
        { input: { mes: '2031-06-01', clasificacion_id: 'abc', kg: 1 } },
        { token: adminToken },
      );
      expect(badId.errors?.[0]).toMatchObject({
        message: 'El campo "clasificacion_id" debe ser un identificador numérico',
        extensions: { code: 'BAD_USER_INPUT', field: 'clasificacion_id' },
      });
      const unknown = await server().gql(
        UPSERT_REGISTRO,
        { input: { mes: '2031-06-01', clasificacion_id: '999999', kg: 1 } },
        { token: adminToken },
      );
      expect(unknown.errors?.[0]).toMatchObject({
        message: 'La clasificación de residuos no existe',
        extensions: { code: 'NOT_FOUND' },
      });
    });
  });

  describe('upsertProyeccion', () => {
    it('creates, then replaces the projection of a classification and year', async () => {
      const lodos = String(ids.get('Lodos PTA'));
      const input = {
        anio: 2032,
        clasificacion_id: lodos,
        aprovechables: 90000,
        no_aprovechables: 0,
        zero_waste: 99.5,
      };
      const created = await server().gql<{ upsertProyeccion: ProjectionRow }>(
        UPSERT_PROYECCION,
        { input },
        { token: adminToken },
      );
      expect(created.data?.upsertProyeccion).toEqual({
        id: expect.any(String),
        anio: 2032,
        clasificacion: { id: lodos, descripcion: 'Lodos PTA' },
        aprovechables: 90000,
        no_aprovechables: 0,
        zero_waste: 99.5,
      });
      const updated = await server().gql<{ upsertProyeccion: ProjectionRow }>(
        UPSERT_PROYECCION,
        { input: { ...input, aprovechables: 95000, no_aprovechables: 500, zero_waste: 99.48 } },
        { token: adminToken },
      );
      expect(updated.data?.upsertProyeccion).toMatchObject({
        id: created.data?.upsertProyeccion.id,
        aprovechables: 95000,
        no_aprovechables: 500,
        zero_waste: 99.48,
      });
      const listed = await server().gql<{ zeroWasteProyeccion: ProjectionRow[] }>(
        PROYECCION,
        { anio: 2032 },
        { token: hrToken },
      );
      expect(listed.data?.zeroWasteProyeccion).toHaveLength(1);
      expect(listed.data?.zeroWasteProyeccion[0]?.aprovechables).toBe(95000);
    });

    it('needs admin and validates every field in Spanish', async () => {
      const base = {
        anio: 2032,
        clasificacion_id: String(ids.get('PET (preformas y botellas)')),
        aprovechables: 1,
        no_aprovechables: 1,
        zero_waste: 50,
      };
      const forbidden = await server().gql(UPSERT_PROYECCION, { input: base }, { token: hrToken });
      expect(forbidden.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      for (const [field, patch, message] of [
        ['anio', { anio: 1990 }, 'El campo "anio" debe estar entre 2000 y 2100'],
        ['aprovechables', { aprovechables: -5 }, 'El campo "aprovechables" no puede ser negativo'],
        ['no_aprovechables', { no_aprovechables: -0.1 }, 'El campo "no_aprovechables" no puede ser negativo'],
        ['zero_waste', { zero_waste: 100.5 }, 'El campo "zero_waste" debe estar entre 0 y 100'],
      ] as const) {
        const r = await server().gql(
          UPSERT_PROYECCION,
          { input: { ...base, ...patch } },
          { token: adminToken },
        );
        expect(r.errors?.[0]).toMatchObject({ message, extensions: { code: 'BAD_USER_INPUT', field } });
      }
      const unknown = await server().gql(
        UPSERT_PROYECCION,
        { input: { ...base, clasificacion_id: '424242' } },
        { token: adminToken },
      );
      expect(unknown.errors?.[0]).toMatchObject({
        message: 'La clasificación de residuos no existe',
        extensions: { code: 'NOT_FOUND' },
      });
    });
  });
  describe('months weighed at 0 kg and records written through the API', () => {
    it('gives a month whose records weigh 0 kg no zwl (never 0 %), and recomputes the year from the API records', async () => {
      const carton = String(ids.get('Cartón/papel'));
      const ordinarios = String(ids.get('Ordinarios'));
      const writes = [
        { mes: '2034-01-10', clasificacion_id: carton, kg: 0 },
        { mes: '2034-01-11', clasificacion_id: ordinarios, kg: 0 },
        { mes: '2034-02-01', clasificacion_id: carton, kg: 1980 },
        { mes: '2034-02-01', clasificacion_id: ordinarios, kg: 20 },
        { mes: '2034-03-01', clasificacion_id: carton, kg: 10 },
        { mes: '2034-03-01', clasificacion_id: ordinarios, kg: 10 },
      ];
      for (const input of writes) {
        const r = await server().gql(UPSERT_REGISTRO, { input }, { token: adminToken });
        expect(r.errors).toBeUndefined();
      }
      const rows = (
        await server().gql<{ zeroWasteMensual: MonthRow[] }>(MENSUAL, { anio: 2034 }, { token: hrToken })
      ).data?.zeroWasteMensual;
      expect(rows?.[0]).toMatchObject({ aprovechable: 0, no_aprovechable: 0, zwl: null });
      expect(rows?.[1]?.zwl).toBe(99);
      expect(rows?.[2]?.zwl).toBe(50);
      // Σ 1990 / Σ 2020, not the mean of 99 and 50 (74.5).
      expect(rows?.[12]).toMatchObject({
        mes: 'Acumulado',
        aprovechable: 1990,
        no_aprovechable: 30,
        zwl: round2((1990 / 2020) * 100),
      });
      const january = await server().gql<{ zeroWasteDesglose: BreakdownRow[] }>(
        DESGLOSE,
        { anio: 2034, mes: 1 },
        { token: hrToken },
      );
      expect(january.data?.zeroWasteDesglose.every((row) => row.kg === 0 && row.porcentaje === null)).toBe(
        true,
      );
    });
  });
});
