import type { Page, Response } from 'playwright-core';
import { E2E_ADMIN } from './global-setup.ts';
import { baseURL } from './servidores.ts';

let counter = 0;
/** A username unique in this run (the e2e server is shared by every spec). */
export const uniqueUsername = (prefix: string) => `${prefix}${Date.now().toString(36)}${++counter}`;

/** A GraphQL call: query, variables, the Bearer token. */
export type Graphql = <T = Record<string, any>>(
  query: string,
  variables?: Record<string, unknown>,
  token?: string,
) => Promise<T>;

/** The real GraphQL API of the server at `baseURL()` (test set-up only; the screens are driven in Chromium). */
export function graphqlDe(baseURL: () => string): Graphql {
  return async <T = Record<string, any>>(
    query: string,
    variables: Record<string, unknown> = {},
    token?: string,
  ) => {
    const response = await fetch(`${baseURL()}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ query, variables }),
    });
    const body = (await response.json()) as { data?: T; errors?: { message: string }[] };
    if (!body.data || body.errors) throw new Error(`API: ${JSON.stringify(body.errors)}`);
    return body.data;
  };
}

/** The shared e2e server's API. */
export const api: Graphql = graphqlDe(() => baseURL());

export async function apiLogin(
  username = E2E_ADMIN.username,
  password = E2E_ADMIN.password,
): Promise<string> {
  const data = await api<{ login: { access_token: string } }>(
    'mutation($i: LoginInput!) { login(input: $i) { access_token } }',
    { i: { username, password } },
  );
  return data.login.access_token;
}

export interface TestUser {
  id: string;
  username: string;
  password: string;
  name: string;
}

/** Creates a user with a role (or none) through the API, as the e2e admin. */
export async function createTestUser(prefix: string, role: string | null): Promise<TestUser> {
  const token = await apiLogin();
  const username = uniqueUsername(prefix);
  const password = 'clave-prueba-1';
  const name = `Prueba ${username}`;
  const { createUser } = await api<{ createUser: { id: string } }>(
    'mutation($i: CreateUserInput!) { createUser(input: $i) { id } }',
    { i: { name, username, password } },
    token,
  );
  if (role)
    await api(
      'mutation($id: ID!, $r: String!) { assignRole(user_id: $id, role: $r) { id } }',
      { id: createUser.id, r: role },
      token,
    );
  return { id: createUser.id, username, password, name };
}

export async function adminMutation(query: string, variables: Record<string, unknown>): Promise<void> {
  await api(query, variables, await apiLogin());
}

/** The JSON answer of the page's own request for a GraphQL operation. */
export async function operationData<T>(response: Response): Promise<T> {
  const body = (await response.json()) as { data: T };
  return body.data;
}

/** A page's successful answer to the GraphQL operation whose text contains `name` ('query X('). */
export const isOperation = (name: string) => (r: Response) =>
  r.url().endsWith('/graphql') && (r.request().postData() ?? '').includes(name) && r.status() === 200;

/**
 * The data of the last answers `page` received to the operation `name` ('query X('), as they come
 * in, the last one per value of the request's variable `por` (e.g. each line's; one entry without
 * it): what a screen that asks again while live figures move shows. Listen before the page loads.
 */
export function ultimasRespuestas<T>(page: Page, name: string, por?: string): () => ReadonlyMap<string, T> {
  const ultimas = new Map<string, T>();
  const es = isOperation(name);
  page.on('response', (r) => {
    if (!es(r)) return;
    const { variables } = JSON.parse(r.request().postData() ?? '{}') as {
      variables?: Record<string, unknown>;
    };
    const clave = por ? String(variables?.[por]) : '';
    void operationData<T>(r).then(
      (data) => ultimas.set(clave, data),
      () => undefined,
    );
  });
  return () => ultimas;
}

/**
 * The data of the last answer `page` received to the operation `name` ('query X('): compare a
 * screen with that, not with a later read of the test's own.
 */
export function ultimaRespuesta<T>(page: Page, name: string): () => T | undefined {
  const ultimas = ultimasRespuestas<T>(page, name);
  return () => ultimas().get('');
}
