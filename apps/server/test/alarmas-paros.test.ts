// Issue 33 item 6: alarm rules on a line's stops (fuente PAROS) — a stop without a reason more than
// N minutes after its start, and more than N micro-stops in the last hour — over HTTP on both
// databases, against a real SMTP server. Stops are written with SQL as the collector writes them;
// the evaluation pass runs at the instants the test chooses (app.motorAlarmas.pasada).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { lineas, paros, plantas } from '../src/db/schema/index.ts';
import { createUser, describeEachDatabase, uniqueName } from './harness.ts';
import { smtpDePrueba } from './smtp.ts';

const smtp = await smtpDePrueba();
afterAll(() => smtp.close());

const REGLA = `mutation($i: ReglaNotificacionInput!) { crearReglaNotificacion(input: $i) { id nombre fuente condicion umbral linea_id linea_nombre histeresis duracion_min } }`;
const ALARMAS = `{ alarmas(limit: 200) { alarmas { id estado regla_nombre origen valor limite unidad enlace fecha normalizada_at } } }`;
const BELL = `{ notificaciones { titulo mensaje severidad enlace alarma { id estado } } }`;
const ASIGNAR = `mutation($input: AsignarMotivoParoInput!) { asignarMotivoParo(input: $input) { id motivo { id } } }`;
const PREVIA = `query($i: ReglaNotificacionInput!) { previaReglaNotificacion(input: $i) { ocurrencias ejemplos { valor limite } } }`;
const MIN = 60_000;

interface Alarma {
  id: string;
  estado: string;
  regla_nombre: string;
  origen: string;
  valor: number;
  limite: number;
  unidad: string | null;
  enlace: string;
  fecha: string;
  normalizada_at: string | null;
}

