import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildServer, entradaServidor, SERVER_DIST } from './build-server.ts';

/** `node apps/server/dist/<entrada>.mjs args…` as npm's scripts run it. */
function ejecutar(
  entrada: Parameters<typeof entradaServidor>[0],
  args: string[],
  env: Record<string, string>,
) {
  return spawnSync(process.execPath, [entradaServidor(entrada), ...args], {
    cwd: path.resolve(SERVER_DIST, '../../..'),
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/root', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
}

// The server's bundle (scripts/build-server.ts): what `npm start`, `npm run db:*` and the tests'
// server processes run. The server and the backup tool are run from it by their own suites
// (startup, respaldos, …); here the build itself and `npm run db:seed`.
describe('the server bundle', () => {
  it('is rebuilt only when its sources changed, and `db:seed` runs from it: migrates and creates the admin once', async () => {
    await buildServer();
    expect(await buildServer(), 'nothing changed: no second build').toBe(false);
    for (const entrada of ['main', 'respaldo', 'db'] as const)
      expect(fs.existsSync(entradaServidor(entrada)), entrada).toBe(true);

    const uso = ejecutar('db', ['nada'], {});
    expect(uso.status).toBe(1);
    expect(uso.stderr).toContain('Uso: db.ts seed | reset');

    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'planta-seed-'));
    try {
      const env = { DATA_DIR: dataDir, DEMO_DAYS: '0', LOG_LEVEL: 'warn' };
      const primera = ejecutar('db', ['seed'], env);
      expect(primera.status, primera.stderr).toBe(0);
      // The migrations and the GraphQL-free bootstrap found their files from the bundle.
      expect(`${primera.stdout}${primera.stderr}`).toMatch(/contraseña generada/);
      expect(fs.existsSync(path.join(dataDir, 'pg', 'PG_VERSION'))).toBe(true);
      const segunda = ejecutar('db', ['seed'], env);
      expect(segunda.status, segunda.stderr).toBe(0);
      expect(`${segunda.stdout}${segunda.stderr}`).not.toMatch(/contraseña generada/);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
