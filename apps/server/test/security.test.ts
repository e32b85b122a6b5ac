import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { limitRules } from '../src/graphql/limits.ts';
import { WS_MAX_PAYLOAD } from '../src/graphql/plugin.ts';
import { translateGraphQLMessage } from '../src/graphql/translate-error.ts';
import { ADMIN, auditRows, createUser, describeEachDatabase } from './harness.ts';
import http from 'node:http';
import { brotliCompressSync, gzipSync } from 'node:zlib';

const LOGIN = `mutation($input: LoginInput!) { login(input: $input) { access_token } }`;
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'planta-web-'));
fs.writeFileSync(
  path.join(webDist, 'index.html'),
  '<!doctype html><title>Planta</title><div id="root"></div>',
);
fs.mkdirSync(path.join(webDist, 'assets'));
fs.writeFileSync(path.join(webDist, 'assets', 'app-123.js'), 'console.log(1)');
// The build's precompressed copies (apps/web/build/precompress.ts).
fs.writeFileSync(path.join(webDist, 'assets', 'app-123.js.br'), brotliCompressSync('console.log(1)'));
fs.writeFileSync(path.join(webDist, 'assets', 'app-123.js.gz'), gzipSync('console.log(1)'));
// Built after start-up (a redeploy without restart): served too.
setTimeout(() => fs.writeFileSync(path.join(webDist, 'assets', 'late-456.js'), 'console.log(2)'), 0);

describeEachDatabase(
  'login throttling',
  (server) => {
    const attempt = (username: string, password: string, ip?: string) =>
      server().gql(
        LOGIN,
        { input: { username, password } },
        ip ? { headers: { 'x-forwarded-for': ip } } : {},
      );

    it('locks a username after its failures (429 + Retry-After); other usernames are unaffected', async () => {
      for (let i = 0; i < 3; i++) expect((await attempt('admin', 'mala-clave', '10.0.0.1')).status).toBe(401);
      // Now even the right password is refused until the lock ends.
      const locked = await attempt('admin', ADMIN.password, '10.0.0.2');
      expect(locked.status).toBe(429);
      expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(locked.errors?.[0]?.extensions?.code).toBe('TOO_MANY_REQUESTS');
      expect(locked.errors?.[0]?.message).toMatch(/^Demasiados intentos fallidos de inicio de sesión/);
      expect((await auditRows(server(), 'login_throttled')).length).toBeGreaterThan(0);
      expect((await auditRows(server(), 'login_failed')).length).toBeGreaterThanOrEqual(3);
    });

    it('limits failures per IP across usernames', async () => {
      for (let i = 0; i < 5; i++) await attempt(`nadie${i}`, 'x', '10.0.0.9');
      const blocked = await attempt('otro-nadie', 'x', '10.0.0.9');
      expect(blocked.status).toBe(429);
      expect(blocked.headers.get('retry-after')).toBeTruthy();
      // Another IP is still served.
      expect((await attempt('otro-nadie', 'x', '10.0.0.10')).status).toBe(401);
    });

    it('does not count successful logins', async () => {
      for (let i = 0; i < 8; i++) {
        const ok = await server().gql(
          `mutation { login(input: {username: "x${i}", password: "y"}) { access_token } }`,
          {},
          { headers: { 'x-forwarded-for': '10.0.1.1' } },
        );
        if (i < 5) expect(ok.status).toBe(401);
      }
      expect((await attempt('admin', ADMIN.password, '10.0.2.1')).status).not.toBe(200); // still locked from test 1
    });
  },
  {
    trustProxy: true,
    loginThrottle: { ipFailures: 5, ipWindowSeconds: 60, userFailures: 3, userWindowSeconds: 300 },
  },
);

const UPDATE_PASSWORD = `mutation($input: UpdatePassword!) { updatePassword(input: $input) { status } }`;

