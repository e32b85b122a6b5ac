// Whole GraphQL answers served again while the rows behind them are unchanged
// (graphql/respuestas-validadas.ts): the same request of the same user gets the kept bytes; a
// change to the rows shows in the next answer; a kept answer never reaches a user who may not
// read it, nor one whose roles changed; answers with errors and queries with other fields are
// never kept.
import { randomBytes } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { variables } from '../src/db/schema/index.ts';
import { seedPlant } from './fixtures.ts';
import { graphqlCrudo } from './crudo.ts';
import { createUser, describeEachDatabase, uniqueName } from './harness.ts';

const HISTORICOS = `query($ids: [ID!]!, $d: Date!, $h: Date!) { historicosVariables(ids: $ids, desde: $d, hasta: $h) {
  fecha diario variable { nombre area } } }`;
const GAS = {
  nombre: 'Gas natural (m3)',
  estado: 1,
  nivel: 'GLOBAL',
  area: 'energia',
  fuente: 'MANUAL',
  unidad: 'm3',
  agregacion: 'SUMA',
  decimales: 0,
} as const;
const HR_FORBIDDEN = 'Se requiere el permiso de recursos humanos para ver los datos de esta variable.';

describeEachDatabase('whole answers served again while their rows are unchanged', (server) => {
  let adminToken: string;
  let energiaId: number;
  let personalId: number;
  const rango = { d: '2026-04-01', h: '2026-04-05' };

  beforeAll(async () => {
    const db = server().database.db;
    adminToken = (await server().login()).access_token;
    const plant = await seedPlant(db);
    energiaId = plant.variableId.get('Energía eléctrica (kWh)_561')!;
    const [hr] = await db
      .insert(variables)
      .values({
        nombre: 'Horas extra (h)',
        estado: 1,
        nivel: 'GLOBAL',
        area: 'rrhh',
        fuente: 'MANUAL',
        unidad: 'h',
        agregacion: 'SUMA',
        decimales: 1,
      })
      .returning();
    personalId = hr!.id;
    await db.execute(sql`insert into historicos (variable_id, fecha, diario)
      values (${energiaId}, '2026-04-01', 10), (${energiaId}, '2026-04-02', 20),
             (${personalId}, '2026-04-01', 3), (${personalId}, '2026-04-02', 4)`);
  });

  const historicos = (id: number, token: string) =>
    server().gql(HISTORICOS, { ids: [String(id)], ...rango }, { token });

  it('the same request again gets the kept answer; a change to its rows shows in the next one', async () => {
    const app = server().app;
    const primera = await historicos(energiaId, adminToken);
    expect(primera.errors).toBeUndefined();
    const antes = app.respuestasValidadas.aciertos;
    // A range is kept from its second request on (most are asked once): the second is executed.
    expect((await historicos(energiaId, adminToken)).data).toEqual(primera.data);
    expect(app.respuestasValidadas.aciertos).toBe(antes);
    const segunda = await historicos(energiaId, adminToken);
    expect(app.respuestasValidadas.aciertos).toBe(antes + 1);
    expect(segunda.data).toEqual(primera.data);
    expect(segunda.headers.get('content-type')).toMatch(/^application\/json/);

    await server().database.db.execute(
      sql`update historicos set diario = 21 where variable_id = ${energiaId} and fecha = '2026-04-02'`,
    );
    const tercera = await historicos(energiaId, adminToken);
    expect(app.respuestasValidadas.aciertos).toBe(antes + 1);
    expect((tercera.data?.historicosVariables as { diario: number }[]).map((h) => h.diario)).toEqual([
      10, 21,
    ]);
    // Kept again with its new rows.
    expect((await historicos(energiaId, adminToken)).data).toEqual(tercera.data);
    expect(app.respuestasValidadas.aciertos).toBe(antes + 2);
  });

  it('a kept answer never reaches a user who may not read it; a role given or taken applies at once', async () => {
    const hrName = uniqueName('rh');
    const hrId = await createUser(server(), adminToken, { username: hrName, role: 'human-resources' });
    const hrToken = (await server().login(hrName, 'clave-usuario-1')).access_token;
    const otroName = uniqueName('sinrh');
    await createUser(server(), adminToken, { username: otroName, role: 'admin' });
    const otroToken = (await server().login(otroName, 'clave-usuario-1')).access_token;

    const suya = await historicos(personalId, hrToken);
    expect(suya.errors).toBeUndefined();
    expect((await historicos(personalId, hrToken)).data).toEqual(suya.data);

    const ajena = await historicos(personalId, otroToken);
    expect(ajena.errors?.[0]).toMatchObject({ message: HR_FORBIDDEN, extensions: { code: 'FORBIDDEN' } });
    expect(ajena.data?.historicosVariables ?? null).toBeNull();

    // The same user given another role in its place: refused on the very next request.
    const quitado = await server().gql(
      `mutation($id: ID!, $role: String!) { assignRole(user_id: $id, role: $role) { id } }`,
      { id: hrId, role: 'admin' },
      { token: adminToken },
    );
    expect(quitado.errors).toBeUndefined();
    // A role change ends the user's sessions: the old token gets no answer at all…
    expect((await historicos(personalId, hrToken)).status).toBe(401);
    // … and a new session with the new role is refused the data.
    const nuevoToken = (await server().login(hrName, 'clave-usuario-1')).access_token;
    expect((await historicos(personalId, nuevoToken)).errors?.[0]?.message).toBe(HR_FORBIDDEN);
  });

  it("a variable's values by name: kept; renamed, the old name finds nothing at once", async () => {
    const app = server().app;
    const POR_NOMBRE = `query($n: String!, $d: Date!, $h: Date!) { historicosVariable(nombre: $n, desde: $d, hasta: $h) { fecha diario } }`;
    const porNombre = () =>
      server().gql(POR_NOMBRE, { n: 'Energía eléctrica (kWh)_561', ...rango }, { token: adminToken });
    const primera = await porNombre();
    expect((primera.data?.historicosVariable as unknown[]).length).toBe(2);
    const antes = app.respuestasValidadas.aciertos;
    expect((await porNombre()).data).toEqual(primera.data);
    expect(app.respuestasValidadas.aciertos).toBe(antes + 1);
    await server().database.db.execute(
      sql`update variables set nombre = 'Energía eléctrica (kWh) red' where id = ${energiaId}`,
    );
    expect((await porNombre()).data?.historicosVariable).toEqual([]);
    await server().database.db.execute(
      sql`update variables set nombre = 'Energía eléctrica (kWh)_561' where id = ${energiaId}`,
    );
    expect((await porNombre()).data).toEqual(primera.data);
  });

  it('series by name: kept, an unknown name too; a variable given that name later shows at once', async () => {
    const app = server().app;
    const SERIES = `query($n: [String!]!, $d: Date!, $h: Date!) { historicosSeries(nombres: $n, desde: $d, hasta: $h) { variable { nombre } fecha diario } }`;
    const series = (nombres: string[]) =>
      server().gql(SERIES, { n: nombres, ...rango }, { token: adminToken });
    const primera = await series(['Energía eléctrica (kWh)_561']);
    expect(primera.data?.historicosSeries).toEqual([
      {
        variable: { nombre: 'Energía eléctrica (kWh)_561' },
        fecha: ['2026-04-01', '2026-04-02'],
        diario: [10, 21], // the first test changed the second day
      },
    ]);
    const antes = app.respuestasValidadas.aciertos;
    expect((await series(['Energía eléctrica (kWh)_561'])).data).toEqual(primera.data); // kept now
    expect((await series(['Energía eléctrica (kWh)_561'])).data).toEqual(primera.data);
    expect(app.respuestasValidadas.aciertos).toBe(antes + 1);
    // A name no variable has: kept too (the fingerprint covers the variables with the names asked)…
    const conNueva = ['Energía eléctrica (kWh)_561', 'Gas natural (m3)'];
    for (let vez = 0; vez < 3; vez++) expect((await series(conNueva)).data?.historicosSeries).toHaveLength(1);
    expect(app.respuestasValidadas.aciertos).toBe(antes + 2);
    // … and a variable created later with that name shows in the next answer.
    const [gas] = await server().database.db.insert(variables).values(GAS).returning();
    await server().database.db.execute(
      sql`insert into historicos (variable_id, fecha, diario) values (${gas!.id}, '2026-04-03', 7)`,
    );
    expect((await series(conNueva)).data?.historicosSeries).toEqual([
      primera.data?.historicosSeries[0],
      { variable: { nombre: 'Gas natural (m3)' }, fecha: ['2026-04-03'], diario: [7] },
    ]);
    // Renamed: the old name finds nothing at once; a new variable given the name, its own days.
    await server().database.db.execute(sql`update variables set nombre = 'Gas (m3)' where id = ${gas!.id}`);
    expect((await series(conNueva)).data?.historicosSeries).toEqual([primera.data?.historicosSeries[0]]);
    const [otro] = await server()
      .database.db.insert(variables)
      .values({ ...GAS, nombre: 'Gas natural (m3)' })
      .returning();
    await server().database.db.execute(
      sql`insert into historicos (variable_id, fecha, diario) values (${otro!.id}, '2026-04-04', 9)`,
    );
    expect((await series(conNueva)).data?.historicosSeries).toEqual([
      primera.data?.historicosSeries[0],
      { variable: { nombre: 'Gas natural (m3)' }, fecha: ['2026-04-04'], diario: [9] },
    ]);
    // An HR variable asked by a user who may not read it is left out, and never kept for them.
    const otroName = uniqueName('sinrh');
    await createUser(server(), adminToken, { username: otroName, role: 'admin' });
    const otroToken = (await server().login(otroName, 'clave-usuario-1')).access_token;
    const ajena = await server().gql(SERIES, { n: ['Horas extra (h)'], ...rango }, { token: otroToken });
    expect(ajena.data?.historicosSeries).toEqual([]);
  });

  it('a kept answer goes out compressed as each client asks, compressed once per encoding', async () => {
    const app = server().app;
    // Two months of daily values: an answer of several KB (over the compression threshold).
    await server().database.db.execute(sql`insert into historicos (variable_id, fecha, diario)
      select ${energiaId}, d::date, 100 + extract(day from d) from generate_series('2026-06-01'::date, '2026-07-30'::date, interval '1 day') d`);
    const cuerpo = JSON.stringify({
      query: HISTORICOS,
      variables: { ids: [String(energiaId)], d: '2026-06-01', h: '2026-07-30' },
    });
    /** The request with this Accept-Encoding (none when undefined), its body as it came over the wire. */
    const pedir = (acceptEncoding?: string) => graphqlCrudo(server().url, adminToken, cuerpo, acceptEncoding);
    const texto = (await pedir()).bytes.toString();
    expect(
      (JSON.parse(texto) as { data: { historicosVariables: unknown[] } }).data.historicosVariables,
    ).toHaveLength(60);
    await pedir('br'); // the second request: executed, and kept
    const aciertos = app.respuestasValidadas.aciertos;
    const compresiones = app.respuestasValidadas.compresiones;

    const [br1, br2] = [await pedir('gzip, deflate, br'), await pedir('br')];
    expect(app.respuestasValidadas.aciertos).toBe(aciertos + 2);
    expect(app.respuestasValidadas.compresiones, 'brotli: compressed once').toBe(compresiones + 1);
    for (const r of [br1, br2]) {
      expect(r.headers['content-encoding']).toBe('br');
      expect(r.headers.vary).toMatch(/accept-encoding/i);
      expect(r.headers['content-type']).toMatch(/^application\/json/);
      expect(Number(r.headers['content-length'])).toBe(r.bytes.length);
      expect(brotliDecompressSync(r.bytes).toString()).toBe(texto);
    }
    expect(br2.bytes.equals(br1.bytes)).toBe(true);

    const [gz1, gz2] = [await pedir('gzip'), await pedir('x-gzip')];
    expect(app.respuestasValidadas.compresiones, 'gzip: compressed once').toBe(compresiones + 2);
    for (const r of [gz1, gz2]) {
      expect(r.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(r.bytes).toString()).toBe(texto);
    }
    // Nothing accepted: the text as it is.
    const plano = await pedir();
    expect(plano.headers['content-encoding']).toBeUndefined();
    expect(plano.bytes.toString()).toBe(texto);
    expect(app.respuestasValidadas.aciertos).toBe(aciertos + 5);

    // A change to the rows: the next answer is new, compressed anew.
    await server().database.db.execute(
      sql`update historicos set diario = 7 where variable_id = ${energiaId} and fecha = '2026-06-01'`,
    );
    const nueva = await pedir('br');
    expect(brotliDecompressSync(nueva.bytes).toString()).not.toBe(texto);
    expect(brotliDecompressSync(nueva.bytes).toString()).toContain('"diario":7');
  });

  it('answers with errors, and queries with fields that are not kept, are executed every time', async () => {
    const app = server().app;
    const desconocida = () => historicos(999_999, adminToken);
    expect((await desconocida()).errors?.[0]?.message).toBeDefined();
    const antes = app.respuestasValidadas.aciertos;
    expect((await desconocida()).errors?.[0]?.message).toBeDefined();
    const conOtro = `query($ids: [ID!]!, $d: Date!, $h: Date!) { historicosVariables(ids: $ids, desde: $d, hasta: $h) { diario }
      variables { id } }`;
    for (let i = 0; i < 2; i++) {
      const r = await server().gql(conOtro, { ids: [String(energiaId)], ...rango }, { token: adminToken });
      expect(r.errors).toBeUndefined();
    }
    expect(app.respuestasValidadas.aciertos).toBe(antes);
  });
});

