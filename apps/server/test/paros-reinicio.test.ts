// Issue 33 item 1: a stop is recorded once whatever happens to the collecting server during it —
// kill -9 and a restart on the same data (PGlite), or two servers on one PostgreSQL where the
// collecting one dies and the other takes over. Real server processes, the simulator in this
// process with its test controls, its clock set where the lines run.
import { productionDay } from '@planta/domain';
import { lineVariableNodeId, startPlantSimulator } from '@planta/plant-sim';
import { createPlantModel } from '@planta/plant-model';
import { AttributeIds, type ClientSession, DataType, OPCUAClient } from 'node-opcua';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { DEMO_SEED } from '../src/demo/start-demo.ts';
import { seedReference } from '../src/demo/seed-reference.ts';
import { dbProxy } from './db-proxy.ts';
import { createPostgresDatabase } from './harness.ts';
import { ventanaEnMarcha } from './planta-en-marcha.ts';
import { freePort, type Running, start, tmpDir, waitFor } from './processes.ts';

const TZ = 'America/Lima';
const PASSWORD = 'clave-inicial-1';
const pgInfo = inject('postgres');

interface ParoVisto {
  id: string;
  linea: number;
  inicio: string;
  fin: string | null;
  origen: string;
}

/** The simulator at real speed from an instant where lines 1–3 run, and an OPC client to force stops. */
async function plantaDePrueba() {
  const T0 = ventanaEnMarcha(createPlantModel({ seed: DEMO_SEED, timeZone: TZ }));
  const realStart = Date.now();
  const simulator = await startPlantSimulator({
    port: 0,
    seed: DEMO_SEED,
    timeZone: TZ,
    dataDir: tmpDir(),
    now: () => T0 + (Date.now() - realStart),
    testControls: true,
  });
  const client = OPCUAClient.create({ endpointMustExist: false, connectionStrategy: { maxRetry: 2 } });
  await client.connect(simulator.endpoint);
  const session: ClientSession = await client.createSession();
  return {
    T0,
    endpoint: simulator.endpoint,
    forzarParo: (linea: number, segundos: number) =>
      session.write({
        nodeId: lineVariableNodeId(linea, 'Simulacion.ForzarParo'),
        attributeId: AttributeIds.Value,
        value: { value: { dataType: DataType.Int32, value: segundos } },
      }),
    async close() {
      await session.close();
      await client.disconnect();
      await simulator.stop();
    },
  };
}

async function api(port: number) {
  const base = `http://127.0.0.1:${port}`;
  const gql = async (query: string, token?: string) =>
    (await (
      await fetch(`${base}/graphql`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify({ query }),
      })
    ).json()) as { data: Record<string, any> | null; errors?: unknown[] };
  const token = (
    await gql(`mutation { login(input: { username: "admin", password: "${PASSWORD}" }) { access_token } }`)
  ).data!.login.access_token as string;
  return {
    async paros(fecha: string, linea: number): Promise<ParoVisto[]> {
      const r = await gql(
        `{ paros(desde: "${fecha}", hasta: "${fecha}", por_pagina: 100) { items { id linea inicio fin origen } } }`,
        token,
      );
      return ((r.data?.paros.items ?? []) as ParoVisto[]).filter((p) => p.linea === linea);
    },
  };
}

const salud = async (port: number) => {
  try {
    return (await (await fetch(`http://127.0.0.1:${port}/healthz`)).json()) as {
      colector?: { estado: string; lider: boolean };
    };
  } catch {
    return null;
  }
};
const colecta = async (port: number) => {
  const s = await salud(port);
  return s?.colector?.lider === true && s.colector.estado === 'CONECTADO';
};

describe('a stop survives kill -9 of the collecting server (PGlite, restart on the same data)', () => {
  let planta: Awaited<ReturnType<typeof plantaDePrueba>>;
  beforeAll(async () => {
    planta = await plantaDePrueba();
  }, 60_000);
  afterAll(async () => planta?.close());

  it('is open before the kill and closed once after the restart', async () => {
    const dataDir = tmpDir();
    const port = await freePort();
    const env = {
      PORT: String(port),
      DATA_DIR: dataDir,
      OPCUA_ENDPOINT: planta.endpoint,
      ADMIN_PASSWORD: PASSWORD,
      JWT_SECRET: 'x'.repeat(40),
    };
    // The plant's lines and variables, written before the server opens the data (no demo history).
    const database = await openDatabase({ kind: 'pglite', dataDir });
    await database.migrate();
    await seedReference(database.db, createPlantModel({ seed: DEMO_SEED, timeZone: TZ }).reference);
    await database.close();
    let server: Running = start(env);
    await waitFor(() => colecta(port), 60_000);
    const fecha = productionDay(planta.T0, TZ);
    const client = await api(port);
    await new Promise((r) => setTimeout(r, 2_000));
    expect((await planta.forzarParo(1, 45)).name).toBe('Good');
    await waitFor(async () => (await client.paros(fecha, 1)).length === 1, 5_000);
    expect((await client.paros(fecha, 1))[0]).toMatchObject({ fin: null, origen: 'PLC' });

    server.child.kill('SIGKILL');
    await server.exited;
    server = start(env);
    await waitFor(() => colecta(port), 60_000);
    const again = await api(port);
    await waitFor(async () => (await again.paros(fecha, 1))[0]?.fin != null, 60_000);
    const stops = await again.paros(fecha, 1);
    expect(stops).toHaveLength(1);
    const seconds = (Date.parse(stops[0]!.fin!) - Date.parse(stops[0]!.inicio)) / 1000;
    expect(seconds).toBeGreaterThanOrEqual(44);
    expect(seconds).toBeLessThan(52);
    server.child.kill('SIGTERM');
    await server.exited;
  }, 180_000);
});

