import type { FastifyInstance } from 'fastify';

/** The benches' admin password (bootstrap) and its access token through the app's login mutation. */
export const BENCH_PASSWORD = 'clave-bench-1';

export async function loginAdmin(app: FastifyInstance): Promise<string> {
  const login = await app.inject({
    method: 'POST',
    url: '/graphql',
    headers: { 'content-type': 'application/json' },
    payload: {
      query: `mutation { login(input: {username: "admin", password: "${BENCH_PASSWORD}"}) { access_token } }`,
    },
  });
  return (login.json() as { data: { login: { access_token: string } } }).data.login.access_token;
}
