// Issue 11 §3.2 and §3.3: no single request (logged in or anonymous) stalls the server. The request
// gate refuses, before validation and execution, documents with too many fields and queries whose
// list-weighted cost is too high; sizes are capped per argument; responses have a size cap.
import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { GRAPHQL_LIMITS } from '../src/graphql/limits.ts';
import { describeEachDatabase } from './harness.ts';
import { expectHealthFast, postFromAnotherThread, sampleHealthWhile, timed } from './sampling.ts';

const START = '2026-01-05T13:00:00Z';
const DAYS = 22;
const END = new Date(Date.parse(START) + DAYS * 86_400_000).toISOString();
const FIELDS = 'fecha velocidad botellas botellas_llenas paquetes formato';

const scada = (alias: string, maxPuntos: number | null, desde = START, hasta = END, fields = FIELDS) =>
  `${alias}: scadaLinea(linea: 1, desde: "${desde}", hasta: "${hasta}"${
    maxPuntos === null ? '' : `, max_puntos: ${maxPuntos}`
  }) { lecturas { ${fields} } }`;

/** The probe's query: n aliases of a 22-day series (two fields a point, so 4 fields an alias). */
const aliases = (n: number, maxPuntos: number | null) =>
  `{ ${Array.from({ length: n }, (_, i) => scada(`a${i}`, maxPuntos, START, END, 'fecha velocidad')).join(' ')} }`;

/** The probe's anonymous document: ~280 repeated fields, unique by a comment (4 KB and more). */
const repeatedFields = (tag: number) =>
  `{ ${'lineas{planta{id}} '.repeat(280)}} # ${tag}-${Math.random().toString(36).slice(2)}`;

async function post(url: string, body: unknown, token?: string) {
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as {
    data?: Record<string, unknown> | null;
    errors?: { message: string; extensions?: { code?: string; field?: string } }[];
  };
  return { status: response.status, ...json };
}