describe.skipIf(!pgInfo.available && !pgInfo.required)(
  'a stop is recorded once by two servers sharing a PostgreSQL, across a hand-over',
  () => {
    let planta: Awaited<ReturnType<typeof plantaDePrueba>>;
    let drop = async () => {};
    let url: string;
    beforeAll(async () => {
      if (!pgInfo.available) throw new Error(pgInfo.reason);
      const scratch = await createPostgresDatabase(pgInfo.url);
      drop = scratch.drop;
      url = scratch.url;
      const database = await openDatabase({ kind: 'postgres', url });
      await database.migrate();
      await seedReference(database.db, createPlantModel({ seed: DEMO_SEED, timeZone: TZ }).reference);
      await database.close();
      planta = await plantaDePrueba();
    }, 60_000);
    afterAll(async () => {
      await planta?.close();
      await drop();
    });

    it('one row while both run; the other server closes it after the collecting one dies', async () => {
      const ports = [await freePort(), await freePort()];
      const servers = ports.map((port) =>
        start({
          PORT: String(port),
          DATA_DIR: tmpDir(),
          DATABASE_URL: url,
          OPCUA_ENDPOINT: planta.endpoint,
          ADMIN_PASSWORD: PASSWORD,
          JWT_SECRET: 'x'.repeat(40),
        }),
      );
      // Both up (a server still starting answers nothing, and counts as not collecting), one collecting.
      await waitFor(async () => (await Promise.all(ports.map(salud))).every((s) => s !== null), 60_000);
      await waitFor(async () => (await Promise.all(ports.map(colecta))).filter(Boolean).length === 1, 60_000);
      const leader = (await Promise.all(ports.map(colecta))).indexOf(true);
      const follower = 1 - leader;
      const fecha = productionDay(planta.T0, TZ);
      const client = await api(ports[follower]!);
      await new Promise((r) => setTimeout(r, 2_000));
      expect((await planta.forzarParo(2, 50)).name).toBe('Good');
      await waitFor(async () => (await client.paros(fecha, 2)).length === 1, 5_000);

      servers[leader]!.child.kill('SIGKILL');
      await servers[leader]!.exited;
      await waitFor(() => colecta(ports[follower]!), 45_000);
      await waitFor(async () => (await client.paros(fecha, 2))[0]?.fin != null, 60_000);
      const stops = await client.paros(fecha, 2);
      expect(stops).toHaveLength(1);
      expect(stops[0]!.origen).toBe('PLC');
      servers[follower]!.child.kill('SIGTERM');
      await servers[follower]!.exited;
    }, 180_000);
  },
);

describe.skipIf(!pgInfo.available && !pgInfo.required)(
  'a stop while the database is down (PostgreSQL behind a proxy the test cuts)',
  () => {
    let planta: Awaited<ReturnType<typeof plantaDePrueba>>;
    let drop = async () => {};
    let directUrl: string;
    let proxiedUrl: string;
    let proxyPort: number;
    let proxy: ReturnType<typeof dbProxy>;
    beforeAll(async () => {
      if (!pgInfo.available) throw new Error(pgInfo.reason);
      const scratch = await createPostgresDatabase(pgInfo.url);
      drop = scratch.drop;
      directUrl = scratch.url;
      const database = await openDatabase({ kind: 'postgres', url: directUrl });
      await database.migrate();
      await seedReference(database.db, createPlantModel({ seed: DEMO_SEED, timeZone: TZ }).reference);
      await database.close();
      const u = new URL(directUrl);
      proxyPort = await freePort();
      proxy = dbProxy({ host: u.hostname, port: Number(u.port || 5432) });
      await proxy.listen(proxyPort);
      u.host = `127.0.0.1:${proxyPort}`;
      proxiedUrl = u.toString();
      planta = await plantaDePrueba();
    }, 60_000);
    afterAll(async () => {
      await planta?.close();
      await proxy?.cut();
      await drop();
    });

    it('is kept on disk while it happens and written once, whole, when the database returns', async () => {
      const port = await freePort();
      const server = start({
        PORT: String(port),
        DATA_DIR: tmpDir(),
        DATABASE_URL: proxiedUrl,
        OPCUA_ENDPOINT: planta.endpoint,
        ADMIN_PASSWORD: PASSWORD,
        JWT_SECRET: 'x'.repeat(40),
      });
      await waitFor(() => colecta(port), 60_000);
      await new Promise((r) => setTimeout(r, 2_000));
      const stops = async () => {
        const client = new pg.Client({ connectionString: directUrl });
        await client.connect();
        const { rows } = await client.query<{ inicio: Date; fin: Date | null; origen: string }>(
          'select p.inicio, p.fin, p.origen from paros p join lineas l on l.id = p.linea_id where l.numero = 3',
        );
        await client.end();
        return rows;
      };
      expect(await stops()).toEqual([]);

      await proxy.cut();
      expect((await planta.forzarParo(3, 15)).name).toBe('Good');
      // The stop begins and ends with no database; the plant runs on.
      await new Promise((r) => setTimeout(r, 20_000));
      expect(server.child.exitCode).toBeNull();
      await proxy.listen(proxyPort);
      await waitFor(async () => (await stops()).some((p) => p.fin !== null), 60_000);
      const rows = await stops();
      expect(rows).toHaveLength(1);
      const seconds = (rows[0]!.fin!.getTime() - rows[0]!.inicio.getTime()) / 1000;
      expect(seconds).toBeGreaterThanOrEqual(14);
      expect(seconds).toBeLessThanOrEqual(17);
      expect(rows[0]!.origen).toBe('PLC');
      server.child.kill('SIGTERM');
      await server.exited;
    }, 180_000);
  },
);
