// Issue 31, items 5 and 17: who an alarm may tell, and which values a rule alarms on.
// - Item 5: an HR variable's figures reach only recipients who may read it (the rule historicoFecha
//   applies), in the bell and by e-mail; a rule none of whose recipients may ever read its
//   variable is refused; its preview is refused to an admin without the HR permission.
// - Item 17: a rule alarms on values that change after it is saved, not on the days already
//   written when it was saved (its 30-day preview is for those); one crossing, one notification and
//   one e-mail per recipient.
// Over HTTP on both databases, against a real SMTP server; the test runs the evaluation passes.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createUser, describeEachDatabase, uniqueName } from './harness.ts';
import { smtpDePrueba } from './smtp.ts';

const smtp = await smtpDePrueba();
afterAll(() => smtp.close());

const VARIABLE = `mutation($i: CreateVariableInput!) { createVariable(input: $i) { id nombre } }`;
const REGLA = `mutation($i: ReglaNotificacionInput!) { crearReglaNotificacion(input: $i) { id version } }`;
const EDITAR_REGLA = `mutation($id: ID!, $i: ReglaNotificacionInput!) { actualizarReglaNotificacion(id: $id, input: $i) { id version } }`;
const PREVIA = `query($i: ReglaNotificacionInput!) { previaReglaNotificacion(input: $i) { ocurrencias dias } }`;
const HISTORICO = `mutation($i: CreateHistoricoInput!) { createHistorico(input: $i) { id version } }`;
const UPDATE_HISTORICO = `mutation($id: ID!, $i: UpdateHistoricoInput!) { updateHistorico(id: $id, input: $i) { id version } }`;
const ALARMAS = `{ alarmas(limit: 200) { alarmas { id regla_nombre fecha valor estado } } }`;
const BELL = `{ notificaciones { titulo mensaje } }`;

