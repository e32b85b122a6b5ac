import { startPlantSimulator } from '@planta/plant-sim';
import { createPlantModel } from '@planta/plant-model';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { DEMO_SEED } from '../src/demo/start-demo.ts';
import { seedReference } from '../src/demo/seed-reference.ts';
import { createPostgresDatabase } from './harness.ts';
import { freePort, type Running, start, tmpDir, waitFor } from './processes.ts';

interface Health {
  colector?: { estado: string; lider: boolean };
}

const pgInfo = inject('postgres');

describe.skipIf(!pgInfo.available && !pgInfo.required)(
  'one collector among servers sharing a PostgreSQL',
  () => {
    let drop = async () => {};
    let url: string;
    let simulator: Awaited<ReturnType<typeof startPlantSimulator>>;

    beforeAll(async () => {
      if (!pgInfo.available) throw new Error(pgInfo.reason);
      const scratch = await createPostgresDatabase(pgInfo.url);
      drop = scratch.drop;
      const u = new URL(scratch.url);
      url = u.toString();
      // Schema and the plant's tags, written once before the servers start.
      const database = await openDatabase({ kind: 'postgres', url });
      await database.migrate();
      await seedReference(
        database.db,
        createPlantModel({ seed: DEMO_SEED, timeZone: 'America/Lima' }).reference,
      );
      await database.close();
      simulator = await startPlantSimulator({
        port: 0,
        seed: DEMO_SEED,
        timeZone: 'America/Lima',
        dataDir: tmpDir(),
      });
    }, 60_000);

    afterAll(async () => {
      await simulator?.stop();
      await drop();
    });

    it('collects on exactly one server; when it dies (kill -9) another takes over', async () => {
      const ports = [await freePort(), await freePort()];
      const servers: Running[] = ports.map((port) =>
        start({
          PORT: String(port),
          DATA_DIR: tmpDir(),
          DATABASE_URL: url,
          OPCUA_ENDPOINT: simulator.endpoint,
          ADMIN_PASSWORD: 'clave-inicial-1',
          JWT_SECRET: 'x'.repeat(40),
        }),
      );
      const health = async (port: number): Promise<Health | null> => {
        try {
          return (await (await fetch(`http://127.0.0.1:${port}/healthz`)).json()) as Health;
        } catch {
          return null;
        }
      };
      const leaders = async () => {
        const states = await Promise.all(ports.map((p) => health(p)));
        return states.map((s) => s?.colector?.lider === true && s.colector.estado === 'CONECTADO');
      };
      await waitFor(async () => (await leaders()).filter(Boolean).length === 1, 40_000);
      // Still exactly one a few seconds later (the other keeps waiting its turn).
      await new Promise((r) => setTimeout(r, 3_000));
      const now = await leaders();
      expect(now.filter(Boolean)).toHaveLength(1);
      const leader = now.indexOf(true);
      const follower = 1 - leader;
      expect((await health(ports[follower]!))?.colector?.estado).toBe('ESPERANDO_TURNO');

      servers[leader]!.child.kill('SIGKILL');
      await servers[leader]!.exited;
      await waitFor(async () => (await leaders())[follower] === true, 45_000);
      servers[follower]!.child.kill('SIGTERM');
      expect(await servers[follower]!.exited).toBe(0);
    }, 120_000);
  },
);