describe('the kept answers are bounded', () => {
  it('drops the least recently used past its byte bound', async () => {
    const { RespuestasValidadas } = await import('../src/graphql/respuestas-validadas.ts');
    const respuestas = new RespuestasValidadas(1000);
    respuestas.guardar('a', 'x'.repeat(200), []);
    respuestas.guardar('b', 'y'.repeat(200), []);
    expect((await respuestas.vigente('a'))?.cuerpo).toBe('x'.repeat(200)); // a is now the most recent
    respuestas.guardar('c', 'z'.repeat(200), []);
    expect(respuestas.tamano).toBe(2);
    expect(await respuestas.vigente('b')).toBeNull();
    expect(await respuestas.vigente('a')).not.toBeNull();
    respuestas.guardar('d', 'w'.repeat(2000), []); // larger than the bound: not kept
    expect(await respuestas.vigente('d')).toBeNull();
  });

  it('counts the compressed copies in the bound', async () => {
    const { RespuestasValidadas } = await import('../src/graphql/respuestas-validadas.ts');
    const respuestas = new RespuestasValidadas(1000);
    // 300 characters that do not compress (≈ 600 bytes kept, over 200 once gzipped).
    respuestas.guardar('a', randomBytes(225).toString('base64'), []);
    const a = (await respuestas.vigente('a'))!;
    expect(await respuestas.comprimida(a, 'gzip')).toBe(await respuestas.comprimida(a, 'gzip'));
    expect(a.bytes).toBeGreaterThan(800);
    respuestas.guardar('b', 'y'.repeat(100), []); // 202 bytes more: the bound is passed, a goes
    expect(await respuestas.vigente('a')).toBeNull();
    expect(await respuestas.vigente('b')).not.toBeNull();
  });
});
