import { weekStart } from '@planta/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { asistencias, empleados, horasExtra, presupuestosHorasExtra } from '../src/db/schema/index.ts';
import {
  CAMPOS_EXPORTACION,
  descargarExportacion,
  esperarExportacion,
  type ExportacionPrueba,
  filasHoja,
  leerPdf,
  leerXlsx,
  plano,
} from './exportar.ts';
import { createUser, describeEachDatabase, type TestServer, uniqueName } from './harness.ts';

const EMPLEADOS = `query($activo: Boolean) { empleados(activo: $activo) { id codigo nombre area puesto activo } }`;
const SEMANAL = `query($desde: Date!, $hasta: Date!, $area: String) {
  horasExtraSemanal(desde: $desde, hasta: $hasta, area: $area) {
    semana area horas horas_dobles horas_triples presupuesto porcentaje_presupuesto
  }
}`;
const SEMANAL_ORDINARIAS = `query($desde: Date!, $hasta: Date!, $area: String) {
  horasExtraSemanal(desde: $desde, hasta: $hasta, area: $area) {
    semana area horas presupuesto horas_ordinarias porcentaje_ordinarias
  }
}`;
const RESUMEN = `query($desde: Date!, $hasta: Date!, $area: String) {
  horasExtraResumen(desde: $desde, hasta: $hasta, area: $area) {
    horas horas_dobles horas_triples horas_ordinarias porcentaje_ordinarias presupuesto porcentaje_presupuesto empleados
  }
}`;
const TOP = `query($desde: Date!, $hasta: Date!, $area: String, $limite: Int) {
  horasExtraEmpleados(desde: $desde, hasta: $hasta, area: $area, limite: $limite) {
    empleado { codigo nombre area } horas horas_dobles horas_triples dias motivos
  }
}`;
const AUSENCIAS = `query($fecha: Date!, $area: String) {
  ausencias(fecha: $fecha, area: $area) { fecha estado empleado { codigo nombre area puesto } }
}`;
const AREAS = `{ areasRrhh }`;
const EXPORTAR_HE = `mutation($input: ExportarHorasExtraInput!) { r: exportarHorasExtra(input: $input) { ${CAMPOS_EXPORTACION} } }`;
const EXPORTAR_AS = `mutation($input: ExportarAsistenciaInput!) { r: exportarAsistencia(input: $input) { ${CAMPOS_EXPORTACION} } }`;
const PDF = `mutation($ruta: String!, $p: ParametrosReporte) { r: generarReportePdf(ruta: $ruta, parametros: $p) { ${CAMPOS_EXPORTACION} } }`;
const DETALLE = `query($desde: Date!, $hasta: Date!, $area: String) {
  horasExtraDetalle(desde: $desde, hasta: $hasta, area: $area) {
    id fecha empleado { codigo nombre area } horas tipo motivo
  }
}`;
const DIARIA = `query($fecha: Date!) {
  asistenciaDiaria(fecha: $fecha) {
    area programados presentes faltas vacaciones incapacidades permisos asistencia_pct
  }
}`;
const RANGO = `query($desde: Date!, $hasta: Date!, $area: String) {
  asistenciaRango(desde: $desde, hasta: $hasta, area: $area) { fecha programados presentes asistencia_pct }
}`;

type Estado = 'PRESENTE' | 'FALTA' | 'VACACIONES' | 'INCAPACIDAD' | 'PERMISO';
type Tipo = 'DOBLE' | 'TRIPLE';

interface WeekRow {
  semana: string;
  area: string;
  horas: number;
  horas_dobles: number;
  horas_triples: number;
  presupuesto: number;
  porcentaje_presupuesto: number | null;
}
interface AreaRow {
  area: string;
  programados: number;
  presentes: number;
  faltas: number;
  vacaciones: number;
  incapacidades: number;
  permisos: number;
  asistencia_pct: number | null;
}
interface DayRow {
  fecha: string;
  programados: number;
  presentes: number;
  asistencia_pct: number | null;
}

const round2 = (x: number) => Math.round(x * 100) / 100;
const addDays = (date: string, n: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const daysInMonth = (date: string) =>
  new Date(Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)), 0)).getUTCDate();
function days(desde: string, hasta: string): string[] {
  const out: string[] = [];
  for (let d = desde; d <= hasta; d = addDays(d, 1)) out.push(d);
  return out;
}

// ------------------------------------------------------------------ fixtures

const PROD = 'Producción';
const MANT = 'Mantenimiento';

const EMPLEADOS_FIXTURE = [
  { codigo: 'E001', nombre: 'Ana Ríos', area: PROD, puesto: 'Operadora de llenadora', activo: true },
  { codigo: 'E002', nombre: 'Beto Salas', area: PROD, puesto: 'Operador de sopladora', activo: true },
  { codigo: 'E003', nombre: 'Carla Núñez', area: PROD, puesto: 'Paletizado', activo: true },
  { codigo: 'E004', nombre: 'Diego Paz', area: PROD, puesto: 'Montacarguista', activo: false },
  { codigo: 'E005', nombre: 'Eva Lima', area: MANT, puesto: 'Mecánica', activo: true },
  { codigo: 'E006', nombre: 'Fede Ortiz', area: MANT, puesto: 'Electricista', activo: true },
  { codigo: 'E007', nombre: 'Gina Vera', area: MANT, puesto: 'Instrumentista', activo: true },
] as const;
type Codigo = (typeof EMPLEADOS_FIXTURE)[number]['codigo'];

