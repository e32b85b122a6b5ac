import path from 'node:path';
import {
  ESTADO_NOMBRE,
  extraNodeId,
  lineNodeId,
  MAX_CODIGO_FALLA,
  OPC_NAMESPACE_URI,
  type LineTag,
} from '@planta/domain';
import { createPlantModel } from '@planta/plant-model';
import {
  DataType,
  MessageSecurityMode,
  OPCUACertificateManager,
  OPCUAServer,
  SecurityPolicy,
  StatusCodes,
  type UAObject,
  type UAVariable,
  Variant,
} from 'node-opcua';
import { extraTagValue } from './extra-tags.ts';
import {
  FORCED_FAULT_S,
  LivePlant,
  MAX_FORCED_STOP_S,
  PRODUCTION_LINES,
  type LineValues,
  type LiveSample,
} from './live-plant.ts';

/** Seed of the demo plant: the server's demo history uses it too, so live data continues it. */
export const DEMO_SEED = 561;

export interface PlantSimulatorOptions {
  /** TCP port; 0 picks any free port. Default 4840. */
  port?: number;
  /** Interface to bind. Default 127.0.0.1. */
  host?: string;
  seed: number;
  timeZone: string;
  /** Number of filler tags for load tests. Default 0. */
  extraTags?: number;
  /** Root of the simulator's PKI folders (`${dataDir}/pki/...`). */
  dataDir: string;
  /** Initial value of every counter (tests start near 2**32 to exercise rollover). Default 0. */
  counterBase?: number;
  /**
   * Since when the PLC has been counting (epoch ms). Default: the simulator's start, so its counters
   * start at `counterBase`. A later start with the first one's instant stands for an OPC UA server
   * restarted in front of a PLC that kept counting: the counters continue where they would be.
   */
  countingSince?: number;
  /** Clock, for tests. Default Date.now. */
  now?: () => number;
  /** Called when a periodic update fails; the updates keep running. */
  onError?: (error: unknown) => void;
  /**
   * Serves the writable test controls `Planta.LineaN.Simulacion.ForzarParo` / `ForzarFalla`
   * (force a line to stop). Default false: a demo server exposes no writable node.
   */
  testControls?: boolean;
  /**
   * Lines that run for good from the start, at the pace and format of their model's running minute
   * nearest before, whatever the model's schedule (shifts, changeovers, CIP, failures): for tests
   * that read the day in progress at any hour. Default none.
   */
  lineasEnMarcha?: readonly number[];
}

export interface LineCounters {
  botellas: number;
  botellasLlenas: number;
  paquetes: number;
}

export interface PlantSimulator {
  endpoint: string;
  port: number;
  stop(): Promise<void>;
  /** The counters as last published. */
  counters(linea: number): LineCounters;
}

/**
 * Node id of a line variable outside the collector's LINE_TAGS (`CodigoFalla`, the test controls),
 * in the same scheme as `lineNodeId`.
 */
export const lineVariableNodeId = (linea: number, name: string): string =>
  `ns=2;s=Planta.Linea${linea}.${name}`;

interface LineTagSpec {
  tag: LineTag;
  displayName: string;
  dataType: DataType;
  description?: string;
  read: (values: LineValues) => number;
}

const LINE_TAG_SPECS: LineTagSpec[] = [
  {
    tag: 'Velocidad',
    displayName: 'Velocidad (botellas/min)',
    dataType: DataType.Double,
    read: (v) => v.velocidad,
  },
  { tag: 'Botellas', displayName: 'Botellas', dataType: DataType.UInt32, read: (v) => v.botellas },
  {
    tag: 'BotellasLlenas',
    displayName: 'Botellas llenas',
    dataType: DataType.UInt32,
    read: (v) => v.botellasLlenas,
  },
  { tag: 'Paquetes', displayName: 'Paquetes', dataType: DataType.UInt32, read: (v) => v.paquetes },
  {
    tag: 'Formato',
    displayName: 'Formato',
    dataType: DataType.Int32,
    description: 'Código del producto en la HMI (0 = sin producto)',
    read: (v) => v.formato,
  },
  {
    tag: 'Estado',
    displayName: 'Estado',
    dataType: DataType.Int16,
    description: Object.entries(ESTADO_NOMBRE)
      .map(([code, name]) => `${code} = ${name}`)
      .join(', '),
    read: (v) => v.estado,
  },
  {
    tag: 'CodigoFalla',
    displayName: 'Código de falla',
    dataType: DataType.UInt16,
    description: 'Código de falla del PLC en el paro actual (0 = en marcha o paro sin código)',
    read: (v) => v.codigoFalla,
  },
];

