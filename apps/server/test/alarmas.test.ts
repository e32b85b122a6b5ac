// Issue 17: rules → alarms → notifications and e-mail, against a real SMTP server (smtp-server) on
// a local port, on both databases. The evaluation pass is run by the test (app.motorAlarmas.pasada)
// at the instants it chooses, so retries and backoff are checked without waiting.
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { lineas, plantas, scadaLecturas } from '../src/db/schema/index.ts';
import { evaluarAlarmas } from '../src/modules/alarmas/evaluacion.ts';
import { createUser, describeEachDatabase, type TestServer, uniqueName } from './harness.ts';
import { smtpDePrueba } from './smtp.ts';

const smtp = await smtpDePrueba();
afterAll(() => smtp.close());

const REGLA = `mutation($i: ReglaNotificacionInput!) { crearReglaNotificacion(input: $i) { id version nombre usuarios_destino { username } } }`;
const HISTORICO = `mutation($i: CreateHistoricoInput!) { createHistorico(input: $i) { id version } }`;
const UPDATE_HISTORICO = `mutation($id: ID!, $i: UpdateHistoricoInput!) { updateHistorico(id: $id, input: $i) { id version } }`;
const ALARMAS = `query($estado: String) { alarmas(estado: $estado, limit: 50) { total alarmas { id estado regla_nombre origen valor limite fecha enlace reconocida_por reconocida_at comentario normalizada_at } } }`;

