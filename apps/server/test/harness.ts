import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createPostgresDatabase } from '../src/db/scratch.ts';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import { type AppDeps, buildApp } from '../src/app.ts';
import { bootstrap } from '../src/db/bootstrap.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import pino, { type Logger } from 'pino';
import { sql } from 'drizzle-orm';

import { ADMIN } from './plantillas.ts';

export { ADMIN, createPostgresDatabase };
export type DatabaseKind = 'pglite' | 'postgres';

export interface GqlResult<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  data: T | null;
  errors: { message: string; extensions?: { code?: string; field?: string } }[] | undefined;
}

export interface TestServer {
  kind: DatabaseKind;
  url: string;
  database: Database;
  app: FastifyInstance;
  /** The server's DATA_DIR (a temporary directory, removed on close). */
  dataDir: string;
  gql<T = Record<string, any>>(
    query: string,
    variables?: Record<string, unknown>,
    options?: { token?: string; headers?: Record<string, string> },
  ): Promise<GqlResult<T>>;
  login(username?: string, password?: string): Promise<LoginResult>;
  close(): Promise<void>;
}

export interface LoginResult {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  token_type: string;
  user: { id: string; name: string; roles: { id: string; name: string }[] };
  setCookie: string | null;
}

const LOGIN = `mutation Login($input: LoginInput!) {
  login(input: $input) { access_token refresh_token expires_in token_type user { id name roles { id name } } }
}`;

/**
 * An embedded PGlite database, in memory, copied from the run's migrated template (with the
 * super-admin): what `openDatabase({ kind: 'pglite' })` and `migrate()` give, without initdb and the
 * migrations again.
 */
export function pgliteDeLaPlantilla(logger?: Logger): Promise<Database> {
  return openDatabase({ kind: 'pglite', plantilla: inject('plantillas').pglite }, logger);
}

/**
 * A real server on a random port over a throwaway database (in-memory PGlite, or a fresh PostgreSQL
 * database), copied from the run's migrated template (global-setup.ts), so neither migrated nor
 * bootstrapped again.
 */
export async function startTestServer(
  kind: DatabaseKind,
  options: Partial<Omit<AppDeps, 'database' | 'jwtSecret'>> = {},
): Promise<TestServer> {
  let drop = async () => {};
  let database: Database;
  if (kind === 'postgres') {
    const template = inject('plantillas').postgres ?? undefined;
    const created = await createPostgresDatabase(inject('postgres').url, 'planta_t', template);
    drop = created.drop;
    database = await openDatabase({ kind: 'postgres', url: created.url, poolSize: 5 });
    if (!template) {
      await database.migrate();
      await bootstrap(database.db, ADMIN.password, pino({ level: 'silent' }));
    }
  } else {
    database = await pgliteDeLaPlantilla();
  }
  // A copy of the migrated template with its super-admin (plantillas.ts): `migrate()` and
  // `bootstrap()` would find nothing to do (≈ 0.2 CPU-s a database; startup.test.ts and the first
  // start's tests run them on empty ones).
  const logger = process.env.TEST_LOG ? pino({ level: process.env.TEST_LOG }) : undefined;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'planta-test-'));
  const app = await buildApp({
    database,
    jwtSecret: randomBytes(32).toString('hex'),
    logger,
    dataDir,
    ...options,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const url = `http://127.0.0.1:${port}`;

  const gql: TestServer['gql'] = async (query, variables, opts = {}) => {
    const response = await fetch(`${url}/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
        ...opts.headers,
      },
      body: JSON.stringify({ query, variables }),
    });
    const body = (await response.json()) as { data?: unknown; errors?: GqlResult['errors'] };
    return {
      status: response.status,
      headers: response.headers,
      data: (body.data ?? null) as never,
      errors: body.errors,
    };
  };

  return {
    kind,
    url,
    database,
    app,
    dataDir,
    gql,
    async login(username = ADMIN.username, password = ADMIN.password) {
      const response = await fetch(`${url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: LOGIN, variables: { input: { username, password } } }),
      });
      const body = (await response.json()) as { data?: { login: LoginResult }; errors?: unknown };
      if (!body.data?.login) throw new Error(`login de ${username} falló: ${JSON.stringify(body.errors)}`);
      return { ...body.data.login, setCookie: response.headers.get('set-cookie') };
    },
    async close() {
      await app.close();
      await database.close();
      await drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Declares the suite once per database: always on PGlite; on PostgreSQL when it is reachable, and
 * as a failing suite when REQUIRE_POSTGRES=1 and it is not (CI can't silently skip it).
 */
export function describeEachDatabase(
  name: string,
  body: (server: () => TestServer) => void,
  options: Partial<Omit<AppDeps, 'database' | 'jwtSecret'>> = {},
): void {
  for (const kind of ['pglite', 'postgres'] as const) {
    const pgInfo = inject('postgres');
    const skip = kind === 'postgres' && !pgInfo.available && !pgInfo.required;
    describe.skipIf(skip)(`${name} [${kind === 'pglite' ? 'PGlite' : 'PostgreSQL'}]`, () => {
      let server: TestServer | undefined;
      beforeAll(async () => {
        if (kind === 'postgres' && !pgInfo.available) throw new Error(pgInfo.reason);
        server = await startTestServer(kind, options);
      });
      afterAll(async () => {
        await server?.close();
      });
      body(() => {
        if (!server) throw new Error('el servidor de pruebas no arrancó');
        return server;
      });
    });
  }
}

/** Creates a user with a role through the API, as the admin, and returns its id. */
export async function createUser(
  server: TestServer,
  adminToken: string,
  user: { name?: string; username: string; password?: string; email?: string; role?: string },
): Promise<string> {
  const created = await server.gql<{ createUser: { id: string } }>(
    `mutation($input: CreateUserInput!) { createUser(input: $input) { id } }`,
    {
      input: {
        name: user.name ?? user.username,
        username: user.username,
        password: user.password ?? 'clave-usuario-1',
        ...(user.email ? { email: user.email } : {}),
      },
    },
    { token: adminToken },
  );
  if (!created.data) throw new Error(`createUser falló: ${JSON.stringify(created.errors)}`);
  const id = created.data.createUser.id;
  if (user.role) {
    const assigned = await server.gql(
      `mutation($id: ID!, $role: String!) { assignRole(user_id: $id, role: $role) { id } }`,
      { id, role: user.role },
      { token: adminToken },
    );
    if (!assigned.data) throw new Error(`assignRole falló: ${JSON.stringify(assigned.errors)}`);
  }
  return id;
}

let counter = 0;
/** A username unique within the run. */
export const uniqueName = (prefix = 'u') => `${prefix}${process.pid}x${++counter}`;

/** Audit rows of one action, newest first (the real table, read with SQL). */
export async function auditRows(
  server: TestServer,
  action: string,
): Promise<{ actor_id: number | null; target_id: string | null; details: unknown }[]> {
  const result = (await server.database.db.execute(
    sql`select actor_id, target_id, details from audit_log where action = ${action} order by id desc`,
  )) as unknown as { rows: { actor_id: number | null; target_id: string | null; details: unknown }[] };
  return result.rows;
}
