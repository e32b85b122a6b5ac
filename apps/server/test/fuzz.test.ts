// DESIGN §9 / issue 11 §3.6: a schema-driven fuzz run. From the server's own schema, every query
// and mutation field is called many times with generated arguments (boundary, malicious and
// wrong-typed values, as variables and as literals), anonymously and as the admin, over real
// HTTP. No answer may be a 5xx, and every error message must be Spanish. Seeded: a failure prints
// the seed and the operation, and FUZZ_SEED=<seed> replays the same run.
import {
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLOutputType,
  type GraphQLSchema,
  getNamedType,
  getNullableType,
  isEnumType,
  isInputObjectType,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
} from 'graphql';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { defaultLoginThrottle } from '../src/modules/auth/login-throttle.ts';
import { ADMIN, describeEachDatabase } from './harness.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 20_260_311);
/** Operations per field as the admin. */
const PER_FIELD = Number(process.env.FUZZ_PER_FIELD ?? 24);
/**
 * Operations per field anonymously: a quarter. Without a session the gate (401) or the validation
 * of the document (400) answers before any resolver reads the database, the same on both; 24 per
 * field took a third of the file's time to ask it the same question again.
 */
const PER_FIELD_ANONIMO = Math.max(1, Math.round(PER_FIELD / 4));
const BUDGET_MS = 50_000;
const CONCURRENCY = 4;

/** mulberry32: small, fast, reproducible. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)] as T;
  return { next, int, pick, chance: (p: number) => next() < p };
}
type Rng = ReturnType<typeof prng>;

const STRINGS = [
  '',
  ' ',
  'a',
  'Línea 1',
  'Producción',
  'Horas extra (h)',
  'Ausentismo (%)',
  'Energía total',
  'super-admin',
  'admin',
  'rrhh',
  'x'.repeat(201),
  'x'.repeat(5000),
  '\u0000',
  'ab\u0000cd',
  '\uD800',
  'a\uDC00b',
  '\uD83D\uDE00 emoji',
  'NaN',
  'Infinity',
  '-1',
  '1e309',
  '2026-02-30',
  '2026-13-01',
  '0000-00-00',
  "'; drop table users; --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%00',
  '=cmd|calc',
  '5m',
  '1 hora',
  '0m',
  '99999 días',
  'hoy',
  'correo@ejemplo.com',
  'no-es-correo',
  '\n\t\r',
  'ñandú ÁÉÍÓÚ',
];
const INTS = [
  0, 1, -1, 2, 4, 12, 13, 99, 100, 2026, 1900, 10_000, 2_147_483_647, -2_147_483_648, 2_147_483_648, 1e15,
  3.5,
];
const FLOATS = [0, -0.5, 1.5, 100, 101, -1, 1e308, -1e308, 5e-324, 123_456_789.123];
/** The bootstrap admin (id 1) is left alone so the run keeps its identity; others are fair game. */
const IDS = [
  '2',
  '3',
  '4',
  '7',
  '0',
  '-1',
  '999999',
  '2147483648',
  '99999999999999999999',
  'abc',
  '1.5',
  '',
  ' ',
];
const DATES = [
  '2026-01-15',
  '2026-03-02',
  '2024-02-29',
  '2026-02-30',
  '2026-13-01',
  '2026-00-10',
  '0001-01-01',
  '9999-12-31',
  '2026-1-1',
  '20260101',
  '',
];
const DATETIMES = [
  '2026-03-02T13:00:00Z',
  '2026-03-01T08:00:00-05:00',
  '2026-03-02T13:00:00.123456789Z',
  '2026-02-30T00:00:00Z',
  '2026-01-01T25:00:00Z',
  '2026-01-01T10:00:00+99:00',
  '1970-01-01T00:00:00Z',
  '0001-01-01T00:00:00Z',
  '9999-12-31T23:59:59Z',
  '275760-09-13T00:00:00Z',
  '2026-03-02',
  'ayer',
];

/** A value of the wrong kind for anything. */
function wrongValue(rng: Rng): unknown {
  return rng.pick<unknown>([{}, [], 'texto', 12, -7.5, true, { a: 1 }, [[1]], '\u0000']);
}

function scalarValue(rng: Rng, name: string): unknown {
  switch (name) {
    case 'String':
      return rng.pick(STRINGS);
    case 'Int':
      return rng.pick(INTS);
    case 'Float':
      return rng.pick(FLOATS);
    case 'Boolean':
      return rng.chance(0.9) ? rng.chance(0.5) : 'true';
    case 'ID':
      return rng.chance(0.85) ? rng.pick(IDS) : rng.pick([5, -3, 2.5]);
    case 'Date':
      return rng.pick(DATES);
    case 'DateTime':
      return rng.pick(DATETIMES);
    default:
      return rng.pick(STRINGS);
  }
}