describeEachDatabase(
  'login throttling under concurrency',
  (server) => {
    let userToken: string;
    beforeAll(async () => {
      const adminToken = (await server().login()).access_token;
      await createUser(server(), adminToken, { username: 'paralelo', password: 'clave-paralela-1' });
      userToken = (await server().login('paralelo', 'clave-paralela-1')).access_token;
    });

    /** When the first throttled login of this block was sent: the audit windows are counted from it. */
    let inicio = 0;

    it('60 parallel guesses: at most 5 are checked, the right password among them does not get in', async () => {
      inicio = performance.now();
      const answers = await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          server().gql(
            LOGIN,
            { input: { username: 'admin', password: i === 30 ? ADMIN.password : `mala-${i}` } },
            { headers: { 'x-forwarded-for': '10.1.0.1' } },
          ),
        ),
      );
      const statuses = answers.map((a) => a.status);
      // Each one checked (401) or refused (429): a check that could not run gives its point back, and
      // the next test would then find the user unlocked.
      expect(
        answers
          .filter((a) => a.status !== 401 && a.status !== 429)
          .map((a) => [a.status, a.errors?.[0]?.message]),
      ).toEqual([]);
      expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
      expect(statuses.filter((s) => s === 200)).toEqual([]);
      const throttled = answers.filter((a) => a.status === 429);
      expect(throttled.length).toBeGreaterThanOrEqual(55);
      for (const a of throttled) {
        expect(a.errors?.[0]?.message).toMatch(/^Demasiados intentos fallidos de inicio de sesión/);
        expect(Number(a.headers.get('retry-after'))).toBeGreaterThan(0);
      }
      expect((await auditRows(server(), 'login_failed')).length).toBeLessThanOrEqual(5);
    });

    it('writes one audit row per IP and username per window for throttled logins, with the count', async () => {
      const throttledBefore = (await auditRows(server(), 'login_throttled')).length;
      const inicioPropio = performance.now();
      const answers = await Promise.all(
        Array.from({ length: 40 }, () =>
          server().gql(
            LOGIN,
            { input: { username: 'admin', password: 'mala' } },
            { headers: { 'x-forwarded-for': '10.1.0.1' } },
          ),
        ),
      );
      // Which ones were not refused, and why, when any is not.
      expect(answers.filter((a) => a.status !== 429).map((a) => [a.status, a.errors?.[0]?.message])).toEqual(
        [],
      );
      // Each window (1 s here) of a key writes its first attempt at once and the rest as one counted
      // row when it ends: at most two rows a window, and as many windows as the two tests' attempts
      // spanned (two on a quiet machine; a loaded one spreads 100 logins over more).
      const ventanas = Math.floor((performance.now() - inicio) / 1000) + 1;
      const propias = Math.floor((performance.now() - inicioPropio) / 1000) + 1;
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const rows = (await auditRows(server(), 'login_throttled')) as {
        details: { username: string; intentos: number; agregado?: boolean };
      }[];
      expect(rows.length, `${ventanas} ventanas de auditoría`).toBeLessThanOrEqual(2 * ventanas);
      const total = rows.reduce((sum, row) => sum + row.details.intentos, 0);
      // First test: ≥ 55 throttled; this one: 40 more, all counted, in a handful of rows.
      expect(total).toBeGreaterThanOrEqual(95);
      // This test's 40: two rows a window they spanned, and the first test's counted row if its
      // window was still open when they began.
      expect(rows.length - throttledBefore, `${propias} ventanas propias`).toBeLessThanOrEqual(
        2 * propias + 1,
      );
      expect(rows.some((row) => row.details.agregado === true)).toBe(true);
    });

    it('throttles updatePassword\u2019s current-password check the same way', async () => {
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          server().gql(
            UPDATE_PASSWORD,
            {
              input: {
                old_password: i === 15 ? 'clave-paralela-1' : `mala-${i}`,
                password: 'clave-nueva-99',
                password_confirmation: 'clave-nueva-99',
              },
            },
            { token: userToken, headers: { 'x-forwarded-for': '10.1.0.2' } },
          ),
        ),
      );
      const wrong = answers.filter((a) => a.errors?.[0]?.message === 'La contraseña actual no es correcta');
      const throttled = answers.filter((a) => a.errors?.[0]?.extensions?.code === 'TOO_MANY_REQUESTS');
      expect(wrong.length).toBeLessThanOrEqual(5);
      expect(throttled.length).toBeGreaterThanOrEqual(25);
      expect(answers.filter((a) => a.data?.updatePassword)).toEqual([]);
      expect(throttled[0]?.status).toBe(429);
      expect(throttled[0]?.errors?.[0]?.message).toMatch(
        /^Demasiados intentos fallidos con la contraseña actual\. Inténtelo de nuevo en \d+ segundos\.$/,
      );
      // The password did not change.
      expect((await server().login('paralelo', 'clave-paralela-1')).access_token).toBeTruthy();
    });
  },
  {
    trustProxy: true,
    loginThrottle: {
      ipFailures: 10,
      ipWindowSeconds: 60,
      userFailures: 5,
      userWindowSeconds: 300,
      auditWindowSeconds: 1,
    },
  },
);

