import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { COUNTER_TAGS, counterDelta, ESTADO, extraNodeId, LINE_TAGS, lineNodeId } from '@planta/domain';
import { createPlantModel, productionDayOf, type ScadaMinute } from '@planta/plant-model';
import {
  AttributeIds,
  ClientMonitoredItem,
  ClientSubscription,
  DataType,
  MessageSecurityMode,
  NodeClass,
  OPCUACertificateManager,
  OPCUAClient,
  SecurityPolicy,
  StatusCodes,
  TimestampsToReturn,
  type ClientSession,
  type DataValue,
} from 'node-opcua';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lineVariableNodeId, startPlantSimulator, type PlantSimulator } from './simulator.ts';

const TZ = 'America/Lima';
const SEED = 561;
const MINUTE = 60_000;
// A Wednesday, 09:00 Lima (14:00 UTC): every line has work scheduled.
const M0 = Date.UTC(2026, 10, 18, 14, 0, 0);
const M1 = M0 + MINUTE;
const M2 = M1 + MINUTE;
const model = createPlantModel({ seed: SEED, timeZone: TZ });
const rowsAt = (minute: number): ScadaMinute[] =>
  [1, 2, 3, 4].map((l) => model.lineMinutes(l, minute, minute + MINUTE)[0]!);
const COUNTER_FIELD = {
  Botellas: 'botellas',
  BotellasLlenas: 'botellasLlenas',
  Paquetes: 'paquetes',
} as const;

let dir: string;
let clientPki: OPCUACertificateManager;

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'plant-sim-'));
  clientPki = new OPCUACertificateManager({
    rootFolder: path.join(dir, 'client-pki'),
    automaticallyAcceptUnknownCertificate: true,
  });
});
afterAll(async () => {
  await clientPki.dispose();
  rmSync(dir, { recursive: true, force: true });
});

async function connect(
  endpoint: string,
  security: { mode: MessageSecurityMode; policy: SecurityPolicy } = {
    mode: MessageSecurityMode.None,
    policy: SecurityPolicy.None,
  },
): Promise<{ session: ClientSession; close(): Promise<void> }> {
  const client = OPCUAClient.create({
    endpointMustExist: false,
    securityMode: security.mode,
    securityPolicy: security.policy,
    clientCertificateManager: clientPki,
    connectionStrategy: { maxRetry: 0, initialDelay: 100 },
  });
  await client.connect(endpoint);
  const session = await client.createSession();
  return {
    session,
    async close() {
      await session.close();
      await client.disconnect();
    },
  };
}

/** Reads node ids once the simulator has published the second `t` (its updates run on real timers). */
const isStateNode = (nodeId: string) => /\.(Estado|CodigoFalla)$/.test(nodeId);

