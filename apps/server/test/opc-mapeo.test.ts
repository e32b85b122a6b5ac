import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startPlantSimulator } from '@planta/plant-sim';
import { lineNodeId } from '@planta/domain';
import { createPlantModel } from '@planta/plant-model';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { extraTagValue } from '../../plant-sim/src/extra-tags.ts';
import { Collector, OPC_MAPEO_VERSION_KEY } from '../src/collector/collector.ts';
import { DEMO_SEED } from '../src/demo/start-demo.ts';
import { seedReference } from '../src/demo/seed-reference.ts';
import { LiveHub } from '../src/live/hub.ts';
import { CAMBIO_CONCURRENTE } from '../src/modules/audit/cambios.ts';
import { puertaOpc } from '../src/modules/opc/opc-puerta.ts';
import { createUser, describeEachDatabase, type GqlResult, uniqueName } from './harness.ts';

/**
 * The OPC UA tag browser and mapping of /configuracion/lineas against the real plant simulator:
 * the browse lists the simulator's nodes, a wrong node is refused with the reason, and a variable
 * remapped to another node gets that node's readings without restarting the collector.
 */

const TZ = 'America/Lima';
const T0 = Date.parse('2026-06-10T15:00:00Z');
const live = new LiveHub();

const NODOS = `query($id: String) { opcNodos(node_id: $id) { node_id browse_name display_name node_class data_type tiene_hijos } }`;
const VALOR = `query($id: String!) { opcValor(node_id: $id) { node_id node_class data_type numerico valor estado fecha } }`;
const MAPEOS = `{ opcMapeosLineas { id linea_id linea_numero campo node_id por_defecto version } }`;
const MAPEAR_VAR = `mutation($input: MapeoVariableInput!) { mapearVariableOpc(input: $input) { id nombre opc_node_id version } }`;
const MAPEAR_LINEA = `mutation($input: MapeoLineaInput!) {
  mapearLineaOpc(input: $input) { id linea_id campo node_id por_defecto version } }`;

function expectError(result: GqlResult, code: string, message: string | RegExp, field?: string) {
  expect(result.data).toBeNull();
  const error = result.errors?.[0];
  expect(error?.extensions?.code).toBe(code);
  if (typeof message === 'string') expect(error?.message).toBe(message);
  else expect(error?.message).toMatch(message);
  if (field) expect(error?.extensions?.field).toBe(field);
}

