import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { productionDay } from '@planta/domain';
import { COUNTER_TAGS, LINE_TAGS, type LineTag, lineNodeId } from '@planta/plant-model';
import { sql } from 'drizzle-orm';
import {
  AttributeIds,
  BrowseDirection,
  type ClientSession,
  type ClientSubscription,
  type DataValue,
  MessageSecurityMode,
  NodeClass,
  NodeClassMask,
  OPCUACertificateManager,
  OPCUAClient,
  SecurityPolicy,
  StatusCodes,
  TimestampsToReturn,
  makeResultMask,
  resolveNodeId,
} from 'node-opcua';
import type { Logger } from 'pino';
import type { OpcuaSecurity } from '../config.ts';
import type { Database } from '../db/client.ts';
import { deriveProductionDay } from '../derivations/production-day.ts';
import { DiskBuffer } from './buffer.ts';
import { increase, SampleHistory, splitEvenly } from './minute-rows.ts';
import { type MinuteBatch, writeMinuteRows } from './minute-writer.ts';
import { CANDADOS } from '../db/candados.ts';

export type EstadoConexion = 'INACTIVO' | 'ESPERANDO_TURNO' | 'CONECTANDO' | 'CONECTADO' | 'DESCONECTADO';

export interface ConexionPlanta {
  estado: EstadoConexion;
  endpoint: string;
  ultima_lectura: Date | null;
}

export interface LineaEnVivo {
  linea: number;
  fecha: Date;
  velocidad: number;
  formato: number;
  estado: number;
  /** Counts of the running minute so far. */
  botellas: number;
  botellas_llenas: number;
  paquetes: number;
}

export interface CollectorHealth {
  estado: EstadoConexion;
  /** The channel's security: 'None' or 'SignAndEncrypt (Basic256Sha256)'. */
  seguridad: string;
  lider: boolean;
  ultima_lectura: string | null;
  /** Seconds since the last minute written to the database. */
  retraso_segundos: number | null;
  filas_en_buffer: number;
  filas_descartadas: number;
}

/** A node of the plant server's address space, as the tag browser shows it. */
export interface OpcNodoInfo {
  node_id: string;
  browse_name: string;
  display_name: string;
  /** Object, Variable, Method… */
  node_class: string;
  /** For variables: the data type's name (Double, UInt32…). */
  data_type: string | null;
  tiene_hijos: boolean;
}

/** What a read of one node found: missing (BadNodeIdUnknown), its class, data type and value. */
export interface OpcLectura {
  existe: boolean;
  node_class: string | null;
  data_type: string | null;
  /** True for the numeric built-in types (Byte … Double). */
  numerico: boolean;
  valor: unknown;
  estado: string;
  fecha: Date | null;
}

/** A mapping of a line tag to another node than lineNodeId's default. */
export interface LineTagMapping {
  linea: number;
  campo: LineTag;
  nodeId: string;
}

/** The `sistema` key whose value changes on every mapping change (other servers compare it every minute). */
export const OPC_MAPEO_VERSION_KEY = 'opc_mapeo_version';
const MAPPING_CHECK_MS = 60_000;
const NUMERIC_TYPES = new Set([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 26, 27, 28]);

interface VariableTag {
  id: number;
  nodeId: string;
  agregacion: 'SUMA' | 'PROMEDIO' | 'ULTIMO';
}

export interface CollectorOptions {
  database: Database;
  endpoint: string;
  /**
   * The OPC UA channel's security (default None). With Sign or SignAndEncrypt the server's
   * certificate must be trusted: an unknown one is refused and left in
   * `DATA_DIR/pki-colector/rejected` for the administrator to move to `trusted/certs`.
   */
  security?: OpcuaSecurity;
  timeZone: string;
  dataDir: string;
  logger: Logger;
  publishLine(value: LineaEnVivo): void;
  publishConnection(value: ConexionPlanta): void;
  /** Milliseconds after a minute boundary before the minute is closed (samples still in flight). */
  closeDelayMs?: number;
  /**
   * Called with the first boundary the collector can count from (its baseline). The demo uses it
   * to write the model's minutes up to there, so the history has no hole before live data.
   */
  onBaseline?: (boundary: Date) => Promise<void>;
  /** A minute is being closed (instrumentation: the bench measures the event loop from here). */
  onMinuteClosing?: (boundary: Date) => void;
  /** A closed minute is in the database and its production day derived again. */
  onMinuteWritten?: (report: MinuteWritten) => void;
}

/** What writing one closed minute (or several, after an outage) took. */
export interface MinuteWritten {
  boundary: Date;
  filas: number;
  /** Building the rows and writing them (all chunks, in one transaction). */
  escrituraMs: number;
  /** Deriving the production day(s) the rows belong to, queue wait included. */
  derivacionMs: number;
}

