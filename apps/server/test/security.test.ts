import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { limitRules } from '../src/graphql/limits.ts';
import { WS_MAX_PAYLOAD } from '../src/graphql/plugin.ts';
import { translateGraphQLMessage } from '../src/graphql/translate-error.ts';
import { ADMIN, auditRows, describeEachDatabase } from './harness.ts';
import http from 'node:http';

const LOGIN = `mutation($input: LoginInput!) { login(input: $input) { access_token } }`;
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'planta-web-'));
fs.writeFileSync(
  path.join(webDist, 'index.html'),
  '<!doctype html><title>Planta</title><div id="root"></div>',
);
fs.mkdirSync(path.join(webDist, 'assets'));
fs.writeFileSync(path.join(webDist, 'assets', 'app-123.js'), 'console.log(1)');
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

    it('answers CORS only for the app\u2019s own host, never *', async () => {
      const own = await fetch(`${server().url}/graphql`, {
        method: 'OPTIONS',
        headers: { origin: 'http://127.0.0.1:5173', 'access-control-request-method': 'POST' },
      });
      expect(own.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:5173');
      expect(own.headers.get('access-control-allow-credentials')).toBe('true');
      const foreign = await fetch(`${server().url}/graphql`, {
        method: 'OPTIONS',
        headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
      });
      expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    });

    it('opens subscription websockets only from the app\u2019s own host, and closes one sent an oversized message', async () => {
      const url = `${server().url.replace('http', 'ws')}/graphql`;
      const open = (origin?: string) =>
        new Promise<{ status: number; socket?: WebSocket }>((resolve) => {
          const socket = new WebSocket(url, 'graphql-transport-ws', origin ? { origin } : {});
          socket.on('open', () => resolve({ status: 101, socket }));
          socket.on('unexpected-response', (_req, res) => resolve({ status: res.statusCode ?? 0 }));
          socket.on('error', () => {});
        });
      expect((await open('https://evil.example')).status).toBe(403);
      const own = await open(server().url);
      expect(own.status).toBe(101);
      const closed = new Promise<number>((resolve) => own.socket!.on('close', (code) => resolve(code)));
      own.socket!.send('x'.repeat(WS_MAX_PAYLOAD + 1));
      expect(await closed).toBe(1009); // message too big
      const again = await open();
      expect(again.status).toBe(101); // the server keeps serving
      again.socket!.close();
    });

    it('sends security headers', async () => {
      const r = await fetch(`${server().url}/healthz`);
      const csp = r.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(r.headers.get('x-content-type-options')).toBe('nosniff');
      expect(r.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(r.headers.get('strict-transport-security')).toBeNull(); // plain HTTP
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
