import {
  ARBOL_MOTIVOS_PARO,
  MAX_CATEGORIAS_PARO,
  MAX_MOTIVOS_PARO,
  productionDayRange,
  VALORES_CLASE_PERDIDA,
} from '@planta/domain';
import { sql } from 'drizzle-orm';
import { type GraphQLSchema, isEnumType } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { rowsOf } from '../src/db/rows.ts';
import { CLASES_PERDIDA_SQL, paros } from '../src/db/schema/index.ts';
import { CAMBIO_CONCURRENTE } from '../src/modules/audit/cambios.ts';
import { type PlantFixture, seedPlant, TZ } from './fixtures.ts';
import { createUser, describeEachDatabase, type GqlResult, uniqueName } from './harness.ts';

/**
 * The tree of stop reasons and the micro-stop thresholds (motivos-paro.graphql): the default tree
 * the migration writes, categories and reasons created, edited and deleted by an admin (audited,
 * version-checked, every rule a Spanish 400 or 409 naming the field), a fault code selecting one
 * reason per line, the reasons of a line, each line's threshold, and the new fields of a Paro.
 */

const MOTIVO_FIELDS = 'id nombre categoria_id categoria clase linea_ids codigos_falla version';
const CATEGORIAS = `{ categoriasParo { id nombre version motivos { ${MOTIVO_FIELDS} } } }`;
const MOTIVOS = `query($l: ID) { motivosParo(linea_id: $l) { ${MOTIVO_FIELDS} } }`;
const UMBRALES = `{ umbralesMicroparo { linea_id linea linea_nombre segundos version } }`;
const CREATE_CAT = `mutation($input: CategoriaParoInput!) { createCategoriaParo(input: $input) { id nombre version motivos { id } } }`;
const UPDATE_CAT = `mutation($id: ID!, $input: CategoriaParoInput!) { updateCategoriaParo(id: $id, input: $input) { id nombre version motivos { id nombre } } }`;
const DELETE_CAT = `mutation($id: ID!, $version: Int) { deleteCategoriaParo(id: $id, version: $version) { id nombre version } }`;
const CREATE_MOT = `mutation($input: MotivoParoInput!) { createMotivoParo(input: $input) { ${MOTIVO_FIELDS} } }`;
const UPDATE_MOT = `mutation($id: ID!, $input: MotivoParoInput!) { updateMotivoParo(id: $id, input: $input) { ${MOTIVO_FIELDS} } }`;
const DELETE_MOT = `mutation($id: ID!, $version: Int) { deleteMotivoParo(id: $id, version: $version) { ${MOTIVO_FIELDS} } }`;
const UMBRAL = `mutation($l: ID!, $s: Int!, $v: Int) { actualizarUmbralMicroparo(linea_id: $l, segundos: $s, version: $v) { linea_id linea linea_nombre segundos version } }`;
const PAROS = `query($d: Date!, $h: Date!) { paros(desde: $d, hasta: $h) { total items { id tipo origen clase comentario codigo_falla version motivo { ${MOTIVO_FIELDS} } } } }`;
const CREATE_PARO = `mutation($input: ParoInput!) { createParo(input: $input) { id tipo origen clase motivo { id } comentario codigo_falla } }`;

const DAY = '2026-03-02';

interface Motivo {
  id: string;
  nombre: string;
  categoria_id: string;
  categoria: string;
  clase: string;
  linea_ids: string[];
  codigos_falla: number[];
  version: number;
}
interface Categoria {
  id: string;
  nombre: string;
  version: number;
  motivos: Motivo[];
}
interface Umbral {
  linea_id: string;
  linea: number;
  linea_nombre: string;
  segundos: number;
  version: number;
}
interface AuditRow {
  actor_id: number;
  details: {
    operacion: string;
    antes: Record<string, unknown> | null;
    despues: Record<string, unknown> | null;
  };
}

async function lastAudit(db: Db, entidad: string, id: string): Promise<AuditRow | undefined> {
  const [row] = await rowsOf<AuditRow>(
    db.execute(sql`select actor_id, details from audit_log
      where action = 'configuracion' and target_type = ${entidad} and target_id = ${id}
      order by id desc limit 1`),
  );
  return row;
}