function inputValue(rng: Rng, type: GraphQLInputType, depth = 0): unknown {
  if (rng.chance(0.04)) return wrongValue(rng);
  if (rng.chance(isNonNullType(type) ? 0.02 : 0.15)) return null;
  const inner = getNullableType(type) as GraphQLInputType;
  if (isListType(inner)) {
    const length = rng.pick([0, 1, 2, 3, 5, 40]);
    return Array.from({ length }, () => inputValue(rng, inner.ofType as GraphQLInputType, depth + 1));
  }
  if (isEnumType(inner)) {
    return rng.chance(0.85) ? rng.pick(inner.getValues()).name : rng.pick(['NOPE', 'diario', '']);
  }
  if (isInputObjectType(inner)) {
    const out: Record<string, unknown> = {};
    for (const field of Object.values(inner.getFields())) {
      if (isNonNullType(field.type) ? rng.chance(0.03) : rng.chance(0.4)) continue;
      out[field.name] = inputValue(rng, field.type, depth + 1);
    }
    if (rng.chance(0.05)) out.campo_desconocido = 'x';
    return out;
  }
  return scalarValue(rng, (inner as { name: string }).name);
}

/** A GraphQL literal for a value (wrongly typed values stay wrong: validation must refuse them). */
function literal(value: unknown, type: GraphQLInputType): string {
  if (value === null || value === undefined) return 'null';
  const inner = getNullableType(type) as GraphQLInputType;
  if (Array.isArray(value)) {
    const of = isListType(inner) ? (inner.ofType as GraphQLInputType) : inner;
    return `[${value.map((v) => literal(v, of)).join(', ')}]`;
  }
  if (typeof value === 'object') {
    const fields = isInputObjectType(inner) ? inner.getFields() : {};
    return `{${Object.entries(value)
      .map(([k, v]) => `${k}: ${literal(v, fields[k]?.type ?? inner)}`)
      .join(', ')}}`;
  }
  if (typeof value === 'string' && isEnumType(inner) && /^[_A-Za-z]\w*$/.test(value)) return value;
  return JSON.stringify(value);
}

/** Selection of an output type: scalars, and objects two levels down. */
function selection(type: GraphQLOutputType, depth = 0): string {
  const named = getNamedType(type);
  if (isLeafType(named) || !isObjectType(named)) return '';
  const parts: string[] = [];
  for (const field of Object.values(named.getFields())) {
    if (field.args.some((a) => isNonNullType(a.type))) continue;
    const sub = getNamedType(field.type);
    if (isLeafType(sub)) parts.push(field.name);
    else if (depth < 1) {
      const inner = selection(field.type, depth + 1);
      if (inner) parts.push(`${field.name} ${inner}`);
    }
  }
  return parts.length ? `{ ${parts.join(' ')} }` : '{ __typename }';
}

interface Operation {
  query: string;
  variables: Record<string, unknown>;
}

function operation(rng: Rng, kind: 'query' | 'mutation', field: GraphQLField<unknown, unknown>): Operation {
  const asLiterals = rng.chance(0.25);
  const definitions: string[] = [];
  const args: string[] = [];
  const variables: Record<string, unknown> = {};
  field.args.forEach((arg: GraphQLArgument, i) => {
    if (rng.chance(isNonNullType(arg.type) ? 0.03 : 0.3)) return; // missing (required ones too)
    const value = inputValue(rng, arg.type);
    if (asLiterals) {
      args.push(`${arg.name}: ${literal(value, arg.type)}`);
    } else {
      definitions.push(`$v${i}: ${String(arg.type)}`);
      args.push(`${arg.name}: $v${i}`);
      variables[`v${i}`] = value;
    }
  });
  const head = definitions.length ? `${kind} Fuzz(${definitions.join(', ')})` : `${kind} Fuzz`;
  const call = args.length ? `${field.name}(${args.join(', ')})` : field.name;
  return { query: `${head} { ${call} ${selection(field.type)} }`, variables };
}

const ENGLISH = /\b(the|must|cannot|provided|expected|found|did you mean|unexpected|invalid value|is not)\b/i;
const SPANISH =
  /[áéíóúñ¿¡]|\b(el|la|los|las|de|del|debe|no|es|un|una|campo|consulta|fecha|argumento|sesión|permiso|existe|falta|usuario|demasiad\w*|inválid\w*|válid\w*)\b/i;

function isSpanishMessage(message: string): boolean {
  return SPANISH.test(message) && !ENGLISH.test(message);
}

/** encodeURIComponent, with lone surrogates sent as the (invalid UTF-8) bytes a client could send. */
function encodeQuery(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
}

interface Failure {
  who: string;
  status: number;
  message: string;
  query: string;
  variables: Record<string, unknown>;
}

