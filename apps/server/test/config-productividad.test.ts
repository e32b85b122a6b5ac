import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { CAMBIO_CONCURRENTE } from '../src/modules/audit/cambios.ts';
import { TURNO_DUPLICADO } from '../src/modules/turnos/turnos.service.ts';
import { type PlantFixture, seedPlant, writeLine1Day } from './fixtures.ts';
import { auditRows, createUser, describeEachDatabase, type TestServer, uniqueName } from './harness.ts';

/**
 * /configuracion/productividad (issue 16): the shifts' writes (createTurno, updateTurno and the
 * day's form guardarTurnosDia) are admin-only, validated in Spanish naming the field, audited
 * (before → after), refuse a stale version (CONFLICT, also when two saves race), and derive the
 * production day again so /eficiencia_pagada shows the paid efficiency of the new hours.
 */

const FIELDS = `id fecha horas_productividad version linea { id numero nombre }`;
const CREATE = `mutation($input: TurnoInput!) { createTurno(input: $input) { ${FIELDS} } }`;
const UPDATE = `mutation($id: ID!, $input: TurnoInput!) { updateTurno(id: $id, input: $input) { ${FIELDS} } }`;
const DIA = `mutation($input: TurnosDiaInput!) { guardarTurnosDia(input: $input) { ${FIELDS} } }`;
const DEL_DIA = `query($fecha: Date!) { turnosDia(fecha: $fecha) { ${FIELDS} } }`;
const EFICIENCIA = `query($fecha: Date!) { eficienciaPagada(fecha: $fecha) {
  lineas { numero dia { pagada producido_cu capacidad_pagada_cu } detalle { horas_pagadas } } } }`;

interface Turno {
  id: string;
  fecha: string;
  horas_productividad: number;
  version: number;
  linea: { id: string; numero: number; nombre: string };
}
type Result = Awaited<ReturnType<TestServer['gql']>>;
interface AuditRow {
  actor_id: number;
  target_id: string;
  details: {
    operacion: string;
    antes: Record<string, unknown> | null;
    despues: Record<string, unknown> | null;
  };
}