describeEachDatabase(
  'alarmas: alcance de los destinatarios y valores desde que se guarda la regla',
  (server) => {
    let admin: string;
    const tokens: Record<'rrhh' | 'usuario' | 'jefe', string> = { rrhh: '', usuario: '', jefe: '' };
    const ids: Record<'rrhh' | 'usuario' | 'jefe', string> = { rrhh: '', usuario: '', jefe: '' };
    const usernames: Record<'rrhh' | 'usuario' | 'jefe', string> = { rrhh: '', usuario: '', jefe: '' };
    const correos = {
      rrhh: `rrhh-alcance-${process.pid}@planta.test`,
      usuario: `usuario-alcance-${process.pid}@planta.test`,
      jefe: `jefe-alcance-${process.pid}@planta.test`,
    };

    const pasada = () => server().app.motorAlarmas.pasada();
    const noLeidas = async (token: string) =>
      (await server().gql(`{ notificacionesNoLeidas }`, {}, { token })).data
        ?.notificacionesNoLeidas as number;
    const campana = async (token: string) =>
      (await server().gql(BELL, {}, { token })).data?.notificaciones as { titulo: string; mensaje: string }[];
    const alarmasDe = async (regla: string) =>
      (
        (await server().gql(ALARMAS, {}, { token: admin })).data?.alarmas.alarmas as {
          regla_nombre: string;
          fecha: string;
          valor: number;
        }[]
      ).filter((a) => a.regla_nombre === regla);
    /** The e-mails received since `desde` for one of this file's addresses. */
    const correosPara = (desde: number, direccion: string) =>
      smtp.recibidos.slice(desde).filter((m) => m.to && 'text' in m.to && m.to.text === direccion);
    const variable = async (nombre: string, area: string, unidad: string) => {
      const r = await server().gql(
        VARIABLE,
        { i: { nombre, nivel: 'GLOBAL', area, unidad, decimales: 1, agregacion: 'PROMEDIO' } },
        { token: admin },
      );
      expect(r.errors).toBeUndefined();
      return r.data?.createVariable.id as string;
    };
    const historico = async (variableId: string, fecha: string, diario: number) => {
      const r = await server().gql(
        HISTORICO,
        { i: { variable_id: variableId, fecha, diario } },
        { token: admin },
      );
      expect(r.errors).toBeUndefined();
      return r.data?.createHistorico as { id: string; version: number };
    };
    const regla = (nombre: string, variableId: string, extra: Record<string, unknown>) => ({
      nombre,
      fuente: 'DIARIO',
      variable_id: variableId,
      condicion: 'UMBRAL_SOBRE',
      canal_app: true,
      canal_email: true,
      activa: true,
      roles_destino: [],
      usuarios_destino: [],
      ...extra,
    });

    beforeAll(async () => {
      admin = (await server().login()).access_token;
      const roles = { rrhh: 'human-resources', usuario: undefined, jefe: 'admin' } as const;
      for (const quien of ['rrhh', 'usuario', 'jefe'] as const) {
        const username = (usernames[quien] = uniqueName(quien));
        ids[quien] = await createUser(server(), admin, {
          username,
          email: correos[quien],
          role: roles[quien],
        });
        tokens[quien] = (await server().login(username, 'clave-usuario-1')).access_token;
      }
      await pasada();
    });

    it('item 5: an HR figure reaches only who may read it, in the bell and by e-mail', async () => {
      const ausentismo = await variable(uniqueName('Ausentismo (%) '), 'rrhh', '%');
      const nombre = uniqueName('Ausentismo alto ');
      const creada = await server().gql(
        REGLA,
        { i: regla(nombre, ausentismo, { umbral: 5, roles_destino: ['TODOS'] }) },
        { token: admin },
      );
      expect(creada.errors).toBeUndefined();
      const antes = {
        rrhh: await noLeidas(tokens.rrhh),
        usuario: await noLeidas(tokens.usuario),
        jefe: await noLeidas(tokens.jefe),
        admin: await noLeidas(admin),
      };
      const correosAntes = smtp.recibidos.length;
      await historico(ausentismo, '2026-11-20', 8.5);
      await pasada();
      expect(await alarmasDe(nombre)).toHaveLength(1);

      // The HR user and the super-admin may read it: told once each.
      expect(await noLeidas(tokens.rrhh)).toBe(antes.rrhh + 1);
      expect(await noLeidas(admin)).toBe(antes.admin + 1);
      expect((await campana(tokens.rrhh))[0]?.mensaje).toContain('8.5 %');
      // A user without a role and an admin without the HR permission may not: nothing in their bell.
      expect(await noLeidas(tokens.usuario)).toBe(antes.usuario);
      expect(await noLeidas(tokens.jefe)).toBe(antes.jefe);
      expect((await campana(tokens.usuario)).some((n) => n.mensaje.includes('8.5 %'))).toBe(false);
      // The same figure historicoFecha refuses them.
      const directo = await server().gql(
        `query($n: String!, $f: Date!) { historicoFecha(nombre: $n, fecha: $f) { diario } }`,
        {
          n: (await server().gql(`{ variables { id nombre } }`, {}, { token: admin })).data?.variables.find(
            (v: { id: string }) => v.id === ausentismo,
          ).nombre,
          f: '2026-11-20',
        },
        { token: tokens.usuario },
      );
      expect(directo.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');

      // E-mail: only the HR user's address (the super-admin has none).
      expect(correosPara(correosAntes, correos.rrhh)).toHaveLength(1);
      expect(correosPara(correosAntes, correos.usuario)).toHaveLength(0);
      expect(correosPara(correosAntes, correos.jefe)).toHaveLength(0);

      // Told while they held the permission; without it, the figure leaves their bell as well.
      const rol = async (role: string) => {
        const r = await server().gql(
          `mutation($id: ID!, $role: String!) { assignRole(user_id: $id, role: $role) { id } }`,
          { id: ids.rrhh, role },
          { token: admin },
        );
        expect(r.errors).toBeUndefined();
        // A role change ends the user's sessions: they log in again.
        tokens.rrhh = (await server().login(usernames.rrhh, 'clave-usuario-1')).access_token;
      };
      await rol('admin');
      expect(await noLeidas(tokens.rrhh)).toBe(antes.rrhh);
      expect((await campana(tokens.rrhh)).some((n) => n.mensaje.includes('8.5 %'))).toBe(false);
      await rol('human-resources');
      expect(await noLeidas(tokens.rrhh)).toBe(antes.rrhh + 1);
    });

    it('item 5: a rule whose recipients can never read its variable is refused in Spanish naming the field', async () => {
      const ausentismo = await variable(uniqueName('Ausentismo (%) '), 'rrhh', '%');
      const soloSinPermiso = await server().gql(
        REGLA,
        {
          i: regla(uniqueName('Ausentismo a usuarios '), ausentismo, {
            umbral: 5,
            usuarios_destino: [ids.usuario, ids.jefe],
          }),
        },
        { token: admin },
      );
      expect(soloSinPermiso.data).toBeNull();
      expect(soloSinPermiso.errors?.[0]).toMatchObject({
        extensions: { code: 'BAD_USER_INPUT', field: 'usuarios_destino' },
      });
      expect(soloSinPermiso.errors?.[0]?.message).toMatch(/^Ninguno de los destinatarios .*recursos humanos/);

      // Editing a rule to such recipients is refused the same way.
      const valida = await server().gql(
        REGLA,
        {
          i: regla(uniqueName('Ausentismo a RR. HH. '), ausentismo, {
            umbral: 5,
            usuarios_destino: [ids.rrhh],
          }),
        },
        { token: admin },
      );
      expect(valida.errors).toBeUndefined();
      const { id, version } = valida.data?.crearReglaNotificacion as { id: string; version: number };
      const editada = await server().gql(
        EDITAR_REGLA,
        {
          id,
          i: regla(uniqueName('Ausentismo a usuarios '), ausentismo, {
            umbral: 5,
            usuarios_destino: [ids.usuario],
            version,
          }),
        },
        { token: admin },
      );
      expect(editada.errors?.[0]?.extensions?.field).toBe('usuarios_destino');

      // An admin without the HR permission may not replay the HR figures through the preview.
      const previa = await server().gql(
        PREVIA,
        { i: regla('previa', ausentismo, { umbral: 5, roles_destino: ['human-resources'] }) },
        { token: tokens.jefe },
      );
      expect(previa.errors?.[0]).toMatchObject({
        message: 'Se requiere el permiso de recursos humanos para ver los datos de esta variable.',
        extensions: { code: 'FORBIDDEN' },
      });
    });

    it('item 17: the days written before a rule is saved do not alarm; a value changed after it does, once per recipient', async () => {
      const inventario = await variable(uniqueName('Días de inventario '), 'planificacion', 'días');
      // History already in the database (a fresh install: written minutes before), all above 12.
      const dias = ['2026-11-15', '2026-11-21', '2026-11-22', '2026-11-23', '2026-11-24'];
      const filas = [];
      for (const [i, fecha] of dias.entries()) filas.push(await historico(inventario, fecha, 14 + i));
      const nombre = uniqueName('Inventario alto ');
      const campos = { umbral: 12, usuarios_destino: [ids.usuario] };
      const previa = await server().gql(PREVIA, { i: regla(nombre, inventario, campos) }, { token: admin });
      expect(previa.errors).toBeUndefined();
      const creada = await server().gql(REGLA, { i: regla(nombre, inventario, campos) }, { token: admin });
      expect(creada.errors).toBeUndefined();
      const bellAntes = await noLeidas(tokens.usuario);
      const correosAntes = smtp.recibidos.length;

      await pasada();
      await pasada();
      expect(await alarmasDe(nombre)).toEqual([]);
      expect(await noLeidas(tokens.usuario)).toBe(bellAntes);
      expect(correosPara(correosAntes, correos.usuario)).toHaveLength(0);

      // A value that changes after the rule was saved is a crossing: one alarm, one notification, one e-mail.
      const cambiado = await server().gql(
        UPDATE_HISTORICO,
        {
          id: filas[1]!.id,
          i: {
            fecha: dias[1],
            diario: 19.5,
            mensual: 19.5,
            anual: 19.5,
            meta: 0,
            version: filas[1]!.version,
          },
        },
        { token: admin },
      );
      expect(cambiado.errors).toBeUndefined();
      await pasada();
      await pasada();
      expect(await alarmasDe(nombre)).toEqual([expect.objectContaining({ fecha: dias[1], valor: 19.5 })]);
      expect(await noLeidas(tokens.usuario)).toBe(bellAntes + 1);
      expect(correosPara(correosAntes, correos.usuario)).toHaveLength(1);

      // Saving the rule again (a lower threshold) does not turn the other old days into alarms.
      const id = (creada.data?.crearReglaNotificacion as { id: string }).id;
      const editada = await server().gql(
        EDITAR_REGLA,
        { id, i: regla(nombre, inventario, { ...campos, umbral: 10, version: 1 }) },
        { token: admin },
      );
      expect(editada.errors).toBeUndefined();
      await pasada();
      expect(await alarmasDe(nombre)).toHaveLength(1);
      expect(await noLeidas(tokens.usuario)).toBe(bellAntes + 1);
      expect(correosPara(correosAntes, correos.usuario)).toHaveLength(1);
    });
  },
  {
    alarmas: {
      smtpUrl: smtp.url,
      mailFrom: 'Planta <planta@planta.test>',
      publicUrl: 'http://localhost:8081',
    },
  },
);