describeEachDatabase(
  'schema-driven fuzz: no 5xx, Spanish errors',
  (server) => {
    let adminToken = '';
    let schema: GraphQLSchema;
    beforeAll(async () => {
      adminToken = (await server().login()).access_token;
      schema = server().app.graphql.schema;
    });
    afterAll(async () => {
      // The run leaves nothing broken behind: the server still answers.
      expect((await fetch(`${server().url}/healthz`)).status).toBe(200);
    });

    async function send(op: Operation, token: string | undefined) {
      const response = await fetch(`${server().url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
        body: JSON.stringify(op),
      });
      const text = await response.text();
      let body: { errors?: { message?: unknown }[] } = {};
      try {
        body = JSON.parse(text) as typeof body;
      } catch {
        body = { errors: [{ message: `(no JSON) ${text.slice(0, 200)}` }] };
      }
      return { status: response.status, messages: (body.errors ?? []).map((e) => String(e.message)) };
    }

    const statuses: Record<string, number> = {};

    async function run(who: 'anónimo' | 'admin', seed: number, failures: Failure[]) {
      const rng = prng(seed);
      const perField = who === 'admin' ? PER_FIELD : PER_FIELD_ANONIMO;
      const ops: { op: Operation; mutation: boolean }[] = [];
      for (const kind of ['query', 'mutation'] as const) {
        const root = kind === 'query' ? schema.getQueryType() : schema.getMutationType();
        for (const field of Object.values(root?.getFields() ?? {})) {
          for (let i = 0; i < perField; i++) {
            ops.push({ op: operation(rng, kind, field), mutation: kind === 'mutation' });
          }
        }
      }
      const deadline = performance.now() + BUDGET_MS / 2;
      let sent = 0;
      const check = async ({ op }: { op: Operation }) => {
        let r = await send(op, who === 'admin' ? adminToken : undefined);
        if (who === 'admin' && r.status === 401) {
          // A fuzzed logout/updateUser may end the admin's session: log in again and retry once.
          adminToken = (await server().login(ADMIN.username, ADMIN.password)).access_token;
          r = await send(op, adminToken);
        }
        sent++;
        statuses[`${who} ${r.status}`] = (statuses[`${who} ${r.status}`] ?? 0) + 1;
        const bad = r.status >= 500 ? r.messages : r.messages.filter((m) => !isSpanishMessage(m));
        if (r.status >= 500 || bad.length) {
          failures.push({ who, status: r.status, message: bad.join(' | '), ...op });
        }
      };
      // Queries in parallel; mutations one at a time (their order matters for reproduction).
      let index = 0;
      while (index < ops.length && performance.now() < deadline) {
        const batch: (typeof ops)[number][] = [];
        while (index < ops.length && batch.length < CONCURRENCY) {
          const next = ops[index]!;
          if (next.mutation && batch.length) break;
          batch.push(next);
          index++;
          if (next.mutation) break;
        }
        await Promise.all(batch.map(check));
      }
      return sent;
    }

    it(`${PER_FIELD} generated operations per field as the admin, ${PER_FIELD_ANONIMO} anonymously (seed ${SEED})`, async () => {
      const failures: Failure[] = [];
      const anonymous = await run('anónimo', SEED, failures);
      const admin = await run('admin', SEED + 1, failures);
      const report = failures
        .slice(0, 8)
        .map((f) => `[${f.who}] ${f.status} «${f.message}»\n  ${f.query}\n  ${JSON.stringify(f.variables)}`)
        .join('\n');
      expect(failures.length, `semilla ${SEED}: ${failures.length} fallos\n${report}`).toBe(0);
      // Thousands of operations ran within the budget (per database), anonymous ones among them.
      expect(anonymous).toBeGreaterThanOrEqual(500);
      expect(anonymous + admin).toBeGreaterThanOrEqual(2000);
      if (process.env.FUZZ_DEBUG) console.log(server().kind, statuses);
    }, 120_000);

    it('the REST GETs: generated query strings, with and without a token (same seed)', async () => {
      const rng = prng(SEED + 2);
      const values = [
        ...DATES,
        ...STRINGS.slice(0, 20),
        '-1',
        '1',
        '99999999999',
        '1e3',
        '%00',
        '..%2f',
        '%zz',
      ];
      const failures: string[] = [];
      for (let i = 0; i < 300; i++) {
        const path = rng.pick(['/api/pta/historicos/eta', '/api/pta/historicos/eta/lineas']);
        const params = ['desde', 'hasta', 'linea', 'extra']
          .filter(() => rng.chance(0.8))
          .map((key) => {
            const value = rng.pick(values);
            // Some raw (possibly malformed) encodings, mostly proper ones.
            return `${key}=${rng.chance(0.1) ? value : encodeQuery(value)}`;
          });
        const url = `${server().url}${path}?${params.join('&')}`;
        let response: Response;
        try {
          response = await fetch(
            url,
            rng.chance(0.8) ? { headers: { authorization: `Bearer ${adminToken}` } } : {},
          );
        } catch {
          continue; // the client refused to send it (invalid URL): nothing reached the server
        }
        const text = await response.text();
        let message = '';
        try {
          const body = JSON.parse(text) as { error?: unknown; message?: unknown };
          message = String(body.error ?? body.message ?? '');
        } catch {
          message = '';
        }
        if (response.status >= 500 || (response.status >= 400 && !isSpanishMessage(message))) {
          failures.push(`${response.status} ${url} «${message || text.slice(0, 120)}»`);
        }
      }
      expect(failures, `semilla ${SEED}`).toEqual([]);
    }, 60_000);
  },
  {
    loginThrottle: { ...defaultLoginThrottle, ipFailures: 1_000_000, userFailures: 1_000_000 },
  },
);
