import { TURNOS_HORARIO_POR_DEFECTO } from '@planta/domain';
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { rowsOf } from '../src/db/rows.ts';
import { CAMBIO_CONCURRENTE } from '../src/modules/audit/cambios.ts';
import { createUser, describeEachDatabase, type GqlResult, uniqueName } from './harness.ts';

/**
 * The plant's shifts (turnos-horario.graphql): the three of 8 h the migration writes, replaced as
 * a whole by an admin (audited with the lists before and after, one version for the set), and
 * every rule of a set that tiles the production day (08:00 → 08:00) refused in Spanish naming the
 * field.
 */

const TURNOS = `{ turnosHorario { numero nombre inicio fin version } }`;
const GUARDAR = `mutation($t: [TurnoHorarioInput!]!, $v: Int) {
  guardarTurnosHorario(turnos: $t, version: $v) { numero nombre inicio fin version } }`;

interface Turno {
  numero: number;
  nombre: string;
  inicio: string;
  fin: string;
  version: number;
}
type Entrada = Omit<Turno, 'numero' | 'version'>;

const t = (nombre: string, inicio: string, fin: string): Entrada => ({ nombre, inicio, fin });

function expectBadInput(r: GqlResult, field: string, message: string | RegExp) {
  expect(r.errors?.[0]?.extensions, JSON.stringify(r.errors)).toMatchObject({
    code: 'BAD_USER_INPUT',
    field,
  });
  expect(r.errors?.[0]?.message).toMatch(message);
  expect(r.status).toBeLessThan(500);
}

