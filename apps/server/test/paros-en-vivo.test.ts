// Issue 33 item 1: the collector turns each line's PLC state into stops, live. The simulator's
// test controls (ForzarParo, ForzarFalla) stop a line for real seconds; the stops must appear open
// within 5 s, close within 5 s of the line running again, be classified by the rules (micro-stop
// threshold, then a mapped fault code, else waiting for a reason), and reach the line's subscribers.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { lineVariableNodeId, startPlantSimulator } from '@planta/plant-sim';
import { createPlantModel } from '@planta/plant-model';
import { sql } from 'drizzle-orm';
import { AttributeIds, type ClientSession, DataType, OPCUAClient } from 'node-opcua';
import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Collector } from '../src/collector/collector.ts';
import type { ParoEscrito } from '../src/collector/stop-events.ts';
import { DEMO_SEED } from '../src/demo/start-demo.ts';
import { seedReference } from '../src/demo/seed-reference.ts';
import { LiveHub } from '../src/live/hub.ts';
import { describeEachDatabase } from './harness.ts';
import { ventanaEnMarcha } from './planta-en-marcha.ts';

const TZ = 'America/Lima';

interface ParoFila {
  id: number;
  linea: number;
  inicio: Date;
  fin: Date | null;
  tipo: string;
  clase: string | null;
  motivo: string | null;
  codigo_falla: number | null;
  origen: string;
}

