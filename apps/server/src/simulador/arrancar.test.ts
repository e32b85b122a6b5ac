import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { OPCUAClient } from 'node-opcua-client';
import { lineNodeId } from '@planta/domain';
import { DEMO_SEED } from '@planta/plant-sim';
import { afterAll, describe, expect, it } from 'vitest';
import { arrancarSimuladorEnHilo } from './arrancar.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'planta-sim-hilo-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('the plant simulator on its own thread (from the sources, as npm run dev:server runs it)', () => {
  it('serves OPC UA values a client reads, and stops', async () => {
    const simulador = await arrancarSimuladorEnHilo(
      { port: 0, seed: DEMO_SEED, timeZone: 'America/Lima', dataDir },
      pino({ level: 'silent' }),
    );
    try {
      expect(simulador.endpoint).toMatch(/^opc\.tcp:\/\/.+:\d+/);
      const client = OPCUAClient.create({ endpointMustExist: false, connectionStrategy: { maxRetry: 2 } });
      await client.connect(simulador.endpoint);
      try {
        const session = await client.createSession();
        const valor = await session.read({ nodeId: lineNodeId(1, 'Velocidad') });
        expect(valor.statusCode.isGood()).toBe(true);
        await session.close();
      } finally {
        await client.disconnect();
      }
    } finally {
      await simulador.stop();
    }
  }, 60_000);
});