const ASISTENCIAS: { codigo: Codigo; fecha: string; estado: Estado }[] = [
  // Monday 2025-03-10
  { codigo: 'E001', fecha: '2025-03-10', estado: 'PRESENTE' },
  { codigo: 'E002', fecha: '2025-03-10', estado: 'VACACIONES' },
  { codigo: 'E003', fecha: '2025-03-10', estado: 'FALTA' },
  { codigo: 'E004', fecha: '2025-03-10', estado: 'PRESENTE' },
  { codigo: 'E005', fecha: '2025-03-10', estado: 'PRESENTE' },
  { codigo: 'E006', fecha: '2025-03-10', estado: 'INCAPACIDAD' },
  { codigo: 'E007', fecha: '2025-03-10', estado: 'PERMISO' },
  // Tuesday
  { codigo: 'E001', fecha: '2025-03-11', estado: 'PRESENTE' },
  { codigo: 'E002', fecha: '2025-03-11', estado: 'VACACIONES' },
  { codigo: 'E003', fecha: '2025-03-11', estado: 'PRESENTE' },
  { codigo: 'E004', fecha: '2025-03-11', estado: 'PERMISO' },
  { codigo: 'E005', fecha: '2025-03-11', estado: 'PRESENTE' },
  { codigo: 'E006', fecha: '2025-03-11', estado: 'PRESENTE' },
  { codigo: 'E007', fecha: '2025-03-11', estado: 'PRESENTE' },
  // Wednesday: Mantenimiento only has someone on vacation
  { codigo: 'E001', fecha: '2025-03-12', estado: 'FALTA' },
  { codigo: 'E003', fecha: '2025-03-12', estado: 'PRESENTE' },
  { codigo: 'E005', fecha: '2025-03-12', estado: 'VACACIONES' },
  // Days present in the overtime weeks (ordinary hours = days present × 8 h)
  ...(['2025-03-24', '2025-03-25', '2025-03-26', '2025-03-27', '2025-03-28'] as const).flatMap((fecha) =>
    (['E001', 'E003', 'E005'] as const).map((codigo) => ({ codigo, fecha, estado: 'PRESENTE' as const })),
  ),
  { codigo: 'E002', fecha: '2025-03-31', estado: 'PRESENTE' },
  { codigo: 'E001', fecha: '2025-04-01', estado: 'PRESENTE' },
  { codigo: 'E005', fecha: '2025-04-02', estado: 'PRESENTE' },
  { codigo: 'E006', fecha: '2025-04-02', estado: 'FALTA' },
];

const HORAS_EXTRA: { codigo: Codigo; fecha: string; horas: number; tipo: Tipo; motivo: string }[] = [
  { codigo: 'E001', fecha: '2025-03-23', horas: 8, tipo: 'DOBLE', motivo: 'Fuera del rango' },
  { codigo: 'E001', fecha: '2025-03-25', horas: 3, tipo: 'DOBLE', motivo: 'Cambio de formato largo' },
  { codigo: 'E001', fecha: '2025-03-25', horas: 1.5, tipo: 'TRIPLE', motivo: 'Cambio de formato largo' },
  { codigo: 'E003', fecha: '2025-03-28', horas: 2.5, tipo: 'DOBLE', motivo: 'Inventario' },
  { codigo: 'E005', fecha: '2025-03-26', horas: 2, tipo: 'TRIPLE', motivo: 'Falla de compresor' },
  { codigo: 'E001', fecha: '2025-04-01', horas: 4, tipo: 'DOBLE', motivo: 'Pedido urgente' },
  { codigo: 'E005', fecha: '2025-04-02', horas: 1, tipo: 'DOBLE', motivo: 'Mantenimiento preventivo' },
  { codigo: 'E006', fecha: '2025-04-07', horas: 6, tipo: 'DOBLE', motivo: 'Fuera del rango' },
];

/** Monthly overtime budgets (hours). Mantenimiento has none for April. */
const PRESUPUESTOS = [
  { area: PROD, mes: '2025-03-01', horas: 310 },
  { area: PROD, mes: '2025-04-01', horas: 600 },
  { area: MANT, mes: '2025-03-01', horas: 62 },
];

async function insertFixtures(server: TestServer): Promise<void> {
  const db = server.database.db;
  const rows = await db
    .insert(empleados)
    .values([...EMPLEADOS_FIXTURE])
    .returning({ id: empleados.id, codigo: empleados.codigo });
  const idOf = new Map(rows.map((r) => [r.codigo, r.id]));
  await db
    .insert(asistencias)
    .values(
      ASISTENCIAS.map((a) => ({ empleadoId: idOf.get(a.codigo) ?? 0, fecha: a.fecha, estado: a.estado })),
    );
  await db.insert(horasExtra).values(
    HORAS_EXTRA.map((h) => ({
      empleadoId: idOf.get(h.codigo) ?? 0,
      fecha: h.fecha,
      horas: h.horas,
      tipo: h.tipo,
      motivo: h.motivo,
    })),
  );
  await db.insert(presupuestosHorasExtra).values(PRESUPUESTOS);
}

