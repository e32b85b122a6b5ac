import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startPlantSimulator } from '@planta/plant-sim';
import { createPlantModel } from '@planta/plant-model';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Collector } from '../src/collector/collector.ts';
import type { OpcuaSecurity } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';
import { pgliteDeLaPlantilla } from './harness.ts';
import { DEMO_SEED } from '../src/demo/start-demo.ts';
import { seedReference } from '../src/demo/seed-reference.ts';

const TZ = 'America/Lima';

describe('OPC UA collector over a signed and encrypted channel', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'planta-colector-seguro-'));
  let database: Database;
  let simulator: Awaited<ReturnType<typeof startPlantSimulator>>;
  const collectors: Collector[] = [];
  const collector = (security: OpcuaSecurity = { mode: 'SignAndEncrypt', policy: 'Basic256Sha256' }) => {
    const c = new Collector({
      database,
      endpoint: simulator.endpoint,
      security,
      timeZone: TZ,
      dataDir,
      logger: pino({ level: 'silent' }),
      publishLine: () => {},
      publishConnection: () => {},
    });
    collectors.push(c);
    return c;
  };
  const pki = (folder: string) => path.join(dataDir, 'pki-colector', folder);
  const certificates = (folder: string) => (fs.existsSync(folder) ? fs.readdirSync(folder) : []);

  beforeAll(async () => {
    database = await pgliteDeLaPlantilla();
    await seedReference(database.db, createPlantModel({ seed: DEMO_SEED, timeZone: TZ }).reference);
    simulator = await startPlantSimulator({ port: 0, seed: DEMO_SEED, timeZone: TZ, dataDir });
  }, 60_000);

  afterAll(async () => {
    for (const c of collectors) await c.stop();
    await simulator?.stop();
    await database?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('without security ignores the configured policy (the default configuration with the simulator)', async () => {
    const c = collector({ mode: 'None', policy: 'Basic256Sha256' });
    c.start();
    await expect.poll(() => c.health().estado, { timeout: 20_000 }).toBe('CONECTADO');
    expect(c.health().seguridad).toBe('None');
    await c.stop();
  }, 30_000);

  it('refuses a server whose certificate nobody trusted, then connects by itself once it is trusted', async () => {
    const c = collector();
    c.start();
    await expect.poll(() => certificates(pki('rejected')).length, { timeout: 20_000 }).toBeGreaterThan(0);
    expect(c.health().estado).not.toBe('CONECTADO');
    expect(c.health().ultima_lectura).toBeNull();

    // What the administrator does: move the rejected certificate to trusted/certs.
    fs.mkdirSync(path.join(pki('trusted'), 'certs'), { recursive: true });
    for (const file of certificates(pki('rejected')))
      fs.renameSync(path.join(pki('rejected'), file), path.join(pki('trusted'), 'certs', file));
    await expect.poll(() => c.health().estado, { timeout: 30_000 }).toBe('CONECTADO');
    await expect.poll(() => c.health().ultima_lectura, { timeout: 15_000 }).not.toBeNull();
    expect(c.health().seguridad).toBe('SignAndEncrypt (Basic256Sha256)');
  }, 60_000);
});