describeEachDatabase(
  'alarmas de paros: paro sin motivo y microparos por hora',
  (server) => {
    let admin: string;
    let operadorToken: string;
    let operadorId: string;
    let lineaSinMotivo: { id: number; nombre: string; numero: number };
    let lineaMicro: { id: number; nombre: string; numero: number };
    const correoOperador = `operador-paros-${process.pid}@planta.test`;
    const correoJefe = `jefe-paros-${process.pid}@planta.test`;

    const db = () => server().database.db;
    const pasada = (ahora?: Date) => server().app.motorAlarmas.pasada(ahora);
    const alarmasDe = async (regla: string) =>
      ((await server().gql(ALARMAS, {}, { token: admin })).data?.alarmas.alarmas as Alarma[]).filter(
        (a) => a.regla_nombre === regla,
      );
    const noLeidas = async (token: string) =>
      (await server().gql(`{ notificacionesNoLeidas }`, {}, { token })).data
        ?.notificacionesNoLeidas as number;
    const paro = async (
      lineaId: number,
      inicio: Date,
      fin: Date | null,
      tipo: 'FALLA' | 'MICROPARO' = 'FALLA',
    ): Promise<number> => {
      const [row] = await db()
        .insert(paros)
        .values({ lineaId, inicio, fin, equipo: '', causa: '', tipo, origen: 'PLC' })
        .returning({ id: paros.id });
      return row!.id;
    };
    const nuevaLinea = async (numero: number) => {
      const [planta] = await db()
        .insert(plantas)
        .values({ nombre: uniqueName('Planta ') })
        .returning({ id: plantas.id });
      const nombre = `Línea ${numero}`;
      const [linea] = await db()
        .insert(lineas)
        .values({ plantaId: planta!.id, nombre, numero })
        .returning({ id: lineas.id });
      return { id: linea!.id, nombre, numero };
    };
    const regla = (cambios: Record<string, unknown>) => ({
      nombre: uniqueName('Regla de paros '),
      fuente: 'PAROS',
      condicion: 'PARO_SIN_MOTIVO',
      umbral: 20,
      severidad: 'AVISO',
      roles_destino: ['admin'],
      usuarios_destino: [operadorId],
      canal_app: true,
      canal_email: true,
      activa: true,
      ...cambios,
    });

    beforeAll(async () => {
      admin = (await server().login()).access_token;
      const base = server().kind === 'pglite' ? 50 : 60;
      lineaSinMotivo = await nuevaLinea(base + 1);
      lineaMicro = await nuevaLinea(base + 2);
      const jefe = uniqueName('jefe');
      await createUser(server(), admin, { username: jefe, role: 'admin', email: correoJefe });
      const operador = uniqueName('op');
      operadorId = await createUser(server(), admin, {
        username: operador,
        role: 'operador',
        email: correoOperador,
      });
      const asignado = await server().gql(
        `mutation($u: ID!, $l: [ID!]!) { asignarLineasOperador(user_id: $u, linea_ids: $l) { id } }`,
        { u: operadorId, l: [String(lineaSinMotivo.id)] },
        { token: admin },
      );
      expect(asignado.errors, JSON.stringify(asignado.errors)).toBeUndefined();
      operadorToken = (await server().login(operador, 'clave-usuario-1')).access_token;
    });

    it('a stop without a reason past N minutes opens one alarm (told once, bell and e-mail); its reason normalizes it', async () => {
      // Already there when the rule is saved: an old closed stop without a reason (out of reach),
      // and one still open past the threshold (it alarms).
      await paro(
        lineaSinMotivo.id,
        new Date(Date.now() - 3 * 24 * 60 * MIN),
        new Date(Date.now() - 71 * 60 * MIN),
      );
      const abierto = await paro(lineaSinMotivo.id, new Date(Date.now() - 21 * MIN), null);
      const creada = await server().gql(
        REGLA,
        { i: regla({ linea_id: String(lineaSinMotivo.id) }) },
        { token: admin },
      );
      expect(creada.errors, JSON.stringify(creada.errors)).toBeUndefined();
      const nombre = creada.data?.crearReglaNotificacion.nombre as string;
      expect(creada.data?.crearReglaNotificacion).toMatchObject({
        fuente: 'PAROS',
        condicion: 'PARO_SIN_MOTIVO',
        umbral: 20,
        linea_nombre: lineaSinMotivo.nombre,
        histeresis: 0,
        duracion_min: 0,
      });
      // Younger than N, and a micro-stop: nothing.
      await paro(lineaSinMotivo.id, new Date(Date.now() - 10 * MIN), new Date(Date.now() - 9 * MIN));
      await paro(
        lineaSinMotivo.id,
        new Date(Date.now() - 30 * MIN),
        new Date(Date.now() - 30 * MIN + 40_000),
        'MICROPARO',
      );

      const antes = smtp.recibidos.length;
      await pasada();
      await pasada();
      const suyas = await alarmasDe(nombre);
      expect(suyas).toHaveLength(1);
      expect(suyas[0]).toMatchObject({
        estado: 'ACTIVA',
        origen: `Paro sin motivo ${lineaSinMotivo.nombre}`,
        valor: 21,
        limite: 20,
        unidad: 'min',
        enlace: `/paros?linea=${lineaSinMotivo.id}`,
      });
      expect(await noLeidas(operadorToken)).toBe(1);
      const bell = (await server().gql(BELL, {}, { token: operadorToken })).data?.notificaciones[0];
      expect(bell).toMatchObject({
        titulo: `Aviso: ${nombre}`,
        severidad: 'AVISO',
        enlace: `/paros?linea=${lineaSinMotivo.id}`,
        alarma: { estado: 'ACTIVA' },
      });
      // "desde las 23:45", or with the day when the stop began before midnight (a run at 00:0x).
      expect(bell.mensaje).toMatch(
        new RegExp(
          `^${lineaSinMotivo.nombre}: paro sin motivo desde (las|el \\d\\d/\\d\\d) \\d\\d:\\d\\d \\(21 min\\)\\.$`,
        ),
      );
      await expect.poll(() => smtp.recibidos.length - antes).toBe(2);
      const nuevos = smtp.recibidos.slice(antes);
      expect(nuevos.map((m) => m.to && 'text' in m.to && m.to.text).sort()).toEqual(
        [correoJefe, correoOperador].sort(),
      );
      expect(nuevos[0]?.subject).toBe(`[Planta] Aviso: ${nombre} — Paro sin motivo ${lineaSinMotivo.nombre}`);
      expect(nuevos[0]?.text).toContain(`${lineaSinMotivo.nombre}: paro sin motivo desde `);
      expect(nuevos[0]?.text).toContain(`http://localhost:8081/paros?linea=${lineaSinMotivo.id}`);

      // Still without a reason minutes later: nobody is told again.
      await pasada(new Date(Date.now() + 5 * MIN));
      expect(await alarmasDe(nombre)).toHaveLength(1);
      expect(smtp.recibidos.length - antes).toBe(2);

      // A reason given on /paros (an admin: an operator may only until the stop's shift closes,
      // which a run near a shift change would cross): normalized.
      const [motivo] = (
        (await db().execute(
          sql`select id::text as id from motivos_paro where clase = 'FALLA' and cardinality(linea_ids) = 0 order by id limit 1`,
        )) as unknown as { rows: { id: string }[] }
      ).rows;
      const dado = await server().gql(
        ASIGNAR,
        { input: { paro_id: String(abierto), motivo_id: motivo!.id, version: 1 } },
        { token: admin },
      );
      expect(dado.errors, JSON.stringify(dado.errors)).toBeUndefined();
      await pasada();
      const normalizada = await alarmasDe(nombre);
      expect(normalizada).toHaveLength(1);
      expect(normalizada[0]).toMatchObject({ estado: 'NORMALIZADA' });
      expect(normalizada[0]?.normalizada_at).not.toBeNull();

      // A later stop, closed without a reason, is an alarm of its own once N minutes from its start
      // pass; a reason given by SQL normalizes it too.
      const otro = await paro(
        lineaSinMotivo.id,
        new Date(Date.now() - 15 * MIN),
        new Date(Date.now() - 12 * MIN),
      );
      await pasada(new Date(Date.now() + 6 * MIN));
      expect((await alarmasDe(nombre)).map((a) => a.estado).sort()).toEqual(['ACTIVA', 'NORMALIZADA']);
      await db().execute(sql`update paros set motivo_id = ${Number(motivo!.id)} where id = ${otro}`);
      await pasada();
      expect((await alarmasDe(nombre)).map((a) => a.estado)).toEqual(['NORMALIZADA', 'NORMALIZADA']);

      // The 30-day preview counts the stops that waited longer than N (the two above).
      const previa = await server().gql(
        PREVIA,
        { i: regla({ linea_id: String(lineaSinMotivo.id) }) },
        { token: admin },
      );
      expect(previa.errors, JSON.stringify(previa.errors)).toBeUndefined();
      expect(previa.data?.previaReglaNotificacion.ocurrencias).toBeGreaterThanOrEqual(1);
    });

    it('more than N micro-stops in the last hour opens one alarm; fewer normalizes it', async () => {
      const ahora = Date.now();
      const creada = await server().gql(
        REGLA,
        {
          i: regla({
            linea_id: String(lineaMicro.id),
            condicion: 'MICROPAROS_HORA',
            umbral: 3,
            severidad: 'CRITICA',
            usuarios_destino: [],
            canal_email: false,
          }),
        },
        { token: admin },
      );
      expect(creada.errors, JSON.stringify(creada.errors)).toBeUndefined();
      const nombre = creada.data?.crearReglaNotificacion.nombre as string;
      // Three in the hour: not more than 3.
      for (const hace of [50, 40, 30])
        await paro(
          lineaMicro.id,
          new Date(ahora - hace * MIN),
          new Date(ahora - hace * MIN + 30_000),
          'MICROPARO',
        );
      // One outside the hour.
      await paro(lineaMicro.id, new Date(ahora - 70 * MIN), new Date(ahora - 70 * MIN + 30_000), 'MICROPARO');
      await pasada(new Date(ahora));
      expect(await alarmasDe(nombre)).toHaveLength(0);
      // The fourth.
      await paro(lineaMicro.id, new Date(ahora - 5 * MIN), new Date(ahora - 5 * MIN + 30_000), 'MICROPARO');
      const antes = await noLeidas(admin);
      await pasada(new Date(ahora));
      await pasada(new Date(ahora + 1_000));
      const [abierta, ...mas] = await alarmasDe(nombre);
      expect(mas).toHaveLength(0);
      const fecha = abierta?.fecha;
      expect(abierta).toMatchObject({
        estado: 'ACTIVA',
        origen: `Microparos ${lineaMicro.nombre}`,
        valor: 4,
        limite: 3,
        unidad: null,
        enlace: `/fabrica/perdidas?fecha=${fecha}&linea=${lineaMicro.numero}`,
      });
      expect(await noLeidas(admin)).toBe(antes + 1);
      const bell = (await server().gql(BELL, {}, { token: admin })).data?.notificaciones.find(
        (n: { alarma: { id: string } | null }) => n.alarma?.id === abierta?.id,
      );
      expect(bell).toMatchObject({
        titulo: `Crítica: ${nombre}`,
        mensaje: `${lineaMicro.nombre}: 4 microparos en la última hora (máximo 3).`,
      });
      // Eleven minutes later the one of 50 minutes ago left the hour: 3, not more than 3.
      await pasada(new Date(ahora + 11 * MIN));
      expect((await alarmasDe(nombre)).map((a) => a.estado)).toEqual(['NORMALIZADA']);
    });

    it('validates the rules on stops in Spanish, naming the field (BAD_USER_INPUT)', async () => {
      const errorDe = async (i: Record<string, unknown>) => {
        const r = await server().gql(REGLA, { i }, { token: admin });
        expect(r.data).toBeNull();
        expect(r.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
        return r.errors?.[0];
      };
      const linea = String(lineaSinMotivo.id);
      expect(await errorDe(regla({}))).toMatchObject({
        message: 'Elija la línea cuyos paros vigila la regla',
        extensions: { code: 'BAD_USER_INPUT', field: 'linea_id' },
      });
      expect(await errorDe(regla({ linea_id: linea, umbral: 0 }))).toMatchObject({
        message: 'El campo "umbral" debe ser un número entero de minutos sin motivo entre 1 y 1440',
        extensions: { field: 'umbral' },
      });
      expect(
        await errorDe(regla({ linea_id: linea, umbral: -2, condicion: 'MICROPAROS_HORA' })),
      ).toMatchObject({
        message: 'El campo "umbral" debe ser un número entero de microparos por hora entre 1 y 1000',
        extensions: { field: 'umbral' },
      });
      expect(await errorDe(regla({ linea_id: linea, umbral: null }))).toMatchObject({
        message: 'El campo "umbral" es obligatorio: los minutos sin motivo',
        extensions: { field: 'umbral' },
      });
      expect(await errorDe(regla({ linea_id: linea, umbral: 2.5 }))).toMatchObject({
        extensions: { field: 'umbral' },
      });
      expect(await errorDe(regla({ linea_id: linea, condicion: 'UMBRAL_BAJO' }))).toMatchObject({
        message: 'Los paros de línea admiten PARO_SIN_MOTIVO o MICROPAROS_HORA',
        extensions: { field: 'condicion' },
      });
      expect(await errorDe(regla({ linea_id: linea, fuente: 'VIVO' }))).toMatchObject({
        extensions: { field: 'condicion' },
      });
      expect(await errorDe(regla({ linea_id: '999999' }))).toMatchObject({
        message: 'La línea no existe',
        extensions: { field: 'linea_id' },
      });
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