const MINUTE = 60_000;
/** The line of a node named after it (`…Linea2.Energia`), if any. */
const lineaDelNodo = (nodeId: string): number | undefined => {
  const match = /Linea(\d+)\./.exec(nodeId);
  return match ? Number(match[1]) : undefined;
};
const ADVISORY_KEY = CANDADOS.colector;
const floorMinute = (t: number) => Math.floor(t / MINUTE) * MINUTE;
/** Rows built between two turns of the event loop when closing minutes. */
const BUILD_CHUNK = 1_000;

/**
 * The OPC UA collector: subscribes (1 s) to the line tags and every variable with an opc_node_id,
 * closes each minute into one scada row per line (counter deltas, mean speed) and one reading per
 * variable, writes them in a batch (idempotent upserts), keeps them on disk when the database fails,
 * and publishes live values. Read-only: it never writes to the PLC nor calls methods.
 */
export class Collector {
  private readonly log: Logger;
  private client: OPCUAClient | undefined;
  private session: ClientSession | undefined;
  private subscription: ClientSubscription | undefined;
  private readonly samples = new Map<string, SampleHistory>();
  private lines: number[] = [];
  private variables: VariableTag[] = [];
  /** The node of each line tag (the mapping, else lineNodeId's default), and back. */
  private lineNodes = new Map<string, string>();
  private nodeLines = new Map<string, number>();
  /** Nodes added by a mapping reload: not waited for when closing the first minute after it. */
  private freshNodes = new Set<string>();
  private mappingVersion: string | null = null;
  private mappingTimer: NodeJS.Timeout | undefined;
  private reloading: Promise<void> = Promise.resolve();
  /** Per node: the value as of the last closed minute boundary, and that boundary. */
  private closedAt: number | null = null;
  private closedValues = new Map<string, number>();
  private closing = false;
  /** Boundaries skipped while tags were not reporting yet, right after connecting. */
  private warmingUp = true;
  private waitedBoundaries = 0;
  private lastWaitedBoundary: number | null = null;
  /** Data time when the link was lost: values older than this are stale after reconnecting. */
  private lostAt: number | null = null;
  private flushTimer: NodeJS.Timeout | undefined;
  private electionTimer: NodeJS.Timeout | undefined;
  private releaseLock: (() => Promise<void>) | undefined;
  private readonly buffer: DiskBuffer<MinuteBatch>;
  private state: EstadoConexion = 'INACTIVO';
  private lastReading: number | null = null;
  private lastWritten: number | null = null;
  private stopped = false;
  private deriving = Promise.resolve();
  /** The next derivation recomputes its whole day (at start, and after a failed one). */
  private deriveWholeDay = true;
  private readonly pendingLines = new Set<number>();
  private publishScheduled = false;

  private readonly stateFile: string;

  constructor(private readonly options: CollectorOptions) {
    this.log = options.logger.child({ componente: 'colector' });
    const dir = path.join(options.dataDir, 'colector');
    this.buffer = new DiskBuffer<MinuteBatch>(dir, undefined, (b) => b.scada.length + b.lecturas.length);
    this.stateFile = path.join(dir, 'estado.json');
    this.loadState();
  }

  /**
   * The last closed boundary and the counters then, kept on disk: after a crash or restart the
   * first minute closed counts from there (the PLC kept counting), spread over the minutes missed.
   */
  private loadState(): void {
    try {
      const saved = JSON.parse(fs.readFileSync(this.stateFile, 'utf8')) as {
        closedAt: number;
        values: [string, number][];
      };
      // Counters older than a day are not worth spreading over: start afresh.
      if (Date.now() - saved.closedAt < 24 * 3_600_000) {
        this.closedAt = saved.closedAt;
        this.closedValues = new Map(saved.values);
        this.log.info(
          { desde: new Date(saved.closedAt).toISOString() },
          'se continúa desde el último minuto cerrado',
        );
      }
    } catch {
      // no saved state
    }
  }

