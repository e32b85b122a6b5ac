import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { describeEachDatabase } from './harness.ts';

// Issue 31, item 9: with TRUST_PROXY=on Fastify trusted every X-Forwarded-For entry and took the
// left-most, which the client writes: 14 wrong logins claiming 14 addresses were all 401 (no 429)
// and the audit recorded addresses the client chose. Behind a proxy that appends the address it
// sees (nginx's $proxy_add_x_forwarded_for), the client is now that appended address.

const LOGIN = `mutation($input: LoginInput!) { login(input: $input) { access_token } }`;

/** A reverse proxy on 127.0.0.1 that appends its peer's address to X-Forwarded-For, like nginx. */
function proxyQueAnade(destino: () => string) {
  return http.createServer((entrada, salida) => {
    const previo = entrada.headers['x-forwarded-for'];
    const cliente = entrada.socket.remoteAddress ?? '';
    const url = new URL(entrada.url ?? '/', destino());
    const reenvio = http.request(
      url,
      {
        method: entrada.method,
        localAddress: '127.0.0.1',
        headers: {
          ...entrada.headers,
          host: url.host,
          'x-forwarded-for': previo ? `${String(previo)}, ${cliente}` : cliente,
        },
      },
      (respuesta) => {
        salida.writeHead(respuesta.statusCode ?? 502, respuesta.headers);
        respuesta.pipe(salida);
      },
    );
    reenvio.on('error', () => salida.destroy());
    entrada.pipe(reenvio);
  });
}

/** A login sent from 127.0.0.2 (a client on another address than the proxy's) through the proxy. */
function loginPorProxy(puerto: number, usuario: string, xff: string) {
  const cuerpo = JSON.stringify({
    query: LOGIN,
    variables: { input: { username: usuario, password: 'mala' } },
  });
  return new Promise<number>((resolve, reject) => {
    const peticion = http.request(
      {
        host: '127.0.0.1',
        port: puerto,
        path: '/graphql',
        method: 'POST',
        localAddress: '127.0.0.2',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': xff },
      },
      (respuesta) => {
        respuesta.resume();
        respuesta.on('end', () => resolve(respuesta.statusCode ?? 0));
      },
    );
    peticion.on('error', reject);
    peticion.end(cuerpo);
  });
}

for (const valor of ['on', '1', '127.0.0.1']) {
  describeEachDatabase(
    `login throttling behind a proxy that appends to X-Forwarded-For (TRUST_PROXY=${valor})`,
    (server) => {
      const proxy = proxyQueAnade(() => server().url);
      let puerto = 0;
      beforeAll(async () => {
        await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
        puerto = (proxy.address() as AddressInfo).port;
      });
      afterAll(async () => {
        proxy.closeAllConnections();
        await new Promise((resolve) => proxy.close(resolve));
      });

      it('14 wrong logins claiming 14 addresses: the 6th on get 429, the audit has the real address', async () => {
        const estados: number[] = [];
        for (let i = 0; i < 14; i++)
          estados.push(await loginPorProxy(puerto, `nadie${i}`, `198.51.100.${i + 1}`));
        expect(estados).toEqual([...Array(5).fill(401), ...Array(9).fill(429)]);
        const filas = (
          (await server().database.db.execute(
            sql`select ip::text as ip from audit_log where action = 'login_failed'`,
          )) as unknown as { rows: { ip: string | null }[] }
        ).rows;
        expect(filas).toHaveLength(5);
        expect(filas.map((f) => f.ip?.replace(/\/32$/, ''))).toEqual(Array(5).fill('127.0.0.2'));
      });
    },
    {
      trustProxy: loadConfig({ TRUST_PROXY: valor }).trustProxy,
      loginThrottle: { ipFailures: 5, ipWindowSeconds: 60, userFailures: 3, userWindowSeconds: 300 },
    },
  );
}
