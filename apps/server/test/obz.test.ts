import { beforeAll, describe, expect, it } from 'vitest';
import { obzMontos, obzPaquetes } from '../src/db/schema/index.ts';
import { createUser, describeEachDatabase, type TestServer, uniqueName } from './harness.ts';

const OBZ = `query($anio: Int!) {
  obz(anio: $anio) {
    id nombre area responsable
    meses { mes presupuesto real desviacion_pct }
    presupuesto_anual real_anual presupuesto_a_la_fecha cumplimiento_pct
  }
}`;

interface ObzMes {
  mes: number;
  presupuesto: number;
  real: number | null;
  desviacion_pct: number | null;
}
interface ObzPaquete {
  id: string;
  nombre: string;
  area: string;
  responsable: string;
  meses: ObzMes[];
  presupuesto_anual: number;
  real_anual: number | null;
  presupuesto_a_la_fecha: number;
  cumplimiento_pct: number | null;
}

const round2 = (x: number) => Math.round(x * 100) / 100;

// ------------------------------------------------------------------ fixtures

const PAQUETES = [
  { nombre: 'Energía eléctrica', area: 'Mantenimiento', responsable: 'Eva Lima' },
  { nombre: 'Horas extra', area: 'Recursos humanos', responsable: 'Gina Vera' },
  { nombre: 'Fletes', area: 'Logística', responsable: 'Hugo Rey' },
  { nombre: 'Análisis de laboratorio', area: 'Calidad', responsable: 'Iris Mora' },
  { nombre: 'Sin montos', area: 'Calidad', responsable: 'Iris Mora' },
] as const;
type Paquete = (typeof PAQUETES)[number]['nombre'];

const HORAS_EXTRA_REAL = [450, 520, 0, 500, 610, 480];
const MONTOS: { paquete: Paquete; mes: string; presupuesto: number; real: number | null }[] = [
  // A year in progress: March has a budget but no actual yet.
  { paquete: 'Energía eléctrica', mes: '2025-01-01', presupuesto: 1000, real: 1150 },
  { paquete: 'Energía eléctrica', mes: '2025-02-01', presupuesto: 3000, real: 2700 },
  { paquete: 'Energía eléctrica', mes: '2025-03-01', presupuesto: 2000, real: null },
  { paquete: 'Energía eléctrica', mes: '2026-01-01', presupuesto: 9999, real: 9999 },
  // Budget every month, actuals to June; March really spent nothing (0, not missing).
  ...Array.from({ length: 12 }, (_, i) => ({
    paquete: 'Horas extra' as const,
    mes: `2025-${String(i + 1).padStart(2, '0')}-01`,
    presupuesto: 500,
    real: HORAS_EXTRA_REAL[i] ?? null,
  })),
  { paquete: 'Fletes', mes: '2024-12-01', presupuesto: 800, real: 750 },
  // Only a budget, and only in 2027.
  { paquete: 'Análisis de laboratorio', mes: '2027-05-01', presupuesto: 100, real: null },
];

async function insertFixtures(server: TestServer): Promise<Map<Paquete, number>> {
  const db = server.database.db;
  const rows = await db
    .insert(obzPaquetes)
    .values([...PAQUETES])
    .returning({ id: obzPaquetes.id, nombre: obzPaquetes.nombre });
  const ids = new Map(rows.map((r) => [r.nombre as Paquete, r.id]));
  await db.insert(obzMontos).values(
    MONTOS.map((m) => ({
      paqueteId: ids.get(m.paquete) ?? 0,
      mes: m.mes,
      presupuesto: m.presupuesto,
      real: m.real,
    })),
  );
  return ids;
}

/** The expected package of a year, from the fixture rows: sums of raw amounts, percentages from the sums. */
function expected(paquete: Paquete, anio: number, id: number): ObzPaquete {
  const meses = Array.from({ length: 12 }, (_, i): ObzMes => {
    const row = MONTOS.find(
      (m) => m.paquete === paquete && m.mes === `${anio}-${String(i + 1).padStart(2, '0')}-01`,
    );
    const presupuesto = row?.presupuesto ?? 0;
    const real = row?.real ?? null;
    return {
      mes: i + 1,
      presupuesto,
      real,
      desviacion_pct:
        real !== null && presupuesto > 0 ? round2(((real - presupuesto) / presupuesto) * 100) : null,
    };
  });
  const withReal = meses.filter((m) => m.real !== null);
  const real = withReal.length ? withReal.reduce((s, m) => s + (m.real ?? 0), 0) : null;
  const base = withReal.reduce((s, m) => s + m.presupuesto, 0);
  const info = PAQUETES.find((p) => p.nombre === paquete);
  return {
    id: String(id),
    nombre: paquete,
    area: info?.area ?? '',
    responsable: info?.responsable ?? '',
    meses,
    presupuesto_anual: meses.reduce((s, m) => s + m.presupuesto, 0),
    real_anual: real,
    presupuesto_a_la_fecha: base,
    cumplimiento_pct: real !== null && base > 0 ? round2((real / base) * 100) : null,
  };
}

