import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { lineas, plantas, variables } from '../src/db/schema/index.ts';
import { CAMBIO_CONCURRENTE } from '../src/modules/audit/cambios.ts';
import { createUser, describeEachDatabase, type GqlResult, uniqueName } from './harness.ts';

/**
 * The /configuracion/lineas screen's API (issue 16): lines, products, presentations (factor
 * computed), product presentations (HMI codes unique per line) and nominal speeds (bottles per
 * minute derived). Every write: admin only, validated in Spanish naming the field, audited,
 * version-checked; deletes only when unused.
 */

const LINEA = 'id nombre numero sufijo version';
const PRODUCTO = 'id descripcion image_prefix image_color version';
const PRESENTACION = 'id volumen unid_medida factor botellas_paquete version';
const PP = `id num_botellas hmi_linea1_id hmi_linea2_id hmi_linea3_id hmi_linea4_id version
  producto { id descripcion } presentacion { id factor }`;
const VELOCIDAD = `id velocidad_paquetes_hora velocidad_botellas_minuto version
  linea { id numero } producto_presentacion { id num_botellas }`;

interface AuditRow {
  actor_id: number;
  target_type: string;
  target_id: string;
  details: {
    operacion: string;
    antes: Record<string, unknown> | null;
    despues: Record<string, unknown> | null;
  };
}

async function lastAudit(db: Db, entidad: string, id: string): Promise<AuditRow | undefined> {
  const result = (await db.execute(
    sql`select actor_id, target_type, target_id, details from audit_log
        where action = 'configuracion' and target_type = ${entidad} and target_id = ${id}
        order by id desc limit 1`,
  )) as unknown as { rows: AuditRow[] };
  return result.rows[0];
}

const mut = (name: string, type: string, fields: string) => ({
  create: `mutation($input: ${type}!) { create${name}(input: $input) { ${fields} } }`,
  update: `mutation($id: ID!, $input: ${type}!) { update${name}(id: $id, input: $input) { ${fields} } }`,
  remove: `mutation($id: ID!, $version: Int) { delete${name}(id: $id, version: $version) }`,
});
const M = {
  linea: mut('Linea', 'LineaInput', LINEA),
  producto: mut('Producto', 'ProductoInput', PRODUCTO),
  presentacion: mut('Presentacion', 'PresentacionInput', PRESENTACION),
  pp: mut('ProductoPresentacion', 'ProductoPresentacionInput', PP),
  velocidad: mut('VelocidadNominal', 'VelocidadNominalInput', VELOCIDAD),
};

function expectError(result: GqlResult, code: string, message: string | RegExp, field?: string) {
  expect(result.data).toBeNull();
  const error = result.errors?.[0];
  expect(error?.extensions?.code).toBe(code);
  if (typeof message === 'string') expect(error?.message).toBe(message);
  else expect(error?.message).toMatch(message);
  if (field) expect(error?.extensions?.field).toBe(field);
}

