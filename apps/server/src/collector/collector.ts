import path from 'node:path';
import type { Logger } from 'pino';
import type { OpcuaSecurity } from '../config.ts';
import type { Database } from '../db/client.ts';
import { DerivationQueue } from './derivation-queue.ts';
import { Election } from './election.ts';
import { LivePublisher } from './live-publisher.ts';
import { MinuteCloser } from './minute-closer.ts';
import { MinuteSink } from './minute-sink.ts';
import { OpcSession } from './opc-session.ts';
import { Samples } from './samples.ts';
import { StopDetector, STOP_TAGS } from './stop-detector.ts';
import { type ParoEscrito, parosAbiertos, umbralesMicroparo } from './stop-events.ts';
import { browseNode, type OpcLectura, type OpcNodoInfo, OpcSinConexion, readNode } from './tag-browser.ts';
import { TagMapping } from './tag-mapping.ts';
import type { CollectorHealth, ConexionPlanta, EstadoConexion, LineaEnVivo, MinuteWritten } from './types.ts';

// What the opc module (its service and repository) takes from the collector.
export { OPC_MAPEO_VERSION_KEY } from './tag-mapping.ts';
export { OpcNodoInexistente, OpcSinConexion, type OpcLectura, type OpcNodoInfo } from './tag-browser.ts';

const MAPPING_CHECK_MS = 60_000;

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
  /** A stop was opened or closed (its line's live list of stops reads it again). */
  publishParo?(value: ParoEscrito): void;
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

/**
 * The OPC UA collector: subscribes (1 s) to the line tags and every variable with an opc_node_id,
 * closes each minute into one scada row per line (counter deltas, mean speed) and one reading per
 * variable, writes them in a batch (idempotent upserts), keeps them on disk when the database fails,
 * and publishes live values. Read-only: it never writes to the PLC nor calls methods.
 *
 * This class wires the parts together and owns the link state: the election (election.ts), the tag
 * mapping (tag-mapping.ts), the OPC UA session (opc-session.ts), the samples (samples.ts), the live
 * values (live-publisher.ts), the closing of minutes (minute-closer.ts, minute-batch.ts), their
 * writing and buffering (minute-sink.ts) and the derivation of their days (derivation-queue.ts).
 */
export class Collector {
  private readonly log: Logger;
  private readonly samples = new Samples();
  private readonly mapping: TagMapping;
  private readonly opc: OpcSession;
  private readonly election: Election;
  private readonly live: LivePublisher;
  private readonly derivations: DerivationQueue;
  private readonly sink: MinuteSink;
  private readonly closer: MinuteCloser;
  private readonly stops: StopDetector;
  private stopsTimer: NodeJS.Timeout | undefined;
  private stopsScheduled = false;
  private mappingTimer: NodeJS.Timeout | undefined;
  private connectTimer: NodeJS.Timeout | undefined;
  private reloading: Promise<void> = Promise.resolve();
  private state: EstadoConexion = 'INACTIVO';
  private stopped = false;