describeEachDatabase('configuración: productividad (turnos)', (server) => {
  let admin: string;
  let lector: string;
  let adminId: number;
  let plant: PlantFixture;
  let l1: string;
  let l2: string;

  const gql = (query: string, vars: Record<string, unknown> = {}, token = admin) =>
    server().gql(query, vars, { token });
  const expectError = (r: Result, code: string, message?: string, field?: string) => {
    expect(r.data ?? null).toBeNull();
    expect(r.errors?.[0]?.extensions?.code, JSON.stringify(r.errors)).toBe(code);
    if (message !== undefined) expect(r.errors?.[0]?.message).toBe(message);
    if (field !== undefined) expect(r.errors?.[0]?.extensions?.field).toBe(field);
  };
  const auditOf = async (id: string) =>
    ((await auditRows(server(), 'configuracion')) as AuditRow[]).filter((row) => row.target_id === id);
  const delDia = async (fecha: string) => (await gql(DEL_DIA, { fecha })).data!.turnosDia as Turno[];

  beforeAll(async () => {
    const login = await server().login();
    admin = login.access_token;
    adminId = Number(login.user.id);
    const nombre = uniqueName('lector');
    await createUser(server(), admin, { username: nombre, role: 'human-resources' });
    lector = (await server().login(nombre, 'clave-usuario-1')).access_token;
    plant = await seedPlant(server().database.db);
    l1 = String(plant.lineaId.get(1));
    l2 = String(plant.lineaId.get(2));
  });

  describe('createTurno and updateTurno', () => {
    let turno: Turno;

    it('createTurno: version 1, audit crear; the same line and day again is the SPEC error', async () => {
      const r = await gql(CREATE, { input: { linea_id: l1, fecha: '2025-01-06', horas_productividad: 8 } });
      expect(r.errors).toBeUndefined();
      turno = r.data!.createTurno as Turno;
      expect(turno).toMatchObject({ fecha: '2025-01-06', horas_productividad: 8, version: 1 });
      const [row] = await auditOf(turno.id);
      expect(row!.actor_id).toBe(adminId);
      expect(row!.details).toEqual({
        operacion: 'crear',
        antes: null,
        despues: {
          id: Number(turno.id),
          linea_id: Number(l1),
          linea: 'Línea 1',
          fecha: '2025-01-06',
          horas_productividad: 8,
          version: 1,
        },
      });
      const again = await gql(CREATE, {
        input: { linea_id: l1, fecha: '2025-01-06', horas_productividad: 5 },
      });
      expectError(again, 'CONFLICT', TURNO_DUPLICADO, 'fecha');
      expect(TURNO_DUPLICADO).toBe('Error: Ya existe un valor para este día');
    });

    it('a non-admin gets FORBIDDEN for every write', async () => {
      const input = { linea_id: l2, fecha: '2025-01-07', horas_productividad: 8 };
      expectError(await gql(CREATE, { input }, lector), 'FORBIDDEN');
      expectError(await gql(UPDATE, { id: turno.id, input: { ...input, version: 1 } }, lector), 'FORBIDDEN');
      expectError(
        await gql(
          DIA,
          { input: { fecha: '2025-01-07', entradas: [{ linea_id: l2, horas_productividad: 8 }] } },
          lector,
        ),
        'FORBIDDEN',
      );
      expect(await delDia('2025-01-07')).toEqual([]);
    });

    it('updateTurno with the version read: version + 1, audit modificar; stale: CONFLICT, nothing changes', async () => {
      const input = { linea_id: l1, fecha: '2025-01-06', horas_productividad: 10 };
      const r = await gql(UPDATE, { id: turno.id, input: { ...input, version: 1 } });
      expect(r.errors).toBeUndefined();
      expect(r.data!.updateTurno).toMatchObject({ horas_productividad: 10, version: 2 });
      const [row] = await auditOf(turno.id);
      expect(row!.details).toMatchObject({
        operacion: 'modificar',
        antes: { horas_productividad: 8, version: 1 },
        despues: { horas_productividad: 10, version: 2 },
      });
      const stale = await gql(UPDATE, {
        id: turno.id,
        input: { ...input, horas_productividad: 3, version: 1 },
      });
      expectError(stale, 'CONFLICT', CAMBIO_CONCURRENTE, 'version');
      expect((await delDia('2025-01-06'))[0]).toMatchObject({ horas_productividad: 10, version: 2 });
      // An API client without version: last write wins.
      const api = await gql(UPDATE, { id: turno.id, input: { ...input, horas_productividad: 9 } });
      expect(api.data!.updateTurno).toMatchObject({ horas_productividad: 9, version: 3 });
    });

    it('two updates naming the same version at once: exactly one wins', async () => {
      const save = (h: number) =>
        gql(UPDATE, {
          id: turno.id,
          input: { linea_id: l1, fecha: '2025-01-06', horas_productividad: h, version: 3 },
        });
      const results = await Promise.all([save(6), save(7)]);
      const ok = results.filter((r) => r.data?.updateTurno);
      expect(ok).toHaveLength(1);
      expect(results.filter((r) => r.errors?.[0]?.extensions?.code === 'CONFLICT')).toHaveLength(1);
      expect((await delDia('2025-01-06'))[0]).toMatchObject({
        horas_productividad: ok[0]!.data!.updateTurno.horas_productividad,
        version: 4,
      });
    });

    it('validation: Spanish messages naming the field', async () => {
      const base = { linea_id: l1, fecha: '2025-01-06', horas_productividad: 8 };
      expectError(
        await gql(UPDATE, { id: turno.id, input: { ...base, horas_productividad: 24.5 } }),
        'BAD_USER_INPUT',
        'El campo "horas_productividad" debe estar entre 0 y 24',
        'horas_productividad',
      );
      expectError(
        await gql(CREATE, { input: { ...base, fecha: '2025-01-08', horas_productividad: -1 } }),
        'BAD_USER_INPUT',
        'El campo "horas_productividad" debe estar entre 0 y 24',
      );
      expectError(
        await gql(UPDATE, { id: turno.id, input: { ...base, version: -3 } }),
        'BAD_USER_INPUT',
        'El campo "version" debe ser un número entero positivo',
        'version',
      );
      expectError(
        await gql(CREATE, { input: { ...base, fecha: '2025-01-08', version: 1 } }),
        'BAD_USER_INPUT',
        'El campo "version" no está permitido',
      );
      expectError(
        await gql(CREATE, { input: { ...base, linea_id: '999999' } }),
        'NOT_FOUND',
        'La línea no existe',
      );
    });
  });

  describe('guardarTurnosDia: the day of every line at once', () => {
    const FECHA = '2025-02-03';
    let dia: Turno[];

    it('creates the entries without id and returns the day by line number, each audited', async () => {
      const r = await gql(DIA, {
        input: {
          fecha: FECHA,
          entradas: [
            { linea_id: l2, horas_productividad: 16 },
            { linea_id: l1, horas_productividad: 7.5 },
          ],
        },
      });
      expect(r.errors).toBeUndefined();
      dia = r.data!.guardarTurnosDia as Turno[];
      expect(dia.map((t) => [t.linea.numero, t.horas_productividad, t.version, t.fecha])).toEqual([
        [1, 7.5, 1, FECHA],
        [2, 16, 1, FECHA],
      ]);
      for (const t of dia) expect((await auditOf(t.id))[0]!.details.operacion).toBe('crear');
    });

    it('updates the entries with id (only the changed ones are written and audited)', async () => {
      const r = await gql(DIA, {
        input: {
          fecha: FECHA,
          entradas: dia.map((t) => ({
            id: t.id,
            linea_id: t.linea.id,
            horas_productividad: t.linea.numero === 1 ? 8 : 16,
            version: t.version,
          })),
        },
      });
      expect(r.errors).toBeUndefined();
      const after = r.data!.guardarTurnosDia as Turno[];
      expect(after.map((t) => [t.horas_productividad, t.version])).toEqual([
        [8, 2],
        [16, 1],
      ]);
      expect((await auditOf(dia[0]!.id))[0]!.details).toMatchObject({
        operacion: 'modificar',
        antes: { horas_productividad: 7.5, version: 1 },
        despues: { horas_productividad: 8, version: 2 },
      });
      expect(await auditOf(dia[1]!.id)).toHaveLength(1);
      dia = after;
    });

    it('all or nothing: a new entry for a line that has the day is the SPEC error; a stale one is a CONFLICT', async () => {
      const duplicate = await gql(DIA, {
        input: {
          fecha: FECHA,
          entradas: [
            { id: dia[0]!.id, linea_id: l1, horas_productividad: 1, version: dia[0]!.version },
            { linea_id: l2, horas_productividad: 2 },
          ],
        },
      });
      expectError(duplicate, 'CONFLICT', TURNO_DUPLICADO, 'fecha');
      const stale = await gql(DIA, {
        input: {
          fecha: FECHA,
          entradas: [
            { id: dia[1]!.id, linea_id: l2, horas_productividad: 3, version: dia[1]!.version },
            { id: dia[0]!.id, linea_id: l1, horas_productividad: 3, version: 1 },
          ],
        },
      });
      expectError(stale, 'CONFLICT', CAMBIO_CONCURRENTE, 'version');
      expect(await delDia(FECHA)).toEqual(dia);
    });

    it('two saves of the day naming the same versions at once: one wins, one CONFLICT', async () => {
      const save = (h: number) =>
        gql(DIA, {
          input: {
            fecha: FECHA,
            entradas: dia.map((t) => ({
              id: t.id,
              linea_id: t.linea.id,
              horas_productividad: h,
              version: t.version,
            })),
          },
        });
      const results = await Promise.all([save(11), save(12)]);
      const ok = results.filter((r) => r.data?.guardarTurnosDia);
      expect(ok).toHaveLength(1);
      expect(results.filter((r) => r.errors?.[0]?.extensions?.code === 'CONFLICT')).toHaveLength(1);
      const after = await delDia(FECHA);
      expect(new Set(after.map((t) => t.horas_productividad)).size).toBe(1);
      expect(after.map((t) => t.version)).toEqual(dia.map((t) => t.version + 1));
    });

    it('validation names the field', async () => {
      const input = (entradas: unknown[], fecha = FECHA) => ({ input: { fecha, entradas } });
      expectError(
        await gql(DIA, input([{ linea_id: l1, horas_productividad: 25 }], '2025-02-04')),
        'BAD_USER_INPUT',
        'El campo "horas_productividad" debe estar entre 0 y 24',
        'entradas.0.horas_productividad',
      );
      expectError(
        await gql(
          DIA,
          input(
            [
              { linea_id: l1, horas_productividad: 1 },
              { linea_id: l1, horas_productividad: 2 },
            ],
            '2025-02-04',
          ),
        ),
        'BAD_USER_INPUT',
        'El campo "linea_id" repite una línea: cada línea va una sola vez',
        'entradas.1.linea_id',
      );
      expectError(
        await gql(DIA, input([], '2025-02-04')),
        'BAD_USER_INPUT',
        'El campo "entradas" debe tener al menos una línea',
        'entradas',
      );
      // A shift of another day named by id.
      expectError(
        await gql(DIA, input([{ id: dia[0]!.id, linea_id: l1, horas_productividad: 1 }], '2025-02-04')),
        'BAD_USER_INPUT',
        `El turno ${dia[0]!.id} no es del día 2025-02-04`,
        'id',
      );
      expectError(
        await gql(DIA, input([{ id: dia[0]!.id, linea_id: l2, horas_productividad: 1 }])),
        'BAD_USER_INPUT',
        `El turno ${dia[0]!.id} no es de la línea indicada`,
        'linea_id',
      );
      expectError(
        await gql(DIA, input([{ id: '999999', linea_id: l1, horas_productividad: 1 }])),
        'NOT_FOUND',
        'El turno no existe',
      );
      expect(await delDia('2025-02-04')).toEqual([]);
    });
  });

  it('changing the hours derives the day again: /eficiencia_pagada shows the new paid efficiency', async () => {
    const FECHA = '2025-03-05';
    // Line 1 runs 600 minutes of 600 ml that day.
    await writeLine1Day(server().database.db, FECHA, 600);
    const created = await gql(DIA, {
      input: { fecha: FECHA, entradas: [{ linea_id: l1, horas_productividad: 12 }] },
    });
    expect(created.errors).toBeUndefined();
    const linea1 = async () => {
      const r = await gql(EFICIENCIA, { fecha: FECHA });
      expect(r.errors).toBeUndefined();
      return (
        r.data!.eficienciaPagada.lineas as {
          numero: number;
          dia: { pagada: number; producido_cu: number; capacidad_pagada_cu: number };
          detalle: { horas_pagadas: number };
        }[]
      ).find((l) => l.numero === 1)!;
    };
    const before = await linea1();
    expect(before.detalle.horas_pagadas).toBe(12);
    expect(before.dia.producido_cu).toBeGreaterThan(0);
    expect(before.dia.pagada).toBeGreaterThan(0);

    const [turno] = created.data!.guardarTurnosDia as Turno[];
    const updated = await gql(DIA, {
      input: {
        fecha: FECHA,
        entradas: [{ id: turno!.id, linea_id: l1, horas_productividad: 20, version: turno!.version }],
      },
    });
    expect(updated.errors).toBeUndefined();
    const after = await linea1();
    expect(after.detalle.horas_pagadas).toBe(20);
    // Same production over more paid hours: a lower paid efficiency, in proportion to the paid capacity.
    expect(after.dia.producido_cu).toBeCloseTo(before.dia.producido_cu, 6);
    expect(after.dia.capacidad_pagada_cu).toBeGreaterThan(before.dia.capacidad_pagada_cu);
    expect(after.dia.pagada).toBeLessThan(before.dia.pagada);
    expect(after.dia.pagada).toBeCloseTo((after.dia.producido_cu / after.dia.capacidad_pagada_cu) * 100, 1);
    const [row] = (
      (await server().database.db.execute(
        sql`select minutos_pagados from eficiencias where linea_id = ${Number(l1)} and fecha = ${FECHA}::date`,
      )) as unknown as { rows: { minutos_pagados: number }[] }
    ).rows;
    expect(row!.minutos_pagados).toBe(20 * 60);

    // updateTurno derives the day too.
    const back = await gql(UPDATE, {
      id: turno!.id,
      input: { linea_id: l1, fecha: FECHA, horas_productividad: 12, version: turno!.version + 1 },
    });
    expect(back.errors).toBeUndefined();
    expect((await linea1()).dia.pagada).toBeCloseTo(before.dia.pagada, 6);
  });
});
