import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startPlantSimulator } from '@planta/plant-sim';
import { productionDay } from '@planta/domain';
import { createPlantModel, type ScadaMinute } from '@planta/plant-model';
import { sql } from 'drizzle-orm';
import { createClient } from 'graphql-ws';
import pino from 'pino';
import WebSocket from 'ws';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Collector } from '../src/collector/collector.ts';
import { DEMO_SEED } from '../src/demo/start-demo.ts';
import { seedReference } from '../src/demo/seed-reference.ts';
import { LiveHub } from '../src/live/hub.ts';
import { describeEachDatabase } from './harness.ts';

const TZ = 'America/Lima';
// Simulated time starts at a minute boundary and advances one whole minute every two real seconds,
// so a few seconds of test cover several minutes of plant, every sample sits on a boundary, and a
// slow event loop (one late tick) does not skip a minute.
const T0 = Date.parse('2026-06-10T15:00:00Z');
const MINUTES = 6;

const live = new LiveHub();

describeEachDatabase(
  'OPC UA collector against the plant simulator',
  (server) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'planta-colector-'));
    let simulator: Awaited<ReturnType<typeof startPlantSimulator>>;
    let collector: Collector;
    const realStart = Date.now();
    const now = () => T0 + Math.floor((Date.now() - realStart) / 2000) * 60_000;
    const COUNTER_BASE = 2 ** 32 - 5_000;
    const simulatorOptions = {
      seed: DEMO_SEED,
      timeZone: TZ,
      dataDir,
      now,
      counterBase: COUNTER_BASE,
      countingSince: T0,
    };

    beforeAll(async () => {
      const model = createPlantModel({ seed: DEMO_SEED, timeZone: TZ });
      await seedReference(server().database.db, model.reference);
      simulator = await startPlantSimulator({ port: 0, ...simulatorOptions });
      collector = new Collector({
        database: server().database,
        endpoint: simulator.endpoint,
        timeZone: TZ,
        dataDir,
        logger: pino({ level: 'silent' }),
        publishLine: (v) => live.publishLine(v),
        publishConnection: (v) => live.publishConnection(v),
      });
      live.health = () => collector.health();
      collector.start();
    }, 60_000);

    afterAll(async () => {
      await collector?.stop();
      await simulator?.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    const minuteRows = async () =>
      (
        (await server().database.db.execute(
          sql`select linea, extract(epoch from fecha) * 1000 as t, velocidad, botellas, botellas_llenas, paquetes, formato
              from scada_lecturas order by linea, fecha`,
        )) as unknown as {
          rows: {
            linea: number;
            t: number;
            velocidad: number;
            botellas: number;
            botellas_llenas: number;
            paquetes: number;
            formato: number;
          }[];
        }
      ).rows.map((r) => ({ ...r, t: Number(r.t) }));

    it('writes one row per line and minute, with the counts of the PLC counters (across their rollover)', async () => {
      await expect
        .poll(async () => (await minuteRows()).filter((r) => r.linea === 1).length, {
          timeout: 40_000,
          interval: 500,
        })
        .toBeGreaterThanOrEqual(MINUTES);
      const rows = await minuteRows();
      const model = createPlantModel({ seed: DEMO_SEED, timeZone: TZ });
      for (const linea of [1, 2, 3, 4]) {
        const own = rows.filter((r) => r.linea === linea).slice(0, MINUTES);
        // Consecutive minutes: none missing.
        own.forEach((r, i) => expect(r.t - (own[0]?.t ?? 0)).toBe(i * 60_000));
        const expected = model.lineMinutes(linea, own[0]!.t, own[own.length - 1]!.t + 60_000);
        const pick = (m: ScadaMinute) => ({
          t: m.t,
          botellas: m.botellas,
          botellas_llenas: m.botellasLlenas,
          paquetes: m.paquetes,
          formato: m.formato,
        });
        expect(
          own.map((r) => ({
            t: r.t,
            botellas: r.botellas,
            botellas_llenas: r.botellas_llenas,
            paquetes: r.paquetes,
            formato: r.formato,
          })),
        ).toEqual(expected.map(pick));
        own.forEach((r, i) => expect(r.velocidad).toBeCloseTo(expected[i]!.velocidad, 6));
      }
    }, 60_000);

    it('records readings of the OPC variables and reports its state', async () => {
      const [count] = (
        (await server().database.db.execute(
          sql`select count(distinct variable_id)::int as n from lecturas`,
        )) as unknown as { rows: { n: number }[] }
      ).rows;
      expect(count?.n).toBeGreaterThan(20);
      const health = (await (await fetch(`${server().url}/healthz`)).json()) as { colector: unknown };
      expect(health, JSON.stringify(health)).toHaveProperty('colector');
      expect(health.colector).toMatchObject({ estado: 'CONECTADO', lider: true, filas_descartadas: 0 });
    });

    it('keeps the day derived while it collects: hourly rollup and the day\u2019s historicos follow the minutes', async () => {
      const total = async (query: ReturnType<typeof sql>) =>
        Number(
          (
            (await server().database.db.execute(query)) as unknown as {
              rows: { n: number | string | null }[];
            }
          ).rows[0]?.n ?? 0,
        );
      // The hourly rollup holds exactly the minutes written (it is recomputed after each write).
      await expect
        .poll(
          async () =>
            (await total(sql`select coalesce(sum(botellas), 0) as n from scada_hora where linea = 1`)) -
            (await total(sql`select coalesce(sum(botellas), 0) as n from scada_lecturas where linea = 1`)),
          { timeout: 20_000, interval: 500 },
        )
        .toBe(0);
      expect(await total(sql`select count(*) as n from scada_lecturas`)).toBeGreaterThan(0);
      // And the production day being collected has its daily figures.
      await expect
        .poll(
          () => total(sql`select count(*) as n from historicos where fecha = ${productionDay(T0, TZ)}::date`),
          {
            timeout: 20_000,
            interval: 500,
          },
        )
        .toBeGreaterThan(0);
    }, 60_000);

    it('reconnects after the simulator stops and restarts, with no minute missing', async () => {
      const model = createPlantModel({ seed: DEMO_SEED, timeZone: TZ });
      const { port } = simulator;
      await simulator.stop();
      await expect.poll(() => collector.health().estado, { timeout: 15_000 }).toBe('DESCONECTADO');
      // Three plant minutes with the OPC UA server down; the PLC behind it keeps counting.
      await new Promise((resolve) => setTimeout(resolve, 6_000));
      simulator = await startPlantSimulator({ port, ...simulatorOptions });
      const restartedAt = now();
      await expect.poll(() => collector.health().estado, { timeout: 30_000 }).toBe('CONECTADO');
      // Once the counters report again, each minute is exact again: wait for that on every line (the
      // first reading after the restart carries the whole outage, and on a loaded machine it can land
      // a few plant minutes after the reconnection), then check the whole window.
      const lastTwoExact = (rows: Awaited<ReturnType<typeof minuteRows>>, linea: number) => {
        const own = rows.filter((r) => r.linea === linea);
        if (own.length < 2 || own[own.length - 1]!.t < restartedAt + 3 * 60_000) return false;
        const last = own[own.length - 1]!.t;
        const expected = model.lineMinutes(linea, last - 60_000, last + 60_000);
        return own.slice(-2).every((r, i) => r.botellas === expected[i]?.botellas);
      };
      let rows: Awaited<ReturnType<typeof minuteRows>> = [];
      await expect
        .poll(
          async () => {
            rows = await minuteRows();
            return [1, 2, 3, 4].filter((l) => !lastTwoExact(rows, l));
          },
          { timeout: 90_000, interval: 1_000 },
        )
        .toEqual([]);
      for (const linea of [1, 2, 3, 4]) {
        const own = rows.filter((r) => r.linea === linea);
        const first = own[0]!.t;
        const last = own[own.length - 1]!.t;
        // Every minute from the first to the last is there (the primary key rules out duplicates).
        expect(own.map((r) => r.t)).toEqual(own.map((_, i) => first + i * 60_000));
        // The counts over the whole window, the outage included, are the PLC's.
        const expected = model.lineMinutes(linea, first, last + 60_000);
        const total = (list: { botellas: number; paquetes: number }[]) =>
          list.reduce((acc, r) => [acc[0]! + r.botellas, acc[1]! + r.paquetes], [0, 0]);
        expect(total(own), `línea ${linea}`).toEqual(total(expected));
      }
    }, 180_000);

    it('delivers live values over a graphql-ws subscription, only with a token', async () => {
      const token = (await server().login()).access_token;
      const url = server().url.replace('http', 'ws') + '/graphql';
      const received = await new Promise<{ linea: number; estado_nombre: string }>((resolve, reject) => {
        const client = createClient({
          url,
          webSocketImpl: WebSocket,
          connectionParams: { token },
          lazy: false,
          retryAttempts: 0,
        });
        const stop = client.subscribe<{ lineaEnVivo: { linea: number; estado_nombre: string } }>(
          {
            query: 'subscription { lineaEnVivo(linea: 1) { linea velocidad estado_nombre paquetes fecha } }',
          },
          {
            next: (message) => {
              if (message.data) {
                stop();
                void client.dispose();
                resolve(message.data.lineaEnVivo);
              }
            },
            error: reject,
            complete: () => {},
          },
        );
        setTimeout(() => reject(new Error('sin mensajes en 15 s')), 15_000);
      });
      expect(received.linea).toBe(1);
      expect(typeof received.estado_nombre).toBe('string');

      // Without a token the server refuses connection_init and closes the socket: no data, ever.
      const refused = await new Promise<{ closed: boolean; data: boolean }>((resolve) => {
        const result = { closed: false, data: false };
        const client = createClient({
          url,
          webSocketImpl: WebSocket,
          connectionParams: {},
          retryAttempts: 0,
        });
        client.subscribe(
          { query: 'subscription { lineaEnVivo(linea: 1) { linea } }' },
          { next: () => (result.data = true), error: () => {}, complete: () => {} },
        );
        client.on('closed', () => {
          result.closed = true;
          setTimeout(() => resolve(result), 200);
        });
      });
      expect(refused).toEqual({ closed: true, data: false });
    }, 30_000);
  },
  { live },
);