  constructor(private readonly options: CollectorOptions) {
    this.log = options.logger.child({ componente: 'colector' });
    const dir = path.join(options.dataDir, 'colector');
    this.mapping = new TagMapping(options.database);
    this.derivations = new DerivationQueue(options.database, options.timeZone, this.log);
    this.sink = new MinuteSink(dir, options.database, this.derivations, this.log, (paros) => {
      for (const paro of paros) options.publishParo?.(paro);
    });
    this.stops = new StopDetector({
      timeZone: options.timeZone,
      log: this.log,
      emit: (paros) => void this.sink.write({ scada: [], lecturas: [], paros }),
    });
    this.closer = new MinuteCloser({
      dir,
      log: this.log,
      samples: this.samples,
      mapping: this.mapping,
      sink: this.sink,
      closeDelayMs: options.closeDelayMs,
      onBaseline: options.onBaseline,
      onMinuteClosing: options.onMinuteClosing,
      onMinuteWritten: options.onMinuteWritten,
    });
    this.live = new LivePublisher(this.samples, this.mapping, (value) => options.publishLine(value));
    this.opc = new OpcSession({
      endpoint: options.endpoint,
      security: options.security,
      dataDir: options.dataDir,
      nodeIds: () => this.mapping.nodeIds(),
      onSample: (nodeId, t, v) => this.onSample(nodeId, t, v),
      onConnectionLost: () => {
        this.log.warn('conexión con la planta perdida');
        this.closer.linkLost(this.samples.lastReading ?? Date.now());
        this.setState('DESCONECTADO');
      },
      onConnectionRestored: () => {
        this.log.info('conexión con la planta restablecida');
        this.setState('CONECTADO');
      },
    });
    this.election = new Election({
      database: options.database,
      endpoint: options.endpoint,
      log: this.log,
      isStopped: () => this.stopped,
      onElected: () => this.connect(),
      onWaiting: () => this.setState('ESPERANDO_TURNO'),
      onHandOver: () => this.opc.close(),
    });
  }

  health(): CollectorHealth {
    const { mode, policy } = this.opc.security();
    const lastReading = this.samples.lastReading;
    const lastWritten = this.sink.lastWritten;
    return {
      estado: this.state,
      seguridad: mode === 'None' ? 'None' : `${mode} (${policy})`,
      lider: this.election.leader,
      ultima_lectura: lastReading === null ? null : new Date(lastReading).toISOString(),
      retraso_segundos: lastWritten === null ? null : Math.round((Date.now() - lastWritten) / 1000),
      filas_en_buffer: this.sink.bufferedRows(),
      filas_descartadas: this.sink.dropped,
    };
  }

  connection(): ConexionPlanta {
    const lastReading = this.samples.lastReading;
    return {
      estado: this.state,
      endpoint: this.options.endpoint,
      ultima_lectura: lastReading === null ? null : new Date(lastReading),
    };
  }

  /** Starts electing: the one server holding the advisory lock collects, the others wait their turn. */
  start(): void {
    this.stopped = false;
    this.setState('ESPERANDO_TURNO');
    this.sink.start();
    this.mappingTimer = setInterval(() => void this.checkMappingVersion(), MAPPING_CHECK_MS);
    this.mappingTimer.unref();
    // Every second: a stop seen by its speed and counter alone, a day boundary inside a stop.
    this.stopsTimer = setInterval(() => this.stops.evaluate(), 1_000);
    this.stopsTimer.unref();
    this.election.start();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.election.stop();
    clearTimeout(this.connectTimer);
    this.sink.stop();
    clearInterval(this.mappingTimer);
    clearInterval(this.stopsTimer);
    await this.reloading;
    await this.opc.close();
    await this.election.release();
    await this.derivations.idle();
    this.setState('INACTIVO');
  }

  /**
   * Reloads the tag mapping and, when collecting, subscribes to the new set of nodes (no restart).
   * Called in-process by the mapping's mutations, and every minute when the `sistema` key says
   * another server changed it.
   */
  reloadMapping(): Promise<void> {
    this.reloading = this.reloading.then(async () => {
      if (this.stopped) return;
      const before = new Set(this.mapping.nodeIds());
      try {
        await this.mapping.load();
      } catch (err) {
        this.log.warn({ err }, 'no se pudo recargar el mapeo OPC UA');
        return;
      }
      const session = this.opc.session;
      if (!session) return;
      const after = this.mapping.nodeIds();
      this.closer.markFresh(after.filter((nodeId) => !before.has(nodeId)));
      try {
        await this.opc.resubscribe(session);
        this.log.info({ etiquetas: after.length }, 'mapeo OPC UA recargado');
      } catch (err) {
        this.log.warn({ err }, 'no se pudo suscribir al nuevo mapeo OPC UA');
      }
    });
    return this.reloading;
  }