// ------------------------------------------------------------------ suite

describeEachDatabase('obz', (server) => {
  let root: string;
  let hrToken: string;
  let ids: Map<Paquete, number>;
  const idOf = (p: Paquete) => ids.get(p) ?? 0;

  beforeAll(async () => {
    root = (await server().login()).access_token;
    const hr = uniqueName('obzhr');
    await createUser(server(), root, { username: hr, role: 'human-resources' });
    hrToken = (await server().login(hr, 'clave-usuario-1')).access_token;
    ids = await insertFixtures(server());
  });

  it('answers 401 without a session and serves any logged-in user', async () => {
    const anonymous = await server().gql(OBZ, { anio: 2025 });
    expect(anonymous.status).toBe(401);
    expect(anonymous.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    for (const token of [root, hrToken]) {
      const r = await server().gql(OBZ, { anio: 2025 }, { token });
      expect(r.status).toBe(200);
      expect(r.errors).toBeUndefined();
    }
  });

  it('lists the packages with amounts in the year, by area, each with twelve months', async () => {
    const r = await server().gql<{ obz: ObzPaquete[] }>(OBZ, { anio: 2025 }, { token: hrToken });
    expect(r.data?.obz).toEqual([
      expected('Energía eléctrica', 2025, idOf('Energía eléctrica')),
      expected('Horas extra', 2025, idOf('Horas extra')),
    ]);
    expect(r.data?.obz.every((p) => p.meses.map((m) => m.mes).join() === '1,2,3,4,5,6,7,8,9,10,11,12')).toBe(
      true,
    );
    const y2024 = await server().gql<{ obz: ObzPaquete[] }>(OBZ, { anio: 2024 }, { token: hrToken });
    expect(y2024.data?.obz).toEqual([expected('Fletes', 2024, idOf('Fletes'))]);
    expect((await server().gql(OBZ, { anio: 2030 }, { token: hrToken })).data?.obz).toEqual([]);
  });

  it('derives the year from sums of raw amounts, not from monthly percentages', async () => {
    const energia = (await server().gql<{ obz: ObzPaquete[] }>(OBZ, { anio: 2025 }, { token: hrToken })).data
      ?.obz[0];
    expect(energia?.meses.slice(0, 4)).toEqual([
      { mes: 1, presupuesto: 1000, real: 1150, desviacion_pct: 15 },
      { mes: 2, presupuesto: 3000, real: 2700, desviacion_pct: -10 },
      { mes: 3, presupuesto: 2000, real: null, desviacion_pct: null },
      { mes: 4, presupuesto: 0, real: null, desviacion_pct: null },
    ]);
    expect(energia).toMatchObject({
      presupuesto_anual: 6000,
      real_anual: 3850,
      presupuesto_a_la_fecha: 4000,
      cumplimiento_pct: 96.25,
    });
    // The mean of the monthly compliance (115 % and 90 %) would say 102.5 %: over budget, wrongly.
    expect((115 + 90) / 2).not.toBe(energia?.cumplimiento_pct);
  });

  it('counts a real 0 as spent nothing, unlike a month without real', async () => {
    const horas = (await server().gql<{ obz: ObzPaquete[] }>(OBZ, { anio: 2025 }, { token: hrToken })).data
      ?.obz[1];
    expect(horas?.meses[2]).toEqual({ mes: 3, presupuesto: 500, real: 0, desviacion_pct: -100 });
    expect(horas?.meses[6]).toEqual({ mes: 7, presupuesto: 500, real: null, desviacion_pct: null });
    expect(horas).toMatchObject({
      presupuesto_anual: 6000,
      real_anual: 2560,
      presupuesto_a_la_fecha: 3000,
      cumplimiento_pct: 85.33,
    });
  });

  it('rejects a year outside 2000–2100 in Spanish', async () => {
    for (const anio of [1999, 2101]) {
      const r = await server().gql(OBZ, { anio }, { token: hrToken });
      expect(r.errors?.[0]).toMatchObject({
        message: 'El campo "anio" debe estar entre 2000 y 2100',
        extensions: { code: 'BAD_USER_INPUT', field: 'anio' },
      });
    }
  });

  describe('a package without real amounts', () => {
    it('has no real_anual and no cumplimiento', async () => {
      const r = await server().gql<{ obz: ObzPaquete[] }>(OBZ, { anio: 2027 }, { token: hrToken });
      expect(r.data?.obz).toEqual([
        expected('Análisis de laboratorio', 2027, idOf('Análisis de laboratorio')),
      ]);
      expect(r.data?.obz[0]).toMatchObject({
        presupuesto_anual: 100,
        real_anual: null,
        presupuesto_a_la_fecha: 0,
        cumplimiento_pct: null,
      });
    });
  });
  describe('obzPaquetes and upsertObzMonto', () => {
    const PAQUETES_Q = '{ obzPaquetes { id nombre area responsable } }';
    const UPSERT = `mutation($input: ObzMontoInput!) {
      upsertObzMonto(input: $input) { paquete_id mes presupuesto real }
    }`;
    let adminToken: string;

    beforeAll(async () => {
      const admin = uniqueName('obzadm');
      await createUser(server(), root, { username: admin, role: 'admin' });
      adminToken = (await server().login(admin, 'clave-usuario-1')).access_token;
    });

    it('lists every package by area and name, with or without amounts', async () => {
      const r = await server().gql<{ obzPaquetes: { id: string; nombre: string; area: string }[] }>(
        PAQUETES_Q,
        {},
        { token: hrToken },
      );
      const listed = r.data?.obzPaquetes ?? [];
      const ours = listed.filter((p) => PAQUETES.some((f) => f.nombre === p.nombre));
      expect(ours.map((p) => p.nombre)).toEqual(
        [...PAQUETES]
          .sort((a, b) => a.area.localeCompare(b.area) || a.nombre.localeCompare(b.nombre))
          .map((p) => p.nombre),
      );
      expect(listed.find((p) => p.nombre === 'Sin montos')?.id).toBe(String(idOf('Sin montos')));
      expect((await server().gql(PAQUETES_Q)).status).toBe(401);
    });

    it('stores the month of any day, replaces on a second call, and feeds obz(anio)', async () => {
      const paquete = String(idOf('Sin montos'));
      const first = await server().gql(
        UPSERT,
        { input: { paquete_id: paquete, mes: '2033-04-17', presupuesto: 1200, real: null } },
        { token: adminToken },
      );
      expect(first.data?.upsertObzMonto).toEqual({
        paquete_id: paquete,
        mes: '2033-04-01',
        presupuesto: 1200,
        real: null,
      });
      let year = (await server().gql<{ obz: ObzPaquete[] }>(OBZ, { anio: 2033 }, { token: hrToken })).data
        ?.obz;
      expect(year).toHaveLength(1);
      expect(year?.[0]).toMatchObject({ presupuesto_anual: 1200, real_anual: null, cumplimiento_pct: null });
      const second = await server().gql(
        UPSERT,
        { input: { paquete_id: paquete, mes: '2033-04-30', presupuesto: 1000, real: 1234.5 } },
        { token: root },
      );
      expect(second.data?.upsertObzMonto).toEqual({
        paquete_id: paquete,
        mes: '2033-04-01',
        presupuesto: 1000,
        real: 1234.5,
      });
      await server().gql(
        UPSERT,
        { input: { paquete_id: paquete, mes: '2033-05-02', presupuesto: 3000, real: 2500 } },
        { token: adminToken },
      );
      year = (await server().gql<{ obz: ObzPaquete[] }>(OBZ, { anio: 2033 }, { token: hrToken })).data?.obz;
      // Recomputed from the two stored months: (1234.5 + 2500) / (1000 + 3000).
      expect(year?.[0]).toMatchObject({
        presupuesto_anual: 4000,
        real_anual: 3734.5,
        presupuesto_a_la_fecha: 4000,
        cumplimiento_pct: round2((3734.5 / 4000) * 100),
      });
      expect(year?.[0]?.meses[3]).toEqual({ mes: 4, presupuesto: 1000, real: 1234.5, desviacion_pct: 23.45 });
    });

    it('needs admin and validates every field in Spanish', async () => {
      const base = { paquete_id: String(idOf('Fletes')), mes: '2033-01-01', presupuesto: 1, real: 1 };
      const forbidden = await server().gql(UPSERT, { input: base }, { token: hrToken });
      expect(forbidden.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      for (const [field, patch, message] of [
        ['mes', { mes: '1999-12-01' }, 'El campo "mes" debe estar entre los años 2000 y 2100'],
        ['presupuesto', { presupuesto: -1 }, 'El campo "presupuesto" no puede ser negativo'],
        ['real', { real: -0.5 }, 'El campo "real" no puede ser negativo'],
        ['paquete_id', { paquete_id: 'x' }, 'El campo "paquete_id" debe ser un identificador numérico'],
      ] as const) {
        const r = await server().gql(UPSERT, { input: { ...base, ...patch } }, { token: adminToken });
        expect(r.errors?.[0]).toMatchObject({ message, extensions: { code: 'BAD_USER_INPUT', field } });
      }
      const badDate = await server().gql(
        UPSERT,
        { input: { ...base, mes: '2033-02-30' } },
        { token: adminToken },
      );
      expect(badDate.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
      expect(badDate.errors?.[0]?.message).toContain('"mes"');
      const unknown = await server().gql(
        UPSERT,
        { input: { ...base, paquete_id: '987654' } },
        { token: adminToken },
      );
      expect(unknown.errors?.[0]).toMatchObject({
        message: 'El paquete OBZ no existe',
        extensions: { code: 'NOT_FOUND' },
      });
    });
  });
});