const areaOf = (codigo: Codigo) => EMPLEADOS_FIXTURE.find((e) => e.codigo === codigo)?.area ?? '';

// ------------------------------------------------------------------ expected values, from the fixtures

/** presentes / (programados − vacaciones) × 100 of a set of attendance rows. */
function attendance(rows: { estado: Estado }[]) {
  const count = (estado: Estado) => rows.filter((r) => r.estado === estado).length;
  const due = rows.length - count('VACACIONES');
  return {
    programados: rows.length,
    presentes: count('PRESENTE'),
    faltas: count('FALTA'),
    vacaciones: count('VACACIONES'),
    incapacidades: count('INCAPACIDAD'),
    permisos: count('PERMISO'),
    asistencia_pct: due > 0 ? round2((count('PRESENTE') / due) * 100) : null,
  };
}

/** Weekly overtime against the prorated budget of the days of each week inside [desde, hasta]. */
function expectedWeeks(desde: string, hasta: string, area?: string): WeekRow[] {
  const out = new Map<
    string,
    { semana: string; area: string; d: number; t: number; p: number; any: boolean }
  >();
  const get = (semana: string, a: string) => {
    const key = `${semana}|${a}`;
    const found = out.get(key) ?? { semana, area: a, d: 0, t: 0, p: 0, any: false };
    out.set(key, found);
    return found;
  };
  for (const day of days(desde, hasta)) {
    for (const b of PRESUPUESTOS) {
      if ((area === undefined || b.area === area) && b.mes === `${day.slice(0, 7)}-01`) {
        get(weekStart(day), b.area).p += b.horas / daysInMonth(day);
      }
    }
  }
  for (const h of HORAS_EXTRA) {
    const a = areaOf(h.codigo);
    if (h.fecha < desde || h.fecha > hasta || (area !== undefined && a !== area)) continue;
    const row = get(weekStart(h.fecha), a);
    row.any = true;
    if (h.tipo === 'DOBLE') row.d += h.horas;
    else row.t += h.horas;
  }
  return [...out.values()]
    .filter((r) => r.any || r.p > 0)
    .sort((x, y) => x.semana.localeCompare(y.semana) || x.area.localeCompare(y.area))
    .map((r) => ({
      semana: r.semana,
      area: r.area,
      horas: round2(r.d + r.t),
      horas_dobles: round2(r.d),
      horas_triples: round2(r.t),
      presupuesto: round2(r.p),
      porcentaje_presupuesto: r.p > 0 ? round2(((r.d + r.t) / r.p) * 100) : null,
    }));
}

// ------------------------------------------------------------------ suite