describeEachDatabase('configuración: turnos del día de producción', (server) => {
  let admin: string;
  let adminId: number;
  let reader: string;
  let db: Db;
  const gql = <T = Record<string, any>>(q: string, v: Record<string, unknown> = {}, token = admin) =>
    server().gql<T>(q, v, { token });
  const turnos = async (token = admin) => {
    const r = await gql<{ turnosHorario: Turno[] }>(TURNOS, {}, token);
    expect(r.errors).toBeUndefined();
    return r.data!.turnosHorario;
  };

  beforeAll(async () => {
    db = server().database.db;
    const login = await server().login();
    admin = login.access_token;
    adminId = Number(login.user.id);
    const readerName = uniqueName('lector');
    await createUser(server(), admin, { username: readerName });
    reader = (await server().login(readerName, 'clave-usuario-1')).access_token;
  });

  it('starts with three shifts of 8 h, version 1 (@planta/domain’s default); any user reads them', async () => {
    expect(await turnos(reader)).toEqual(
      TURNOS_HORARIO_POR_DEFECTO.map((turno, i) => ({ numero: i + 1, ...turno, version: 1 })),
    );
  });

  it('an admin replaces them (two of 12 h): numbered in order, version +1 on every row, audited', async () => {
    const r = await gql<{ guardarTurnosHorario: Turno[] }>(GUARDAR, {
      t: [t(' Día ', '08:00', '20:00'), t('Noche', '20:00', '08:00')],
      v: 1,
    });
    expect(r.errors).toBeUndefined();
    const esperado = [
      { numero: 1, nombre: 'Día', inicio: '08:00', fin: '20:00', version: 2 },
      { numero: 2, nombre: 'Noche', inicio: '20:00', fin: '08:00', version: 2 },
    ];
    expect(r.data!.guardarTurnosHorario).toEqual(esperado);
    expect(await turnos(reader)).toEqual(esperado);
    const [audit] = await rowsOf<{ actor_id: number; target_id: string; details: Record<string, unknown> }>(
      db.execute(sql`select actor_id, target_id, details from audit_log
        where action = 'configuracion' and target_type = 'turnos_horario' order by id desc limit 1`),
    );
    expect(audit).toMatchObject({
      actor_id: adminId,
      details: {
        operacion: 'modificar',
        antes: TURNOS_HORARIO_POR_DEFECTO.map((turno, i) => ({ numero: i + 1, ...turno, version: 1 })),
        despues: esperado,
      },
    });
    // Quarter hours and four shifts, back to a set that crosses midnight inside a shift.
    const cuatro = await gql<{ guardarTurnosHorario: Turno[] }>(GUARDAR, {
      t: [
        t('A', '08:00', '14:15'),
        t('B', '14:15', '22:30'),
        t('C', '22:30', '03:45'),
        t('D', '03:45', '08:00'),
      ],
      v: 2,
    });
    expect(cuatro.errors).toBeUndefined();
    expect(cuatro.data!.guardarTurnosHorario.map((x) => [x.numero, x.nombre, x.version])).toEqual([
      [1, 'A', 3],
      [2, 'B', 3],
      [3, 'C', 3],
      [4, 'D', 3],
    ]);
  });

  it('a stale version is a CONFLICT and changes nothing', async () => {
    const antes = await turnos();
    const r = await gql(GUARDAR, { t: [t('Único', '08:00', '08:00')], v: 2 });
    expect(r.errors?.[0]).toMatchObject({
      message: CAMBIO_CONCURRENTE,
      extensions: { code: 'CONFLICT', field: 'version' },
    });
    expect(await turnos()).toEqual(antes);
  });

  it('refuses every set that does not tile the production day, naming the field', async () => {
    const antes = await turnos();
    const casos: [Entrada[], string, string | RegExp][] = [
      [[], 'turnos', /entre 1 y 6 turnos \(tiene 0\)/],
      [
        Array.from({ length: 7 }, (_, i) => t(`T${i + 1}`, '08:00', '08:00')),
        'turnos',
        /entre 1 y 6 turnos \(tiene 7\)/,
      ],
      [[t('Día', '08:00', '16:00'), t('Noche', '17:00', '08:00')], 'turnos.1.inicio', /hueco/],
      [[t('Día', '08:00', '16:00'), t('Noche', '15:00', '08:00')], 'turnos.1.inicio', /se superponen/],
      [[t('Día', '07:00', '19:00'), t('Noche', '19:00', '07:00')], 'turnos.0.inicio', /debe ser 08:00/],
      [[t('Día', '08:00', '20:00'), t('Noche', '20:00', '07:00')], 'turnos.1.fin', /debe ser 08:00/],
      [
        [t('Corto', '08:00', '08:45'), t('Largo', '08:45', '08:00')],
        'turnos.0.fin',
        /dura 45 min; cada turno dura al menos 1 h/,
      ],
      [[t('Día', '8:00', '20:00'), t('Noche', '20:00', '08:00')], 'turnos.0.inicio', /HH:MM/],
      [[t('Día', '08:00', '24:00'), t('Noche', '24:00', '08:00')], 'turnos.0.fin', /HH:MM/],
      [[t('Día', '08:00', '20:10'), t('Noche', '20:10', '08:00')], 'turnos.0.fin', /cuarto de hora/],
      [
        [t('Día', '08:00', '20:00'), t('DÍA', '20:00', '08:00')],
        'turnos.1.nombre',
        /«DÍA» ya es el del turno 1/,
      ],
      [[t(' ', '08:00', '08:00')], 'turnos.0.nombre', /"nombre" es obligatorio/],
      [[t('x'.repeat(41), '08:00', '08:00')], 'turnos.0.nombre', /como máximo 40 caracteres/],
      [
        [t('A', '08:00', '20:00'), t('B', '20:00', '10:00'), t('C', '10:00', '08:00')],
        'turnos',
        /suman 48 h: deben cubrir exactamente las 24 h/,
      ],
    ];
    for (const [lista, field, message] of casos) {
      expectBadInput(await gql(GUARDAR, { t: lista, v: 3 }), field, message);
    }
    expect(await turnos()).toEqual(antes);
  });

  it('is admin only: FORBIDDEN for another user', async () => {
    const r = await gql(GUARDAR, { t: [t('Único', '08:00', '08:00')] }, reader);
    expect(r.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('without a version the last save wins; one shift of 24 h is a valid set', async () => {
    const r = await gql<{ guardarTurnosHorario: Turno[] }>(GUARDAR, { t: [t('Único', '08:00', '08:00')] });
    expect(r.errors).toBeUndefined();
    expect(r.data!.guardarTurnosHorario).toEqual([
      { numero: 1, nombre: 'Único', inicio: '08:00', fin: '08:00', version: 4 },
    ]);
  });
});