function expectError(r: GqlResult, code: string, field: string, message: string | RegExp) {
  expect(r.errors?.[0]?.extensions, JSON.stringify(r.errors)).toMatchObject({ code, field });
  expect(r.errors?.[0]?.message).toMatch(message);
  expect(r.status).toBeLessThan(500);
  expect(r.data).toBeNull();
}
const expectBadInput = (r: GqlResult, field: string, message: string | RegExp) =>
  expectError(r, 'BAD_USER_INPUT', field, message);
const expectConflict = (r: GqlResult, field: string, message: string | RegExp) =>
  expectError(r, 'CONFLICT', field, message);

describeEachDatabase('configuración: motivos de paro y umbrales de microparo', (server) => {
  let admin: string;
  let adminId: number;
  let reader: string;
  let db: Db;
  let plant: PlantFixture;
  let l1 = '';
  let l2 = '';
  let planta = '';
  let neumatica: Categoria;
  let fuga: Motivo;
  const gql = <T = Record<string, any>>(q: string, v: Record<string, unknown> = {}, token = admin) =>
    server().gql<T>(q, v, { token });
  const categorias = async (token = admin) => {
    const r = await gql<{ categoriasParo: Categoria[] }>(CATEGORIAS, {}, token);
    expect(r.errors).toBeUndefined();
    return r.data!.categoriasParo;
  };
  const crearMotivo = async (input: Record<string, unknown>) => {
    const r = await gql<{ createMotivoParo: Motivo }>(CREATE_MOT, { input });
    expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
    return r.data!.createMotivoParo;
  };

  beforeAll(async () => {
    db = server().database.db;
    const login = await server().login();
    admin = login.access_token;
    adminId = Number(login.user.id);
    const readerName = uniqueName('lector');
    await createUser(server(), admin, { username: readerName });
    reader = (await server().login(readerName, 'clave-usuario-1')).access_token;
    plant = await seedPlant(db);
    l1 = String(plant.lineaId.get(1));
    l2 = String(plant.lineaId.get(2));
    planta = String(plant.lineaId.get(0));
  });

  describe('el árbol por defecto', () => {
    it('is what the migration wrote: @planta/domain’s ARBOL_MOTIVOS_PARO, every reason on every line', async () => {
      const filas = await rowsOf<{ categoria: string; nombre: string; clase: string; codigos: number[] }>(
        db.execute(sql`select c.nombre as categoria, m.nombre, m.clase, m.codigos_falla as codigos
          from motivos_paro m join categorias_paro c on c.id = m.categoria_id
          where cardinality(m.linea_ids) = 0 and m.version = 1 and c.version = 1
          order by c.id, m.id`),
      );
      const enBase = ARBOL_MOTIVOS_PARO.map((c) => ({
        nombre: c.nombre,
        motivos: filas
          .filter((f) => f.categoria === c.nombre)
          .map((f) => ({ nombre: f.nombre, clase: f.clase, codigosFalla: f.codigos })),
      }));
      expect(enBase).toEqual(ARBOL_MOTIVOS_PARO);
      const [cuenta] = await rowsOf<{ categorias: number; motivos: number }>(
        db.execute(sql`select (select count(*)::int from categorias_paro) as categorias,
          (select count(*)::int from motivos_paro) as motivos`),
      );
      expect(cuenta).toEqual({
        categorias: ARBOL_MOTIVOS_PARO.length,
        motivos: ARBOL_MOTIVOS_PARO.reduce((n, c) => n + c.motivos.length, 0),
      });
    });

    it('the loss classes are the same in the domain, the database checks and the GraphQL enum', () => {
      expect([...CLASES_PERDIDA_SQL]).toEqual(VALORES_CLASE_PERDIDA);
      const schema = (server().app as unknown as { graphql: { schema: GraphQLSchema } }).graphql.schema;
      const enumType = schema.getType('ClasePerdida');
      expect(isEnumType(enumType) && enumType.getValues().map((v) => v.name)).toEqual(VALORES_CLASE_PERDIDA);
    });

    it('any logged-in user reads it: categories by name, reasons by name, with their category', async () => {
      const arbol = await categorias(reader);
      expect(arbol.map((c) => c.nombre)).toEqual([
        'Abastecimiento',
        'Arranque',
        'Calidad',
        'Cambio de formato',
        'Eléctrica',
        'Mecánica',
        'Microparos',
        'Planificado',
        'Velocidad',
      ]);
      const mecanica = arbol.find((c) => c.nombre === 'Mecánica')!;
      expect(mecanica.motivos.map((m) => m.nombre)).toEqual([
        'Empacadora',
        'Etiquetadora',
        'Llenadora',
        'Paletizadora',
        'Sopladora',
        'Taponadora',
        'Transportadores',
      ]);
      expect(mecanica.motivos.find((m) => m.nombre === 'Llenadora')).toMatchObject({
        categoria_id: mecanica.id,
        categoria: 'Mecánica',
        clase: 'FALLA',
        linea_ids: [],
        codigos_falla: [101],
        version: 1,
      });
      const todos = await gql<{ motivosParo: Motivo[] }>(MOTIVOS, {}, reader);
      expect(todos.data!.motivosParo).toHaveLength(32);
      expect(todos.data!.motivosParo[0]).toMatchObject({
        categoria: 'Abastecimiento',
        nombre: 'Falta de etiquetas',
      });
    });
  });

  describe('categorías', () => {
    it('creates (trimmed) and renames with its version, audited', async () => {
      const r = await gql<{ createCategoriaParo: Categoria }>(CREATE_CAT, {
        input: { nombre: '  Neumática ' },
      });
      expect(r.errors).toBeUndefined();
      neumatica = r.data!.createCategoriaParo;
      expect(neumatica).toMatchObject({ nombre: 'Neumática', version: 1, motivos: [] });
      expect(await lastAudit(db, 'categorias_paro', neumatica.id)).toMatchObject({
        actor_id: adminId,
        details: { operacion: 'crear', antes: null, despues: { nombre: 'Neumática', version: 1 } },
      });
      const u = await gql<{ updateCategoriaParo: Categoria }>(UPDATE_CAT, {
        id: neumatica.id,
        input: { nombre: 'Neumática y aire', version: 1 },
      });
      expect(u.errors).toBeUndefined();
      neumatica = u.data!.updateCategoriaParo;
      expect(neumatica).toMatchObject({ nombre: 'Neumática y aire', version: 2 });
      expect((await lastAudit(db, 'categorias_paro', neumatica.id))?.details).toMatchObject({
        operacion: 'modificar',
        antes: { nombre: 'Neumática', version: 1 },
        despues: { nombre: 'Neumática y aire', version: 2 },
      });
      expectConflict(
        await gql(UPDATE_CAT, { id: neumatica.id, input: { nombre: 'Neumática', version: 1 } }),
        'version',
        CAMBIO_CONCURRENTE,
      );
    });

    it('refuses a name already taken (any case) naming the other, and bad names', async () => {
      expectConflict(
        await gql(CREATE_CAT, { input: { nombre: 'MECÁNICA' } }),
        'nombre',
        'Ya existe la categoría «Mecánica»',
      );
      expectConflict(
        await gql(UPDATE_CAT, {
          id: neumatica.id,
          input: { nombre: 'eléctrica', version: neumatica.version },
        }),
        'nombre',
        'Ya existe la categoría «Eléctrica»',
      );
      expectBadInput(
        await gql(CREATE_CAT, { input: { nombre: '   ' } }),
        'nombre',
        'El campo "nombre" es obligatorio',
      );
      expectBadInput(
        await gql(CREATE_CAT, { input: { nombre: 'x'.repeat(61) } }),
        'nombre',
        'El campo "nombre" admite como máximo 60 caracteres',
      );
      const missing = await gql(UPDATE_CAT, { id: '999999', input: { nombre: 'Otra' } });
      expect(missing.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    });
  });

  describe('motivos', () => {
    it('creates a reason: lines once and codes ascending; edits it with its version; audited', async () => {
      fuga = await crearMotivo({
        categoria_id: neumatica.id,
        nombre: ' Fuga de aire ',
        clase: 'FALLA',
        linea_ids: [l2, l1, l2],
        codigos_falla: [302, 301],
      });
      expect(fuga).toMatchObject({
        nombre: 'Fuga de aire',
        categoria_id: neumatica.id,
        categoria: 'Neumática y aire',
        clase: 'FALLA',
        linea_ids: [l1, l2].sort((a, b) => Number(a) - Number(b)),
        codigos_falla: [301, 302],
        version: 1,
      });
      expect(await lastAudit(db, 'motivos_paro', fuga.id)).toMatchObject({
        actor_id: adminId,
        details: {
          operacion: 'crear',
          antes: null,
          despues: { nombre: 'Fuga de aire', codigos_falla: [301, 302] },
        },
      });
      const u = await gql<{ updateMotivoParo: Motivo }>(UPDATE_MOT, {
        id: fuga.id,
        input: {
          categoria_id: neumatica.id,
          nombre: 'Fuga de aire comprimido',
          clase: 'VELOCIDAD',
          linea_ids: [l1],
          codigos_falla: [301],
          version: 1,
        },
      });
      expect(u.errors).toBeUndefined();
      fuga = u.data!.updateMotivoParo;
      expect(fuga).toMatchObject({ clase: 'VELOCIDAD', linea_ids: [l1], codigos_falla: [301], version: 2 });
      expect((await lastAudit(db, 'motivos_paro', fuga.id))?.details).toMatchObject({
        operacion: 'modificar',
        antes: { clase: 'FALLA', version: 1 },
        despues: { clase: 'VELOCIDAD', version: 2 },
      });
      expectConflict(
        await gql(UPDATE_MOT, {
          id: fuga.id,
          input: { categoria_id: neumatica.id, nombre: 'Fuga', clase: 'FALLA', version: 1 },
        }),
        'version',
        CAMBIO_CONCURRENTE,
      );
      const arbol = await categorias();
      expect(arbol.find((c) => c.id === neumatica.id)!.motivos.map((m) => m.id)).toEqual([fuga.id]);
    });

    it('refuses every bad input with a Spanish 400 naming the field', async () => {
      const base = { categoria_id: neumatica.id, nombre: 'Compresor', clase: 'FALLA' };
      const casos: [Record<string, unknown>, string, string | RegExp][] = [
        [{ ...base, nombre: ' ' }, 'nombre', 'El campo "nombre" es obligatorio'],
        [{ ...base, nombre: 'x'.repeat(81) }, 'nombre', 'El campo "nombre" admite como máximo 80 caracteres'],
        [{ ...base, categoria_id: '999999' }, 'categoria_id', /"categoria_id" no es una categoría de paros/],
        [
          { ...base, linea_ids: [planta] },
          'linea_ids',
          `incluye ${planta}, que no es una línea de producción`,
        ],
        [
          { ...base, linea_ids: [l1, '999999'] },
          'linea_ids',
          /incluye 999999, que no es una línea de producción/,
        ],
        [{ ...base, linea_ids: ['abc'] }, 'linea_ids', /"linea_ids" debe ser una lista de identificadores/],
        [{ ...base, codigos_falla: [0] }, 'codigos_falla', /códigos enteros de 1 a 65535: 0 no lo es/],
        [{ ...base, codigos_falla: [65_536] }, 'codigos_falla', /65536 no lo es/],
        [
          { ...base, codigos_falla: [5, 7, 5] },
          'codigos_falla',
          'El campo "codigos_falla" repite el código 5',
        ],
        [
          { ...base, codigos_falla: Array.from({ length: 51 }, (_, i) => i + 1000) },
          'codigos_falla',
          /como máximo 50 códigos/,
        ],
      ];
      for (const [input, field, message] of casos) {
        expectBadInput(await gql(CREATE_MOT, { input }), field, message);
      }
      const clase = await gql(CREATE_MOT, { input: { ...base, clase: 'CIP' } });
      expect(clase.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
      expect(clase.status).toBeLessThan(500);
    });

    it('a name is unique within its category (any case); another category may repeat it', async () => {
      expectConflict(
        await gql(CREATE_MOT, {
          input: { categoria_id: neumatica.id, nombre: 'FUGA DE AIRE COMPRIMIDO', clase: 'FALLA' },
        }),
        'nombre',
        'Ya existe el motivo «Fuga de aire comprimido» en la categoría «Neumática y aire»',
      );
      const mecanica = (await categorias()).find((c) => c.nombre === 'Mecánica')!;
      const otro = await crearMotivo({
        categoria_id: mecanica.id,
        nombre: 'Fuga de aire comprimido',
        clase: 'FALLA',
      });
      expect(otro).toMatchObject({ categoria: 'Mecánica', linea_ids: [], codigos_falla: [] });
      const borrado = await gql(DELETE_MOT, { id: otro.id, version: otro.version });
      expect(borrado.errors).toBeUndefined();
    });

    it('a fault code selects one reason on a line: shared codes need disjoint, non-empty line sets', async () => {
      // Llenadora holds 101 on every line.
      expectConflict(
        await gql(CREATE_MOT, {
          input: {
            categoria_id: neumatica.id,
            nombre: 'Válvula',
            clase: 'FALLA',
            linea_ids: [l1],
            codigos_falla: [101],
          },
        }),
        'codigos_falla',
        /^El código de falla 101 ya selecciona el motivo «Llenadora» \(Mecánica\) en Línea 1/,
      );
      const a = await crearMotivo({
        categoria_id: neumatica.id,
        nombre: 'Presión baja L1',
        clase: 'FALLA',
        linea_ids: [l1],
        codigos_falla: [900, 901],
      });
      const b = await crearMotivo({
        categoria_id: neumatica.id,
        nombre: 'Presión baja L2',
        clase: 'FALLA',
        linea_ids: [l2],
        codigos_falla: [901],
      });
      expectConflict(
        await gql(CREATE_MOT, {
          input: { categoria_id: neumatica.id, nombre: 'Presión baja', clase: 'FALLA', codigos_falla: [901] },
        }),
        'codigos_falla',
        /^El código de falla 901 ya selecciona el motivo «Presión baja L1» \(Neumática y aire\) en Línea 1:/,
      );
      expectConflict(
        await gql(UPDATE_MOT, {
          id: b.id,
          input: {
            categoria_id: neumatica.id,
            nombre: b.nombre,
            clase: 'FALLA',
            linea_ids: [l1, l2],
            codigos_falla: [901],
            version: b.version,
          },
        }),
        'codigos_falla',
        /«Presión baja L1» \(Neumática y aire\) en Línea 1:/,
      );
      // Its own codes are no conflict with itself.
      const propio = await gql<{ updateMotivoParo: Motivo }>(UPDATE_MOT, {
        id: a.id,
        input: {
          categoria_id: neumatica.id,
          nombre: a.nombre,
          clase: 'FALLA',
          linea_ids: [l1],
          codigos_falla: [901, 900],
          version: a.version,
        },
      });
      expect(propio.errors).toBeUndefined();
      expect(propio.data!.updateMotivoParo.codigos_falla).toEqual([900, 901]);
      // A line a reason is limited to is in use: its delete is refused (no foreign key can say it).
      const linea = await gql(`mutation($id: ID!) { deleteLinea(id: $id) }`, { id: l2 });
      expect(linea.errors?.[0]?.extensions?.code).toBe('CONFLICT');
      expect(linea.errors?.[0]?.message).toMatch(/1 en motivos de paro/);
    });

    it('motivosParo(linea_id): the reasons of every line and those limited to that line', async () => {
      const de = async (l: string) =>
        (await gql<{ motivosParo: Motivo[] }>(MOTIVOS, { l }, reader)).data!.motivosParo.map((m) => m.nombre);
      const linea1 = await de(l1);
      const linea2 = await de(l2);
      expect(linea1).toContain('Presión baja L1');
      expect(linea1).toContain('Fuga de aire comprimido');
      expect(linea1).not.toContain('Presión baja L2');
      expect(linea2).toContain('Presión baja L2');
      expect(linea2).not.toContain('Presión baja L1');
      expect(linea2).not.toContain('Fuga de aire comprimido');
      for (const nombres of [linea1, linea2]) expect(nombres).toContain('Llenadora');
      const todos = (await gql<{ motivosParo: Motivo[] }>(MOTIVOS, {}, reader)).data!.motivosParo;
      expect(todos).toHaveLength(35);
      expectBadInput(
        await gql(MOTIVOS, { l: 'x' }, reader),
        'linea_id',
        /"linea_id" debe ser un identificador/,
      );
    });

    it('deletes a reason no paro was given, and a category only once empty', async () => {
      const inicio = new Date(productionDayRange(DAY, TZ).start.getTime() + 60 * 60_000);
      await db.insert(paros).values({
        lineaId: plant.lineaId.get(1)!,
        inicio,
        fin: new Date(inicio.getTime() + 20 * 60_000),
        equipo: 'Compresor',
        causa: 'Fuga',
        tipo: 'FALLA',
        origen: 'PLC',
        motivoId: Number(fuga.id),
        clase: 'VELOCIDAD',
        comentario: 'Manguera rota',
        codigoFalla: 301,
      });
      expectConflict(
        await gql(DELETE_MOT, { id: fuga.id, version: fuga.version }),
        'id',
        'El motivo «Fuga de aire comprimido» está asignado a 1 paro',
      );
      expectConflict(
        await gql(DELETE_CAT, { id: neumatica.id, version: neumatica.version }),
        'id',
        'La categoría «Neumática y aire» tiene motivos: elimínelos o muévalos antes',
      );
      const libres = (await categorias())
        .find((c) => c.id === neumatica.id)!
        .motivos.filter((m) => m.id !== fuga.id);
      expect(libres).toHaveLength(2);
      const [primero] = libres;
      expectConflict(await gql(DELETE_MOT, { id: primero!.id, version: 99 }), 'version', CAMBIO_CONCURRENTE);
      for (const m of libres) {
        const r = await gql<{ deleteMotivoParo: Motivo }>(DELETE_MOT, { id: m.id, version: m.version });
        expect(r.errors).toBeUndefined();
        expect(r.data!.deleteMotivoParo.nombre).toBe(m.nombre);
      }
      expect((await lastAudit(db, 'motivos_paro', primero!.id))?.details).toMatchObject({
        operacion: 'eliminar',
        antes: { nombre: primero!.nombre },
        despues: null,
      });
      // A category left with no reason goes (a new one, to keep the reason given to the paro).
      const vacia = await gql<{ createCategoriaParo: Categoria }>(CREATE_CAT, {
        input: { nombre: 'Temporal' },
      });
      const borrada = await gql(DELETE_CAT, { id: vacia.data!.createCategoriaParo.id, version: 1 });
      expect(borrada.errors).toBeUndefined();
      expect(
        (await lastAudit(db, 'categorias_paro', vacia.data!.createCategoriaParo.id))?.details,
      ).toMatchObject({
        operacion: 'eliminar',
        antes: { nombre: 'Temporal' },
      });
      expect((await categorias()).some((c) => c.nombre === 'Temporal')).toBe(false);
    });
  });

  describe('paros', () => {
    it('show where they came from, their class (their reason’s, else their tipo’s) and their reason', async () => {
      const { start } = productionDayRange(DAY, TZ);
      const at = (min: number) => new Date(start.getTime() + min * 60_000);
      // As the demo history writes them: origen DEMO, no class or reason of their own.
      await db.insert(paros).values([
        {
          lineaId: plant.lineaId.get(2)!,
          inicio: at(300),
          fin: at(340),
          equipo: 'Llenadora',
          causa: 'CIP',
          tipo: 'CIP',
          origen: 'DEMO',
        },
        {
          lineaId: plant.lineaId.get(2)!,
          inicio: at(400),
          fin: at(402),
          equipo: 'Etiquetadora',
          causa: 'Atasco',
          tipo: 'MICROPARO',
          origen: 'DEMO',
        },
      ]);
      const r = await gql<{ paros: { items: Record<string, any>[] } }>(PAROS, { d: DAY, h: DAY });
      expect(r.errors).toBeUndefined();
      const items = r.data!.paros.items;
      const cip = items.find((p) => p.tipo === 'CIP')!;
      expect(cip).toMatchObject({
        origen: 'DEMO',
        clase: 'PLANIFICADO',
        motivo: null,
        comentario: null,
        codigo_falla: null,
      });
      expect(items.find((p) => p.tipo === 'MICROPARO')).toMatchObject({
        origen: 'DEMO',
        clase: 'MICROPARO',
        motivo: null,
      });
      const conMotivo = items.find((p) => p.tipo === 'FALLA')!;
      expect(conMotivo).toMatchObject({
        origen: 'PLC',
        clase: 'VELOCIDAD',
        comentario: 'Manguera rota',
        codigo_falla: 301,
        motivo: {
          id: fuga.id,
          nombre: 'Fuga de aire comprimido',
          categoria: 'Neumática y aire',
          clase: 'VELOCIDAD',
        },
      });
      // One entered on /configuracion/mttr-mttf: MANUAL, its class from its tipo.
      const manual = await gql<{ createParo: Record<string, unknown> }>(CREATE_PARO, {
        input: {
          linea_id: l1,
          inicio: at(500).toISOString(),
          fin: at(530).toISOString(),
          equipo: 'Taponadora',
          causa: 'Cabezal',
          tipo: 'CAMBIO_FORMATO',
        },
      });
      expect(manual.errors).toBeUndefined();
      expect(manual.data!.createParo).toMatchObject({
        origen: 'MANUAL',
        clase: 'CAMBIO_FORMATO',
        motivo: null,
        comentario: null,
        codigo_falla: null,
      });
    });
  });

  describe('umbrales de microparo', () => {
    it('every production line starts at 120 s (not the plant’s line); any user reads them', async () => {
      const r = await gql<{ umbralesMicroparo: Umbral[] }>(UMBRALES, {}, reader);
      expect(r.errors).toBeUndefined();
      expect(r.data!.umbralesMicroparo).toEqual([
        { linea_id: l1, linea: 1, linea_nombre: 'Línea 1', segundos: 120, version: 1 },
        { linea_id: l2, linea: 2, linea_nombre: 'Línea 2', segundos: 120, version: 1 },
      ]);
    });

    it('an admin sets one with the line’s version (+1), audited; stale, out of range or not a production line refused', async () => {
      const r = await gql<{ actualizarUmbralMicroparo: Umbral }>(UMBRAL, { l: l1, s: 45, v: 1 });
      expect(r.errors).toBeUndefined();
      expect(r.data!.actualizarUmbralMicroparo).toEqual({
        linea_id: l1,
        linea: 1,
        linea_nombre: 'Línea 1',
        segundos: 45,
        version: 2,
      });
      expect(await lastAudit(db, 'lineas', l1)).toMatchObject({
        actor_id: adminId,
        details: {
          operacion: 'modificar',
          antes: { umbral_microparo_s: 120, version: 1 },
          despues: { umbral_microparo_s: 45, version: 2 },
        },
      });
      expectConflict(await gql(UMBRAL, { l: l1, s: 60, v: 1 }), 'version', CAMBIO_CONCURRENTE);
      for (const s of [9, 3601, -5]) {
        expectBadInput(
          await gql(UMBRAL, { l: l1, s, v: 2 }),
          'segundos',
          'El campo "segundos" debe estar entre 10 y 3600',
        );
      }
      expectBadInput(
        await gql(UMBRAL, { l: planta, s: 60 }),
        'linea_id',
        /"linea_id" no es una línea de producción/,
      );
      expectBadInput(
        await gql(UMBRAL, { l: '999999', s: 60 }),
        'linea_id',
        /"linea_id" no es una línea de producción/,
      );
      const [fila] = await rowsOf<{ s: number; v: number }>(
        db.execute(sql`select umbral_microparo_s as s, version as v from lineas where id = ${Number(l1)}`),
      );
      expect(fila).toEqual({ s: 45, v: 2 });
    });
  });

  it('every mutation is admin only: FORBIDDEN for another user, and nothing changes', async () => {
    const mecanica = (await categorias()).find((c) => c.nombre === 'Mecánica')!;
    const llenadora = mecanica.motivos.find((m) => m.nombre === 'Llenadora')!;
    const motivo = { categoria_id: mecanica.id, nombre: 'Otro', clase: 'FALLA' };
    for (const [q, v] of [
      [CREATE_CAT, { input: { nombre: 'Hidráulica' } }],
      [UPDATE_CAT, { id: mecanica.id, input: { nombre: 'Mecánicas' } }],
      [DELETE_CAT, { id: neumatica.id }],
      [CREATE_MOT, { input: motivo }],
      [UPDATE_MOT, { id: llenadora.id, input: motivo }],
      [DELETE_MOT, { id: llenadora.id }],
      [UMBRAL, { l: l2, s: 30 }],
    ] as const) {
      const r = await gql(q, v, reader);
      expect(r.errors?.[0]?.extensions?.code, q).toBe('FORBIDDEN');
    }
    expect((await categorias()).find((c) => c.id === mecanica.id)).toEqual(mecanica);
  });

  it('caps the tree (the lists are read whole): a category or reason past the limit is refused, nothing written', async () => {
    const tamano = async () =>
      (
        await rowsOf<{ c: number; m: number }>(
          db.execute(sql`select (select count(*)::int from categorias_paro) as c,
                                (select count(*)::int from motivos_paro) as m`),
        )
      )[0]!;
    const antes = await tamano();
    // Filled up to the limits straight in the tables (a few hundred mutations would only be slower).
    await db.execute(sql`insert into categorias_paro (nombre)
      select 'Relleno ' || g from generate_series(1, ${MAX_CATEGORIAS_PARO - antes.c}) g`);
    const [relleno] = await rowsOf<{ id: number }>(
      db.execute(sql`select id from categorias_paro where nombre = 'Relleno 1'`),
    );
    await db.execute(sql`insert into motivos_paro (categoria_id, nombre, clase)
      select ${relleno!.id}, 'Relleno ' || g, 'FALLA' from generate_series(1, ${MAX_MOTIVOS_PARO - antes.m}) g`);
    try {
      expectError(
        await gql(CREATE_CAT, { input: { nombre: 'Hidráulica' } }),
        'BAD_USER_INPUT',
        'nombre',
        `como máximo ${MAX_CATEGORIAS_PARO} categorías`,
      );
      expectError(
        await gql(CREATE_MOT, {
          input: { categoria_id: String(relleno!.id), nombre: 'Uno más', clase: 'FALLA' },
        }),
        'BAD_USER_INPUT',
        'nombre',
        `como máximo ${MAX_MOTIVOS_PARO} motivos`,
      );
      expect(await tamano()).toEqual({ c: MAX_CATEGORIAS_PARO, m: MAX_MOTIVOS_PARO });
      // Editing a reason at the limit is still allowed.
      const [uno] = await rowsOf<{ id: number }>(
        db.execute(sql`select id from motivos_paro where nombre = 'Relleno 1'`),
      );
      const r = await gql(UPDATE_MOT, {
        id: String(uno!.id),
        input: { categoria_id: String(relleno!.id), nombre: 'Relleno uno', clase: 'MICROPARO' },
      });
      expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
    } finally {
      await db.execute(sql`delete from motivos_paro where nombre like 'Relleno%'`);
      await db.execute(sql`delete from categorias_paro where nombre like 'Relleno %'`);
    }
    expect(await tamano()).toEqual(antes);
  });
});