describeEachDatabase('GraphQL cost, field and size limits', (server) => {
  let token: string;
  beforeAll(async () => {
    token = (await server().login()).access_token;
    // 22 days of minute readings of line 1 (31,680 rows).
    await server().database.db.execute(sql`
      insert into scada_lecturas (linea, fecha, velocidad, botellas, botellas_llenas, paquetes, formato)
      select 1, t, 400, 400, 398, 33, 1
      from generate_series(${START}::timestamptz, ${END}::timestamptz - interval '1 minute', interval '1 minute') t
      on conflict do nothing`);
  }, 60_000);

  afterEach(() => {
    GRAPHQL_LIMITS.maxResponseBytes = 4 * 1024 * 1024;
  });

  it('refuses 15 aliases of scadaLinea over 22 days with max_puntos 20000 at once, in Spanish', async () => {
    const started = performance.now();
    const r = await post(server().url, { query: aliases(15, 20_000) }, token);
    expect(performance.now() - started).toBeLessThan(500);
    expect(r.status).toBe(400);
    expect(r.errors?.[0]).toMatchObject({
      message: 'El argumento "max_puntos" de scadaLinea debe estar entre 10 y 5000',
      extensions: { code: 'BAD_USER_INPUT', field: 'max_puntos' },
    });
    // Within the per-field cap, the list-weighted cost refuses the aliases (points × fields).
    for (const maxPuntos of [5000, null]) {
      const t0 = performance.now();
      const costly = await post(server().url, { query: aliases(15, maxPuntos) }, token);
      expect(performance.now() - t0).toBeLessThan(500);
      expect(costly.status).toBe(400);
      expect(costly.errors?.[0]?.message).toMatch(
        /^La consulta es demasiado costosa: pediría unos \d+ valores/,
      );
    }
    // Variables count the same as literals.
    const viaVariables = await post(
      server().url,
      {
        query: `query($m: Int, $d: DateTime!, $h: DateTime!) { ${Array.from(
          { length: 15 },
          (_, i) =>
            `a${i}: scadaLinea(linea: 1, desde: $d, hasta: $h, max_puntos: $m) { lecturas { fecha velocidad } }`,
        ).join(' ')} }`,
        variables: { m: 5000, d: START, h: END },
      },
      token,
    );
    expect(viaVariables.status).toBe(400);
    expect(viaVariables.errors?.[0]?.message).toMatch(/demasiado costosa/);
    // Anonymous: refused the same way before authentication (no work done for it).
    expect((await post(server().url, { query: aliases(15, 5000) })).status).toBe(400);
  });

  it('still serves one reasonable scadaLinea (a production day, one point a minute)', async () => {
    const r = await post(
      server().url,
      { query: `{ ${scada('serie', 1440, START, new Date(Date.parse(START) + 86_400_000).toISOString())} }` },
      token,
    );
    expect(r.status).toBe(200);
    expect((r.data?.serie as { lecturas: unknown[] }).lecturas).toHaveLength(1440);
  });

  it('caps points and ranges per field with a Spanish 400 naming the argument', async () => {
    const cases: [string, Record<string, unknown>, string, RegExp][] = [
      [
        `query($d: DateTime!, $h: DateTime!) { scadaLinea(linea: 1, desde: $d, hasta: $h, max_puntos: 3) { linea } }`,
        { d: START, h: END },
        'max_puntos',
        /^El argumento "max_puntos" de scadaLinea debe estar entre 10 y 5000$/,
      ],
      [
        `{ scadaLinea4(desde: "2024-01-01T00:00:00Z", hasta: "2026-01-01T00:00:00Z") { linea } }`,
        {},
        'hasta',
        /^El rango de fechas de scadaLinea4 no puede superar 400 días$/,
      ],
      [
        `{ historicosVariable(nombre: "x", desde: "2010-01-01", hasta: "2026-01-01") { fecha } }`,
        {},
        'hasta',
        /^El rango de fechas de historicosVariable no puede superar 1830 días$/,
      ],
      [
        `{ asistenciaRango(desde: "2024-01-01", hasta: "2026-01-01") { fecha } }`,
        {},
        'hasta',
        /no puede superar 366 días$/,
      ],
      [
        `{ reporteAgua(desde: "2025-01-01T00:00:00Z", hasta: "2025-03-01T00:00:00Z", intervalo: "1m") { intervalo_minutos } }`,
        {},
        'intervalo',
        /^El intervalo es demasiado corto para el rango: saldrían 84960 filas \(máximo 5000\)/,
      ],
    ];
    for (const [query, variables, field, message] of cases) {
      const r = await post(server().url, { query, variables }, token);
      expect(r.status, query).toBe(400);
      expect(r.errors?.[0]?.extensions?.field, query).toBe(field);
      expect(r.errors?.[0]?.message, query).toMatch(message);
    }
  });

  it('caps the response size with a Spanish error instead of sending more', async () => {
    GRAPHQL_LIMITS.maxResponseBytes = 20_000;
    const r = await post(server().url, { query: `{ ${scada('serie', 1440)} }` }, token);
    expect(r.status).toBe(400);
    expect(r.errors?.[0]).toMatchObject({
      message: expect.stringMatching(/^La respuesta superaría el tamaño máximo/),
      extensions: { code: 'RESPONSE_TOO_LARGE' },
    });
  });

  it('answers /healthz in < 200 ms while the heaviest allowed queries run, 4 in parallel', async () => {
    // The heaviest single query the limits let through: every point scadaLinea allows, all fields,
    // four at once, round after round for 1.5 s at least, from another client (a thread of its own:
    // parsing four such answers in this one held the samples up, not the server).
    const heaviest = { query: `{ ${scada('serie', GRAPHQL_LIMITS.maxPuntos)} }` };
    const work = postFromAnotherThread(server().url, [Array.from({ length: 4 }, () => heaviest)], {
      token,
      minimumMs: 1500,
    });
    expectHealthFast(await sampleHealthWhile(server(), work), 5, 'consultas más pesadas');
    const answers = await work;
    expect(answers.length).toBeGreaterThanOrEqual(4);
    for (const a of answers) {
      expect(a.status).toBe(200);
      const { data } = JSON.parse(a.body) as { data: { serie: { lecturas: unknown[] } } };
      expect(data.serie.lecturas.length).toBeGreaterThan(3000);
    }
  }, 60_000);

  it('refuses the anonymous 280-repeated-fields document before validation, in Spanish', async () => {
    const query = repeatedFields(0);
    expect(query.length).toBeGreaterThan(3000);
    const sample = await timed('repetidos', () =>
      fetch(`${server().url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query }),
      }),
    );
    expect(sample.status).toBe(400);
    expect(sample.ms).toBeLessThan(100);
    const r = await post(server().url, { query: repeatedFields(1) });
    expect(r.errors?.[0]).toMatchObject({
      message: `La consulta pide demasiados campos (840; máximo ${GRAPHQL_LIMITS.maxSelections})`,
      extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
    });
  });

  it('keeps /healthz < 200 ms while 32 such documents arrive at once, repeatedly', async () => {
    // The attacker is another client, in a thread of its own.
    const rounds = Array.from({ length: 5 }, (_, round) =>
      Array.from({ length: 32 }, (_, i) => ({ query: repeatedFields(round * 100 + i) })),
    );
    const work = postFromAnotherThread(server().url, rounds);
    expectHealthFast(await sampleHealthWhile(server(), work, 10), 3, '160 documentos repetidos');
    const statuses = (await work).map((a) => a.status);
    expect(statuses).toHaveLength(160);
    expect(statuses.every((status) => status === 400)).toBe(true);
  }, 60_000);
});
