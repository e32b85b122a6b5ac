import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { createPostgresDatabase } from '../src/db/scratch.ts';
import { freePort, start, tmpDir, waitFor } from './processes.ts';

// Each test starts real server processes (tsx, PGlite): slow while other suites share the cores
// (≈ 10 s alone, up to 30 s in a full run on 2 cores: the waits allow 60 s).
describe('server start-up (real process, PGlite in DATA_DIR)', { timeout: 120_000 }, () => {
  it('stops with one line naming a bad setting', async () => {
    const run = start({ PORT: 'ochenta', DATA_DIR: tmpDir() });
    expect(await run.exited).toBe(1);
    expect(run.output().trim()).toBe('Configuración inválida: PORT debe ser un número (recibido "ochenta")');
    const tz = start({ PLANT_TZ: 'Marte/Olympus', DATA_DIR: tmpDir() });
    expect(await tz.exited).toBe(1);
    expect(tz.output()).toContain('PLANT_TZ no es una zona horaria IANA válida');
  });

  it('first start prints a generated admin password once; login works with it; later starts do not print it', async () => {
    const dataDir = tmpDir();
    const port = await freePort();
    const first = start({ PORT: String(port), DATA_DIR: dataDir });
    await waitFor(() => first.output().includes('escuchando'), 60_000);
    const password = /contraseña generada: (\S+)/.exec(first.output())?.[1];
    expect(password).toBeTruthy();
    const login = await fetch(`http://127.0.0.1:${port}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        query: `mutation($i: LoginInput!) { login(input: $i) { access_token } }`,
        variables: { i: { username: 'admin', password } },
      }),
    });
    expect(
      ((await login.json()) as { data: { login: { access_token: string } } }).data.login.access_token,
    ).toBeTruthy();
    // Graceful shutdown on SIGTERM: exit 0 and the lock file is removed.
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'planta.lock'))).toBe(false);
    expect(first.output()).not.toContain(`"${password}"`);

    const second = start({ PORT: String(port), DATA_DIR: dataDir });
    await waitFor(() => second.output().includes('escuchando'), 60_000);
    expect(second.output()).not.toContain('contraseña generada');
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  });

  it('a second process on the same DATA_DIR refuses to start; a stale lock is taken over', async () => {
    const dataDir = tmpDir();
    const port = await freePort();
    const first = start({ PORT: String(port), DATA_DIR: dataDir, ADMIN_PASSWORD: 'clave-inicial-1' });
    await waitFor(() => first.output().includes('escuchando'), 60_000);
    const second = start({ PORT: String(await freePort()), DATA_DIR: dataDir });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`está en uso por otro proceso de Planta (pid ${first.child.pid})`);
    // The first one is unharmed.
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);

    // kill -9 leaves the lock behind; the next start takes it over.
    first.child.kill('SIGKILL');
    await first.exited;
    expect(fs.existsSync(path.join(dataDir, 'planta.lock'))).toBe(true);
    const third = start({ PORT: String(port), DATA_DIR: dataDir });
    await waitFor(() => third.output().includes('escuchando'));
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
  });
});

describe.skipIf(!inject('postgres').available && !inject('postgres').required)(
  'server start-up on PostgreSQL',
  () => {
    it('two servers starting at once on one empty database migrate and bootstrap once', async () => {
      const pgInfo = inject('postgres');
      if (!pgInfo.available) throw new Error(pgInfo.reason);
      const scratch = await createPostgresDatabase(pgInfo.url);
      const url = scratch.url;
      try {
        const [portA, portB] = [await freePort(), await freePort()];
        const a = start({
          PORT: String(portA),
          DATA_DIR: tmpDir(),
          DATABASE_URL: url,
          ADMIN_PASSWORD: 'clave-inicial-1',
        });
        const b = start({
          PORT: String(portB),
          DATA_DIR: tmpDir(),
          DATABASE_URL: url,
          ADMIN_PASSWORD: 'clave-inicial-1',
        });
        await waitFor(() => a.output().includes('escuchando') && b.output().includes('escuchando'));
        const health = (await (await fetch(`http://127.0.0.1:${portB}/healthz`)).json()) as {
          database: { kind: string };
        };
        expect(health.database.kind).toBe('postgres');
        const db = new pg.Client({ connectionString: url });
        await db.connect();
        const users = await db.query('select username from users');
        const roles = await db.query('select name from roles order by name');
        await db.end();
        expect(users.rows).toEqual([{ username: 'admin' }]);
        expect(roles.rows.map((r) => r.name)).toEqual([
          'admin',
          'human-resources',
          'operador',
          'super-admin',
        ]);
        a.child.kill('SIGTERM');
        b.child.kill('SIGTERM');
        expect(await a.exited).toBe(0);
        expect(await b.exited).toBe(0);
      } finally {
        await scratch.drop();
      }
    });
  },
);
