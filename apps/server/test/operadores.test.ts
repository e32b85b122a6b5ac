import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { Db } from '../src/db/client.ts';
import { rowsOf } from '../src/db/rows.ts';
import { CAMBIO_CONCURRENTE } from '../src/modules/audit/cambios.ts';
import { TURNO_CERRADO } from '../src/modules/paros/paros.service.ts';
import { seedPlant, TZ } from './fixtures.ts';
import { createUser, describeEachDatabase, type GqlResult, uniqueName } from './harness.ts';

/**
 * Operators at the line (contract operadores.md): parosTurno, a reason given and a stop split by an
 * operator on their lines until the shift closes (an admin always), audited and version-checked,
 * an operator's lines (asignarLineasOperador, me.lineas), the live list of a line (parosLinea), a
 * line with operators not deleted, and the REST routes closed to operators.
 */

// 10:00 in Lima (UTC−5): shift 1 of production day 2026-03-10 runs 13:00Z → 21:00Z.
const AHORA = Date.parse('2026-03-10T15:00:00Z');
const at = (hhmm: string, dia = '2026-03-10') => new Date(`${dia}T${hhmm}:00Z`);

const PARO = `id linea_id inicio fin minutos equipo causa tipo origen clase comentario codigo_falla
  motivo { id nombre } motivo_por motivo_en turno version`;
const ASIGNAR = `mutation($input: AsignarMotivoParoInput!) { asignarMotivoParo(input: $input) { ${PARO} } }`;
const DIVIDIR = `mutation($input: DividirParoInput!) { dividirParo(input: $input) { ${PARO} } }`;
const TURNO = `query($l: ID!, $f: Date, $t: Int) { parosTurno(linea_id: $l, fecha: $f, turno: $t) {
  linea_id turno turno_nombre fecha desde hasta abierto items { ${PARO} } } }`;
const LINEAS = `mutation($u: ID!, $l: [ID!]!) { asignarLineasOperador(user_id: $u, linea_ids: $l) {
  id roles { name } lineas { id numero nombre } } }`;

interface Paro {
  id: string;
  linea_id: string;
  inicio: string;
  fin: string | null;
  tipo: string;
  origen: string;
  clase: string;
  causa: string;
  equipo: string;
  comentario: string | null;
  codigo_falla: number | null;
  motivo: { id: string; nombre: string } | null;
  motivo_por: string | null;
  motivo_en: string | null;
  turno: number;
  version: number;
}

function expectError(r: GqlResult, code: string, field?: string, message?: string | RegExp) {
  expect(r.errors?.[0]?.extensions?.code, JSON.stringify(r.errors)).toBe(code);
  if (field) expect(r.errors?.[0]?.extensions?.field).toBe(field);
  if (message) expect(r.errors?.[0]?.message).toMatch(message);
  expect(r.status).toBeLessThan(500);
}