const lineTagNodeId = (linea: number, tag: LineTag) => lineNodeId(linea, tag);

/** Tags that hold a state rather than a measurement: published when they change, stamped then. */
const STATE_TAGS: ReadonlySet<LineTag> = new Set(['Estado', 'CodigoFalla']);

const FOLDER_NAMES: Record<string, string> = {
  Planta: 'Planta',
  Energia: 'Energía',
  Aire: 'Aire',
  Agua: 'Agua',
  PTA: 'PTA',
  Extra: 'Extra',
  Simulacion: 'Simulación',
};
const FIXED_FOLDERS = [
  'Planta.Linea1',
  'Planta.Linea2',
  'Planta.Linea3',
  'Planta.Linea4',
  'Planta.Energia',
  'Planta.Aire',
  'Planta.Agua',
  'Planta.PTA',
  'Planta.Extra',
];

const folderDisplayName = (segment: string) => {
  const linea = /^Linea(\d+)$/.exec(segment);
  return linea ? `Línea ${linea[1]}` : (FOLDER_NAMES[segment] ?? segment);
};

/** 'ns=2;s=Planta.Linea1.Energia' → 'Planta.Linea1.Energia' (the contract only uses string ids in ns 2). */
function stringId(nodeId: string): string {
  const match = /^ns=2;s=(.+)$/.exec(nodeId);
  if (!match?.[1]) throw new Error(`Identificador OPC UA no admitido: ${nodeId}`);
  return match[1];
}

/** Publishes a value with the second it belongs to as its source timestamp. */
interface Publisher {
  variable: UAVariable;
  dataType: DataType;
}