describeEachDatabase('configuración: líneas, productos, presentaciones y velocidades', (server) => {
  let admin: string;
  let adminId: number;
  let reader: string;
  let db: Db;
  let seq = 0;
  const n = () => ++seq;

  const gql = (query: string, variables: Record<string, unknown>, token = admin) =>
    server().gql<Record<string, any>>(query, variables, { token });

  beforeAll(async () => {
    db = server().database.db;
    const login = await server().login();
    admin = login.access_token;
    adminId = Number(login.user.id);
    const readerName = uniqueName('lector');
    await createUser(server(), admin, { username: readerName, role: 'human-resources' });
    reader = (await server().login(readerName, 'clave-usuario-1')).access_token;
    const [planta] = await db.insert(plantas).values({ nombre: 'Planta Lima' }).returning({ id: plantas.id });
    await db.insert(lineas).values({ nombre: 'Planta', numero: 0, plantaId: planta!.id });
  });

  it('lines: create, edit, list without Planta, audit, validation, FORBIDDEN, conflict and delete', async () => {
    const created = await gql(M.linea.create, { input: { nombre: 'Línea 7', numero: 7, sufijo: '_567' } });
    expect(created.errors).toBeUndefined();
    const linea = created.data!.createLinea;
    expect(linea).toMatchObject({ nombre: 'Línea 7', numero: 7, sufijo: '_567', version: 1 });
    const audit = await lastAudit(db, 'lineas', linea.id);
    expect(audit).toMatchObject({ actor_id: adminId, details: { operacion: 'crear', antes: null } });
    expect(audit?.details.despues).toMatchObject({ nombre: 'Línea 7', numero: 7 });

    // 'Planta' is the whole plant: never a production line, never listed.
    expectError(
      await gql(M.linea.create, { input: { nombre: ' planta ', numero: 9 } }),
      'BAD_USER_INPUT',
      /El campo "nombre" no puede ser «Planta»/,
      'nombre',
    );
    expectError(
      await gql(M.linea.create, { input: { nombre: 'Línea 0', numero: 0 } }),
      'BAD_USER_INPUT',
      'El campo "numero" debe estar entre 1 y 99',
      'numero',
    );
    expectError(
      await gql(M.linea.create, { input: { nombre: '', numero: 8 } }),
      'BAD_USER_INPUT',
      'El campo "nombre" es obligatorio',
      'nombre',
    );
    expectError(
      await gql(M.linea.create, { input: { nombre: 'Otra', numero: 7 } }),
      'CONFLICT',
      'Ya existe una línea con el número 7',
      'numero',
    );
    const plantaId = (
      (await db.execute(sql`select id from lineas where nombre = 'Planta'`)) as unknown as {
        rows: { id: number }[];
      }
    ).rows[0]!.id;
    expectError(
      await gql(M.linea.update, { id: plantaId, input: { nombre: 'Planta 2', numero: 50 } }),
      'NOT_FOUND',
      'La línea no existe',
    );
    const list = await gql(`{ lineasConfig { ${LINEA} } }`, {});
    expect(list.data!.lineasConfig.map((l: { nombre: string }) => l.nombre)).not.toContain('Planta');
    expect(list.data!.lineasConfig).toContainEqual(linea);

    expectError(
      await gql(M.linea.create, { input: { nombre: 'Línea 8', numero: 8 } }, reader),
      'FORBIDDEN',
      'Se requiere el rol admin para esta acción.',
    );

    const edited = await gql(M.linea.update, {
      id: linea.id,
      input: { nombre: 'Línea 7 B', numero: 7, sufijo: '_567', version: 1 },
    });
    expect(edited.data!.updateLinea).toMatchObject({ nombre: 'Línea 7 B', version: 2 });
    const editAudit = await lastAudit(db, 'lineas', linea.id);
    expect(editAudit?.details).toMatchObject({
      operacion: 'modificar',
      antes: { nombre: 'Línea 7', version: 1 },
      despues: { nombre: 'Línea 7 B', version: 2 },
    });
    // A stale version: CONFLICT, nothing overwritten.
    expectError(
      await gql(M.linea.update, { id: linea.id, input: { nombre: 'Vieja', numero: 7, version: 1 } }),
      'CONFLICT',
      CAMBIO_CONCURRENTE,
      'version',
    );

    // Used by a variable: delete refused naming what uses it; then freed and deleted.
    const [variable] = await db
      .insert(variables)
      .values({
        nombre: `Var línea ${n()}`,
        nivel: 'INDIVIDUAL',
        lineaId: Number(linea.id),
        area: 'Producción',
        unidad: 'CU',
        agregacion: 'SUMA',
        fuente: 'MANUAL',
      })
      .returning({ id: variables.id });
    expectError(
      await gql(M.linea.remove, { id: linea.id, version: 2 }),
      'CONFLICT',
      'No se puede eliminar la línea: está en uso (1 en variables).',
    );
    await db.execute(sql`delete from variables where id = ${variable!.id}`);
    expectError(await gql(M.linea.remove, { id: linea.id, version: 1 }), 'CONFLICT', CAMBIO_CONCURRENTE);
    const removed = await gql(M.linea.remove, { id: linea.id, version: 2 });
    expect(removed.data).toEqual({ deleteLinea: linea.id });
    expect(await lastAudit(db, 'lineas', linea.id)).toMatchObject({
      details: { operacion: 'eliminar', antes: { nombre: 'Línea 7 B' }, despues: null },
    });
  });

  it("a line's derived days without output of its own do not keep it from being deleted; a SAP figure or output does", async () => {
    const created = await gql(M.linea.create, {
      input: { nombre: `Línea ${n()} sin datos`, numero: 40 + n() },
    });
    const id = Number(created.data!.createLinea.id);
    // What the day's derivation writes for every line, a minute after it was created: the plant's
    // paid and planned minutes, no output, no running minute, no SAP figure (e2e config-lineas
    // could not delete its line once a derivation had run meanwhile).
    const dia = (fecha: string, extra: { sap?: number; producido?: number } = {}) =>
      db.execute(sql`insert into eficiencias (linea_id, fecha, producido_cu, capacidad_marcha_cu,
          capacidad_pagada_cu, sap, minutos_pagados, minutos_planificados, minutos_marcha,
          capacidad_operacion_cu, total_cu)
        values (${id}, ${fecha}::date, ${extra.producido ?? 0}, 0, 1200, ${extra.sap ?? null}, 480, 450,
          ${extra.producido ? 60 : 0}, 1100, ${extra.producido ?? 0})`);
    await dia('2026-03-01');
    await dia('2026-03-02');
    await dia('2026-03-03', { sap: 850 });
    expectError(
      await gql(M.linea.remove, { id: String(id), version: 1 }),
      'CONFLICT',
      'No se puede eliminar la línea: está en uso (1 en eficiencias).',
    );
    await db.execute(sql`update eficiencias set sap = null where linea_id = ${id}`);
    await dia('2026-03-04', { producido: 120 });
    expectError(
      await gql(M.linea.remove, { id: String(id), version: 1 }),
      'CONFLICT',
      'No se puede eliminar la línea: está en uso (1 en eficiencias).',
    );
    await db.execute(sql`delete from eficiencias where linea_id = ${id} and producido_cu > 0`);
    expect((await gql(M.linea.remove, { id: String(id), version: 1 })).data).toEqual({
      deleteLinea: String(id),
    });
    const quedan = await db.execute(sql`select count(*)::int as n from eficiencias where linea_id = ${id}`);
    expect((quedan as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });

  it('two admins saving the same version in parallel: exactly one wins, the other gets CONFLICT', async () => {
    const created = await gql(M.linea.create, { input: { nombre: 'Línea 11', numero: 11 } });
    const id = created.data!.createLinea.id;
    const results = await Promise.all(
      ['A', 'B'].map((who) =>
        gql(M.linea.update, { id, input: { nombre: `Línea 11 ${who}`, numero: 11, version: 1 } }),
      ),
    );
    expect(results.filter((r) => r.data?.updateLinea).length).toBe(1);
    const loser = results.find((r) => !r.data);
    expect(loser?.errors?.[0]?.extensions?.code).toBe('CONFLICT');
    expect(loser?.errors?.[0]?.message).toBe(CAMBIO_CONCURRENTE);

    // The same with products and presentations.
    const producto = (
      await gql(M.producto.create, {
        input: { descripcion: `Paralelo ${n()}`, image_prefix: 'p', image_color: '#112233' },
      })
    ).data!.createProducto;
    const pair = await Promise.all(
      ['#000000', '#ffffff'].map((color) =>
        gql(M.producto.update, {
          id: producto.id,
          input: { descripcion: producto.descripcion, image_prefix: 'p', image_color: color, version: 1 },
        }),
      ),
    );
    expect(pair.map((r) => r.errors?.[0]?.extensions?.code ?? 'OK').sort()).toEqual(['CONFLICT', 'OK']);
  });

  it('products: colour and prefix validated, description unique, edit, delete', async () => {
    const descripcion = `Mango ${n()}`;
    const created = await gql(M.producto.create, {
      input: { descripcion, image_prefix: 'mango', image_color: '#FFAA00' },
    });
    const producto = created.data!.createProducto;
    expect(producto).toMatchObject({ descripcion, image_color: '#ffaa00', version: 1 });
    expect(await lastAudit(db, 'productos', producto.id)).toMatchObject({ details: { operacion: 'crear' } });
    expectError(
      await gql(M.producto.create, { input: { descripcion: 'X', image_prefix: 'x', image_color: 'rojo' } }),
      'BAD_USER_INPUT',
      'El campo "image_color" debe ser un color #RRGGBB (p. ej. #c62828)',
      'image_color',
    );
    expectError(
      await gql(M.producto.create, {
        input: { descripcion: 'X', image_prefix: 'Con Espacio', image_color: '#000000' },
      }),
      'BAD_USER_INPUT',
      /El campo "image_prefix" solo admite minúsculas/,
      'image_prefix',
    );
    expectError(
      await gql(M.producto.create, {
        input: { descripcion: descripcion.toUpperCase(), image_prefix: 'm', image_color: '#000000' },
      }),
      'CONFLICT',
      `Ya existe un producto con la descripción «${descripcion.toUpperCase()}»`,
      'descripcion',
    );
    expectError(
      await gql(
        M.producto.update,
        {
          id: producto.id,
          input: { descripcion: 'Y', image_prefix: 'y', image_color: '#000000', version: 1 },
        },
        reader,
      ),
      'FORBIDDEN',
      'Se requiere el rol admin para esta acción.',
    );
    const edited = await gql(M.producto.update, {
      id: producto.id,
      input: { descripcion, image_prefix: 'mango-2', image_color: '#00aa00', version: 1 },
    });
    expect(edited.data!.updateProducto).toMatchObject({ image_prefix: 'mango-2', version: 2 });
    expect(await lastAudit(db, 'productos', producto.id)).toMatchObject({
      details: {
        operacion: 'modificar',
        antes: { image_color: '#ffaa00' },
        despues: { image_color: '#00aa00' },
      },
    });
    expect((await gql(M.producto.remove, { id: producto.id, version: 2 })).data).toEqual({
      deleteProducto: producto.id,
    });
  });

  it('presentations: the factor is computed on the server (DOMAIN: N × litres / 5.678), never typed', async () => {
    const created = await gql(M.presentacion.create, {
      input: { volumen: 600, unid_medida: 'ml', botellas_paquete: 12 },
    });
    const p = created.data!.createPresentacion;
    expect(p.factor).toBeCloseTo(1.268, 3);
    expect(p.botellas_paquete).toBe(12);
    expect(await lastAudit(db, 'presentaciones', p.id)).toMatchObject({
      details: { operacion: 'crear', despues: { volumen: 600, unid_medida: 'ml' } },
    });
    // The factor is not an input.
    const typed = await gql(M.presentacion.create, {
      input: { volumen: 2, unid_medida: 'L', botellas_paquete: 6, factor: 9 },
    });
    expect(typed.data).toBeNull();
    expect(typed.status).toBe(400);
    expect(typed.errors?.[0]?.message).toBe('Consulta GraphQL no válida');
    expectError(
      await gql(M.presentacion.create, { input: { volumen: 0, unid_medida: 'ml', botellas_paquete: 12 } }),
      'BAD_USER_INPUT',
      'El campo "volumen" debe ser mayor que 0',
      'volumen',
    );
    expectError(
      await gql(M.presentacion.create, { input: { volumen: 1, unid_medida: 'kg', botellas_paquete: 12 } }),
      'BAD_USER_INPUT',
      'El campo "unid_medida" debe ser ml o L',
      'unid_medida',
    );
    expectError(
      await gql(M.presentacion.create, { input: { volumen: 600, unid_medida: 'ml', botellas_paquete: 12 } }),
      'CONFLICT',
      'Ya existe la presentación 600 ml × 12',
    );
    expectError(
      await gql(
        M.presentacion.create,
        { input: { volumen: 1, unid_medida: 'L', botellas_paquete: 6 } },
        reader,
      ),
      'FORBIDDEN',
      'Se requiere el rol admin para esta acción.',
    );
    const edited = await gql(M.presentacion.update, {
      id: p.id,
      input: { volumen: 2, unid_medida: 'L', botellas_paquete: 6, version: 1 },
    });
    expect(edited.data!.updatePresentacion.factor).toBeCloseTo(2.113, 3);
    expect(edited.data!.updatePresentacion.version).toBe(2);
    expectError(
      await gql(M.presentacion.update, {
        id: p.id,
        input: { volumen: 3, unid_medida: 'L', botellas_paquete: 6, version: 1 },
      }),
      'CONFLICT',
      CAMBIO_CONCURRENTE,
    );
    expect((await gql(M.presentacion.remove, { id: p.id, version: 2 })).data).toEqual({
      deletePresentacion: p.id,
    });
  });

  it('product presentations and speeds: HMI codes unique per line, bottles per minute derived, deletes refused while used', async () => {
    const producto = (
      await gql(M.producto.create, {
        input: { descripcion: `Cola ${n()}`, image_prefix: 'cola', image_color: '#c62828' },
      })
    ).data!.createProducto;
    const pres = (
      await gql(M.presentacion.create, { input: { volumen: 355, unid_medida: 'ml', botellas_paquete: 12 } })
    ).data!.createPresentacion;
    const linea = (await gql(M.linea.create, { input: { nombre: 'Línea 21', numero: 21 } })).data!
      .createLinea;

    const base = { producto_id: producto.id, presentacion_id: pres.id, num_botellas: 12 };
    expectError(
      await gql(M.pp.create, { input: { ...base, num_botellas: 6 } }),
      'BAD_USER_INPUT',
      'El campo "num_botellas" debe coincidir con las botellas por paquete de la presentación (12)',
      'num_botellas',
    );
    expectError(
      await gql(M.pp.create, { input: { ...base, producto_id: 999_999 } }),
      'BAD_USER_INPUT',
      'El campo "producto_id" no corresponde a un producto existente',
      'producto_id',
    );
    const pp = (await gql(M.pp.create, { input: { ...base, hmi_linea1_id: 901, hmi_linea3_id: 903 } })).data!
      .createProductoPresentacion;
    expect(pp).toMatchObject({ num_botellas: 12, hmi_linea1_id: 901, hmi_linea2_id: null, version: 1 });
    expect(pp.producto.id).toBe(producto.id);
    expect(await lastAudit(db, 'producto_presentaciones', pp.id)).toMatchObject({
      details: { operacion: 'crear' },
    });

    const otro = (
      await gql(M.producto.create, {
        input: { descripcion: `Naranja ${n()}`, image_prefix: 'naranja', image_color: '#ef6c00' },
      })
    ).data!.createProducto;
    expectError(
      await gql(M.pp.create, { input: { ...base, producto_id: otro.id, hmi_linea1_id: 901 } }),
      'CONFLICT',
      'El código HMI 901 de la línea 1 ya está asignado a otro producto por presentación',
      'hmi_linea1_id',
    );
    expectError(
      await gql(M.pp.create, { input: { ...base, hmi_linea2_id: 0 } }),
      'BAD_USER_INPUT',
      'El campo "hmi_linea2_id" debe estar entre 1 y 32767',
      'hmi_linea2_id',
    );
    expectError(
      await gql(M.pp.create, { input: base }),
      'CONFLICT',
      'Ya existe ese producto con esa presentación y ese número de botellas',
    );
    expectError(
      await gql(M.pp.create, { input: { ...base, producto_id: otro.id } }, reader),
      'FORBIDDEN',
      /admin/,
    );

    // Speeds: bottles per minute = packs per hour × bottles per pack / 60.
    const vel = (
      await gql(M.velocidad.create, {
        input: { producto_presentacion_id: pp.id, linea_id: linea.id, velocidad_paquetes_hora: 5_000 },
      })
    ).data!.createVelocidadNominal;
    expect(vel).toMatchObject({
      velocidad_paquetes_hora: 5_000,
      velocidad_botellas_minuto: 1_000,
      version: 1,
    });
    expect(await lastAudit(db, 'velocidades_nominales', vel.id)).toMatchObject({
      details: { operacion: 'crear', despues: { velocidad_botellas_minuto: 1_000 } },
    });
    expectError(
      await gql(M.velocidad.create, {
        input: { producto_presentacion_id: pp.id, linea_id: linea.id, velocidad_paquetes_hora: 10 },
      }),
      'CONFLICT',
      'Ya existe una velocidad nominal de ese producto por presentación en esa línea',
    );
    expectError(
      await gql(M.velocidad.create, {
        input: { producto_presentacion_id: pp.id, linea_id: linea.id, velocidad_paquetes_hora: -1 },
      }),
      'BAD_USER_INPUT',
      'El campo "velocidad_paquetes_hora" debe ser mayor que 0',
      'velocidad_paquetes_hora',
    );
    expectError(
      await gql(
        M.velocidad.update,
        {
          id: vel.id,
          input: {
            producto_presentacion_id: pp.id,
            linea_id: linea.id,
            velocidad_paquetes_hora: 1,
            version: 1,
          },
        },
        reader,
      ),
      'FORBIDDEN',
      /admin/,
    );
    const velEdit = await gql(M.velocidad.update, {
      id: vel.id,
      input: {
        producto_presentacion_id: pp.id,
        linea_id: linea.id,
        velocidad_paquetes_hora: 3_000,
        version: 1,
      },
    });
    expect(velEdit.data!.updateVelocidadNominal).toMatchObject({
      velocidad_botellas_minuto: 600,
      version: 2,
    });
    expectError(
      await gql(M.velocidad.update, {
        id: vel.id,
        input: {
          producto_presentacion_id: pp.id,
          linea_id: linea.id,
          velocidad_paquetes_hora: 1,
          version: 1,
        },
      }),
      'CONFLICT',
      CAMBIO_CONCURRENTE,
    );

    // In use: nothing referenced can go.
    expectError(
      await gql(M.pp.remove, { id: pp.id, version: 1 }),
      'CONFLICT',
      'No se puede eliminar el producto por presentación: está en uso (1 en velocidades nominales).',
    );
    expectError(
      await gql(M.producto.remove, { id: producto.id, version: 1 }),
      'CONFLICT',
      'No se puede eliminar el producto: está en uso (1 en productos por presentación).',
    );
    expectError(
      await gql(M.presentacion.remove, { id: pres.id, version: 1 }),
      'CONFLICT',
      /No se puede eliminar la presentación: está en uso/,
    );
    expectError(
      await gql(M.presentacion.update, {
        id: pres.id,
        input: { volumen: 355, unid_medida: 'ml', botellas_paquete: 24, version: 1 },
      }),
      'CONFLICT',
      /El campo "botellas_paquete" no puede cambiar/,
    );

    const ppEdit = await gql(M.pp.update, { id: pp.id, input: { ...base, hmi_linea1_id: 905, version: 1 } });
    expect(ppEdit.data!.updateProductoPresentacion).toMatchObject({ hmi_linea1_id: 905, version: 2 });
    expect(await lastAudit(db, 'producto_presentaciones', pp.id)).toMatchObject({
      details: { operacion: 'modificar', antes: { hmi_linea1_id: 901 }, despues: { hmi_linea1_id: 905 } },
    });
    expectError(
      await gql(M.pp.update, { id: pp.id, input: { ...base, version: 1 } }),
      'CONFLICT',
      CAMBIO_CONCURRENTE,
    );

    expect((await gql(M.velocidad.remove, { id: vel.id, version: 2 })).data).toEqual({
      deleteVelocidadNominal: vel.id,
    });
    expect(await lastAudit(db, 'velocidades_nominales', vel.id)).toMatchObject({
      details: { operacion: 'eliminar' },
    });
    expect((await gql(M.pp.remove, { id: pp.id, version: 2 })).data).toEqual({
      deleteProductoPresentacion: pp.id,
    });
    expect((await gql(M.producto.remove, { id: producto.id, version: 1 })).data).toEqual({
      deleteProducto: producto.id,
    });

    const lists = await gql(
      `{ productosConfig { id } presentacionesConfig { id } productoPresentacionesConfig { id } velocidadesNominalesConfig { id } }`,
      {},
      reader,
    );
    expect(lists.data!.productosConfig.map((p: { id: string }) => p.id)).not.toContain(producto.id);
    expect(lists.data!.presentacionesConfig.map((p: { id: string }) => p.id)).toContain(pres.id);
  });
});