describeEachDatabase(
  'operadores en la línea: paros del turno, motivos, división, líneas del operador',
  (server) => {
    let db: Db;
    let admin: string;
    let operador: string;
    let operadorId = '';
    let operadorNombre = '';
    let l1 = '';
    let l2 = '';
    let motivoFalla: { id: string; nombre: string; categoria: string };
    let motivoCip: { id: string };
    let motivoSoloL2 = '';

    const gql = <T = Record<string, any>>(q: string, v: Record<string, unknown> = {}, token = admin) =>
      server().gql<T>(q, v, { token });

    const paro = async (
      linea: string,
      inicio: Date,
      fin: Date | null,
      extra: { tipo?: string; codigo?: number | null } = {},
    ): Promise<string> => {
      const [row] = await rowsOf<{ id: string }>(
        db.execute(sql`insert into paros (linea_id, inicio, fin, equipo, causa, tipo, origen, codigo_falla)
          values (${Number(linea)}, ${inicio.toISOString()}::timestamptz, ${fin?.toISOString() ?? null}::timestamptz,
                  'Sin motivo', 'Falla · código 7', ${extra.tipo ?? 'FALLA'}, 'PLC', ${extra.codigo ?? null})
          returning id::text as id`),
      );
      return row!.id;
    };

    beforeAll(async () => {
      db = server().database.db;
      admin = (await server().login()).access_token;
      const plant = await seedPlant(db);
      l1 = String(plant.lineaId.get(1));
      l2 = String(plant.lineaId.get(2));
      operadorNombre = uniqueName('op');
      operadorId = await createUser(server(), admin, {
        username: operadorNombre,
        name: `Operador ${operadorNombre}`,
        role: 'operador',
      });
      const asignado = await gql(LINEAS, { u: operadorId, l: [l1] });
      expect(asignado.errors, JSON.stringify(asignado.errors)).toBeUndefined();
      operador = (await server().login(operadorNombre, 'clave-usuario-1')).access_token;
      const motivos = await rowsOf<{ id: string; nombre: string; categoria: string; clase: string }>(
        db.execute(sql`select m.id::text as id, m.nombre, c.nombre as categoria, m.clase
          from motivos_paro m join categorias_paro c on c.id = m.categoria_id order by m.id`),
      );
      motivoFalla = motivos.find((m) => m.clase === 'FALLA')!;
      motivoCip = motivos.find((m) => m.clase === 'PLANIFICADO')!;
      const [solo] = await rowsOf<{ id: string }>(
        db.execute(sql`insert into motivos_paro (categoria_id, nombre, clase, linea_ids)
          select categoria_id, 'Solo línea 2 ' || ${operadorNombre}, 'CALIDAD', array[${Number(l2)}]::int[]
          from motivos_paro where id = ${Number(motivoFalla.id)} returning id::text as id`),
      );
      motivoSoloL2 = solo!.id;
    });

    it('an operator gives a stop of their line its reason: class, tipo, texts, who and when, audited', async () => {
      const id = await paro(l1, at('14:00'), null, { tipo: 'MICROPARO', codigo: 7 });
      const r = await gql<{ asignarMotivoParo: Paro }>(
        ASIGNAR,
        { input: { paro_id: id, motivo_id: motivoFalla.id, comentario: '  rodamiento  ', version: 1 } },
        operador,
      );
      expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
      expect(r.data!.asignarMotivoParo).toMatchObject({
        id,
        fin: null,
        clase: 'FALLA',
        tipo: 'FALLA',
        causa: motivoFalla.nombre,
        equipo: motivoFalla.categoria,
        comentario: 'rodamiento',
        codigo_falla: 7,
        origen: 'PLC',
        motivo: { id: motivoFalla.id },
        motivo_por: `Operador ${operadorNombre}`,
        turno: 1,
        version: 2,
      });
      expect(r.data!.asignarMotivoParo.motivo_en).not.toBeNull();
      const [audit] = await rowsOf<{
        actor_id: number;
        details: { operacion: string; antes: Paro; despues: Paro };
      }>(
        db.execute(sql`select actor_id, details from audit_log where action = 'configuracion'
          and target_type = 'paros' and target_id = ${id} order by id desc limit 1`),
      );
      expect(audit?.actor_id).toBe(Number(operadorId));
      expect(audit?.details.operacion).toBe('modificar');
      expect(audit?.details.antes).toMatchObject({ motivo: null, tipo: 'MICROPARO', version: 1 });
      expect(audit?.details.despues).toMatchObject({ clase: 'FALLA', version: 2 });

      // The version read is stale now.
      const viejo = await gql(
        ASIGNAR,
        { input: { paro_id: id, motivo_id: motivoCip.id, version: 1 } },
        operador,
      );
      expectError(viejo, 'CONFLICT', 'version', CAMBIO_CONCURRENTE);
      // A planned reason on a CIP keeps it a CIP.
      const cip = await paro(l1, at('13:10'), at('13:20'), { tipo: 'CIP' });
      const planificado = await gql<{ asignarMotivoParo: Paro }>(
        ASIGNAR,
        { input: { paro_id: cip, motivo_id: motivoCip.id, version: 1 } },
        operador,
      );
      expect(planificado.data?.asignarMotivoParo).toMatchObject({ tipo: 'CIP', clase: 'PLANIFICADO' });
    });

    it('refuses a reason not for the stop line, a stop of another line, a closed shift (admin still may)', async () => {
      const id = await paro(l1, at('14:30'), at('14:40'));
      const otraLinea = await gql(
        ASIGNAR,
        { input: { paro_id: id, motivo_id: motivoSoloL2, version: 1 } },
        operador,
      );
      expectError(otraLinea, 'BAD_USER_INPUT', 'motivo_id', /no se aplica a Línea 1/);
      const noExiste = await gql(
        ASIGNAR,
        { input: { paro_id: id, motivo_id: '999999', version: 1 } },
        operador,
      );
      expectError(noExiste, 'BAD_USER_INPUT', 'motivo_id');
      const largo = await gql(
        ASIGNAR,
        { input: { paro_id: id, motivo_id: motivoFalla.id, comentario: 'x'.repeat(501), version: 1 } },
        operador,
      );
      expectError(largo, 'BAD_USER_INPUT', 'comentario');

      const deL2 = await paro(l2, at('14:30'), at('14:40'));
      const ajena = await gql(
        ASIGNAR,
        { input: { paro_id: deL2, motivo_id: motivoFalla.id, version: 1 } },
        operador,
      );
      expectError(ajena, 'FORBIDDEN', undefined, /no es una de sus líneas/);

      // Yesterday's night shift (3) closed at 08:00 today.
      const ayer = await paro(l1, at('10:00'), at('10:20'));
      const cerrado = await gql(
        ASIGNAR,
        { input: { paro_id: ayer, motivo_id: motivoFalla.id, version: 1 } },
        operador,
      );
      expectError(cerrado, 'FORBIDDEN', undefined, TURNO_CERRADO);
      const cortar = await gql(DIVIDIR, { input: { paro_id: ayer, en: at('10:05'), version: 1 } }, operador);
      expectError(cortar, 'FORBIDDEN', undefined, TURNO_CERRADO);
      const porAdmin = await gql<{ asignarMotivoParo: Paro }>(ASIGNAR, {
        input: { paro_id: ayer, motivo_id: motivoFalla.id, version: 1 },
      });
      expect(porAdmin.errors).toBeUndefined();
      expect(porAdmin.data!.asignarMotivoParo).toMatchObject({
        turno: 3,
        version: 2,
        motivo_por: expect.any(String),
      });
      // Another role (no role at all) may not.
      const lectorNombre = uniqueName('lector');
      await createUser(server(), admin, { username: lectorNombre });
      const lector = (await server().login(lectorNombre, 'clave-usuario-1')).access_token;
      const r = await gql(ASIGNAR, { input: { paro_id: id, motivo_id: motivoFalla.id, version: 1 } }, lector);
      expectError(r, 'FORBIDDEN');
    });

    it('splits a stop: the first part keeps the reason, the second none; bounds refused; an open one stays open', async () => {
      const id = await paro(
        l1,
        at('15:00', '2026-03-10').getTime() > AHORA ? at('13:30') : at('13:30'),
        at('14:00'),
        {
          codigo: 9,
        },
      );
      await gql(
        ASIGNAR,
        { input: { paro_id: id, motivo_id: motivoFalla.id, comentario: 'uno', version: 1 } },
        operador,
      );
      for (const en of [at('13:30'), at('14:00'), at('14:10'), new Date(at('13:30').getTime() + 500)]) {
        const fuera = await gql(DIVIDIR, { input: { paro_id: id, en, version: 2 } }, operador);
        expectError(fuera, 'BAD_USER_INPUT', 'en', /El campo "en" debe caer dentro del paro/);
      }
      const r = await gql<{ dividirParo: Paro[] }>(
        DIVIDIR,
        { input: { paro_id: id, en: at('13:45'), version: 2 } },
        operador,
      );
      expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
      const [primera, segunda] = r.data!.dividirParo;
      expect(primera).toMatchObject({
        id,
        inicio: at('13:30').toISOString(),
        fin: at('13:45').toISOString(),
        motivo: { id: motivoFalla.id },
        comentario: 'uno',
        codigo_falla: 9,
        version: 3,
      });
      expect(segunda).toMatchObject({
        linea_id: l1,
        inicio: at('13:45').toISOString(),
        fin: at('14:00').toISOString(),
        motivo: null,
        comentario: null,
        motivo_por: null,
        tipo: primera!.tipo,
        origen: 'PLC',
        codigo_falla: 9,
        version: 1,
      });
      const stale = await gql(DIVIDIR, { input: { paro_id: id, en: at('13:40'), version: 2 } }, operador);
      expectError(stale, 'CONFLICT', 'version');

      const abierto = await paro(l1, at('14:50'), null);
      const partes = await gql<{ dividirParo: Paro[] }>(
        DIVIDIR,
        { input: { paro_id: abierto, en: at('14:55'), version: 1 } },
        operador,
      );
      expect(partes.errors).toBeUndefined();
      expect(partes.data!.dividirParo.map((p) => [p.inicio, p.fin])).toEqual([
        [at('14:50').toISOString(), at('14:55').toISOString()],
        [at('14:55').toISOString(), null],
      ]);
      // Past now: outside an open stop.
      const futuro = await gql(
        DIVIDIR,
        { input: { paro_id: partes.data!.dividirParo[1]!.id, en: at('15:30'), version: 1 } },
        operador,
      );
      expectError(futuro, 'BAD_USER_INPUT', 'en');
    });

    it('parosTurno: the current shift from the plant shifts, newest first, the open stop of an earlier shift included', async () => {
      const l2Viejo = await paro(l2, at('12:00'), null);
      const l2Nuevo = await paro(l2, at('13:05'), at('13:06'));
      const l2Antes = await paro(l2, at('11:00'), at('11:30'));
      const r = await gql<{ parosTurno: { items: Paro[]; [k: string]: unknown } }>(TURNO, { l: l2 });
      expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
      const turno = r.data!.parosTurno;
      expect(turno).toMatchObject({
        linea_id: l2,
        turno: 1,
        turno_nombre: 'Turno 1',
        fecha: '2026-03-10',
        desde: at('13:00').toISOString(),
        hasta: at('21:00').toISOString(),
        abierto: true,
      });
      const ids = turno.items.map((p) => p.id);
      expect(ids).toContain(l2Viejo);
      expect(ids).toContain(l2Nuevo);
      expect(ids).not.toContain(l2Antes);
      const inicios = turno.items.map((p) => p.inicio);
      expect(inicios).toEqual([...inicios].sort().reverse());
      expect(turno.items.find((p) => p.id === l2Viejo)).toMatchObject({ fin: null, turno: 3 });

      const noche = await gql<{
        parosTurno: { items: Paro[]; abierto: boolean; turno: number; desde: string };
      }>(TURNO, { l: l2, f: '2026-03-09', t: 3 });
      expect(noche.data!.parosTurno).toMatchObject({
        turno: 3,
        abierto: false,
        desde: at('05:00').toISOString(),
      });
      expect(noche.data!.parosTurno.items.map((p) => p.id)).toEqual(
        expect.arrayContaining([l2Antes, l2Viejo]),
      );
      expectError(await gql(TURNO, { l: l2, f: '2026-03-09' }), 'BAD_USER_INPUT', 'turno');
      expectError(await gql(TURNO, { l: l2, f: '2026-03-09', t: 5 }), 'BAD_USER_INPUT', 'turno');
      expectError(await gql(TURNO, { l: '999999' }), 'BAD_USER_INPUT', 'linea_id');
      // An operator reads their line only.
      expect((await gql(TURNO, { l: l1 }, operador)).errors).toBeUndefined();
      expectError(await gql(TURNO, { l: l2 }, operador), 'FORBIDDEN', undefined, /no es una de sus líneas/);
    });

    it("asignarLineasOperador replaces an operator's lines (audited); a user without the role is refused; me.lineas", async () => {
      const nombre = uniqueName('op2');
      const id = await createUser(server(), admin, { username: nombre, role: 'operador' });
      const dos = await gql(LINEAS, { u: id, l: [l2, l1, l1] });
      expect(dos.errors).toBeUndefined();
      expect(dos.data!.asignarLineasOperador.lineas.map((l: { numero: number }) => l.numero)).toEqual([1, 2]);
      const una = await gql(LINEAS, { u: id, l: [l2] });
      expect(una.data!.asignarLineasOperador.lineas).toEqual([{ id: l2, numero: 2, nombre: 'Línea 2' }]);
      const [audit] = await rowsOf<{ details: { antes: unknown; despues: unknown } }>(
        db.execute(sql`select details from audit_log where target_type = 'operador_lineas'
          and target_id = ${id} order by id desc limit 1`),
      );
      expect(audit?.details).toMatchObject({
        antes: { linea_ids: [Number(l1), Number(l2)] },
        despues: { linea_ids: [Number(l2)] },
      });
      const token = (await server().login(nombre, 'clave-usuario-1')).access_token;
      const me = await gql(`{ me { id lineas { id numero nombre } } }`, {}, token);
      expect(me.data!.me.lineas).toEqual([{ id: l2, numero: 2, nombre: 'Línea 2' }]);
      expect((await gql(`{ me { lineas { id } } }`)).data!.me.lineas).toEqual([]);

      const otro = await createUser(server(), admin, { username: uniqueName('noop') });
      expectError(
        await gql(LINEAS, { u: otro, l: [l1] }),
        'BAD_USER_INPUT',
        'user_id',
        /no tiene el rol operador/,
      );
      expectError(await gql(LINEAS, { u: id, l: ['999999'] }), 'BAD_USER_INPUT', 'linea_ids');
      expectError(await gql(LINEAS, { u: id, l: [l1] }, operador), 'FORBIDDEN');
      expect(
        (await gql(`{ users { id lineas { numero } } }`)).data!.users.find(
          (u: { id: string }) => u.id === id,
        ),
      ).toEqual({ id, lineas: [{ numero: 2 }] });
    });

    it('a line with operators is not deleted: a Spanish 409 naming them', async () => {
      const [row] = await rowsOf<{ version: number }>(
        db.execute(sql`select version from lineas where id = ${Number(l1)}`),
      );
      const r = await gql(`mutation($id: ID!, $v: Int) { deleteLinea(id: $id, version: $v) }`, {
        id: l1,
        v: row!.version,
      });
      expectError(r, 'CONFLICT', undefined, /operadores/);
    });

    it('the REST routes refuse an operator with 403', async () => {
      for (const ruta of [
        '/api/pta/historicos/eta?desde=2026-03-01&hasta=2026-03-02',
        '/api/exportaciones/x',
      ]) {
        const response = await fetch(`${server().url}${ruta}`, {
          headers: { authorization: `Bearer ${operador}` },
        });
        expect(response.status, ruta).toBe(403);
        expect(await response.json()).toMatchObject({ code: 'FORBIDDEN' });
      }
      const adminEta = await fetch(
        `${server().url}/api/pta/historicos/eta?desde=2026-03-01&hasta=2026-03-02`,
        {
          headers: { authorization: `Bearer ${admin}` },
        },
      );
      expect(adminEta.status).toBe(200);
    });

    it('parosLinea sends the stop as it is now on each change; an operator only on their lines', async () => {
      const socket = new WebSocket(`${server().url.replace('http', 'ws')}/graphql`, 'graphql-transport-ws', {
        origin: server().url,
      });
      const recibidos: { type: string; id?: string; payload?: any }[] = [];
      socket.on('message', (data) => recibidos.push(JSON.parse(String(data))));
      await new Promise((resolve) => socket.once('open', resolve));
      try {
        socket.send(JSON.stringify({ type: 'connection_init', payload: { token: operador } }));
        await expect.poll(() => recibidos.some((m) => m.type === 'connection_ack')).toBe(true);
        const suscribir = (id: string, linea: string) =>
          socket.send(
            JSON.stringify({
              type: 'subscribe',
              id,
              payload: {
                query: `subscription($l: ID!) { parosLinea(linea_id: $l) { id motivo { id } turno version } }`,
                variables: { l: linea },
              },
            }),
          );
        suscribir('1', l1);
        suscribir('2', l2);
        await expect
          .poll(() => recibidos.find((m) => m.id === '2' && m.type !== 'next'))
          .toMatchObject({ type: 'error' });
        expect(JSON.stringify(recibidos.find((m) => m.id === '2'))).toMatch(/no es una de sus líneas/);
        // Give the first subscription time to be registered before the change.
        await new Promise((resolve) => setTimeout(resolve, 200));
        const id = await paro(l1, at('14:20'), at('14:25'));
        const r = await gql(ASIGNAR, { input: { paro_id: id, motivo_id: motivoFalla.id, version: 1 } });
        expect(r.errors).toBeUndefined();
        await expect
          .poll(() =>
            recibidos.filter((m) => m.id === '1' && m.type === 'next').map((m) => m.payload.data.parosLinea),
          )
          .toEqual([{ id, motivo: { id: motivoFalla.id }, turno: 1, version: 2 }]);
      } finally {
        socket.close();
      }
    });
  },
  { now: () => AHORA, plantTz: TZ },
);