describeEachDatabase(
  'API surface',
  (server) => {
    let token: string;
    beforeAll(async () => {
      token = (await server().login()).access_token;
    });
    const post = (body: string, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
      fetch(`${server().url}/graphql`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, ...headers },
        body,
      });

    it('limits aliases and tokens before resolvers run, in Spanish', async () => {
      const aliases = `{ ${Array.from({ length: 30 }, (_, i) => `a${i}: me { id }`).join(' ')} }`;
      const a = await server().gql(aliases, {}, { token });
      expect(a.status).toBe(400);
      expect(a.errors?.map((e) => e.message)).toContain('Demasiados alias en la consulta');

      const tokens = `{ me { ${'id '.repeat(2500)} } }`;
      const t = await server().gql(tokens, {}, { token });
      expect(t.status).toBe(400);
      expect(t.errors?.[0]?.message).toBe('La consulta tiene demasiados elementos (límite de tokens)');

      const fragments = `query { ...A } fragment A on Query { me { roles { id name } } }`;
      expect((await server().gql(fragments, {}, { token })).status).toBe(200);
    });

    it('limits depth and cost with the same rules the server registers', async () => {
      const { buildSchema, parse, validate } = await import('graphql');
      // Our schema is too shallow to nest 11 real fields, so validate a deep document against a
      // recursive schema with the server's own rule list.
      const schema = buildSchema(`type N { n: N, v: Int } type Query { n: N }`);
      const deep = (levels: number) => `{ ${'n { '.repeat(levels)} v ${'} '.repeat(levels)} }`;
      expect(validate(schema, parse(deep(9)), limitRules(false))).toEqual([]);
      const errors = validate(schema, parse(deep(11)), limitRules(false));
      expect(errors.map((e) => e.message)).toContain('Syntax Error: La consulta es demasiado profunda');
      expect(translateGraphQLMessage(errors[0]?.message ?? '')).toBe('La consulta es demasiado profunda');
      // Cost: 8 levels of 12 scalar fields each stays under the depth limit but not the cost one.
      const wide = (levels: number): string =>
        levels === 0
          ? 'v'
          : `v ${Array.from({ length: 6 }, (_, i) => `n${i}: n { ${wide(levels - 1)} }`).join(' ')}`;
      const costly = validate(schema, parse(`{ n { ${wide(4)} } }`), limitRules(false));
      expect(costly.map((e) => translateGraphQLMessage(e.message))).toContain(
        'La consulta es demasiado costosa',
      );
    });

    it('refuses batched queries', async () => {
      const r = await post(JSON.stringify([{ query: '{ me { id } }' }, { query: '{ me { id } }' }]));
      expect(r.status).toBeGreaterThanOrEqual(400);
      expect(r.status).toBeLessThan(500);
    });

    it('has introspection off by default, without "did you mean" hints', async () => {
      const r = await server().gql(`{ __schema { types { name } } }`, {}, { token });
      expect(r.status).toBe(400);
      expect(r.errors?.[0]?.message).toBe('La introspección de GraphQL está desactivada');
      const typo = await server().gql(`{ usres { id } }`, {}, { token });
      expect(JSON.stringify(typo.errors)).not.toMatch(/Did you mean|users/);
      expect(typo.errors?.[0]?.message).toBe('El campo "usres" no existe en el tipo Query');
    });

    it('accepts mutations only as application/json POST (CSRF)', async () => {
      const body = JSON.stringify({ query: 'mutation { logout { status } }' });
      expect((await post(body, { 'content-type': 'text/plain' })).status).toBe(415);
      expect(
        (await post('query=mutation', { 'content-type': 'application/x-www-form-urlencoded' })).status,
      ).toBe(415);
      const get = await fetch(
        `${server().url}/graphql?query=${encodeURIComponent('mutation{logout{status}}')}`,
      );
      expect(get.status).toBe(405);
    });

    it('answers CORS only for the exact origin the app is served from, never another port or *', async () => {
      const preflight = (origin: string) =>
        fetch(`${server().url}/graphql`, {
          method: 'OPTIONS',
          headers: { origin, 'access-control-request-method': 'POST' },
        });
      const own = await preflight(server().url);
      expect(own.headers.get('access-control-allow-origin')).toBe(server().url);
      expect(own.headers.get('access-control-allow-credentials')).toBe('true');
      const port = Number(new URL(server().url).port);
      for (const origin of [
        'http://127.0.0.1:9999',
        `http://127.0.0.1:${port + 1}`,
        `https://127.0.0.1:${port}`,
        'http://127.0.0.1:5173', // the Vite dev server: only with NODE_ENV=development
        'https://evil.example',
        'null',
      ]) {
        for (const r of [
          await preflight(origin),
          await fetch(`${server().url}/healthz`, { headers: { origin } }),
        ]) {
          expect(r.headers.get('access-control-allow-origin'), origin).toBeNull();
          expect(r.headers.get('access-control-allow-credentials'), origin).toBeNull();
        }
      }
    });

    it('refuses refreshToken (and any API call) from a page on another origin, before it runs', async () => {
      const { refresh_token } = await server().login();
      const REFRESH = `mutation($t: String) { refreshToken(input: { refresh_token: $t }) { access_token } }`;
      const foreign = await fetch(`${server().url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'http://127.0.0.1:9999' },
        body: JSON.stringify({ query: REFRESH, variables: { t: refresh_token } }),
      });
      expect(foreign.status).toBe(403);
      expect(await foreign.json()).toEqual({ error: 'Origen no permitido' });
      expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
      // Nothing happened: the token was not spent, so the app itself can still use it.
      const own = await server().gql(REFRESH, { t: refresh_token }, { headers: { origin: server().url } });
      expect(own.status).toBe(200);
      expect(own.headers.get('access-control-allow-origin')).toBe(server().url);
    });

    it('opens subscription websockets only from the app\u2019s own origin, and closes one sent an oversized message', async () => {
      const url = `${server().url.replace('http', 'ws')}/graphql`;
      const open = (origin?: string) =>
        new Promise<{ status: number; socket?: WebSocket }>((resolve) => {
          const socket = new WebSocket(url, 'graphql-transport-ws', origin ? { origin } : {});
          socket.on('open', () => resolve({ status: 101, socket }));
          socket.on('unexpected-response', (_req, res) => resolve({ status: res.statusCode ?? 0 }));
          socket.on('error', () => {});
        });
      expect((await open('https://evil.example')).status).toBe(403);
      expect((await open('http://127.0.0.1:9999')).status).toBe(403);
      const own = await open(server().url);
      expect(own.status).toBe(101);
      const closed = new Promise<number>((resolve) => own.socket!.on('close', (code) => resolve(code)));
      own.socket!.send('x'.repeat(WS_MAX_PAYLOAD + 1));
      expect(await closed).toBe(1009); // message too big
      const again = await open();
      expect(again.status).toBe(101); // the server keeps serving
      again.socket!.close();
    });

    it('sends security headers; connect-src is only the app itself', async () => {
      const r = await fetch(`${server().url}/healthz`);
      const csp = r.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("connect-src 'self';");
      expect(csp).not.toMatch(/ws:|wss:/);
      expect(r.headers.get('x-content-type-options')).toBe('nosniff');
      expect(r.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(r.headers.get('strict-transport-security')).toBeNull(); // plain HTTP
    });

    it('sends the security headers on early refusals too (400, 403, 405, 411, 413, 415)', async () => {
      const big = JSON.stringify({ query: `{ me { id } }`, pad: 'x'.repeat(200 * 1024) });
      const answers = [
        await rawRequest(server().url, 'GET', '/%E0%A4%A'),
        await rawRequest(server().url, 'GET', '/..%2f..%2fetc%2fpasswd'),
        await rawRequest(server().url, 'GET', '/graphql'),
        await rawRequest(server().url, 'POST', '/graphql', { 'content-type': 'text/plain' }, 'x'),
        await rawRequest(
          server().url,
          'POST',
          '/graphql',
          { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(big)) },
          big,
        ),
        await rawRequest(
          server().url,
          'POST',
          '/graphql',
          {
            'content-type': 'application/json',
            origin: 'http://127.0.0.1:9999',
          },
          '{}',
        ),
        await rawRequest(
          server().url,
          'POST',
          '/graphql',
          {
            'content-type': 'application/json',
            'transfer-encoding': 'chunked',
          },
          '{"query":"{ me { id } }"}',
        ),
      ];
      expect(answers.map((a) => a.status)).toEqual([400, 400, 405, 415, 413, 403, 411]);
      for (const a of answers) {
        expect(a.headers['content-security-policy'], String(a.status)).toContain("frame-ancestors 'none'");
        expect(a.headers['x-content-type-options'], String(a.status)).toBe('nosniff');
        expect(a.headers['x-frame-options'], String(a.status)).toBe('DENY');
      }
    });

    it('asks search engines not to index anything: X-Robots-Tag noindex on pages, assets, API and refusals', async () => {
      const answers = [
        await fetch(`${server().url}/`, { headers: { accept: 'text/html' } }),
        await fetch(`${server().url}/fabrica/lineas`, { headers: { accept: 'text/html' } }),
        await fetch(`${server().url}/assets/app-123.js`),
        await fetch(`${server().url}/healthz`),
        await fetch(`${server().url}/api/nada`),
        await fetch(`${server().url}/graphql`),
      ];
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 404, 405]);
      for (const a of answers) expect(a.headers.get('x-robots-tag'), a.url).toBe('noindex');
      const refused = await rawRequest(server().url, 'GET', '/..%2f..%2fetc%2fpasswd');
      expect(refused.headers['x-robots-tag']).toBe('noindex');
    });

    it('answers URLs with a broken %-encoding with a Spanish 400', async () => {
      for (const url of ['/%E0%A4%A', '/api/eficiencia/x%zz', '/graphql%']) {
        const r = await rawRequest(server().url, 'GET', url);
        expect(r.status, url).toBe(400);
        expect(JSON.parse(r.body), url).toEqual({
          error: 'La dirección no es válida: contiene una codificación % incorrecta',
        });
      }
    });

    it('answers 413 (Spanish) to a /graphql body over the limit, 411 without Content-Length', async () => {
      const r = await post(JSON.stringify({ query: `{ me { id } }`, pad: 'x'.repeat(150 * 1024) }));
      expect(r.status).toBe(413);
      expect(await r.json()).toEqual({
        error: 'El cuerpo de la petición es demasiado grande (máximo 100 KB)',
      });
      const chunked = await rawRequest(
        server().url,
        'POST',
        '/graphql',
        {
          'content-type': 'application/json',
          'transfer-encoding': 'chunked',
        },
        JSON.stringify({ query: '{ me { id } }' }),
      );
      expect(chunked.status).toBe(411);
      expect(JSON.parse(chunked.body)).toEqual({ error: 'Falta la cabecera Content-Length' });
      // Under the limit it is an ordinary request.
      expect((await post(JSON.stringify({ query: '{ me { id } }' }))).status).toBe(200);
    });

    it('answers 400 to path traversal on every file route, the SPA fallback included', async () => {
      for (const attack of [
        '/..%2f..%2fetc%2fpasswd',
        '/%2e%2e/%2e%2e/etc/passwd',
        '/assets/..%5c..%5cpackage.json',
        '/..\\..\\etc\\passwd',
        '/index.html%00.js',
        '/assets/%252e%252e/x',
        '/assets/../../package.json',
        '//etc/passwd',
      ]) {
        // node:http sends the path exactly as written (fetch would normalise the dots away).
        const { status, body } = await rawGet(server().url, attack);
        expect([400, 404], attack).toContain(status);
        expect(body).not.toContain('root:');
        expect(body).not.toContain('"workspaces"');
      }
    });

    it('serves the SPA: deep links get index.html, assets are cached, API 404s stay JSON', async () => {
      const root = await fetch(`${server().url}/`, { headers: { accept: 'text/html' } });
      expect(root.status).toBe(200);
      expect(await root.text()).toContain('<div id="root">');
      const deep = await fetch(`${server().url}/fabrica/lineas`, { headers: { accept: 'text/html' } });
      expect(deep.status).toBe(200);
      expect(await deep.text()).toContain('<div id="root">');
      const asset = await fetch(`${server().url}/assets/app-123.js`);
      expect(asset.headers.get('cache-control')).toContain('immutable');
      expect((await fetch(`${server().url}/assets/late-456.js`)).status).toBe(200);
      expect((await fetch(`${server().url}/assets/missing.js`)).status).toBe(404);
      const api = await fetch(`${server().url}/api/nada`, { headers: { accept: 'text/html' } });
      expect(api.status).toBe(404);
      expect(await api.json()).toEqual({ error: 'No encontrado' });
    });

    it('sends the precompressed copy the browser accepts (brotli first), with Vary: Accept-Encoding', async () => {
      const asset = (encoding: string) =>
        fetch(`${server().url}/assets/app-123.js`, { headers: { 'accept-encoding': encoding } });
      for (const [accepts, sent] of [
        ['gzip, deflate, br, zstd', 'br'],
        ['gzip, deflate', 'gzip'],
        ['identity', null],
      ] as const) {
        const r = await asset(accepts);
        expect(r.status, accepts).toBe(200);
        expect(r.headers.get('content-encoding'), accepts).toBe(sent);
        expect(r.headers.get('vary') ?? '', accepts).toMatch(/accept-encoding/i);
        expect(r.headers.get('content-type'), accepts).toMatch(/javascript/);
        expect(r.headers.get('cache-control'), accepts).toContain('immutable');
        // fetch decodes: the same script whichever copy travelled.
        expect(await r.text(), accepts).toBe('console.log(1)');
      }
      // A file without copies is sent as it is.
      const late = await fetch(`${server().url}/assets/late-456.js`, {
        headers: { 'accept-encoding': 'br' },
      });
      expect(late.headers.get('content-encoding')).toBeNull();
      expect(await late.text()).toBe('console.log(2)');
    });

    it('reports health with the database state and version', async () => {
      const r = await fetch(`${server().url}/healthz`);
      expect(r.status).toBe(200);
      expect(await r.json()).toMatchObject({
        status: 'ok',
        version: expect.stringMatching(/^\d+\.\d+\.\d+/),
        database: { status: 'ok', kind: server().kind },
      });
    });

    it('never sends stack traces: malformed JSON gets a Spanish 400', async () => {
      const r = await post('{"query": ');
      expect(r.status).toBe(400);
      const text = await r.text();
      expect(text).not.toMatch(/at .*\.(js|ts):\d+/);
      expect(text).toContain('El cuerpo de la petición no es JSON válido');
    });

    it('records login and failed login in the audit log, without passwords', async () => {
      await server().gql(LOGIN, { input: { username: 'admin', password: 'una-clave-erronea' } });
      const failed = await auditRows(server(), 'login_failed');
      expect(failed.length).toBeGreaterThan(0);
      expect(JSON.stringify(failed)).not.toContain('una-clave-erronea');
      expect((await auditRows(server(), 'login')).length).toBeGreaterThan(0);
    });
  },
  { webDist },
);

describeEachDatabase(
  'CORS_ORIGINS and the Vite dev origin',
  (server) => {
    it('allows the listed origins and, in development, the Vite dev server; still not other ports', async () => {
      const preflight = (origin: string) =>
        fetch(`${server().url}/graphql`, {
          method: 'OPTIONS',
          headers: { origin, 'access-control-request-method': 'POST' },
        });
      for (const origin of ['https://planta.example.com', 'http://127.0.0.1:5173', server().url]) {
        const r = await preflight(origin);
        expect(r.headers.get('access-control-allow-origin'), origin).toBe(origin);
        expect(r.headers.get('access-control-allow-credentials'), origin).toBe('true');
      }
      for (const origin of [
        'https://planta.example.com:8443',
        'http://127.0.0.1:5174',
        'https://otra.example.com',
      ]) {
        expect((await preflight(origin)).headers.get('access-control-allow-origin'), origin).toBeNull();
      }
      const listed = await server().gql(
        '{ __typename }',
        {},
        { headers: { origin: 'https://planta.example.com' } },
      );
      expect(listed.status).toBe(200);
    });

    it('accepts websockets from a listed origin', async () => {
      const status = await new Promise<number>((resolve) => {
        const socket = new WebSocket(
          `${server().url.replace('http', 'ws')}/graphql`,
          'graphql-transport-ws',
          {
            origin: 'https://planta.example.com',
          },
        );
        socket.on('open', () => {
          socket.close();
          resolve(101);
        });
        socket.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
        socket.on('error', () => {});
      });
      expect(status).toBe(101);
    });
  },
  { corsOrigins: ['https://planta.example.com'], allowViteDevOrigin: true },
);

describe('introspection switch', () => {
  describeEachDatabase(
    'with GRAPHQL_INTROSPECTION=on',
    (server) => {
      it('answers __schema', async () => {
        const token = (await server().login()).access_token;
        const r = await server().gql(`{ __schema { queryType { name } } }`, {}, { token });
        expect(r.data?.__schema).toEqual({ queryType: { name: 'Query' } });
      });
    },
    { graphqlIntrospection: true },
  );
});

function rawGet(base: string, pathname: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = http.request({ hostname, port, path: pathname, headers: { accept: 'text/html' } }, (res) => {
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

function rawRequest(
  base: string,
  method: string,
  pathname: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = http.request({ hostname, port, path: pathname, method, headers }, (res) => {
      let text = '';
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}