describeEachDatabase('stops captured live by the collector', (server) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'planta-paros-'));
  const T0 = ventanaEnMarcha();
  const realStart = Date.now();
  // The plant's clock runs at real speed from T0: durations are real seconds.
  const now = () => T0 + (Date.now() - realStart);
  let simulator: Awaited<ReturnType<typeof startPlantSimulator>>;
  let collector: Collector;
  let client: OPCUAClient;
  let session: ClientSession;
  const live = new LiveHub();
  const publicados: ParoEscrito[] = [];

  const paros = async (linea: number) =>
    (
      (await server().database.db.execute(sql`
          select p.id, l.numero as linea, p.inicio, p.fin, p.tipo, p.clase, m.nombre as motivo, p.codigo_falla, p.origen
          from paros p join lineas l on l.id = p.linea_id left join motivos_paro m on m.id = p.motivo_id
          where l.numero = ${linea} order by p.inicio`)) as unknown as { rows: ParoFila[] }
    ).rows.map((r) => ({ ...r, inicio: new Date(r.inicio), fin: r.fin === null ? null : new Date(r.fin) }));

  const write = (nodeId: string, value: number) =>
    session.write({
      nodeId,
      attributeId: AttributeIds.Value,
      value: { value: { dataType: DataType.Int32, value } },
    });

  beforeAll(async () => {
    const model = createPlantModel({ seed: DEMO_SEED, timeZone: TZ });
    await seedReference(server().database.db, model.reference);
    // Line 1 and 3: a 10 s threshold (their stops here are not micro-stops); line 2 keeps 120 s.
    await server().database.db.execute(sql`update lineas set umbral_microparo_s = 10 where numero in (1, 3)`);
    simulator = await startPlantSimulator({
      port: 0,
      seed: DEMO_SEED,
      timeZone: TZ,
      dataDir,
      now,
      testControls: true,
    });
    collector = new Collector({
      database: server().database,
      endpoint: simulator.endpoint,
      timeZone: TZ,
      dataDir,
      logger: pino({ level: 'silent' }),
      publishLine: (v) => live.publishLine(v),
      publishConnection: (v) => live.publishConnection(v),
      publishParo: (v) => publicados.push(v),
    });
    collector.start();
    client = OPCUAClient.create({ endpointMustExist: false, connectionStrategy: { maxRetry: 2 } });
    await client.connect(simulator.endpoint);
    session = await client.createSession();
    const hasta = Date.now() + 30_000;
    while (collector.health().estado !== 'CONECTADO' && Date.now() < hasta) {
      await new Promise((r) => setTimeout(r, 200));
    }
    // The lines are read (a first live value of each) before anything is forced.
    await new Promise((r) => setTimeout(r, 2_000));
  }, 60_000);

  afterAll(async () => {
    await session?.close();
    await client?.disconnect();
    await collector?.stop();
    await simulator?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('opens a stop within 5 s and closes it within 5 s of the restart; classifies by threshold and fault code', async () => {
    expect(await paros(1)).toEqual([]);
    const forced = Date.now();
    // Line 1: a 20 s stop without a code (threshold 10 s): waits for a reason.
    // Line 2: a 40 s stop under its 120 s threshold: a MICROPARO.
    // Line 3: fault code 101, mapped by the default tree to "Llenadora" (FALLA), ended after 15 s.
    const [s1, s2, s3] = await Promise.all([
      write(lineVariableNodeId(1, 'Simulacion.ForzarParo'), 20),
      write(lineVariableNodeId(2, 'Simulacion.ForzarParo'), 40),
      write(lineVariableNodeId(3, 'Simulacion.ForzarFalla'), 101),
    ]);
    expect([s1, s2, s3].map((s) => s.name)).toEqual(['Good', 'Good', 'Good']);

    await expect.poll(async () => (await paros(1)).length, { timeout: 5_000, interval: 100 }).toBe(1);
    expect(Date.now() - forced).toBeLessThan(5_000);
    const open1 = (await paros(1))[0]!;
    expect(open1).toMatchObject({ fin: null, origen: 'PLC', tipo: 'FALLA', clase: null, motivo: null });
    expect(Math.abs(open1.inicio.getTime() - (T0 + (forced - realStart)))).toBeLessThan(2_000);

    await expect.poll(async () => (await paros(3)).length, { timeout: 5_000, interval: 100 }).toBe(1);
    expect((await paros(3))[0]).toMatchObject({
      fin: null,
      codigo_falla: 101,
      motivo: 'Llenadora',
      clase: 'FALLA',
      tipo: 'FALLA',
    });
    await new Promise((r) => setTimeout(r, 15_000 - (Date.now() - forced)));
    const resumed3 = Date.now();
    await write(lineVariableNodeId(3, 'Simulacion.ForzarFalla'), 0);
    await expect
      .poll(async () => (await paros(3))[0]?.fin ?? null, { timeout: 5_000, interval: 100 })
      .not.toBeNull();
    expect(Date.now() - resumed3).toBeLessThan(5_000);
    expect((await paros(3))[0]).toMatchObject({ motivo: 'Llenadora', clase: 'FALLA' });

    // Line 1 runs again 20 s after it stopped: closed within 5 s, 20 s long, still without a reason.
    await expect
      .poll(async () => (await paros(1))[0]?.fin ?? null, { timeout: 30_000, interval: 100 })
      .not.toBeNull();
    expect(Date.now() - (forced + 20_000)).toBeLessThan(5_000);
    const closed1 = (await paros(1))[0]!;
    expect((closed1.fin!.getTime() - closed1.inicio.getTime()) / 1000).toBeCloseTo(20, -0.5);
    expect(closed1).toMatchObject({ tipo: 'FALLA', clase: null, motivo: null });

    // Line 2: 40 s under 120 s is a micro-stop, needing no reason.
    await expect
      .poll(async () => (await paros(2))[0]?.fin ?? null, { timeout: 30_000, interval: 200 })
      .not.toBeNull();
    expect(await paros(2)).toHaveLength(1);
    expect((await paros(2))[0]).toMatchObject({ tipo: 'MICROPARO', clase: 'MICROPARO', motivo: null });

    // Each change reached the line's subscribers (opened, closed; the code's stop too).
    const ids = new Set(publicados.map((p) => p.paro_id));
    for (const linea of [1, 2, 3]) expect(ids.has(Number((await paros(linea))[0]!.id))).toBe(true);
    // Nothing else: one stop on each line.
    for (const linea of [1, 2, 3]) expect(await paros(linea)).toHaveLength(1);
  }, 90_000);
});