async function readAt(session: ClientSession, nodeIds: string[], t: number): Promise<DataValue[]> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const values = await session.read(nodeIds.map((nodeId) => ({ nodeId, attributeId: AttributeIds.Value })));
    // State tags (Estado, CodigoFalla) keep the time they changed; the others carry each second's.
    const fresh = values.every((v, i) => {
      const stamp = v.sourceTimestamp?.getTime() ?? NaN;
      return isStateNode(nodeIds[i]!) ? stamp <= t : stamp === t;
    });
    if (fresh && values.some((_, i) => !isStateNode(nodeIds[i]!))) return values;
    if (Date.now() > deadline) throw new Error(`no llegó la actualización de ${new Date(t).toISOString()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const counterIds = (linea: number) => COUNTER_TAGS.map((tag) => lineNodeId(linea, tag));

describe('plant simulator over OPC UA', () => {
  let clock = M0 + 25_000;
  let sim: PlantSimulator;
  let conn: Awaited<ReturnType<typeof connect>>;
  const EXTRA = 5;

  beforeAll(async () => {
    sim = await startPlantSimulator({
      port: 0,
      seed: SEED,
      timeZone: TZ,
      dataDir: dir,
      extraTags: EXTRA,
      now: () => clock,
    });
    conn = await connect(sim.endpoint);
  });
  afterAll(async () => {
    await conn?.close();
    await sim?.stop();
  });

  it('serves the address space in folders with the contract node ids', async () => {
    const { session } = conn;
    const planta = await session.browse('ns=2;s=Planta');
    const folders = planta.references?.map((r) => [r.nodeId.toString(), r.displayName.text]) ?? [];
    expect(folders).toEqual(
      expect.arrayContaining([
        ['ns=2;s=Planta.Linea1', 'Línea 1'],
        ['ns=2;s=Planta.Linea4', 'Línea 4'],
        ['ns=2;s=Planta.Energia', 'Energía'],
        ['ns=2;s=Planta.Aire', 'Aire'],
        ['ns=2;s=Planta.Agua', 'Agua'],
        ['ns=2;s=Planta.PTA', 'PTA'],
        ['ns=2;s=Planta.Extra', 'Extra'],
      ]),
    );
    const linea2 = await session.browse('ns=2;s=Planta.Linea2');
    const children = linea2.references?.map((r) => [r.nodeId.toString(), r.browseName.name]) ?? [];
    for (const tag of LINE_TAGS) expect(children).toContainEqual([lineNodeId(2, tag), tag]);
    expect(children).toContainEqual([lineVariableNodeId(2, 'CodigoFalla'), 'CodigoFalla']);

    const expected = [
      ...[1, 2, 3, 4].flatMap((l) => LINE_TAGS.map((tag) => lineNodeId(l, tag))),
      ...model.reference.variables.flatMap((v) => (v.opcNodeId ? [v.opcNodeId] : [])),
      ...Array.from({ length: EXTRA }, (_, i) => extraNodeId(i + 1)),
    ];
    expect(expected.length).toBeGreaterThan(24 + 20 + EXTRA);
    const classes = await session.read(
      expected.map((nodeId) => ({ nodeId, attributeId: AttributeIds.NodeClass })),
    );
    classes.forEach((c, i) =>
      expect([expected[i], c.value.value]).toEqual([expected[i], NodeClass.Variable]),
    );
    const values = await session.read(
      expected.map((nodeId) => ({ nodeId, attributeId: AttributeIds.Value })),
    );
    values.forEach((v, i) => expect([expected[i], v.statusCode.name]).toEqual([expected[i], 'Good']));
    const extra = await session.browse('ns=2;s=Planta.Extra');
    expect(extra.references?.map((r) => r.nodeId.toString()).sort()).toEqual(
      Array.from({ length: EXTRA }, (_, i) => extraNodeId(i + 1)),
    );
  });

  it('types the line tags as the contract says', async () => {
    const ids = LINE_TAGS.map((tag) => lineNodeId(1, tag));
    const values = await conn.session.read(
      ids.map((nodeId) => ({ nodeId, attributeId: AttributeIds.Value })),
    );
    expect(values.map((v) => v.value.dataType)).toEqual([
      DataType.Double,
      DataType.UInt32,
      DataType.UInt32,
      DataType.UInt32,
      DataType.Int32,
      DataType.Int16,
      DataType.UInt16,
    ]);
  });

  it('counters hold the model totals at whole minutes; deltas equal the minute counts', async () => {
    const { session } = conn;
    const ids = [1, 2, 3, 4].flatMap(counterIds);
    clock = M1;
    const atM1 = await readAt(session, ids, M1);
    clock = M1 + 30_000;
    const half = await readAt(session, ids, M1 + 30_000);
    clock = M2;
    const atM2 = await readAt(session, ids, M2);

    const [r0, r1] = [rowsAt(M0), rowsAt(M1)];
    let produced = 0;
    ids.forEach((_, i) => {
      const l = Math.floor(i / 3);
      const field = COUNTER_FIELD[COUNTER_TAGS[i % 3] as keyof typeof COUNTER_FIELD];
      const [c0, c1] = [r0[l]?.[field] ?? NaN, r1[l]?.[field] ?? NaN];
      expect(atM1[i]?.value.value).toBe(c0);
      expect(half[i]?.value.value).toBe(c0 + Math.floor((c1 * 30) / 60));
      expect(counterDelta(atM1[i]?.value.value as number, atM2[i]?.value.value as number)).toBe(c1);
      produced += c1;
    });
    expect(produced).toBeGreaterThan(0);
    expect(sim.counters(1).botellas).toBe(atM2[0]?.value.value);
  });

  it('Velocidad, Formato and Estado follow the model minute', async () => {
    clock = M2 + 7_000;
    const ids = [1, 2, 3, 4].flatMap((l) => [
      lineNodeId(l, 'Velocidad'),
      lineNodeId(l, 'Formato'),
      lineNodeId(l, 'Estado'),
    ]);
    const values = await readAt(conn.session, ids, M2 + 7_000);
    const paros = model.day(productionDayOf(M2, TZ)).paros;
    rowsAt(M2).forEach((row, l) => {
      const paro = paros.find((p) => p.linea === row.linea && p.inicio <= row.t && row.t < p.fin);
      const estado = row.velocidad > 0 ? ESTADO.MARCHA : paro ? ESTADO[paro.tipo] : ESTADO.PARADA;
      expect(values.slice(l * 3, l * 3 + 3).map((v) => v.value.value)).toEqual([
        row.velocidad,
        row.formato,
        estado,
      ]);
    });
  });

  it('SUMA meters increase monotonically as time passes', async () => {
    const id = 'ns=2;s=Planta.Energia.Total';
    const seen: number[] = [];
    for (let k = 1; k <= 4; k++) {
      clock = M2 + k * 10 * MINUTE;
      const [value] = await readAt(conn.session, [id], clock);
      seen.push(value?.value.value as number);
    }
    expect(seen[0]).toBeGreaterThan(0);
    for (let k = 1; k < seen.length; k++) expect(seen[k]).toBeGreaterThan(seen[k - 1] ?? Infinity);
  });

  it('is read-only: writes are refused and no variable is writable', async () => {
    const nodeId = lineNodeId(1, 'Botellas');
    const status = await conn.session.write({
      nodeId,
      attributeId: AttributeIds.Value,
      value: { value: { dataType: DataType.UInt32, value: 1 } },
    });
    expect(status.isGood()).toBe(false);
    expect([StatusCodes.BadNotWritable, StatusCodes.BadUserAccessDenied]).toContainEqual(status);
    const access = await conn.session.read([
      { nodeId, attributeId: AttributeIds.AccessLevel },
      { nodeId, attributeId: AttributeIds.UserAccessLevel },
    ]);
    expect(access.map((a) => a.value.value)).toEqual([1, 1]); // CurrentRead only
  });

  it('serves no test controls unless asked to', async () => {
    const linea1 = await conn.session.browse('ns=2;s=Planta.Linea1');
    expect(linea1.references?.map((r) => r.browseName.name)).not.toContain('Simulacion');
    const [control] = await conn.session.read([
      { nodeId: lineVariableNodeId(1, 'Simulacion.ForzarParo'), attributeId: AttributeIds.Value },
    ]);
    expect(control?.statusCode).toBe(StatusCodes.BadNodeIdUnknown);
  });
});

describe('plant simulator, test controls', () => {
  const L = 3; // runs through M0..M2 (checked below)
  const at = M0 + 10_000;
  let clock = at;
  let sim: PlantSimulator;
  let conn: Awaited<ReturnType<typeof connect>>;
  const ids = {
    velocidad: lineNodeId(L, 'Velocidad'),
    estado: lineNodeId(L, 'Estado'),
    codigo: lineVariableNodeId(L, 'CodigoFalla'),
    paro: lineVariableNodeId(L, 'Simulacion.ForzarParo'),
    falla: lineVariableNodeId(L, 'Simulacion.ForzarFalla'),
  };
  const watched = [ids.velocidad, ids.estado, ids.codigo, ...counterIds(L)];
  /** Velocidad, Estado, CodigoFalla and the three counters of line L at second t. */
  const lineAt = async (t: number) => {
    clock = t;
    const values = (await readAt(conn.session, watched, t)).map((v) => v.value.value as number);
    const [velocidad, estado, codigo, ...counters] = values;
    return { velocidad, estado, codigo, counters };
  };
  const write = (nodeId: string, value: number, dataType = DataType.Int32) =>
    conn.session.write({ nodeId, attributeId: AttributeIds.Value, value: { value: { dataType, value } } });
  const readControls = async () =>
    (
      await conn.session.read(
        [ids.paro, ids.falla].map((nodeId) => ({ nodeId, attributeId: AttributeIds.Value })),
      )
    ).map((v) => v.value.value as number);
  let counters: number[] = [];
  /** Counters never go back: each read is at least the previous one. */
  const expectMonotonic = (now: number[]) => {
    now.forEach((c, i) => expect(c).toBeGreaterThanOrEqual(counters[i] ?? Infinity));
    counters = now;
  };

  beforeAll(async () => {
    expect(model.lineMinutes(L, M0, M2 + MINUTE).every((r) => r.velocidad > 0)).toBe(true);
    sim = await startPlantSimulator({
      port: 0,
      seed: SEED,
      timeZone: TZ,
      dataDir: dir,
      testControls: true,
      now: () => clock,
    });
    conn = await connect(sim.endpoint);
  });
  afterAll(async () => {
    await conn?.close();
    await sim?.stop();
  });

  it('CodigoFalla is 0 while running; ForzarParo stops the line for N seconds, counters held', async () => {
    const running = await lineAt(at);
    expect(running).toMatchObject({ estado: ESTADO.MARCHA, codigo: 0 });
    expect(running.velocidad).toBeGreaterThan(0);
    counters = running.counters;

    expect(await write(ids.paro, 3)).toBe(StatusCodes.Good);
    // Published at once: the same second now shows the line stopped.
    const stopped = await lineAt(at);
    expect(stopped).toMatchObject({ velocidad: 0, estado: ESTADO.PARADA, codigo: 0 });
    expect(stopped.counters).toEqual(running.counters);
    expect(await readControls()).toEqual([3, 0]);

    const still = await lineAt(at + 2_000);
    expect(still).toMatchObject({ velocidad: 0, estado: ESTADO.PARADA, codigo: 0 });
    expect(still.counters).toEqual(running.counters);
    expect(await readControls()).toEqual([1, 0]);

    const resumed = await lineAt(at + 3_000);
    expect(resumed).toMatchObject({
      velocidad: rowsAt(M0)[L - 1]?.velocidad,
      estado: ESTADO.MARCHA,
      codigo: 0,
    });
    expectMonotonic(resumed.counters);
    expect(await readControls()).toEqual([0, 0]);
    const later = await lineAt(at + 20_000);
    expectMonotonic(later.counters);
    expect(later.counters[0]).toBeGreaterThan(resumed.counters[0] ?? Infinity);
  });

  it('ForzarFalla publishes its code during a 60 s stop, then 0; writing 0 resumes at once', async () => {
    const t = at + 30_000;
    await lineAt(t);
    expect(await write(ids.falla, 4242)).toBe(StatusCodes.Good);
    expect(await lineAt(t)).toMatchObject({ velocidad: 0, estado: ESTADO.FALLA, codigo: 4242 });
    expect(await readControls()).toEqual([60, 4242]);
    const last = await lineAt(t + 59_000); // across the minute M1
    expect(last).toMatchObject({ velocidad: 0, estado: ESTADO.FALLA, codigo: 4242 });
    expectMonotonic(last.counters);
    const after = await lineAt(t + 60_000);
    expect(after).toMatchObject({
      velocidad: rowsAt(M1)[L - 1]?.velocidad,
      estado: ESTADO.MARCHA,
      codigo: 0,
    });
    expectMonotonic(after.counters);

    const u = t + 70_000;
    await lineAt(u);
    expect(await write(ids.falla, 7)).toBe(StatusCodes.Good);
    expect(await lineAt(u)).toMatchObject({ estado: ESTADO.FALLA, codigo: 7 });
    expect(await write(ids.paro, 0)).toBe(StatusCodes.Good);
    const cancelled = await lineAt(u);
    expect(cancelled).toMatchObject({ estado: ESTADO.MARCHA, codigo: 0 });
    expectMonotonic(cancelled.counters);
    expect(await readControls()).toEqual([0, 0]);
  });

  it('refuses bad values with BadOutOfRange and keeps serving', async () => {
    for (const [nodeId, value] of [
      [ids.paro, -1],
      [ids.paro, 86_401],
      [ids.falla, -5],
      [ids.falla, 65_536],
    ] as const)
      expect([nodeId, await write(nodeId, value)]).toEqual([nodeId, StatusCodes.BadOutOfRange]);
    expect((await write(ids.paro, 2.5, DataType.Double)).isGood()).toBe(false);
    expect(await readControls()).toEqual([0, 0]);
    const t = at + 100_000;
    const line = await lineAt(t);
    expect(line).toMatchObject({ estado: ESTADO.MARCHA, codigo: 0 });
    expectMonotonic(line.counters);
  });
});

describe('plant simulator, live clock', () => {
  it('notifies a 1 s subscription of changes and accepts Basic256Sha256 SignAndEncrypt', async () => {
    const sim = await startPlantSimulator({ port: 0, seed: SEED, timeZone: TZ, dataDir: dir, extraTags: 2 });
    const conn = await connect(sim.endpoint, {
      mode: MessageSecurityMode.SignAndEncrypt,
      policy: SecurityPolicy.Basic256Sha256,
    });
    try {
      const subscription = ClientSubscription.create(conn.session, {
        requestedPublishingInterval: 1000,
        requestedMaxKeepAliveCount: 10,
        publishingEnabled: true,
      });
      const item = ClientMonitoredItem.create(
        subscription,
        { nodeId: extraNodeId(1), attributeId: AttributeIds.Value },
        { samplingInterval: 1000, queueSize: 10, discardOldest: true },
        TimestampsToReturn.Both,
      );
      const changes: DataValue[] = [];
      item.on('changed', (value: DataValue) => changes.push(value));
      // samplingInterval 0 on a variable whose MinimumSamplingInterval is 0: exception-based delivery.
      const pushed = ClientMonitoredItem.create(
        subscription,
        { nodeId: extraNodeId(2), attributeId: AttributeIds.Value },
        { samplingInterval: 0, queueSize: 10, discardOldest: true },
        TimestampsToReturn.Both,
      );
      const pushedChanges: DataValue[] = [];
      pushed.on('changed', (value: DataValue) => pushedChanges.push(value));
      await new Promise((r) => setTimeout(r, 3_500));
      expect(pushedChanges.length).toBeGreaterThanOrEqual(2);
      await subscription.terminate();
      expect(changes.length).toBeGreaterThanOrEqual(2);
      const stamps = changes.map((c) => c.sourceTimestamp?.getTime() ?? NaN);
      stamps.forEach((t) => expect(t % 1000).toBe(0));
      expect(new Set(stamps).size).toBe(stamps.length);
    } finally {
      await conn.close();
      await sim.stop();
    }
  });

  it('rolls counters over at 2**32 without breaking the deltas', async () => {
    let clock = M0 + 10_000;
    const [r0, r1] = [rowsAt(M0)[0]!, rowsAt(M1)[0]!];
    expect(r0.botellas).toBeGreaterThan(1);
    // Chosen so line 1's Botellas wraps inside the first minute.
    const counterBase = 2 ** 32 - Math.floor(r0.botellas / 2);
    const sim = await startPlantSimulator({
      port: 0,
      seed: SEED,
      timeZone: TZ,
      dataDir: dir,
      counterBase,
      now: () => clock,
    });
    const conn = await connect(sim.endpoint);
    try {
      const id = lineNodeId(1, 'Botellas');
      const [before] = await readAt(conn.session, [id], M0 + 10_000);
      clock = M1;
      const [atM1] = await readAt(conn.session, [id], M1);
      clock = M2;
      const [atM2] = await readAt(conn.session, [id], M2);
      expect(before?.value.value).toBeGreaterThan(2 ** 32 - r0.botellas);
      expect(atM1?.value.value).toBe(r0.botellas - Math.floor(r0.botellas / 2)); // wrapped to a small number
      expect(counterDelta(before?.value.value as number, atM1?.value.value as number)).toBe(
        r0.botellas - Math.floor((r0.botellas * 10) / 60),
      );
      expect(counterDelta(atM1?.value.value as number, atM2?.value.value as number)).toBe(r1.botellas);
    } finally {
      await conn.close();
      await sim.stop();
    }
  });

  it('stop() frees the port: a new simulator starts on the same one', async () => {
    const first = await startPlantSimulator({ port: 0, seed: SEED, timeZone: TZ, dataDir: dir });
    const { port } = first;
    const conn = await connect(first.endpoint);
    await conn.close();
    await first.stop();
    const second = await startPlantSimulator({ port, seed: SEED, timeZone: TZ, dataDir: dir });
    try {
      expect(second.port).toBe(port);
      const again = await connect(second.endpoint);
      const [value] = await again.session.read([
        { nodeId: lineNodeId(3, 'Estado'), attributeId: AttributeIds.Value },
      ]);
      expect(value?.statusCode.isGood()).toBe(true);
      await again.close();
    } finally {
      await second.stop();
    }
  });
});

describe('plant simulator, state tags stamped when they change', () => {
  it('a collector connecting during a stop reads when it began; while running, when it last ran again', async () => {
    // A stop of the model of at least 5 minutes, the simulator started 3 minutes into it.
    const day = model.day('2026-11-18');
    const paro = day.paros.find((p) => p.fin - p.inicio >= 5 * MINUTE && p.tipo !== 'PLANIFICADO')!;
    expect(paro).toBeDefined();
    const clock = paro.inicio + 3 * MINUTE + 7_000;
    const sim = await startPlantSimulator({
      port: 0,
      seed: SEED,
      timeZone: TZ,
      dataDir: dir,
      now: () => clock,
    });
    const conn = await connect(sim.endpoint);
    try {
      const [estado] = await conn.session.read([
        { nodeId: lineNodeId(paro.linea, 'Estado'), attributeId: AttributeIds.Value },
      ]);
      expect(estado!.value.value).toBe(ESTADO[paro.tipo]);
      expect(estado!.sourceTimestamp?.getTime()).toBe(paro.inicio);
      // A line running at that instant: stamped with the end of its last stop (or earlier), not now.
      const running = [1, 2, 3, 4].find(
        (l) => model.lineMinutes(l, clock - 7_000, clock + MINUTE)[0]!.velocidad > 0,
      );
      if (running !== undefined) {
        const [marcha] = await conn.session.read([
          { nodeId: lineNodeId(running, 'Estado'), attributeId: AttributeIds.Value },
        ]);
        expect(marcha!.value.value).toBe(ESTADO.MARCHA);
        expect(marcha!.sourceTimestamp!.getTime()).toBeLessThan(clock - 7_000);
      }
    } finally {
      await conn.close();
      await sim.stop();
    }
  });
});
