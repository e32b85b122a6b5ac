import { startPlantSimulator } from '@planta/plant-sim';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
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

      // The server waiting its turn still serves the plant live (LISTEN/NOTIFY from the collector).
      const base = `http://127.0.0.1:${ports[follower]}`;
      const graphql = async (query: string, token?: string) =>
        (await (
          await fetch(`${base}/graphql`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              ...(token ? { authorization: `Bearer ${token}` } : {}),
            },
            body: JSON.stringify({ query }),
          })
        ).json()) as { data: Record<string, any> };
      const token = (
        await graphql(
          'mutation { login(input: { username: "admin", password: "clave-inicial-1" }) { access_token } }',
        )
      ).data.login.access_token as string;
      await waitFor(
        async () =>
          (await graphql('{ conexionPlantaActual { estado } }', token)).data.conexionPlantaActual?.estado ===
          'CONECTADO',
        20_000,
      );
      const client = createClient({
        url: `${base.replace('http', 'ws')}/graphql`,
        webSocketImpl: WebSocket,
        connectionParams: { token },
        retryAttempts: 0,
      });
      const received = await new Promise<{ linea: number; estado_nombre: string }>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error('sin valores en vivo en el servidor en espera')),
          15_000,
        );
        client.subscribe<{ lineaEnVivo: { linea: number; estado_nombre: string } }>(
          { query: 'subscription { lineaEnVivo(linea: 2) { linea estado_nombre velocidad fecha } }' },
          {
            next: (message) => {
              if (!message.data) return;
              clearTimeout(timer);
              resolve(message.data.lineaEnVivo);
            },
            error: reject,
            complete: () => {},
          },
        );
      });
      await client.dispose();
      expect(received.linea).toBe(2);
      expect(typeof received.estado_nombre).toBe('string');

      servers[leader]!.child.kill('SIGKILL');
      await servers[leader]!.exited;
      await waitFor(async () => (await leaders())[follower] === true, 45_000);
      servers[follower]!.child.kill('SIGTERM');
      expect(await servers[follower]!.exited).toBe(0);
    }, 120_000);
  },
);