export async function startPlantSimulator(options: PlantSimulatorOptions): Promise<PlantSimulator> {
  const now = options.now ?? Date.now;
  const host = options.host ?? '127.0.0.1';
  const extraTags = options.extraTags ?? 0;
  const model = createPlantModel({ seed: options.seed, timeZone: options.timeZone });
  const live = new LivePlant(model, {
    timeZone: options.timeZone,
    startMs: options.countingSince ?? now(),
    counterBase: options.counterBase ?? 0,
  });
  for (const linea of options.lineasEnMarcha ?? []) live.forceRun(linea, now(), Infinity);

  const pki = path.resolve(options.dataDir, 'pki');
  // A simulator stands in for a PLC on a demo machine: accept the collector's certificate on first
  // use so SignAndEncrypt works without a manual trust step (a real PLC would not do this).
  const serverCertificateManager = new OPCUACertificateManager({
    rootFolder: path.join(pki, 'plant-sim'),
    automaticallyAcceptUnknownCertificate: true,
  });
  // Never defaulted: node-opcua would otherwise create it under ~/.config.
  const userCertificateManager = new OPCUACertificateManager({
    rootFolder: path.join(pki, 'plant-sim-user'),
    automaticallyAcceptUnknownCertificate: false,
  });
  // Advertise the bound address unless bound to every interface (then the host name is the better guess).
  const wildcard = host === '0.0.0.0' || host === '::';
  const server = new OPCUAServer({
    port: options.port ?? 4840,
    host,
    ...(wildcard ? {} : { hostname: host }),
    serverCertificateManager,
    userCertificateManager,
    securityPolicies: [SecurityPolicy.None, SecurityPolicy.Basic256Sha256],
    securityModes: [MessageSecurityMode.None, MessageSecurityMode.SignAndEncrypt],
    allowAnonymous: true,
    serverInfo: {
      applicationUri: 'urn:planta:plant-sim',
      productUri: 'urn:planta:plant-sim',
      applicationName: { text: 'Simulador de planta', locale: 'es' },
    },
    buildInfo: { productName: 'Simulador de planta', manufacturerName: 'Planta' },
  });
  await server.initialize();

  const addressSpace = server.engine.addressSpace;
  if (!addressSpace) throw new Error('El servidor OPC UA no creó su espacio de direcciones');
  const namespace = addressSpace.registerNamespace(OPC_NAMESPACE_URI);
  // The collector and the database store 'ns=2;s=…': any other index would break every node id.
  if (namespace.index !== 2)
    throw new Error(`El espacio de nombres ${OPC_NAMESPACE_URI} quedó con índice ${namespace.index}, no 2`);

  const folders = new Map<string, UAObject>();
  const folderOf = (id: string): UAObject => {
    const existing = folders.get(id);
    if (existing) return existing;
    const cut = id.lastIndexOf('.');
    const segment = id.slice(cut + 1);
    const parent = cut < 0 ? addressSpace.rootFolder.objects : folderOf(id.slice(0, cut));
    const folder = namespace.addFolder(parent, {
      nodeId: `ns=2;s=${id}`,
      browseName: segment,
      displayName: { text: folderDisplayName(segment), locale: 'es' },
    });
    folders.set(id, folder);
    return folder;
  };
  FIXED_FOLDERS.forEach(folderOf);

  const addReadOnly = (
    nodeId: string,
    displayName: string,
    dataType: DataType,
    description?: string,
  ): Publisher => {
    const id = stringId(nodeId);
    const cut = id.lastIndexOf('.');
    const variable = namespace.addVariable({
      componentOf: folderOf(id.slice(0, cut)),
      nodeId,
      browseName: id.slice(cut + 1),
      displayName: { text: displayName, locale: 'es' },
      ...(description ? { description: { text: description, locale: 'es' } } : {}),
      dataType,
      // Read-only like the collector's PLCs: nothing here can be written.
      accessLevel: 'CurrentRead',
      userAccessLevel: 'CurrentRead',
      // 0 = exception-based: every published value reaches a monitored item that asks for
      // samplingInterval 0 at the next publish, instead of waiting up to a second for a sampling
      // timer out of phase with the updates (the live latency budget is publishing interval + 300 ms).
      minimumSamplingInterval: 0,
    });
    return { variable, dataType };
  };

  const linePublishers = PRODUCTION_LINES.map((linea) =>
    LINE_TAG_SPECS.map((spec) => ({
      spec,
      publisher: addReadOnly(
        lineTagNodeId(linea, spec.tag),
        spec.displayName,
        spec.dataType,
        spec.description,
      ),
    })),
  );
  const variablePublishers = live.variables.map((v) =>
    addReadOnly(
      v.opcNodeId ?? '',
      v.nombre,
      DataType.Double,
      `${v.unidad}, ${v.agregacion === 'SUMA' ? 'acumulado' : 'instantáneo'}`,
    ),
  );
  const extraPublishers = Array.from({ length: extraTags }, (_, i) =>
    addReadOnly(extraNodeId(i + 1), `Tag ${i + 1}`, DataType.Double),
  );

  let last: LiveSample = live.sample(now());
  /** The state tags' values as published (line index → tag → value): they are stamped when they change. */
  const stateShown = new Map<string, number>();
  const publish = (sample: LiveSample) => {
    const timestamp = new Date(sample.t);
    const set = ({ variable, dataType }: Publisher, value: number, at = timestamp) =>
      variable.setValueFromSource({ dataType, value }, StatusCodes.Good, at);
    linePublishers.forEach((tags, l) => {
      const values = sample.lines[l];
      if (!values) return;
      for (const { spec, publisher } of tags) {
        const value = spec.read(values);
        if (!STATE_TAGS.has(spec.tag)) {
          set(publisher, value);
          continue;
        }
        // Estado and CodigoFalla keep the time they changed, as a PLC's server stamps them: the
        // first value carries when the line entered that state (a collector starting during a
        // stop sees when it began).
        const key = `${l}:${spec.tag}`;
        const shown = stateShown.get(key);
        if (shown === value) continue;
        stateShown.set(key, value);
        set(
          publisher,
          value,
          shown === undefined ? new Date(live.stateSince(PRODUCTION_LINES[l]!, sample.t)) : timestamp,
        );
      }
    });
    variablePublishers.forEach((p, i) => set(p, sample.variables[i] ?? 0));
    extraPublishers.forEach((p, i) => set(p, extraTagValue(options.seed, i + 1, sample.t)));
    last = sample;
  };
  publish(last);

  if (options.testControls) {
    /** A write to a test control: its integer value, or null when out of [0, max]. */
    const written = (variant: Variant, max: number): number | null => {
      const value: unknown = variant.value;
      return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= max
        ? value
        : null;
    };
    const addControl = (
      linea: number,
      name: string,
      displayName: string,
      description: string,
      read: () => number,
      write: (value: number) => void,
      max: number,
    ) => {
      const nodeId = lineVariableNodeId(linea, `Simulacion.${name}`);
      namespace.addVariable({
        componentOf: folderOf(`Planta.Linea${linea}.Simulacion`),
        nodeId,
        browseName: name,
        displayName: { text: displayName, locale: 'es' },
        description: { text: description, locale: 'es' },
        dataType: DataType.Int32,
        accessLevel: 'CurrentRead | CurrentWrite',
        userAccessLevel: 'CurrentRead | CurrentWrite',
        value: {
          get: () => new Variant({ dataType: DataType.Int32, value: read() }),
          set: (variant: Variant) => {
            const value = written(variant, max);
            if (value === null) return StatusCodes.BadOutOfRange;
            try {
              write(value);
              // Published at once rather than at the next second, so a test sees it without waiting.
              publish(live.sample(now()));
              return StatusCodes.Good;
            } catch (error) {
              options.onError?.(error);
              return StatusCodes.BadInternalError;
            }
          },
        },
      });
    };
    for (const linea of PRODUCTION_LINES) {
      addControl(
        linea,
        'ForzarParo',
        'Forzar paro (s)',
        `Pruebas: escribir N detiene la línea N segundos desde ahora (0 = reanudar; máximo ${MAX_FORCED_STOP_S}). Se lee lo que falta.`,
        () => live.forcedStop(linea, now())?.seconds ?? 0,
        (seconds) => live.forceStop(linea, now(), seconds),
        MAX_FORCED_STOP_S,
      );
      addControl(
        linea,
        'ForzarFalla',
        'Forzar falla (código)',
        `Pruebas: escribir un código (1 a ${MAX_CODIGO_FALLA}) detiene la línea ${FORCED_FAULT_S} s con ese CodigoFalla (0 = reanudar). Se lee el código activo.`,
        () => live.forcedStop(linea, now())?.codigoFalla ?? 0,
        (codigo) => live.forceStop(linea, now(), codigo === 0 ? 0 : FORCED_FAULT_S, codigo),
        MAX_CODIGO_FALLA,
      );
    }
  }

  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const tick = () => {
    if (stopped) return;
    try {
      publish(live.sample(now()));
    } catch (error) {
      options.onError?.(error);
    }
    schedule();
  };
  // Aligned to whole seconds of the clock (a few ms late so the second has surely begun).
  const schedule = () => {
    timer = setTimeout(tick, 1000 - (now() % 1000) + 5);
  };

  await server.start();
  schedule();
  const port = server.endpoints[0]?.port ?? options.port ?? 4840;
  const endpoint = `opc.tcp://${wildcard ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host}:${port}`;

  return {
    endpoint,
    port,
    counters(linea: number): LineCounters {
      const values = last.lines[linea - 1];
      if (!values) throw new RangeError(`Línea de producción inexistente: ${linea}`);
      return { botellas: values.botellas, botellasLlenas: values.botellasLlenas, paquetes: values.paquetes };
    },
    async stop(): Promise<void> {
      if (stopped) return;
      stopped = true;
      clearTimeout(timer);
      await server.shutdown(0);
      await serverCertificateManager.dispose();
    },
  };
}