  private async checkMappingVersion(): Promise<void> {
    if (this.stopped || !this.opc.session) return;
    try {
      if (this.stops.isAdopted) this.stops.setUmbrales(await umbralesMicroparo(this.options.database.db));
      if (await this.mapping.changed()) await this.reloadMapping();
    } catch {
      // database down: the next check will see it
    }
  }

  // ------------------------------------------------------------ read-only browse (tag mapping)

  /**
   * The children of a node (default: the Objects folder), objects and variables, with their data
   * type and whether they have children. Read-only: browse and read services only.
   */
  async browseNode(nodeId?: string | null): Promise<OpcNodoInfo[]> {
    return browseNode(this.requireSession(), nodeId);
  }

  /** One node's class, data type and current value (read service only). */
  async readNode(nodeId: string): Promise<OpcLectura> {
    return readNode(this.requireSession(), nodeId);
  }

  private requireSession() {
    const session = this.opc.session;
    if (!session || this.state !== 'CONECTADO') throw new OpcSinConexion();
    return session;
  }

  // ------------------------------------------------------------ the link

  private async connect(): Promise<void> {
    if (this.stopped) return;
    this.setState('CONECTANDO');
    await this.mapping.load();
    await this.adoptStops();
    this.opc.create();
    try {
      const session = await this.opc.open();
      this.closer.connected();
      await this.opc.subscribe(session);
      this.setState('CONECTADO');
      this.log.info(
        { endpoint: this.options.endpoint, etiquetas: this.mapping.nodeIds().length },
        'conectado a la planta',
      );
    } catch (err) {
      this.log.warn({ err }, 'no se pudo conectar con la planta; se reintentará');
      await this.opc.close();
      this.setState('DESCONECTADO');
      this.connectTimer = setTimeout(() => void this.connect(), 5_000);
      this.connectTimer.unref();
    }
  }

  /**
   * The stops left open by an earlier run (this server before a restart, or another before the
   * hand-over), in the database and in the disk buffer: they go on rather than being opened again.
   * Until this succeeds no stop is opened (the state changes are remembered meanwhile).
   */
  private async adoptStops(): Promise<void> {
    this.stops.reset();
    try {
      const db = this.options.database.db;
      const abiertos = await parosAbiertos(db);
      const byLine = new Map(abiertos.map((a) => [a.linea, a]));
      for (const e of this.sink.pendingParos()) {
        const open = byLine.get(e.linea);
        if (e.k === 'abrir') {
          if (!open || open.inicio <= e.inicio) byLine.set(e.linea, e);
        } else if (open && open.inicio < (e.fin ?? e.inicio)) {
          byLine.delete(e.linea);
        }
      }
      this.stops.adopt([...byLine.values()], await umbralesMicroparo(db));
    } catch (err) {
      this.log.warn({ err }, 'no se pudieron leer los paros abiertos; se reintentará');
      const retry = setTimeout(() => {
        if (!this.stopped && !this.stops.isAdopted) void this.adoptStops();
      }, 5_000);
      retry.unref();
    }
  }

  private onSample(nodeId: string, t: number, v: number): void {
    this.samples.push(nodeId, t, v);
    const tag = this.mapping.tagOf(nodeId);
    if (tag && STOP_TAGS.includes(tag.tag)) {
      this.stops.sample(tag.linea, tag.tag, t, v);
      if (!this.stopsScheduled) {
        // After the whole batch of samples (state and fault code of the same second together).
        this.stopsScheduled = true;
        setImmediate(() => {
          this.stopsScheduled = false;
          this.stops.evaluate();
        });
      }
    }
    // A line's live message goes out when any of its tags changes, and also when another tag of
    // the line's PLC does (its energy or air counters keep ticking while the line is stopped): so
    // a stopped line keeps reporting its state.
    const linea = this.mapping.lineOf(nodeId);
    if (linea !== undefined) this.live.schedule(linea);
    this.closer.maybeClose();
  }

  private setState(state: EstadoConexion): void {
    if (this.state === state) return;
    this.state = state;
    this.options.publishConnection(this.connection());
  }
}
