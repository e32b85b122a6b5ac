import fs from 'node:fs';
import path from 'node:path';
import { startPlantSimulator } from '@planta/plant-sim';
import { createPlantModel } from '@planta/plant-model';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { DEMO_SEED } from '../src/demo/start-demo.ts';
import { seedReference } from '../src/demo/seed-reference.ts';
import { createPostgresDatabase } from './harness.ts';
import { dbProxy } from './db-proxy.ts';
import { freePort, type Running, start, tmpDir, waitFor } from './processes.ts';

const pgInfo = inject('postgres');
const TZ = 'America/Lima';
// Plant time runs 30× faster: one minute every two seconds, starting at the current minute.
const SPEED = 30;

describe.skipIf(!pgInfo.available && !pgInfo.required)(
  'collector through a database outage and a kill -9',
  () => {
    let drop = async () => {};
    let directUrl: string;
    let proxiedUrl: string;
    let proxyPort: number;
    let proxy: ReturnType<typeof dbProxy>;
    let simulator: Awaited<ReturnType<typeof startPlantSimulator>>;
    const realStart = Date.now();
    const t0 = Math.floor(realStart / 60_000) * 60_000;
    const now = () => t0 + Math.floor(((Date.now() - realStart) * SPEED) / 60_000) * 60_000;

    beforeAll(async () => {
      if (!pgInfo.available) throw new Error(pgInfo.reason);
      const scratch = await createPostgresDatabase(pgInfo.url);
      drop = scratch.drop;
      const u = new URL(scratch.url);
      directUrl = u.toString();
      const database = await openDatabase({ kind: 'postgres', url: directUrl });
      await database.migrate();
      await seedReference(database.db, createPlantModel({ seed: DEMO_SEED, timeZone: TZ }).reference);
      await database.close();
      proxyPort = await freePort();
      proxy = dbProxy({ host: u.hostname, port: Number(u.port || 5432) });
      await proxy.listen(proxyPort);
      const p = new URL(directUrl);
      p.host = `127.0.0.1:${proxyPort}`;
      proxiedUrl = p.toString();
      simulator = await startPlantSimulator({
        port: 0,
        seed: DEMO_SEED,
        timeZone: TZ,
        dataDir: tmpDir(),
        now,
      });
    }, 60_000);

    afterAll(async () => {
      await simulator?.stop();
      await proxy?.cut();
      await drop();
    });

    const rows = async () => {
      const client = new pg.Client({ connectionString: directUrl });
      await client.connect();
      const { rows: result } = await client.query<{ linea: number; t: string; paquetes: number }>(
        'select linea, extract(epoch from fecha) * 1000 as t, paquetes from scada_lecturas order by linea, fecha',
      );
      await client.end();
      return result.map((r) => ({ linea: r.linea, t: Number(r.t), paquetes: r.paquetes }));
    };

    it('keeps every minute exactly once: buffered while the database is down, counted across a kill -9', async () => {
      const dataDir = tmpDir();
      const env = {
        DATA_DIR: dataDir,
        DATABASE_URL: proxiedUrl,
        OPCUA_ENDPOINT: simulator.endpoint,
        ADMIN_PASSWORD: 'clave-inicial-1',
        JWT_SECRET: 'y'.repeat(40),
        PLANT_TZ: TZ,
      };
      let server: Running = start({ ...env, PORT: String(await freePort()) });
      const explain = (step: string) => (error: unknown) => {
        throw new Error(`${step}: ${String(error)}\n${server.output().slice(-4000)}`);
      };
      // Some minutes written normally.
      await waitFor(async () => (await rows()).filter((r) => r.linea === 1).length >= 2, 60_000).catch(
        explain('primeros minutos'),
      );

      // Outage: the database disappears for a few plant minutes; the collector keeps them on disk.
      await proxy.cut();
      const buffer = path.join(dataDir, 'colector', 'pendientes.jsonl');
      await waitFor(
        () =>
          fs.existsSync(buffer) && fs.readFileSync(buffer, 'utf8').split('\n').filter(Boolean).length >= 2,
        60_000,
      ).catch(explain('buffer'));
      // kill -9 during the outage; the plant keeps running.
      server.child.kill('SIGKILL');
      await server.exited;
      await new Promise((r) => setTimeout(r, 4_000)); // two more plant minutes with nobody collecting

      // The database comes back, then the server: it replays the buffer and counts from its saved state.
      await proxy.listen(proxyPort);
      server = start({ ...env, PORT: String(await freePort()) });
      const outageEnd = now();
      await waitFor(async () => {
        const line1 = (await rows()).filter((r) => r.linea === 1);
        return !fs.existsSync(buffer) && line1.length > 0 && line1[line1.length - 1]!.t >= outageEnd + 60_000;
      }, 90_000).catch(explain('después del corte'));
      server.child.kill('SIGTERM');
      await server.exited;
      const all = await rows();
      const model = createPlantModel({ seed: DEMO_SEED, timeZone: TZ });
      for (const linea of [1, 2, 3, 4]) {
        const own = all.filter((r) => r.linea === linea);
        const first = own[0]!.t;
        const last = own[own.length - 1]!.t;
        // Every minute of the window once: before the outage, kept on disk during it (replayed after
        // the kill -9), and counted from the saved state across the restart.
        expect(own.map((r) => r.t)).toEqual(
          Array.from({ length: (last - first) / 60_000 + 1 }, (_, i) => first + i * 60_000),
        );
        // Nothing lost: the window's packs equal the PLC's (the model's).
        const expected = model.lineMinutes(linea, first, last + 60_000).reduce((a, m) => a + m.paquetes, 0);
        expect(own.reduce((a, r) => a + r.paquetes, 0)).toBe(expected);
        expect(last).toBeGreaterThanOrEqual(outageEnd);
      }
      expect(fs.existsSync(buffer)).toBe(false);
    }, 240_000);
  },
);