describeEachDatabase('rrhh', (server) => {
  let root: string;
  let adminToken: string;
  let hrToken: string;

  beforeAll(async () => {
    root = (await server().login()).access_token;
    const admin = uniqueName('rhadm');
    const hr = uniqueName('rhhr');
    await createUser(server(), root, { username: admin, role: 'admin' });
    await createUser(server(), root, { username: hr, role: 'human-resources' });
    adminToken = (await server().login(admin, 'clave-usuario-1')).access_token;
    hrToken = (await server().login(hr, 'clave-usuario-1')).access_token;
    await insertFixtures(server());
  });

  const ALL: [string, Record<string, unknown>][] = [
    [EMPLEADOS, {}],
    [SEMANAL, { desde: '2025-03-24', hasta: '2025-04-06' }],
    [DETALLE, { desde: '2025-03-24', hasta: '2025-04-06' }],
    [DIARIA, { fecha: '2025-03-10' }],
    [RANGO, { desde: '2025-03-09', hasta: '2025-03-13' }],
    [RESUMEN, { desde: '2025-03-24', hasta: '2025-04-06' }],
    [TOP, { desde: '2025-03-24', hasta: '2025-04-06' }],
    [AUSENCIAS, { fecha: '2025-03-10' }],
    [AREAS, {}],
  ];
  const EXPORTS: [string, Record<string, unknown>][] = [
    [EXPORTAR_HE, { input: { desde: '2025-03-24', hasta: '2025-04-06' } }],
    [EXPORTAR_AS, { input: { fecha: '2025-03-10', desde: '2025-03-09', hasta: '2025-03-13' } }],
    [PDF, { ruta: '/recursos-humanos', p: { desde: '2025-03-24', hasta: '2025-04-06' } }],
    [PDF, { ruta: '/recursos-humanos/asistencia-diaria', p: { fecha: '2025-03-10' } }],
  ];

  describe('permissions', () => {
    it('answers 401 without a session', async () => {
      for (const [query, variables] of [...ALL, ...EXPORTS]) {
        const r = await server().gql(query, variables);
        expect(r.status).toBe(401);
        expect(r.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
      }
    });

    it('refuses a plain admin with FORBIDDEN on every query, export and PDF', async () => {
      for (const [query, variables] of [...ALL, ...EXPORTS]) {
        const r = await server().gql(query, variables, { token: adminToken });
        expect(r.errors?.[0], query).toMatchObject({ extensions: { code: 'FORBIDDEN' } });
        expect(r.errors?.[0]?.message).toMatch(/permiso de recursos humanos/);
        expect(r.data).toBeNull();
      }
    });

    it('allows human-resources and super-admin', async () => {
      for (const token of [hrToken, root]) {
        for (const [query, variables] of ALL) {
          const r = await server().gql(query, variables, { token });
          expect(r.errors).toBeUndefined();
          expect(r.status).toBe(200);
        }
      }
    });
  });

  describe('empleados', () => {
    it('lists employees by area and name, filtered by activo', async () => {
      const all = await server().gql<{ empleados: { codigo: string; activo: boolean; area: string }[] }>(
        EMPLEADOS,
        {},
        { token: hrToken },
      );
      const expected = [...EMPLEADOS_FIXTURE].sort(
        (a, b) => a.area.localeCompare(b.area) || a.nombre.localeCompare(b.nombre),
      );
      expect(all.data?.empleados).toEqual(expected.map((e) => ({ id: expect.any(String), ...e })));
      const active = await server().gql<{ empleados: { codigo: string }[] }>(
        EMPLEADOS,
        { activo: true },
        { token: hrToken },
      );
      expect(active.data?.empleados.map((e) => e.codigo)).toEqual(
        expected.filter((e) => e.activo).map((e) => e.codigo),
      );
      const inactive = await server().gql<{ empleados: { codigo: string }[] }>(
        EMPLEADOS,
        { activo: false },
        { token: hrToken },
      );
      expect(inactive.data?.empleados.map((e) => e.codigo)).toEqual(['E004']);
    });
  });

  describe('horasExtraSemanal', () => {
    it('sums overtime per Monday-first week and area against the prorated monthly budget', async () => {
      const r = await server().gql<{ horasExtraSemanal: WeekRow[] }>(
        SEMANAL,
        { desde: '2025-03-24', hasta: '2025-04-06' },
        { token: hrToken },
      );
      expect(r.data?.horasExtraSemanal).toEqual(expectedWeeks('2025-03-24', '2025-04-06'));
      // By hand: the week of 31 March has 1 day of March (310 / 31) and 6 of April (600 / 30).
      expect(r.data?.horasExtraSemanal).toEqual([
        {
          semana: '2025-03-24',
          area: MANT,
          horas: 2,
          horas_dobles: 0,
          horas_triples: 2,
          presupuesto: 14,
          porcentaje_presupuesto: 14.29,
        },
        {
          semana: '2025-03-24',
          area: PROD,
          horas: 7,
          horas_dobles: 5.5,
          horas_triples: 1.5,
          presupuesto: 70,
          porcentaje_presupuesto: 10,
        },
        {
          semana: '2025-03-31',
          area: MANT,
          horas: 1,
          horas_dobles: 1,
          horas_triples: 0,
          presupuesto: 2,
          porcentaje_presupuesto: 50,
        },
        {
          semana: '2025-03-31',
          area: PROD,
          horas: 4,
          horas_dobles: 4,
          horas_triples: 0,
          presupuesto: 130,
          porcentaje_presupuesto: 3.08,
        },
      ]);
    });

    it('prorates only the days inside the range and filters by area', async () => {
      const r = await server().gql<{ horasExtraSemanal: WeekRow[] }>(
        SEMANAL,
        { desde: '2025-03-26', hasta: '2025-04-01', area: PROD },
        { token: hrToken },
      );
      expect(r.data?.horasExtraSemanal).toEqual(expectedWeeks('2025-03-26', '2025-04-01', PROD));
      expect(r.data?.horasExtraSemanal.map((w) => [w.semana, w.presupuesto, w.horas])).toEqual([
        ['2025-03-24', 50, 2.5], // Wed–Sun of March: 5 days × 10 h; the 25th is outside the range
        ['2025-03-31', 30, 4], // Mon 31 March (10) + Tue 1 April (20)
      ]);
      const none = await server().gql(
        SEMANAL,
        { desde: '2025-03-24', hasta: '2025-04-06', area: 'Logística' },
        {
          token: hrToken,
        },
      );
      expect(none.data?.horasExtraSemanal).toEqual([]);
    });
  });

  describe('horasExtraDetalle', () => {
    it('lists the overtime records of the range by date, with the employee', async () => {
      const r = await server().gql<{
        horasExtraDetalle: {
          fecha: string;
          empleado: { codigo: string; nombre: string; area: string };
          horas: number;
          tipo: Tipo;
          motivo: string;
        }[];
      }>(DETALLE, { desde: '2025-03-24', hasta: '2025-04-06' }, { token: hrToken });
      const expected = HORAS_EXTRA.filter((h) => h.fecha >= '2025-03-24' && h.fecha <= '2025-04-06')
        .sort((a, b) => a.fecha.localeCompare(b.fecha) || a.tipo.localeCompare(b.tipo))
        .map((h) => {
          const e = EMPLEADOS_FIXTURE.find((x) => x.codigo === h.codigo);
          return {
            id: expect.any(String),
            fecha: h.fecha,
            empleado: { codigo: h.codigo, nombre: e?.nombre, area: e?.area },
            horas: h.horas,
            tipo: h.tipo,
            motivo: h.motivo,
          };
        });
      expect(r.data?.horasExtraDetalle).toEqual(expected);
      const mant = await server().gql<{ horasExtraDetalle: { empleado: { codigo: string } }[] }>(
        DETALLE,
        { desde: '2025-03-24', hasta: '2025-04-06', area: MANT },
        { token: hrToken },
      );
      expect(mant.data?.horasExtraDetalle.map((h) => h.empleado.codigo)).toEqual(['E005', 'E005']);
    });
  });

  describe('asistenciaDiaria', () => {
    it('counts each state per area; attendance excludes vacations from the scheduled', async () => {
      const r = await server().gql<{ asistenciaDiaria: AreaRow[] }>(
        DIARIA,
        { fecha: '2025-03-10' },
        { token: hrToken },
      );
      const expected = [MANT, PROD].map((area) => ({
        area,
        ...attendance(ASISTENCIAS.filter((a) => a.fecha === '2025-03-10' && areaOf(a.codigo) === area)),
      }));
      expect(r.data?.asistenciaDiaria).toEqual(expected);
      expect(r.data?.asistenciaDiaria).toEqual([
        {
          area: MANT,
          programados: 3,
          presentes: 1,
          faltas: 0,
          vacaciones: 0,
          incapacidades: 1,
          permisos: 1,
          asistencia_pct: 33.33,
        },
        {
          area: PROD,
          programados: 4,
          presentes: 2,
          faltas: 1,
          vacaciones: 1,
          incapacidades: 0,
          permisos: 0,
          asistencia_pct: 66.67,
        },
      ]);
    });

    it('gives null attendance when everybody is on vacation, and nothing on an empty day', async () => {
      const r = await server().gql<{ asistenciaDiaria: AreaRow[] }>(
        DIARIA,
        { fecha: '2025-03-12' },
        { token: hrToken },
      );
      expect(r.data?.asistenciaDiaria.find((a) => a.area === MANT)).toMatchObject({
        programados: 1,
        vacaciones: 1,
        asistencia_pct: null,
      });
      expect(r.data?.asistenciaDiaria.find((a) => a.area === PROD)?.asistencia_pct).toBe(50);
      const empty = await server().gql(DIARIA, { fecha: '2025-03-15' }, { token: hrToken });
      expect(empty.data?.asistenciaDiaria).toEqual([]);
    });
  });

  describe('asistenciaRango', () => {
    it('gives every day of the range, null where nothing was scheduled', async () => {
      const r = await server().gql<{ asistenciaRango: DayRow[] }>(
        RANGO,
        { desde: '2025-03-09', hasta: '2025-03-13' },
        { token: hrToken },
      );
      const expected = days('2025-03-09', '2025-03-13').map((fecha) => {
        const a = attendance(ASISTENCIAS.filter((x) => x.fecha === fecha));
        return {
          fecha,
          programados: a.programados,
          presentes: a.presentes,
          asistencia_pct: a.asistencia_pct,
        };
      });
      expect(r.data?.asistenciaRango).toEqual(expected);
      expect(r.data?.asistenciaRango.map((d) => d.asistencia_pct)).toEqual([null, 50, 83.33, 50, null]);
    });

    it('filters by area', async () => {
      const r = await server().gql<{ asistenciaRango: DayRow[] }>(
        RANGO,
        { desde: '2025-03-10', hasta: '2025-03-12', area: MANT },
        { token: hrToken },
      );
      expect(r.data?.asistenciaRango.map((d) => d.asistencia_pct)).toEqual([33.33, 100, null]);
    });
  });

  describe('validation', () => {
    it('rejects a reversed range, naming "hasta", on every range query', async () => {
      for (const query of [SEMANAL, DETALLE, RANGO]) {
        const r = await server().gql(query, { desde: '2025-04-01', hasta: '2025-03-31' }, { token: hrToken });
        expect(r.errors?.[0]).toMatchObject({
          message: 'El campo "hasta" no puede ser anterior a "desde"',
          extensions: { code: 'BAD_USER_INPUT', field: 'hasta' },
        });
      }
    });

    it('allows 366 days and rejects 367', async () => {
      const ok = await server().gql(RANGO, { desde: '2024-01-01', hasta: '2024-12-31' }, { token: hrToken });
      expect(ok.data?.asistenciaRango).toHaveLength(366);
      for (const query of [SEMANAL, DETALLE, RANGO]) {
        const r = await server().gql(query, { desde: '2024-01-01', hasta: '2025-01-01' }, { token: hrToken });
        expect(r.errors?.[0]).toMatchObject({
          message: 'El rango entre "desde" y "hasta" no puede superar 366 días',
          extensions: { code: 'BAD_USER_INPUT', field: 'hasta' },
        });
      }
    });

    it('rejects dates outside 2000–2100 and an over-long area, naming the field', async () => {
      const early = await server().gql(
        SEMANAL,
        { desde: '1999-12-31', hasta: '2000-01-05' },
        { token: hrToken },
      );
      expect(early.errors?.[0]).toMatchObject({
        message: 'El campo "desde" debe estar entre los años 2000 y 2100',
        extensions: { code: 'BAD_USER_INPUT', field: 'desde' },
      });
      const day = await server().gql(DIARIA, { fecha: '2101-01-01' }, { token: hrToken });
      expect(day.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'fecha' });
      const area = await server().gql(
        DETALLE,
        { desde: '2025-03-01', hasta: '2025-03-02', area: 'x'.repeat(101) },
        { token: hrToken },
      );
      expect(area.errors?.[0]).toMatchObject({
        message: 'El campo "area" admite como máximo 100 caracteres',
        extensions: { code: 'BAD_USER_INPUT', field: 'area' },
      });
    });
  });

  // ---------------------------------------------------------------- the screens' figures

  const ENTRE = { desde: '2025-03-24', hasta: '2025-04-06' };
  const enRango = (fecha: string, r = ENTRE) => fecha >= r.desde && fecha <= r.hasta;
  const presentes = (r = ENTRE, area?: string) =>
    ASISTENCIAS.filter(
      (a) =>
        a.estado === 'PRESENTE' && enRango(a.fecha, r) && (area === undefined || areaOf(a.codigo) === area),
    );
  const extras = (r = ENTRE, area?: string) =>
    HORAS_EXTRA.filter((h) => enRango(h.fecha, r) && (area === undefined || areaOf(h.codigo) === area));

  describe('overtime against ordinary hours', () => {
    it('gives each week and area its ordinary hours (days present × 8 h) and overtime %', async () => {
      const r = await server().gql<{
        horasExtraSemanal: (Pick<WeekRow, 'semana' | 'area' | 'horas' | 'presupuesto'> & {
          horas_ordinarias: number;
          porcentaje_ordinarias: number | null;
        })[];
      }>(SEMANAL_ORDINARIAS, ENTRE, { token: hrToken });
      const expected = expectedWeeks(ENTRE.desde, ENTRE.hasta).map((w) => {
        const dias = presentes().filter(
          (a) => weekStart(a.fecha) === w.semana && areaOf(a.codigo) === w.area,
        );
        const ordinarias = dias.length * 8;
        return {
          semana: w.semana,
          area: w.area,
          horas: w.horas,
          presupuesto: w.presupuesto,
          horas_ordinarias: ordinarias,
          porcentaje_ordinarias: ordinarias > 0 ? round2((w.horas / ordinarias) * 100) : null,
        };
      });
      expect(r.data?.horasExtraSemanal).toEqual(expected);
      // By hand: Producción, week of 24 March: E001 and E003 five days each = 80 h; 7 h of overtime.
      expect(
        r.data?.horasExtraSemanal.find((w) => w.semana === '2025-03-24' && w.area === PROD),
      ).toMatchObject({
        horas: 7,
        horas_ordinarias: 80,
        porcentaje_ordinarias: 8.75,
      });
    });

    it('sums the range: overtime, ordinary hours of everybody present, budget, employees', async () => {
      for (const area of [undefined, PROD, MANT]) {
        const r = await server().gql<{
          horasExtraResumen: Record<string, number | null>;
        }>(RESUMEN, { ...ENTRE, area }, { token: hrToken });
        const h = extras(ENTRE, area);
        const horas = h.reduce((s, x) => s + x.horas, 0);
        const dobles = h.filter((x) => x.tipo === 'DOBLE').reduce((s, x) => s + x.horas, 0);
        const ordinarias = presentes(ENTRE, area).length * 8;
        const presupuesto = expectedWeeks(ENTRE.desde, ENTRE.hasta, area).reduce(
          (s, w) => s + w.presupuesto,
          0,
        );
        expect(r.data?.horasExtraResumen, String(area)).toEqual({
          horas: round2(horas),
          horas_dobles: round2(dobles),
          horas_triples: round2(horas - dobles),
          horas_ordinarias: ordinarias,
          porcentaje_ordinarias: ordinarias > 0 ? round2((horas / ordinarias) * 100) : null,
          presupuesto: round2(presupuesto),
          porcentaje_presupuesto: presupuesto > 0 ? round2((horas / presupuesto) * 100) : null,
          empleados: new Set(h.map((x) => x.codigo)).size,
        });
      }
      // By hand, the plant: 14 h over 18 days present (144 h) and a budget of 216 h.
      const plant = await server().gql<{ horasExtraResumen: Record<string, number> }>(RESUMEN, ENTRE, {
        token: hrToken,
      });
      expect(plant.data?.horasExtraResumen).toMatchObject({
        horas: 14,
        horas_ordinarias: 144,
        porcentaje_ordinarias: 9.72,
        presupuesto: 216,
        porcentaje_presupuesto: 6.48,
        empleados: 3,
      });
    });

    it('ranks employees by overtime with their reasons, most frequent first; limite bounds the list', async () => {
      type Top = {
        empleado: { codigo: string };
        horas: number;
        horas_dobles: number;
        horas_triples: number;
        dias: number;
        motivos: string[];
      };
      const r = await server().gql<{ horasExtraEmpleados: Top[] }>(TOP, ENTRE, { token: hrToken });
      expect(r.data?.horasExtraEmpleados).toEqual([
        {
          empleado: { codigo: 'E001', nombre: 'Ana Ríos', area: PROD },
          horas: 8.5,
          horas_dobles: 7,
          horas_triples: 1.5,
          dias: 2,
          motivos: ['Cambio de formato largo', 'Pedido urgente'],
        },
        {
          empleado: { codigo: 'E005', nombre: 'Eva Lima', area: MANT },
          horas: 3,
          horas_dobles: 1,
          horas_triples: 2,
          dias: 2,
          motivos: ['Falla de compresor', 'Mantenimiento preventivo'],
        },
        {
          empleado: { codigo: 'E003', nombre: 'Carla Núñez', area: PROD },
          horas: 2.5,
          horas_dobles: 2.5,
          horas_triples: 0,
          dias: 1,
          motivos: ['Inventario'],
        },
      ]);
      // Σ employees = the summary's hours.
      const total = r.data!.horasExtraEmpleados.reduce((s, t) => s + t.horas, 0);
      expect(total).toBe(14);
      const two = await server().gql<{ horasExtraEmpleados: Top[] }>(
        TOP,
        { ...ENTRE, limite: 2 },
        { token: hrToken },
      );
      expect(two.data?.horasExtraEmpleados.map((t) => t.empleado.codigo)).toEqual(['E001', 'E005']);
      const mant = await server().gql<{ horasExtraEmpleados: Top[] }>(
        TOP,
        { ...ENTRE, area: MANT },
        { token: hrToken },
      );
      expect(mant.data?.horasExtraEmpleados.map((t) => t.empleado.codigo)).toEqual(['E005']);
      for (const limite of [0, 101]) {
        const bad = await server().gql(TOP, { ...ENTRE, limite }, { token: hrToken });
        expect(bad.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'limite' });
      }
    });
  });

  describe('absences and absenteeism', () => {
    it('lists who was not present and why, by area and name, filtered by area', async () => {
      type Ausencia = {
        fecha: string;
        estado: Estado;
        empleado: { codigo: string; nombre: string; area: string };
      };
      const r = await server().gql<{ ausencias: Ausencia[] }>(
        AUSENCIAS,
        { fecha: '2025-03-10' },
        { token: hrToken },
      );
      expect(r.data?.ausencias.map((a) => [a.empleado.area, a.empleado.nombre, a.estado])).toEqual([
        [MANT, 'Fede Ortiz', 'INCAPACIDAD'],
        [MANT, 'Gina Vera', 'PERMISO'],
        [PROD, 'Beto Salas', 'VACACIONES'],
        [PROD, 'Carla Núñez', 'FALTA'],
      ]);
      expect(r.data?.ausencias.every((a) => a.fecha === '2025-03-10')).toBe(true);
      // The list and the day's counts agree.
      const day = await server().gql<{ asistenciaDiaria: AreaRow[] }>(
        DIARIA,
        { fecha: '2025-03-10' },
        { token: hrToken },
      );
      const ausentes = day.data!.asistenciaDiaria.reduce((s, a) => s + a.programados - a.presentes, 0);
      expect(r.data?.ausencias).toHaveLength(ausentes);
      const prod = await server().gql<{ ausencias: Ausencia[] }>(
        AUSENCIAS,
        { fecha: '2025-03-10', area: PROD },
        { token: hrToken },
      );
      expect(prod.data?.ausencias.map((a) => a.empleado.codigo)).toEqual(['E002', 'E003']);
      const none = await server().gql<{ ausencias: Ausencia[] }>(
        AUSENCIAS,
        { fecha: '2025-03-15' },
        { token: hrToken },
      );
      expect(none.data?.ausencias).toEqual([]);
    });

    it('gives absenteeism = 100 − attendance, per area and per day, null when nobody was due', async () => {
      const day = await server().gql<{ asistenciaDiaria: (AreaRow & { ausentismo_pct: number | null })[] }>(
        `query($fecha: Date!) { asistenciaDiaria(fecha: $fecha) { area asistencia_pct ausentismo_pct } }`,
        { fecha: '2025-03-10' },
        { token: hrToken },
      );
      for (const a of day.data!.asistenciaDiaria) {
        expect(round2(a.asistencia_pct! + a.ausentismo_pct!)).toBe(100);
      }
      // Mantenimiento on 10 March: 1 present of 3 due.
      expect(day.data!.asistenciaDiaria.find((a) => a.area === MANT)?.ausentismo_pct).toBe(66.67);
      const range = await server().gql<{
        asistenciaRango: {
          fecha: string;
          faltas: number;
          vacaciones: number;
          incapacidades: number;
          permisos: number;
          asistencia_pct: number | null;
          ausentismo_pct: number | null;
        }[];
      }>(
        `query($desde: Date!, $hasta: Date!) { asistenciaRango(desde: $desde, hasta: $hasta) { fecha faltas vacaciones incapacidades permisos asistencia_pct ausentismo_pct } }`,
        { desde: '2025-03-09', hasta: '2025-03-13' },
        { token: hrToken },
      );
      for (const d of range.data!.asistenciaRango) {
        const a = attendance(ASISTENCIAS.filter((x) => x.fecha === d.fecha));
        expect(d).toEqual({
          fecha: d.fecha,
          faltas: a.faltas,
          vacaciones: a.vacaciones,
          incapacidades: a.incapacidades,
          permisos: a.permisos,
          asistencia_pct: a.asistencia_pct,
          ausentismo_pct: a.asistencia_pct === null ? null : round2(100 - a.asistencia_pct),
        });
      }
    });

    it('lists the areas that have employees', async () => {
      const r = await server().gql<{ areasRrhh: string[] }>(AREAS, {}, { token: hrToken });
      expect(r.data?.areasRrhh).toEqual([MANT, PROD]);
    });
  });

  describe('exports and PDFs of the HR screens', () => {
    const iniciar = async (query: string, variables: Record<string, unknown>): Promise<ExportacionPrueba> => {
      const r = await server().gql<{ r: ExportacionPrueba }>(query, variables, { token: hrToken });
      expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
      const done = await esperarExportacion(server(), hrToken, r.data!.r.id);
      expect(done, JSON.stringify(done)).toMatchObject({ estado: 'LISTA', error: null });
      return done;
    };
    const datos = (filas: unknown[][]) =>
      filas.filter((f) => !['Total', 'Promedio', 'Máximo', 'Mínimo'].includes(String(f[0])));

    it('exports Horas Extra to .xlsx: the summary, the weeks, the employees and the detail the queries give', async () => {
      const exp = await iniciar(EXPORTAR_HE, { input: ENTRE });
      expect(exp.nombre).toBe('horas-extra_2025-03-24_2025-04-06.xlsx');
      const book = await leerXlsx(await descargarExportacion(server(), hrToken, exp.file_url));
      expect(book.worksheets.map((w) => w.name)).toEqual([
        'Resumen',
        'Por semana y área',
        'Empleados',
        'Detalle',
      ]);
      expect(datos(filasHoja(book.getWorksheet('Resumen')!))).toEqual([
        ['Todas', 14, 10.5, 3.5, 144, 9.72, 216, 6.48, 3],
      ]);
      const semanas = datos(filasHoja(book.getWorksheet('Por semana y área')!));
      expect(semanas.map((f) => [f[1], f[2]])).toEqual(
        expectedWeeks(ENTRE.desde, ENTRE.hasta).map((w) => [w.area, w.horas]),
      );
      const empleados = datos(filasHoja(book.getWorksheet('Empleados')!));
      expect(empleados[0]).toEqual([
        'E001',
        'Ana Ríos',
        PROD,
        8.5,
        7,
        1.5,
        2,
        'Cambio de formato largo; Pedido urgente',
      ]);
      const detalle = datos(filasHoja(book.getWorksheet('Detalle')!));
      expect(detalle).toHaveLength(extras().length);
      expect(detalle.reduce((s, f) => s + Number(f[4]), 0)).toBe(14);
      expect(detalle[0]).toEqual([
        new Date('2025-03-25T00:00:00Z'),
        'E001',
        'Ana Ríos',
        PROD,
        3,
        'Doble',
        'Cambio de formato largo',
      ]);
    });

    it('exports Asistencia Diaria: the day by area with the plant as ratio of sums, the absent, the trend', async () => {
      const exp = await iniciar(EXPORTAR_AS, {
        input: { fecha: '2025-03-10', desde: '2025-03-09', hasta: '2025-03-13', formato: 'XLSX' },
      });
      const book = await leerXlsx(await descargarExportacion(server(), hrToken, exp.file_url));
      expect(book.worksheets.map((w) => w.name)).toEqual(['Día 10-03-2025', 'Ausentes', 'Tendencia']);
      const dia = filasHoja(book.worksheets[0]!);
      // Planta: 7 scheduled, 3 present, 1 on vacation → 3 / 6 = 50 %.
      expect(dia.at(-1)).toEqual(['Planta', 7, 3, 1, 1, 1, 1, 50, 50]);
      expect(dia).toHaveLength(3);
      const ausentes = datos(filasHoja(book.getWorksheet('Ausentes')!));
      expect(ausentes.map((f) => [f[1], f[4]])).toEqual([
        ['Fede Ortiz', 'Incapacidad'],
        ['Gina Vera', 'Permiso'],
        ['Beto Salas', 'Vacaciones'],
        ['Carla Núñez', 'Falta'],
      ]);
      expect(datos(filasHoja(book.getWorksheet('Tendencia')!))).toHaveLength(5);
    });

    it('refuses a bad range in the export itself, naming the field', async () => {
      const r = await server().gql(
        EXPORTAR_HE,
        { input: { desde: '2025-04-06', hasta: '2025-03-24' } },
        { token: hrToken },
      );
      expect(r.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'hasta' });
      const f = await server().gql(
        EXPORTAR_AS,
        { input: { fecha: '2025-03-10', desde: '2025-03-09', hasta: '2025-03-13', formato: 'PDF' } },
        { token: hrToken },
      );
      expect(f.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'formato' });
    });

    it('makes the PDF of both screens with the figures of the API', async () => {
      const he = await iniciar(PDF, { ruta: '/recursos-humanos', p: { ...ENTRE } });
      expect(he.nombre).toBe('horas-extra_2025-03-24_2025-04-06.pdf');
      const t1 = plano(leerPdf(await descargarExportacion(server(), hrToken, he.file_url)).texto);
      expect(t1).toContain('Horas Extra ~ Recursos Humnanos');
      expect(t1).toContain('Del 24/03/2025 al 06/04/2025');
      expect(t1).toContain('14.00 h');
      expect(t1).toContain('9.72 %');
      expect(t1).toContain('Ana Ríos');
      const as = await iniciar(PDF, {
        ruta: '/recursos-humanos/asistencia-diaria',
        p: { fecha: '2025-03-10', desde: '2025-03-09', hasta: '2025-03-13', area: PROD },
      });
      const t2 = plano(leerPdf(await descargarExportacion(server(), hrToken, as.file_url)).texto);
      expect(t2).toContain('Asistencia Diaria ~ Recursos Humnanos');
      expect(t2).toContain('Beto Salas');
      expect(t2).toContain('Vacaciones');
      expect(t2).not.toContain('Fede Ortiz'); // Mantenimiento is filtered out
    });
  });
});
