// Issue 11 §3.6: bad input is a Spanish 400 naming the field, never a 5xx: NUL bytes and lone
// surrogates in any string argument (one check for every operation, before it runs), impossible
// calendar dates on GraphQL and on the REST GETs, and subscriptions sent over HTTP.
import { beforeAll, expect, it } from 'vitest';
import { createUser, describeEachDatabase } from './harness.ts';

const BAD = ['\u0000', 'ab\u0000cd', '\uD800', 'x\uDC00', '\uDBFF'];

describeEachDatabase('bad input answers a Spanish 400', (server) => {
  let token: string;
  beforeAll(async () => {
    token = (await server().login()).access_token;
  });

  const expectBadChars = (
    r: { status: number; errors?: { message: string; extensions?: { code?: string; field?: string } }[] },
    field: string,
  ) => {
    expect(r.status).toBe(400);
    expect(r.errors?.[0]).toMatchObject({
      message: `El campo "${field}" contiene caracteres no válidos (NUL o sustitutos UTF-16 sueltos)`,
      extensions: { code: 'BAD_USER_INPUT', field },
    });
  };

  it('refuses NUL and lone surrogates in every string argument, as variables', async () => {
    for (const bad of BAD) {
      expectBadChars(
        await server().gql(`mutation($i: LoginInput!) { login(input: $i) { access_token } }`, {
          i: { username: bad, password: 'x' },
        }),
        'username',
      );
      expectBadChars(
        await server().gql(
          `mutation($i: CreateUserInput!) { createUser(input: $i) { id } }`,
          { i: { name: `Ana ${bad}`, username: 'ana', password: 'clave-segura-1' } },
          { token },
        ),
        'name',
      );
      expectBadChars(
        await server().gql(
          `mutation($r: String!) { assignRole(user_id: "1", role: $r) { id } }`,
          { r: bad },
          { token },
        ),
        'r',
      );
      expectBadChars(
        await server().gql(
          `query($v: [String!]) { reporteAgua(desde: "2026-03-01T13:00:00Z", hasta: "2026-03-02T13:00:00Z", intervalo: "1 hora", variables: $v) { intervalo_minutos } }`,
          { v: ['Agua pozo', bad] },
          { token },
        ),
        'v',
      );
    }
  });

  it('refuses them as literals too, anonymously', async () => {
    expectBadChars(
      await server().gql(
        `mutation { login(input: {username: "a\\u0000b", password: "x"}) { access_token } }`,
      ),
      'username',
    );
    expectBadChars(
      await server().gql(
        `{ historicosVariable(nombre: "\\u0000", desde: "2026-01-01", hasta: "2026-01-02") { fecha } }`,
        {},
        { token },
      ),
      'nombre',
    );
    // A lone surrogate escape is not a valid GraphQL string: a Spanish syntax error, 400.
    const lone = await server().gql(`{ ultimaFechaVariable(nombre: "\\uD800") }`, {}, { token });
    expect(lone.status).toBe(400);
    expect(lone.errors?.[0]?.message).toBe('La consulta GraphQL tiene un error de sintaxis');
  });

  it('leaves valid Unicode alone (accents, emoji pairs)', async () => {
    const userId = await createUser(server(), token, { username: 'unicode', name: 'Ñandú 😀 Ávila' });
    expect(userId).toBeTruthy();
  });

  it('refuses impossible calendar dates in Date and DateTime arguments', async () => {
    for (const fecha of ['2026-02-30', '2026-13-01', '2026-00-10', '0000-01-01']) {
      const r = await server().gql(
        `query($f: Date!) { cumplimientoProduccion(fecha: $f) { fecha } }`,
        { f: fecha },
        { token },
      );
      expect(r.status, fecha).toBe(400);
      expect(r.errors?.[0]?.message, fecha).toMatch(/^Campo "f": Fecha inválida: se espera AAAA-MM-DD/);
    }
    for (const instante of ['2026-02-30T00:00:00Z', '2026-01-01T25:00:00Z', '2026-01-01T10:00:00+99:00']) {
      const r = await server().gql(
        `query($d: DateTime!) { contadoresHora(linea_id: "1", desde: $d, hasta: $d) { id } }`,
        { d: instante },
        { token },
      );
      expect(r.status, instante).toBe(400);
      expect(r.errors?.[0]?.message, instante).toMatch(/Fecha y hora inválida/);
    }
  });

  it('answers the REST GETs 400 with the field for impossible dates and absurd lines', async () => {
    const get = (query: string) =>
      fetch(`${server().url}/api/pta/historicos/eta${query}`, {
        headers: { authorization: `Bearer ${token}` },
      });
    const cases: [string, string][] = [
      ['?desde=2026-02-30&hasta=2026-03-01', 'desde'],
      ['?desde=2026-01-01&hasta=2026-13-01', 'hasta'],
      ['?desde=2026-01-01&hasta=2026-02-29', 'hasta'],
      ['?desde=0000-01-01&hasta=2026-01-01', 'desde'],
      ['/lineas?desde=2026-01-01&hasta=2026-01-02&linea=99999999999', 'linea'],
    ];
    for (const [query, field] of cases) {
      const r = await get(query);
      expect(r.status, query).toBe(400);
      const body = (await r.json()) as { error: string; field: string };
      expect(body.field, query).toBe(field);
      expect(body.error, query).toMatch(/^El (campo|parámetro) "\w+" debe/);
    }
  });

  it('refuses a subscription sent over POST /graphql with a Spanish 400', async () => {
    const r = await server().gql(`subscription { conexionPlanta { estado } }`, {}, { token });
    expect(r.status).toBe(400);
    expect(r.errors?.[0]?.message).toBe(
      'Las suscripciones solo se admiten por websocket (graphql-ws), no por HTTP',
    );
  });
});