describeEachDatabase(
  'alarmas: reglas, notificaciones y correo',
  (server) => {
    let admin: string;
    let jefeToken: string;
    let operarioToken: string;
    let ajenoToken: string;
    let variableId: string;
    let reglaId: string;
    const nombreRegla = uniqueName('DQO fuera de rango ');
    const correos = {
      jefe: `jefe-${process.pid}@planta.test`,
      operario: `operario-${process.pid}@planta.test`,
    };

    const pasada = (ahora?: Date) => server().app.motorAlarmas.pasada(ahora);
    const dia = (n: number) => `2026-10-${String(n).padStart(2, '0')}`;
    const historico = async (fecha: string, diario: number) =>
      (await server().gql(HISTORICO, { i: { variable_id: variableId, fecha, diario } }, { token: admin }))
        .data?.createHistorico as { id: string; version: number };
    const cambiar = async (h: { id: string; version: number }, fecha: string, diario: number) =>
      (
        await server().gql(
          UPDATE_HISTORICO,
          { id: h.id, i: { fecha, diario, mensual: diario, anual: diario, meta: 0, version: h.version } },
          { token: admin },
        )
      ).data?.updateHistorico as { id: string; version: number };
    const alarmas = async (estado?: string) =>
      (await server().gql(ALARMAS, { estado }, { token: admin })).data?.alarmas as {
        total: number;
        alarmas: Record<string, unknown>[];
      };
    const noLeidas = async (token: string) =>
      (await server().gql(`{ notificacionesNoLeidas }`, {}, { token })).data
        ?.notificacionesNoLeidas as number;

    beforeAll(async () => {
      admin = (await server().login()).access_token;
      const jefe = uniqueName('jefe');
      const operario = uniqueName('oper');
      const ajeno = uniqueName('ajeno');
      await createUser(server(), admin, { username: jefe, role: 'admin', email: correos.jefe });
      const operarioId = await createUser(server(), admin, { username: operario, email: correos.operario });
      await createUser(server(), admin, { username: ajeno });
      jefeToken = (await server().login(jefe, 'clave-usuario-1')).access_token;
      operarioToken = (await server().login(operario, 'clave-usuario-1')).access_token;
      ajenoToken = (await server().login(ajeno, 'clave-usuario-1')).access_token;
      const variable = await server().gql(
        `mutation($i: CreateVariableInput!) { createVariable(input: $i) { id } }`,
        {
          i: {
            nombre: uniqueName('DQO salida '),
            nivel: 'GLOBAL',
            minimo: 10,
            maximo: 20,
            area: 'pta',
            unidad: 'mg/L',
            decimales: 1,
            agregacion: 'PROMEDIO',
          },
        },
        { token: admin },
      );
      variableId = variable.data?.createVariable.id;
      const regla = await server().gql(
        REGLA,
        {
          i: {
            nombre: nombreRegla,
            fuente: 'DIARIO',
            variable_id: variableId,
            condicion: 'FUERA_DE_RANGO',
            histeresis: 1,
            severidad: 'CRITICA',
            roles_destino: ['admin'],
            usuarios_destino: [operarioId],
            canal_app: true,
            canal_email: true,
            activa: true,
          },
        },
        { token: admin },
      );
      expect(regla.errors).toBeUndefined();
      reglaId = regla.data?.crearReglaNotificacion.id;
      await pasada();
    });

    it('a value outside the range opens one alarm: one notification per recipient and one e-mail each, with value, limit and link', async () => {
      const antes = smtp.recibidos.length;
      await historico(dia(5), 24.5);
      await pasada();
      const { alarmas: abiertas } = await alarmas('ACTIVA');
      const propia = abiertas.filter((a) => a.regla_nombre === nombreRegla);
      expect(propia).toHaveLength(1);
      expect(propia[0]).toMatchObject({
        valor: 24.5,
        limite: 20,
        fecha: dia(5),
        enlace: `/pta?fecha=${dia(5)}`,
      });
      expect(await noLeidas(jefeToken)).toBe(1);
      expect(await noLeidas(operarioToken)).toBe(1);
      expect(await noLeidas(ajenoToken)).toBe(0);
      // The role admin includes the super-admin (the bootstrap admin, without an e-mail address).
      expect(await noLeidas(admin)).toBe(1);
      const bell = await server().gql(
        `{ notificaciones { titulo mensaje severidad enlace alarma { id estado valor limite } } }`,
        {},
        { token: operarioToken },
      );
      expect(bell.data?.notificaciones[0]).toMatchObject({
        titulo: `Crítica: ${nombreRegla}`,
        severidad: 'CRITICA',
        enlace: `/pta?fecha=${dia(5)}`,
        alarma: { estado: 'ACTIVA', valor: 24.5, limite: 20 },
      });
      expect(bell.data?.notificaciones[0].mensaje).toContain('24.5 mg/L (límite 20 mg/L)');

      const nuevos = smtp.recibidos.slice(antes);
      expect(nuevos.map((m) => m.to && 'text' in m.to && m.to.text).sort()).toEqual(
        [correos.jefe, correos.operario].sort(),
      );
      const correo = nuevos[0] as ParsedMail;
      expect(correo.subject).toBe(`[Planta] Crítica: ${nombreRegla} — ${propia[0]?.origen}`);
      expect(correo.text).toContain('24.5 mg/L');
      expect(correo.text).toContain('Límite: 20 mg/L');
      expect(correo.text).toContain(`http://localhost:8081/pta?fecha=${dia(5)}`);
      expect(correo.html).toContain('Ver en Planta');
    });

    it('staying outside repeats nothing; back inside the dead band keeps it open; back inside normalizes it; a new crossing is a new alarm', async () => {
      const antes = smtp.recibidos.length;
      const h = await historico(dia(6), 25);
      await pasada();
      const abiertas = () =>
        alarmas().then((r) => r.alarmas.filter((a) => a.regla_nombre === nombreRegla && a.fecha === dia(6)));
      expect(await abiertas()).toHaveLength(1);
      const correosTrasAbrir = smtp.recibidos.length;
      expect(correosTrasAbrir - antes).toBe(2);
      // Still outside, other value: nothing new.
      const h2 = await cambiar(h, dia(6), 27);
      await pasada();
      expect(await abiertas()).toHaveLength(1);
      expect(smtp.recibidos.length).toBe(correosTrasAbrir);
      // 19.5: inside the range but within the band (maximo 20 − 1): stays open.
      const h3 = await cambiar(h2, dia(6), 19.5);
      await pasada();
      expect((await abiertas())[0]?.estado).toBe('ACTIVA');
      // 18: inside by more than the band: normalized.
      const h4 = await cambiar(h3, dia(6), 18);
      await pasada();
      expect((await abiertas())[0]).toMatchObject({ estado: 'NORMALIZADA' });
      expect((await abiertas())[0]?.normalizada_at).not.toBeNull();
      // Outside again: a second occurrence, told again.
      await cambiar(h4, dia(6), 9);
      await pasada();
      const ambas = await abiertas();
      expect(ambas.map((a) => a.estado).sort()).toEqual(['ACTIVA', 'NORMALIZADA']);
      expect(ambas.find((a) => a.estado === 'ACTIVA')).toMatchObject({ valor: 9, limite: 10 });
      expect(smtp.recibidos.length).toBe(correosTrasAbrir + 2);
    });

    it('the bell counts live: the subscription sends the unread count at once and after each change', async () => {
      const socket = new WebSocket(`${server().url.replace('http', 'ws')}/graphql`, 'graphql-transport-ws', {
        origin: server().url,
      });
      const recibidos: { type: string; payload?: { data?: { notificacionesNoLeidas: number } } }[] = [];
      socket.on('message', (data) => recibidos.push(JSON.parse(String(data))));
      await new Promise((resolve) => socket.once('open', resolve));
      const cuentas = () =>
        recibidos.filter((m) => m.type === 'next').map((m) => m.payload?.data?.notificacionesNoLeidas);
      try {
        socket.send(JSON.stringify({ type: 'connection_init', payload: { token: operarioToken } }));
        await expect.poll(() => recibidos.some((m) => m.type === 'connection_ack')).toBe(true);
        socket.send(
          JSON.stringify({
            type: 'subscribe',
            id: '1',
            payload: { query: 'subscription { notificacionesNoLeidas }' },
          }),
        );
        const inicial = await noLeidas(operarioToken);
        await expect.poll(cuentas).toEqual([inicial]);
        await historico(dia(10), 50);
        await pasada();
        await expect.poll(cuentas).toEqual([inicial, inicial + 1]);
        await server().gql(`mutation { marcarNotificacionesLeidas }`, {}, { token: operarioToken });
        await expect.poll(cuentas).toEqual([inicial, inicial + 1, 0]);
      } finally {
        socket.close();
      }
    });

    it('two passes at once (two servers) open the alarm and tell each recipient once', async () => {
      const antes = await noLeidas(operarioToken);
      await historico(dia(7), 30);
      const opciones = { timeZone: 'America/Lima', correo: true, publicUrl: 'http://localhost:8081' };
      const [a, b] = await Promise.all([
        evaluarAlarmas(server().database.db, opciones),
        evaluarAlarmas(server().database.db, opciones),
      ]);
      expect(a.abiertas + b.abiertas).toBe(1);
      expect(await noLeidas(operarioToken)).toBe(antes + 1);
      const delDia = (await alarmas()).alarmas.filter(
        (x) => x.fecha === dia(7) && x.regla_nombre === nombreRegla,
      );
      expect(delDia).toHaveLength(1);
      // The e-mails those passes queued go out with the next one.
      await pasada();
    });

    it('acknowledging records who, when and the comment; once only; only a recipient or an admin', async () => {
      const alarma = (await alarmas('ACTIVA')).alarmas.find((a) => a.fecha === dia(5)) as { id: string };
      const RECONOCER = `mutation($id: ID!, $c: String!) { reconocerAlarma(id: $id, comentario: $c) { estado reconocida_por reconocida_at comentario } }`;
      const vacio = await server().gql(RECONOCER, { id: alarma.id, c: '   ' }, { token: operarioToken });
      expect(vacio.errors?.[0]?.message).toBe('Escriba un comentario para reconocer la alarma');
      const ajeno = await server().gql(RECONOCER, { id: alarma.id, c: 'visto' }, { token: ajenoToken });
      expect(ajeno.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      const ok = await server().gql(
        RECONOCER,
        { id: alarma.id, c: 'Se ajustó la dosificación de coagulante' },
        { token: operarioToken },
      );
      expect(ok.errors).toBeUndefined();
      expect(ok.data?.reconocerAlarma).toMatchObject({
        estado: 'RECONOCIDA',
        comentario: 'Se ajustó la dosificación de coagulante',
      });
      expect(ok.data?.reconocerAlarma.reconocida_por).toBeTruthy();
      expect(Date.now() - new Date(ok.data?.reconocerAlarma.reconocida_at).getTime()).toBeLessThan(60_000);
      const otra = await server().gql(RECONOCER, { id: alarma.id, c: 'yo también' }, { token: jefeToken });
      expect(otra.errors?.[0]).toMatchObject({ extensions: { code: 'CONFLICT' } });
      expect(otra.errors?.[0]?.message).toContain('ya fue reconocida');
    });

    it('a failing SMTP is retried with backoff and, after the last try, shown to admins as FALLIDO', async () => {
      smtp.estado.fallar = true;
      try {
        await historico(dia(8), 40);
        const t0 = Date.now();
        await pasada(new Date(t0));
        const envios = async () =>
          (
            await server().gql(
              `{ enviosCorreo(limit: 200) { destinatario asunto estado intentos ultimo_error proximo_intento } }`,
              {},
              { token: admin },
            )
          ).data?.enviosCorreo.filter(
            (e: { asunto: string }) => e.asunto.includes(nombreRegla) && e.asunto,
          ) as {
            destinatario: string;
            estado: string;
            intentos: number;
            ultimo_error: string | null;
          }[];
        const pendientes = (await envios()).filter((e) => e.estado === 'PENDIENTE');
        expect(pendientes).toHaveLength(2);
        expect(pendientes.map((e) => [e.intentos, e.ultimo_error])).toEqual([
          [1, 'Message failed: 451 Buzón no disponible por ahora'],
          [1, 'Message failed: 451 Buzón no disponible por ahora'],
        ]);
        // Before the wait is over nothing is tried again.
        await pasada(new Date(t0 + 10_000));
        expect((await envios()).filter((e) => e.estado === 'PENDIENTE').every((e) => e.intentos === 1)).toBe(
          true,
        );
        // Each wait over: tried again, until the last try leaves it FALLIDO.
        let t = t0;
        for (const espera of [30_000, 120_000, 600_000, 1_800_000, 7_200_000]) {
          t += espera + 1_000;
          await pasada(new Date(t));
        }
        const fallidos = (await envios()).filter((e) => e.estado === 'FALLIDO');
        expect(fallidos.length).toBeGreaterThanOrEqual(2);
        expect(fallidos.every((e) => e.intentos === 6)).toBe(true);
        const noAdmin = await server().gql(`{ enviosCorreo { id } }`, {}, { token: operarioToken });
        expect(noAdmin.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      } finally {
        smtp.estado.fallar = false;
      }
      // A message that failed once goes out when the server answers again.
      smtp.estado.fallar = true;
      await historico(dia(9), 41);
      const t1 = Date.now();
      await pasada(new Date(t1));
      smtp.estado.fallar = false;
      const antes = smtp.recibidos.length;
      await pasada(new Date(t1 + 31_000));
      expect(smtp.recibidos.length - antes).toBe(2);
    });

    it('previews how often a rule would have fired over the last 30 days, without saving or sending', async () => {
      const hoy = new Date();
      const previa = await server().gql(
        `query($i: ReglaNotificacionInput!) { previaReglaNotificacion(input: $i) { desde hasta ocurrencias dias ejemplos { fecha valor limite } } }`,
        {
          i: {
            nombre: 'previa',
            fuente: 'DIARIO',
            variable_id: variableId,
            condicion: 'UMBRAL_SOBRE',
            umbral: 50,
            roles_destino: ['admin'],
            usuarios_destino: [],
            canal_app: true,
            canal_email: false,
            activa: true,
          },
        },
        { token: admin },
      );
      expect(previa.errors).toBeUndefined();
      expect(previa.data?.previaReglaNotificacion.ocurrencias).toBe(0);
      // Days above 50: two in a row are one occurrence (no return below the limit between them).
      const base = new Date(hoy.getTime() - 5 * 86_400_000).toISOString().slice(0, 10);
      const mas = (n: number) =>
        new Date(new Date(`${base}T12:00:00Z`).getTime() + n * 86_400_000).toISOString().slice(0, 10);
      await historico(mas(0), 60);
      await historico(mas(1), 70);
      await historico(mas(2), 30);
      await historico(mas(3), 55);
      const otra = await server().gql(
        `query($i: ReglaNotificacionInput!) { previaReglaNotificacion(input: $i) { ocurrencias dias ejemplos { fecha valor limite } } }`,
        {
          i: {
            nombre: 'previa',
            fuente: 'DIARIO',
            variable_id: variableId,
            condicion: 'UMBRAL_SOBRE',
            umbral: 50,
            roles_destino: ['admin'],
            usuarios_destino: [],
            canal_app: true,
            canal_email: false,
            activa: true,
          },
        },
        { token: admin },
      );
      expect(otra.data?.previaReglaNotificacion).toMatchObject({
        ocurrencias: 2,
        dias: 2,
        ejemplos: [
          { fecha: mas(0), valor: 60, limite: 50 },
          { fecha: mas(3), valor: 55, limite: 50 },
        ],
      });
    });

    it('a live rule opens when the speed stayed below the threshold for its duration, once, and normalizes past the band', async () => {
      const db = server().database.db;
      const [planta] = await db
        .insert(plantas)
        .values({ nombre: uniqueName('Planta ') })
        .returning({ id: plantas.id });
      const numero = 40 + (server().kind === 'pglite' ? 1 : 2);
      const [linea] = await db
        .insert(lineas)
        .values({ plantaId: planta!.id, nombre: `Línea ${numero}`, numero })
        .returning({ id: lineas.id });
      const regla = await server().gql(
        REGLA,
        {
          i: {
            nombre: uniqueName('Velocidad baja '),
            fuente: 'VIVO',
            linea_id: String(linea!.id),
            condicion: 'UMBRAL_BAJO',
            umbral: 300,
            duracion_min: 10,
            histeresis: 10,
            severidad: 'AVISO',
            roles_destino: ['admin'],
            usuarios_destino: [],
            canal_app: true,
            canal_email: false,
            activa: true,
          },
        },
        { token: admin },
      );
      expect(regla.errors).toBeUndefined();
      const nombre = regla.data?.crearReglaNotificacion.nombre as string;
      const t0 = Math.floor(Date.now() / 60_000) * 60_000 - 60 * 60_000;
      const minuto = (i: number, velocidad: number) => ({
        linea: numero,
        fecha: new Date(t0 + i * 60_000),
        velocidad,
        botellas: 0,
        botellasLlenas: 0,
        paquetes: 0,
        formato: 1,
      });
      const suyas = async () => (await alarmas()).alarmas.filter((a) => a.regla_nombre === nombre);
      // Nine minutes below: not yet.
      await db.insert(scadaLecturas).values([0, 1, 2, 3, 4, 5, 6, 7, 8].map((i) => minuto(i, 250)));
      await pasada(new Date(t0 + 8 * 60_000 + 30_000));
      expect(await suyas()).toHaveLength(0);
      // The tenth: it opens, with the first minute of the ten as its start.
      await db.insert(scadaLecturas).values(minuto(9, 240));
      await pasada(new Date(t0 + 9 * 60_000 + 30_000));
      const [abierta] = await suyas();
      expect(abierta).toMatchObject({
        estado: 'ACTIVA',
        valor: 240,
        limite: 300,
        origen: `Velocidad Línea ${numero}`,
      });
      // Hovering: 305 is above 300 but inside the band (310): open, nobody told again.
      await db.insert(scadaLecturas).values([minuto(10, 305), minuto(11, 280)]);
      await pasada(new Date(t0 + 11 * 60_000 + 30_000));
      expect(await suyas()).toHaveLength(1);
      await db.insert(scadaLecturas).values(minuto(12, 320));
      await pasada(new Date(t0 + 12 * 60_000 + 30_000));
      expect((await suyas()).map((a) => a.estado)).toEqual(['NORMALIZADA']);
    });

    it('validates rules in Spanish naming the field; refuses a stale save; deletes keeping past alarms', async () => {
      const base = {
        nombre: 'Velocidad baja',
        fuente: 'VIVO',
        condicion: 'UMBRAL_BAJO',
        umbral: 300,
        duracion_min: 10,
        roles_destino: ['admin'],
        usuarios_destino: [],
        canal_app: true,
        canal_email: false,
        activa: true,
      };
      const sinLinea = await server().gql(REGLA, { i: base }, { token: admin });
      expect(sinLinea.errors?.[0]).toMatchObject({
        message: 'Elija la línea cuya velocidad vigila la regla',
        extensions: { code: 'BAD_USER_INPUT', field: 'linea_id' },
      });
      const duracion = await server().gql(
        REGLA,
        { i: { ...base, linea_id: '1', duracion_min: 0 } },
        { token: admin },
      );
      expect(duracion.errors?.[0]?.message).toBe('El campo "duracion_min" debe estar entre 1 y 1440 minutos');
      const sinCanal = await server().gql(
        REGLA,
        { i: { ...base, fuente: 'DIARIO', variable_id: variableId, canal_app: false } },
        { token: admin },
      );
      expect(sinCanal.errors?.[0]?.message).toBe('Elija al menos un canal: aplicación o correo');
      const noAdmin = await server().gql(
        REGLA,
        { i: { ...base, fuente: 'DIARIO', variable_id: variableId } },
        { token: operarioToken },
      );
      expect(noAdmin.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');

      const leida = (
        await server().gql(`{ reglasNotificacion { id version nombre } }`, {}, { token: admin })
      ).data?.reglasNotificacion.find((r: { id: string }) => r.id === reglaId);
      const input = {
        nombre: `${nombreRegla} (editada)`,
        fuente: 'DIARIO',
        variable_id: variableId,
        condicion: 'FUERA_DE_RANGO',
        histeresis: 1,
        severidad: 'CRITICA',
        roles_destino: ['admin'],
        usuarios_destino: [],
        canal_app: true,
        canal_email: true,
        activa: true,
        version: leida.version,
      };
      const UPDATE = `mutation($id: ID!, $i: ReglaNotificacionInput!) { actualizarReglaNotificacion(id: $id, input: $i) { version nombre } }`;
      const primera = await server().gql(UPDATE, { id: reglaId, i: input }, { token: admin });
      expect(primera.data?.actualizarReglaNotificacion.version).toBe(leida.version + 1);
      const segunda = await server().gql(UPDATE, { id: reglaId, i: input }, { token: jefeToken });
      expect(segunda.errors?.[0]?.extensions?.code).toBe('CONFLICT');

      const borrada = await server().gql(
        `mutation($id: ID!) { eliminarReglaNotificacion(id: $id) }`,
        { id: reglaId },
        { token: admin },
      );
      expect(borrada.data?.eliminarReglaNotificacion).toBe(true);
      const pasadas = (await alarmas()).alarmas.filter((a) => a.regla_nombre === nombreRegla);
      expect(pasadas.length).toBeGreaterThan(0);
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

describe('e-mail off without SMTP_URL', () => {
  it('has nothing to send and queues nothing', async () => {
    const { Correo } = await import('../src/mail/correo.ts');
    const correo = new Correo({} as never, { smtpUrl: undefined, from: 'x', logger: console as never });
    expect(correo.activo).toBe(false);
    expect(await correo.enviarPendientes()).toEqual({ enviados: 0, fallidos: 0 });
  });
});

export type { TestServer };