describeEachDatabase(
  'mapeo OPC UA contra el simulador',
  (server) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'planta-opc-mapeo-'));
    let simulator: Awaited<ReturnType<typeof startPlantSimulator>>;
    let collector: Collector;
    let admin: string;
    let reader: string;
    const realStart = Date.now();
    // One simulated minute every two real seconds (as in collector.test.ts).
    const now = () => T0 + Math.floor((Date.now() - realStart) / 2000) * 60_000;

    const gql = (query: string, variables: Record<string, unknown> = {}, token = admin) =>
      server().gql<Record<string, any>>(query, variables, { token });

    beforeAll(async () => {
      const model = createPlantModel({ seed: DEMO_SEED, timeZone: TZ });
      await seedReference(server().database.db, model.reference);
      simulator = await startPlantSimulator({
        port: 0,
        seed: DEMO_SEED,
        timeZone: TZ,
        dataDir,
        now,
        countingSince: T0,
        extraTags: 3,
      });
      collector = new Collector({
        database: server().database,
        endpoint: simulator.endpoint,
        timeZone: TZ,
        dataDir,
        logger: pino({ level: 'silent' }),
        publishLine: (v) => live.publishLine(v),
        publishConnection: (v) => live.publishConnection(v),
      });
      puertaOpc(live).colector = collector;
      admin = (await server().login()).access_token;
      const readerName = uniqueName('lector');
      await createUser(server(), admin, { username: readerName, role: 'human-resources' });
      reader = (await server().login(readerName, 'clave-usuario-1')).access_token;
    }, 60_000);

    afterAll(async () => {
      puertaOpc(live).colector = null;
      await collector?.stop();
      await simulator?.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it('without a connection the browser says so in Spanish', async () => {
      expectError(await gql(NODOS), 'NOT_FOUND', 'Sin conexión con el servidor OPC UA');
      expectError(
        await gql(VALOR, { id: lineNodeId(1, 'Velocidad') }),
        'NOT_FOUND',
        'Sin conexión con el servidor OPC UA',
      );
      collector.start();
      await expect
        .poll(() => collector.health().estado, { timeout: 30_000, interval: 200 })
        .toBe('CONECTADO');
    }, 40_000);

    it("browses the simulator's address space: Objects → Planta → Línea 1 → its tags, with live values", async () => {
      const root = await gql(NODOS);
      expect(root.errors).toBeUndefined();
      expect(root.data!.opcNodos).toContainEqual(
        expect.objectContaining({ node_id: 'ns=2;s=Planta', node_class: 'Object', tiene_hijos: true }),
      );
      const planta = await gql(NODOS, { id: 'ns=2;s=Planta' });
      expect(planta.data!.opcNodos).toContainEqual(
        expect.objectContaining({
          node_id: 'ns=2;s=Planta.Linea1',
          display_name: 'Línea 1',
          tiene_hijos: true,
        }),
      );
      const linea1 = await gql(NODOS, { id: 'ns=2;s=Planta.Linea1' });
      expect(linea1.data!.opcNodos).toContainEqual({
        node_id: lineNodeId(1, 'Velocidad'),
        browse_name: 'Velocidad',
        display_name: expect.any(String),
        node_class: 'Variable',
        data_type: 'Double',
        tiene_hijos: false,
      });
      const valor = await gql(VALOR, { id: lineNodeId(1, 'Velocidad') });
      expect(valor.data!.opcValor).toMatchObject({
        node_class: 'Variable',
        data_type: 'Double',
        numerico: true,
        estado: 'Good',
      });
      expect(Number.isFinite(Number(valor.data!.opcValor.valor))).toBe(true);

      expectError(
        await gql(NODOS, { id: 'ns=2;s=Planta.NoExiste' }),
        'BAD_USER_INPUT',
        'El nodo ns=2;s=Planta.NoExiste no existe en el servidor OPC UA',
        'node_id',
      );
      expectError(await gql(NODOS, {}, reader), 'FORBIDDEN', 'Se requiere el rol admin para esta acción.');
    });

    it('refuses a missing, non-variable, non-numeric or already used node, in Spanish with the reason', async () => {
      const [variable] = (
        (await server().database.db.execute(
          sql`select id, version from variables where opc_node_id is null and estado = 1 order by id limit 1`,
        )) as unknown as { rows: { id: number; version: number }[] }
      ).rows;
      const input = (node_id: string) => ({
        input: { variable_id: variable!.id, node_id, version: variable!.version },
      });
      expectError(
        await gql(MAPEAR_VAR, input('ns=2;s=Planta.NoExiste')),
        'BAD_USER_INPUT',
        'El nodo ns=2;s=Planta.NoExiste no existe en el servidor OPC UA',
        'node_id',
      );
      expectError(
        await gql(MAPEAR_VAR, input('ns=2;s=Planta.Linea1')),
        'BAD_USER_INPUT',
        'El nodo ns=2;s=Planta.Linea1 no es una variable (es de clase Object): elija un nodo con valor',
        'node_id',
      );
      // Server_ServerStatus_BuildInfo_ProductName: a String.
      expectError(
        await gql(MAPEAR_VAR, input('ns=0;i=2261')),
        'BAD_USER_INPUT',
        'El nodo ns=0;i=2261 no es numérico (tipo String): solo se pueden mapear valores numéricos',
        'node_id',
      );
      expectError(
        await gql(MAPEAR_VAR, input(lineNodeId(2, 'Velocidad'))),
        'CONFLICT',
        `El nodo ${lineNodeId(2, 'Velocidad')} ya está asignado a Línea 2 · Velocidad`,
        'node_id',
      );
      expectError(await gql(MAPEAR_VAR, input('ns=2;s=Planta.Extra.Tag00003'), reader), 'FORBIDDEN', /admin/);
    });

    it('a variable remapped to another simulator node gets that node’s readings, without restarting', async () => {
      const db = server().database.db;
      const nombre = `Extra remapeada ${process.pid}`;
      const [created] = (
        (await db.execute(
          sql`insert into variables (nombre, nivel, area, unidad, agregacion, fuente)
              values (${nombre}, 'GLOBAL', 'Pruebas', 'u', 'ULTIMO', 'OPC') returning id`,
        )) as unknown as { rows: { id: number }[] }
      ).rows;
      const id = created!.id;
      const readings = async (desde: number) =>
        (
          (await db.execute(
            sql`select extract(epoch from fecha) * 1000 as t, valor from lecturas
                where variable_id = ${id} and fecha >= ${new Date(desde).toISOString()}::timestamptz order by fecha`,
          )) as unknown as { rows: { t: string; valor: number }[] }
        ).rows.map((r) => ({ t: Number(r.t), valor: r.valor }));
      const matches = (rows: { t: number; valor: number }[], index: number) =>
        rows.filter((r) => Math.abs(r.valor - extraTagValue(DEMO_SEED, index, r.t)) < 1e-6).length;

      const first = await gql(MAPEAR_VAR, {
        input: { variable_id: id, node_id: 'ns=2;s=Planta.Extra.Tag00001', version: 1 },
      });
      expect(first.data!.mapearVariableOpc).toMatchObject({
        opc_node_id: 'ns=2;s=Planta.Extra.Tag00001',
        version: 2,
      });
      const since1 = now();
      await expect
        .poll(async () => matches(await readings(since1), 1), { timeout: 30_000, interval: 500 })
        .toBeGreaterThan(0);

      const second = await gql(MAPEAR_VAR, {
        input: { variable_id: id, node_id: 'ns=2;s=Planta.Extra.Tag00002', version: 2 },
      });
      expect(second.data!.mapearVariableOpc).toMatchObject({
        opc_node_id: 'ns=2;s=Planta.Extra.Tag00002',
        version: 3,
      });
      const since2 = now() + 60_000;
      await expect
        .poll(async () => matches(await readings(since2), 2), { timeout: 30_000, interval: 500 })
        .toBeGreaterThan(1);
      const later = await readings(since2);
      expect(matches(later, 1)).toBe(0);

      // Stale version: CONFLICT; the audit has before and after; the sistema key moved.
      expectError(
        await gql(MAPEAR_VAR, { input: { variable_id: id, node_id: null, version: 2 } }),
        'CONFLICT',
        CAMBIO_CONCURRENTE,
        'version',
      );
      const [audit] = (
        (await db.execute(
          sql`select details from audit_log where action = 'configuracion' and target_type = 'variables'
              and target_id = ${String(id)} order by id desc limit 1`,
        )) as unknown as { rows: { details: any }[] }
      ).rows;
      expect(audit!.details).toMatchObject({
        operacion: 'modificar',
        antes: { opc_node_id: 'ns=2;s=Planta.Extra.Tag00001' },
        despues: { opc_node_id: 'ns=2;s=Planta.Extra.Tag00002' },
      });
      const key = (
        (await db.execute(
          sql`select valor from sistema where clave = ${OPC_MAPEO_VERSION_KEY}`,
        )) as unknown as {
          rows: { valor: string }[];
        }
      ).rows;
      expect(key).toHaveLength(1);
    }, 90_000);

    it('maps a line tag to another node and back to its default; version conflicts, parallel pair, audit', async () => {
      const before = await gql(MAPEOS);
      const tag = before.data!.opcMapeosLineas.find(
        (m: { linea_numero: number; campo: string }) => m.linea_numero === 3 && m.campo === 'Estado',
      );
      expect(tag).toMatchObject({ node_id: lineNodeId(3, 'Estado'), por_defecto: true, version: 0 });
      expectError(
        await gql(MAPEAR_LINEA, {
          input: { linea_id: tag.linea_id, campo: 'Color', node_id: null, version: 0 },
        }),
        'BAD_USER_INPUT',
        /El campo "campo" debe ser uno de: Velocidad, Botellas/,
        'campo',
      );
      const results = await Promise.all(
        ['ns=2;s=Planta.Extra.Tag00003', 'ns=2;s=Planta.Extra.Tag00003'].map((node_id) =>
          gql(MAPEAR_LINEA, { input: { linea_id: tag.linea_id, campo: 'Estado', node_id, version: 0 } }),
        ),
      );
      expect(results.map((r) => r.errors?.[0]?.extensions?.code ?? 'OK').sort()).toEqual(['CONFLICT', 'OK']);
      const mapped = results.find((r) => r.data)!.data!.mapearLineaOpc;
      expect(mapped).toMatchObject({
        node_id: 'ns=2;s=Planta.Extra.Tag00003',
        por_defecto: false,
        version: 1,
      });
      const back = await gql(MAPEAR_LINEA, {
        input: { linea_id: tag.linea_id, campo: 'Estado', node_id: null, version: 1 },
      });
      expect(back.data!.mapearLineaOpc).toMatchObject({
        node_id: lineNodeId(3, 'Estado'),
        por_defecto: true,
        version: 0,
      });
      const [audit] = (
        (await server().database.db.execute(
          sql`select details from audit_log where action = 'configuracion' and target_type = 'opc_mapeos'
              and target_id = ${`${tag.linea_id}:Estado`} order by id desc limit 1`,
        )) as unknown as { rows: { details: any }[] }
      ).rows;
      expect(audit!.details).toMatchObject({
        operacion: 'eliminar',
        antes: { node_id: 'ns=2;s=Planta.Extra.Tag00003' },
        despues: { node_id: lineNodeId(3, 'Estado'), por_defecto: true },
      });
      expectError(
        await gql(MAPEAR_LINEA, {
          input: { linea_id: tag.linea_id, campo: 'Estado', node_id: lineNodeId(4, 'Estado') },
        }),
        'CONFLICT',
        `El nodo ${lineNodeId(4, 'Estado')} ya está asignado a Línea 4 · Estado`,
      );
      expectError(
        await gql(
          MAPEAR_LINEA,
          { input: { linea_id: tag.linea_id, campo: 'Estado', node_id: null } },
          reader,
        ),
        'FORBIDDEN',
        /admin/,
      );
    });
  },
  { live },
);