  private saveState(): void {
    const tmp = `${this.stateFile}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify({ closedAt: this.closedAt, values: [...this.closedValues] }));
    fs.renameSync(tmp, this.stateFile);
  }

  health(): CollectorHealth {
    const { mode, policy } = this.security();
    return {
      estado: this.state,
      seguridad: mode === 'None' ? 'None' : `${mode} (${policy})`,
      lider: this.releaseLock !== undefined,
      ultima_lectura: this.lastReading === null ? null : new Date(this.lastReading).toISOString(),
      retraso_segundos: this.lastWritten === null ? null : Math.round((Date.now() - this.lastWritten) / 1000),
      filas_en_buffer: this.bufferedRows(),
      filas_descartadas: this.buffer.dropped,
    };
  }

  private bufferedCount = { stamp: '', rows: 0 };
  /** Rows waiting in the disk buffer; the file (up to 64 MB) is read again only when it changed. */
  private bufferedRows(): number {
    const stamp = this.buffer.stamp();
    if (stamp === '') return 0;
    if (stamp !== this.bufferedCount.stamp) {
      const rows = this.buffer.read().reduce((n, b) => n + b.scada.length + b.lecturas.length, 0);
      this.bufferedCount = { stamp, rows };
    }
    return this.bufferedCount.rows;
  }

  connection(): ConexionPlanta {
    return {
      estado: this.state,
      endpoint: this.options.endpoint,
      ultima_lectura: this.lastReading === null ? null : new Date(this.lastReading),
    };
  }

  /** Starts electing: the one server holding the advisory lock collects, the others wait their turn. */
  start(): void {
    this.stopped = false;
    this.setState('ESPERANDO_TURNO');
    this.flushTimer = setInterval(() => void this.flush(), 5_000);
    this.flushTimer.unref();
    this.mappingTimer = setInterval(() => void this.checkMappingVersion(), MAPPING_CHECK_MS);
    this.mappingTimer.unref();
    void this.elect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.electionTimer);
    clearInterval(this.flushTimer);
    clearInterval(this.mappingTimer);
    await this.reloading;
    await this.disconnect();
    await this.releaseLock?.().catch(() => {});
    this.releaseLock = undefined;
    await this.deriving;
    this.setState('INACTIVO');
  }

  private async elect(): Promise<void> {
    if (this.stopped) return;
    try {
      const lock = await this.options.database.tryLock(ADVISORY_KEY, () => this.onLockLost());
      if (lock) {
        this.releaseLock = lock;
        this.log.info({ endpoint: this.options.endpoint }, 'colector activo en este servidor');
        await this.connect();
        return;
      }
    } catch (err) {
      this.log.warn({ err }, 'no se pudo obtener el turno del colector');
    }
    this.scheduleElection();
  }

  /**
   * The lock's connection died: usually the database is down. Keep collecting (into the disk
   * buffer) and take the lock back when the database returns; if another server got it meanwhile,
   * hand over (rows written twice in between are identical and idempotent).
   */
  private onLockLost(): void {
    this.log.warn('se perdió la conexión del turno del colector; se sigue leyendo la planta');
    this.releaseLock = undefined;
    const retry = async () => {
      if (this.stopped) return;
      try {
        const lock = await this.options.database.tryLock(ADVISORY_KEY, () => this.onLockLost());
        if (lock) {
          this.releaseLock = lock;
          this.log.info('turno del colector recuperado');
          return;
        }
        this.log.warn('otro servidor tiene el turno del colector: este deja de leer la planta');
        await this.disconnect();
        this.scheduleElection();
        return;
      } catch {
        // database still down
      }
      this.electionTimer = setTimeout(() => void retry(), 5_000);
      this.electionTimer.unref();
    };
    this.electionTimer = setTimeout(() => void retry(), 5_000);
    this.electionTimer.unref();
  }

  private scheduleElection(): void {
    if (this.stopped) return;
    this.setState('ESPERANDO_TURNO');
    this.electionTimer = setTimeout(() => void this.elect(), 10_000);
    this.electionTimer.unref();
  }

  private async loadTags(): Promise<void> {
    const db = this.options.database.db;
    const version = (await db.execute(
      sql`select valor from sistema where clave = ${OPC_MAPEO_VERSION_KEY}`,
    )) as unknown as { rows: { valor: string }[] };
    const lines = (await db.execute(
      sql`select numero from lineas where numero > 0 order by numero`,
    )) as unknown as {
      rows: { numero: number }[];
    };
    const mapped = (await db.execute(
      sql`select l.numero as linea, m.campo, m.node_id as "nodeId" from opc_mapeos m join lineas l on l.id = m.linea_id`,
    )) as unknown as { rows: LineTagMapping[] };
    const vars = (await db.execute(
      sql`select id, opc_node_id as "nodeId", agregacion from variables where estado = 1 and opc_node_id is not null order by id`,
    )) as unknown as { rows: VariableTag[] };
    // Everything read first, then swapped in at once: a minute closing meanwhile sees one mapping.
    const lineNodes = new Map<string, string>();
    const nodeLines = new Map<string, number>();
    const numeros = lines.rows.map((r) => Number(r.numero));
    for (const linea of numeros) {
      for (const tag of LINE_TAGS) {
        const nodeId =
          mapped.rows.find((m) => Number(m.linea) === linea && m.campo === tag)?.nodeId ??
          lineNodeId(linea, tag);
        lineNodes.set(`${linea}:${tag}`, nodeId);
        nodeLines.set(nodeId, linea);
      }
    }
    this.mappingVersion = version.rows[0]?.valor ?? null;
    this.lines = numeros;
    this.lineNodes = lineNodes;
    this.nodeLines = nodeLines;
    this.variables = vars.rows;
  }

  /** The node that feeds a line's tag (its mapping, else the default). */
  private nodeOf(linea: number, tag: LineTag): string {
    return this.lineNodes.get(`${linea}:${tag}`) ?? lineNodeId(linea, tag);
  }

  /**
   * Reloads the tag mapping and, when collecting, subscribes to the new set of nodes (no restart).
   * Called in-process by the mapping's mutations, and every minute when the `sistema` key says
   * another server changed it.
   */
  reloadMapping(): Promise<void> {
    this.reloading = this.reloading.then(async () => {
      if (this.stopped) return;
      const before = new Set(this.nodeIds());
      try {
        await this.loadTags();
      } catch (err) {
        this.log.warn({ err }, 'no se pudo recargar el mapeo OPC UA');
        return;
      }
      const session = this.session;
      if (!session) return;
      const after = this.nodeIds();
      for (const nodeId of after) if (!before.has(nodeId)) this.freshNodes.add(nodeId);
      try {
        const old = this.subscription;
        this.subscription = undefined;
        await old?.terminate().catch(() => {});
        await this.subscribe(session);
        this.log.info({ etiquetas: after.length }, 'mapeo OPC UA recargado');
      } catch (err) {
        this.log.warn({ err }, 'no se pudo suscribir al nuevo mapeo OPC UA');
      }
    });
    return this.reloading;
  }

  private async checkMappingVersion(): Promise<void> {
    if (this.stopped || !this.session) return;
    try {
      const result = (await this.options.database.db.execute(
        sql`select valor from sistema where clave = ${OPC_MAPEO_VERSION_KEY}`,
      )) as unknown as { rows: { valor: string }[] };
      const current = result.rows[0]?.valor ?? null;
      if (current !== this.mappingVersion) await this.reloadMapping();
    } catch {
      // database down: the next check will see it
    }
  }

  // ------------------------------------------------------------ read-only browse (tag mapping)

  private requireSession(): ClientSession {
    if (!this.session || this.state !== 'CONECTADO') throw new OpcSinConexion();
    return this.session;
  }

  /**
   * The children of a node (default: the Objects folder), objects and variables, with their data
   * type and whether they have children. Read-only: browse and read services only.
   */
  async browseNode(nodeId?: string | null): Promise<OpcNodoInfo[]> {
    const session = this.requireSession();
    const parent = nodeId ? resolveNodeId(nodeId) : resolveNodeId('ObjectsFolder');
    const browse = (ids: ReturnType<typeof resolveNodeId>[]) =>
      session.browse(
        ids.map((id) => ({
          nodeId: id,
          browseDirection: BrowseDirection.Forward,
          referenceTypeId: 'HierarchicalReferences',
          includeSubtypes: true,
          nodeClassMask: NodeClassMask.Object | NodeClassMask.Variable,
          resultMask: makeResultMask('ReferenceType | BrowseName | DisplayName | NodeClass | TypeDefinition'),
        })),
      );
    const [result] = await browse([parent]);
    if (!result || result.statusCode.value === StatusCodes.BadNodeIdUnknown.value) {
      throw new OpcNodoInexistente(nodeId ?? 'ObjectsFolder');
    }
    const refs = (result.references ?? []).slice(0, 2_000);
    const ids = refs.map((r) => r.nodeId);
    const grandchildren = ids.length > 0 ? await browse(ids) : [];
    const variableIds = refs.filter((r) => r.nodeClass === NodeClass.Variable).map((r) => r.nodeId);
    const types =
      variableIds.length > 0
        ? await session.read(variableIds.map((id) => ({ nodeId: id, attributeId: AttributeIds.DataType })))
        : [];
    const typeNames = new Map<string, string>();
    types.forEach((dv, i) => {
      const typeId = dv.value?.value as { namespace: number; value: unknown } | undefined;
      const key = variableIds[i]!.toString();
      if (typeId) typeNames.set(key, dataTypeName(typeId));
    });
    return refs
      .map((r, i) => ({
        node_id: r.nodeId.toString(),
        browse_name: r.browseName.name ?? '',
        display_name: r.displayName.text ?? r.browseName.name ?? '',
        node_class: NodeClass[r.nodeClass] ?? String(r.nodeClass),
        data_type: typeNames.get(r.nodeId.toString()) ?? null,
        tiene_hijos: (grandchildren[i]?.references?.length ?? 0) > 0,
      }))
      .sort((a, b) => a.browse_name.localeCompare(b.browse_name, 'es', { numeric: true }));
  }

  /** One node's class, data type and current value (read service only). */
  async readNode(nodeId: string): Promise<OpcLectura> {
    const session = this.requireSession();
    let id;
    try {
      id = resolveNodeId(nodeId);
    } catch {
      return {
        existe: false,
        node_class: null,
        data_type: null,
        numerico: false,
        valor: null,
        estado: 'BadNodeIdInvalid',
        fecha: null,
      };
    }
    const [cls, type, value] = await session.read([
      { nodeId: id, attributeId: AttributeIds.NodeClass },
      { nodeId: id, attributeId: AttributeIds.DataType },
      { nodeId: id, attributeId: AttributeIds.Value },
    ]);
    if (!cls || !cls.statusCode.isGood()) {
      return {
        existe: false,
        node_class: null,
        data_type: null,
        numerico: false,
        valor: null,
        estado: cls?.statusCode.name ?? 'BadNodeIdUnknown',
        fecha: null,
      };
    }
    const nodeClass = NodeClass[cls.value.value as number] ?? String(cls.value.value);
    const typeId = type?.statusCode.isGood()
      ? (type.value.value as { namespace: number; value: unknown } | undefined)
      : undefined;
    const isVariable = nodeClass === 'Variable';
    return {
      existe: true,
      node_class: nodeClass,
      data_type: typeId ? dataTypeName(typeId) : null,
      numerico: Boolean(typeId && typeId.namespace === 0 && NUMERIC_TYPES.has(Number(typeId.value))),
      valor: isVariable ? (value?.value.value as unknown) : null,
      estado: isVariable ? (value?.statusCode.name ?? 'Bad') : 'Good',
      fecha: isVariable ? (value?.sourceTimestamp ?? value?.serverTimestamp ?? null) : null,
    };
  }

  /** Without security the policy is None whatever was configured (a mismatch is refused by the server). */
  private security(): OpcuaSecurity | { mode: 'None'; policy: 'None' } {
    const security = this.options.security;
    return !security || security.mode === 'None' ? { mode: 'None', policy: 'None' } : security;
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    this.setState('CONECTANDO');
    await this.loadTags();
    const { mode, policy } = this.security();
    const certificateManager = new OPCUACertificateManager({
      rootFolder: path.join(this.options.dataDir, 'pki-colector'),
      // Without security nothing is verified; with it, only a server certificate the
      // administrator trusted (pki-colector/trusted/certs) is accepted.
      automaticallyAcceptUnknownCertificate: mode === 'None',
    });
    const client = OPCUAClient.create({
      applicationName: 'Planta colector',
      endpointMustExist: false,
      securityMode: MessageSecurityMode[mode],
      securityPolicy: SecurityPolicy[policy],
      clientCertificateManager: certificateManager,
      keepSessionAlive: true,
      requestedSessionTimeout: 60_000,
      connectionStrategy: {
        initialDelay: 1_000,
        maxDelay: 15_000,
        maxRetry: 1_000_000,
        randomisationFactor: 0.2,
      },
    });
    this.client = client;
    client.on('connection_lost', () => {
      this.log.warn('conexión con la planta perdida');
      this.lostAt = this.lastReading ?? Date.now();
      this.setState('DESCONECTADO');
    });
    client.on('connection_reestablished', () => {
      this.log.info('conexión con la planta restablecida');
      this.setState('CONECTADO');
    });
    try {
      await client.connect(this.options.endpoint);
      this.session = await client.createSession();
      this.warmingUp = true;
      await this.subscribe(this.session);
      this.setState('CONECTADO');
      this.log.info(
        { endpoint: this.options.endpoint, etiquetas: this.nodeIds().length },
        'conectado a la planta',
      );
    } catch (err) {
      this.log.warn({ err }, 'no se pudo conectar con la planta; se reintentará');
      await this.disconnect();
      this.setState('DESCONECTADO');
      this.electionTimer = setTimeout(() => void this.connect(), 5_000);
      this.electionTimer.unref();
    }
  }

  private nodeIds(): string[] {
    return [
      ...new Set([
        ...this.lines.flatMap((l) => LINE_TAGS.map((tag) => this.nodeOf(l, tag))),
        ...this.variables.map((v) => v.nodeId),
      ]),
    ];
  }

  private async subscribe(session: ClientSession): Promise<void> {
    const subscription = await session.createSubscription2({
      requestedPublishingInterval: 1_000,
      requestedLifetimeCount: 600,
      requestedMaxKeepAliveCount: 10,
      maxNotificationsPerPublish: 0,
      publishingEnabled: true,
      priority: 10,
    });
    this.subscription = subscription;
    const ids = this.nodeIds();
    const group = await subscription.monitorItems(
      ids.map((nodeId) => ({ nodeId, attributeId: AttributeIds.Value })),
      // 0: the server pushes each update as it happens (≈ 0.1 s instead of ≈ 1.2 s with a timer).
      { samplingInterval: 0, queueSize: 10, discardOldest: true },
      TimestampsToReturn.Source,
    );
    group.on('changed', (_item, dataValue: DataValue, index: number) => {
      const nodeId = ids[index];
      if (nodeId) this.onSample(nodeId, dataValue);
    });
  }

  private onSample(nodeId: string, dataValue: DataValue): void {
    const raw = dataValue.value?.value as unknown;
    if (typeof raw !== 'number' || !Number.isFinite(raw) || !dataValue.statusCode.isGood()) return;
    const t = dataValue.sourceTimestamp?.getTime() ?? Date.now();
    let history = this.samples.get(nodeId);
    if (!history) {
      history = new SampleHistory();
      this.samples.set(nodeId, history);
    }
    history.push({ t, v: raw });
    this.lastReading = Math.max(this.lastReading ?? 0, t);
    // A line's live message goes out when any of its tags changes, and also when another tag of
    // the line's PLC does (its energy or air counters keep ticking while the line is stopped): so
    // a stopped line keeps reporting its state.
    const linea = this.nodeLines.get(nodeId) ?? lineaDelNodo(nodeId);
    if (linea !== undefined && this.lines.includes(linea)) this.schedulePublish(linea);
    this.maybeCloseMinutes();
  }

  /**
   * One live message per line per batch of samples: node-opcua delivers a publish response's
   * changes in one go, so waiting for the end of the tick sends each second's speed, counters and
   * state together (publishing on the first tag would send the previous second's counters).
   */
  private schedulePublish(linea: number): void {
    this.pendingLines.add(linea);
    if (this.publishScheduled) return;
    this.publishScheduled = true;
    setImmediate(() => {
      this.publishScheduled = false;
      const lines = [...this.pendingLines];
      this.pendingLines.clear();
      for (const l of lines) this.publishLive(l);
    });
  }

  /**
   * Minutes are closed by the PLC's clock (source timestamps), not the server's: once the data has
   * moved `closeDelayMs` past a boundary, every minute up to that boundary is closed. Clock skew
   * between PLC and server does not matter, and a replayed or accelerated clock works the same.
   */
  private maybeCloseMinutes(): void {
    if (this.lastReading === null) return;
    const boundary = floorMinute(this.lastReading - (this.options.closeDelayMs ?? 2_500));
    if (this.closedAt !== null && boundary <= this.closedAt) return;
    if (this.closing) return;
    this.closing = true;
    void this.closeMinute(boundary).finally(() => {
      this.closing = false;
    });
  }

  private valueAt(linea: number, tag: LineTag, t: number): number | undefined {
    return this.samples.get(this.nodeOf(linea, tag))?.at(t);
  }

  private publishLive(linea: number): void {
    const now = this.lastReading ?? Date.now();
    const minuteStart = floorMinute(now);
    const running = (tag: LineTag) => {
      const history = this.samples.get(this.nodeOf(linea, tag));
      const current = history?.at(now);
      // Just after start-up there is no value at the minute's start: count from the first one.
      const atStart = history?.at(minuteStart) ?? history?.firstFrom(minuteStart)?.v;
      return current !== undefined && atStart !== undefined ? increase(atStart, current) : 0;
    };
    this.options.publishLine({
      linea,
      fecha: new Date(now),
      velocidad: this.valueAt(linea, 'Velocidad', now) ?? 0,
      formato: this.valueAt(linea, 'Formato', now) ?? 0,
      estado: this.valueAt(linea, 'Estado', now) ?? 0,
      botellas: running('Botellas'),
      botellas_llenas: running('BotellasLlenas'),
      paquetes: running('Paquetes'),
    });
  }

  /**
   * Closes every minute up to the last boundary: counter deltas between boundaries (the value in
   * force at each boundary), speeds and readings averaged over the minute. After an outage the
   * increase is spread over the minutes missed, so no minute is left without a row.
   */
  private async closeMinute(boundary: number): Promise<void> {
    try {
      const values = new Map<string, number>();
      const counterIds = [
        ...this.lines.flatMap((linea) => COUNTER_TAGS.map((tag) => this.nodeOf(linea, tag))),
        ...this.variables.filter((v) => v.agregacion === 'SUMA').map((v) => v.nodeId),
      ];
      let waiting = false;
      for (const nodeId of counterIds) {
        const history = this.samples.get(nodeId);
        let sample = history?.sampleAt(boundary);
        // Not reporting yet (just connected) or only since after this boundary: wait for the next
        // boundary, from the same baseline. A tag still silent after a few minutes is left out.
        // A node a mapping reload just added starts counting at its first boundary: not waited for.
        if (
          !sample &&
          !this.freshNodes.has(nodeId) &&
          (history?.latest() || (this.warmingUp && this.waitedBoundaries < 3))
        )
          waiting = true;
        // After an outage the value in force may predate it: take the first fresh one instead
        // (the increase over the outage is then spread over the minutes missed).
        if (sample && this.lostAt !== null && sample.t < this.lostAt && boundary > this.lostAt) {
          sample = history?.firstFrom(boundary) ?? sample;
        }
        if (sample) {
          values.set(nodeId, sample.v);
          this.freshNodes.delete(nodeId);
        }
      }
      // A counter without a value at this boundary (just connected mid-minute): close later, from
      // the same baseline, so nothing is counted twice or lost.
      if (waiting) {
        if (boundary !== this.lastWaitedBoundary) {
          this.lastWaitedBoundary = boundary;
          this.waitedBoundaries++;
        }
        return;
      }
      this.waitedBoundaries = 0;
      this.warmingUp = false;
      if (this.lostAt !== null && boundary > this.lostAt) this.lostAt = null;
      const previous = this.closedAt;
      const previousValues = this.closedValues;
      this.closedAt = boundary;
      this.closedValues = values;
      this.saveState();
      if (previous === null) {
        await this.options
          .onBaseline?.(new Date(boundary))
          .catch((err: unknown) => this.log.warn({ err }, 'no se pudo completar la historia'));
        return;
      }
      if (boundary <= previous) return;
      const minutes = Math.round((boundary - previous) / MINUTE);
      this.options.onMinuteClosing?.(new Date(boundary));
      const started = performance.now();
      const batch = await this.buildBatch(previous, minutes, previousValues, values);
      const written = await this.write(batch);
      const writtenAt = performance.now();
      void written?.derived.then(() =>
        this.options.onMinuteWritten?.({
          boundary: new Date(boundary),
          filas: batch.scada.length + batch.lecturas.length,
          escrituraMs: writtenAt - started,
          derivacionMs: performance.now() - writtenAt,
        }),
      );
    } catch (err) {
      this.log.error({ err }, 'no se pudo cerrar el minuto');
    }
  }

  /**
   * The rows of the minutes closed. Lines and variables are read once up front (a mapping reload
   * may swap them meanwhile), and the event loop gets a turn every BUILD_CHUNK variables: after an
   * outage a batch spreads over every minute missed.
   */
  private async buildBatch(
    from: number,
    minutes: number,
    before: Map<string, number>,
    after: Map<string, number>,
  ): Promise<MinuteBatch> {
    const lines = this.lines;
    const variables = this.variables;
    const batch: MinuteBatch = { scada: [], lecturas: [] };
    const delta = (nodeId: string) => {
      const a = before.get(nodeId);
      const b = after.get(nodeId);
      return a === undefined || b === undefined ? undefined : increase(a, b);
    };
    for (const linea of lines) {
      const counts = COUNTER_TAGS.map((tag) => delta(this.nodeOf(linea, tag)));
      if (counts.some((c) => c === undefined)) continue;
      const [botellas, llenas, paquetes] = counts.map((c) => splitEvenly(c ?? 0, minutes)) as [
        number[],
        number[],
        number[],
      ];
      for (let i = 0; i < minutes; i++) {
        const t = from + i * MINUTE;
        const speed = this.samples.get(this.nodeOf(linea, 'Velocidad'))?.mean(t, t + MINUTE);
        batch.scada.push({
          linea,
          t,
          velocidad: speed ?? 0,
          botellas: botellas[i] ?? 0,
          botellasLlenas: llenas[i] ?? 0,
          paquetes: paquetes[i] ?? 0,
          formato: this.valueAt(linea, 'Formato', t + MINUTE - 1) ?? 0,
        });
      }
    }
    let cells = 0;
    for (const variable of variables) {
      cells += minutes;
      if (cells >= BUILD_CHUNK) {
        cells = 0;
        await nextTurn();
      }
      if (variable.agregacion === 'SUMA') {
        const total = delta(variable.nodeId);
        if (total === undefined) continue;
        for (let i = 0; i < minutes; i++)
          batch.lecturas.push({ variableId: variable.id, t: from + i * MINUTE, valor: total / minutes });
      } else {
        const history = this.samples.get(variable.nodeId);
        for (let i = 0; i < minutes; i++) {
          const t = from + i * MINUTE;
          const valor =
            variable.agregacion === 'ULTIMO' ? history?.at(t + MINUTE - 1) : history?.mean(t, t + MINUTE);
          if (valor !== undefined) batch.lecturas.push({ variableId: variable.id, t, valor });
        }
      }
    }
    return batch;
  }

  /** Writes a batch (or buffers it on disk); once written, resolves to its derivation's end. */
  private async write(batch: MinuteBatch): Promise<{ derived: Promise<void> } | undefined> {
    if (batch.scada.length === 0 && batch.lecturas.length === 0) return undefined;
    try {
      return await this.commit(batch);
    } catch (err) {
      this.log.warn(
        { err, filas: batch.scada.length + batch.lecturas.length },
        'base de datos no disponible: filas guardadas en el buffer',
      );
      this.buffer.append(batch);
      return undefined;
    }
  }

  private async commit(batch: MinuteBatch): Promise<{ derived: Promise<void> }> {
    await writeMinuteRows(this.options.database.db, batch);
    // The minutes written (a handful), not one instant per row: 5,000 rows are one minute.
    const times = new Set<number>();
    for (const r of batch.scada) times.add(r.t);
    for (const r of batch.lecturas) times.add(r.t);
    this.lastWritten = Date.now();
    return { derived: this.scheduleDerivation(times) };
  }

  /** Replays the buffered batches, oldest first; each leaves the file only once committed. */
  private async flush(): Promise<void> {
    const pending = this.buffer.read();
    if (pending.length === 0) return;
    const remaining = [...pending];
    while (remaining.length > 0) {
      try {
        await this.commit(remaining[0]!);
        remaining.shift();
      } catch {
        break;
      }
    }
    if (remaining.length !== pending.length) {
      this.buffer.replace(remaining);
      this.log.info({ lotes: pending.length - remaining.length }, 'buffer del colector reenviado');
    }
  }

  /**
   * Keeps the production days just written derived (historicos, rollups), one at a time. The
   * hourly readings rollup is recomputed only for the hours of the minutes written; the first
   * derivation after start, and the next one after a failure, recompute the whole day (a crash
   * between a write and its derivation leaves nothing stale).
   */
  private scheduleDerivation(times: ReadonlySet<number>): Promise<void> {
    const days = new Map<string, { desde: number; hasta: number }>();
    for (const t of times) {
      const fecha = productionDay(t, this.options.timeZone);
      const range = days.get(fecha);
      days.set(fecha, {
        desde: Math.min(range?.desde ?? t, t),
        hasta: Math.max(range?.hasta ?? t + MINUTE, t + MINUTE),
      });
    }
    this.deriving = this.deriving.then(async () => {
      for (const [fecha, { desde, hasta }] of days) {
        const whole = this.deriveWholeDay;
        this.deriveWholeDay = false;
        await deriveProductionDay(this.options.database.db, fecha, this.options.timeZone, {
          minutos: whole ? undefined : { desde: new Date(desde), hasta: new Date(hasta) },
        }).catch((err: unknown) => {
          this.deriveWholeDay = true;
          this.log.warn({ err, fecha }, 'no se pudo derivar el día');
        });
      }
    });
    return this.deriving;
  }

  private async disconnect(): Promise<void> {
    const session = this.session;
    const client = this.client;
    this.session = undefined;
    this.client = undefined;
    this.subscription = undefined;
    try {
      await session?.close();
    } catch {
      // already gone
    }
    try {
      await client?.disconnect();
    } catch {
      // already gone
    }
  }

  private setState(state: EstadoConexion): void {
    if (this.state === state) return;
    this.state = state;
    this.options.publishConnection(this.connection());
  }
}

/** The collector has no session with the plant's OPC UA server (not connected, or not the leader). */
export class OpcSinConexion extends Error {
  constructor() {
    super('Sin conexión con el servidor OPC UA');
    this.name = 'OpcSinConexion';
  }
}

export class OpcNodoInexistente extends Error {
  constructor(readonly nodeId: string) {
    super(`El nodo ${nodeId} no existe en el servidor OPC UA`);
    this.name = 'OpcNodoInexistente';
  }
}

const BUILT_IN_TYPES: Record<number, string> = {
  1: 'Boolean',
  2: 'SByte',
  3: 'Byte',
  4: 'Int16',
  5: 'UInt16',
  6: 'Int32',
  7: 'UInt32',
  8: 'Int64',
  9: 'UInt64',
  10: 'Float',
  11: 'Double',
  12: 'String',
  13: 'DateTime',
  26: 'Number',
  27: 'Integer',
  28: 'UInteger',
};

function dataTypeName(typeId: { namespace: number; value: unknown }): string {
  if (typeId.namespace === 0 && typeof typeId.value === 'number') {
    return BUILT_IN_TYPES[typeId.value] ?? `i=${typeId.value}`;
  }
  return `ns=${typeId.namespace};${String(typeId.value)}`;
}
