import { randomUUID } from 'node:crypto';
import { ESTADO_NOMBRE } from '@planta/domain';
import type { PubSub } from 'mercurius';
import type { CollectorHealth, ConexionPlanta, EstadoConexion, LineaEnVivo } from '../collector/types.ts';

export const lineTopic = (linea: number) => `LINEA_EN_VIVO_${linea}`;
export const CONNECTION_TOPIC = 'CONEXION_PLANTA';
/** A user's notifications changed (new ones, or read): the bell recounts. */
export const notificacionesTopic = (userId: number) => `NOTIFICACIONES_${userId}`;
/** A stop of a line (lineas.id) was opened, closed, classified, split or corrected. */
export const parosTopic = (lineaId: number) => `PAROS_${lineaId}`;

/** What goes out on parosTopic: the stop that changed (its subscribers read it again). */
export interface ParoCambiado {
  linea_id: number;
  paro_id: number;
}

/** How servers sharing a PostgreSQL pass live values to each other (LISTEN/NOTIFY). */
export interface LiveBus {
  send(message: string): Promise<void>;
  listen(onMessage: (message: string) => void): () => Promise<void>;
}

type LineaPublicada = LineaEnVivo & { estado_nombre: string };

type BusMessage =
  | { from: string; kind: 'linea'; value: LineaPublicada }
  | { from: string; kind: 'conexion'; value: ConexionPlanta }
  | { from: string; kind: 'notificaciones'; value: number[] }
  | { from: string; kind: 'paro'; value: ParoCambiado };

/** States of a collector that is reading (or trying to read) the plant: the leader's. */
const LEADING: EstadoConexion[] = ['CONECTANDO', 'CONECTADO', 'DESCONECTADO'];
/** The leader repeats its link state this often; a remote state older than REMOTE_TTL_MS is stale. */
const HEARTBEAT_MS = 10_000;
const REMOTE_TTL_MS = 30_000;
/**
 * A new subscriber to a line gets the line's last value at once when this server received it this
 * recently (the collector publishes every second while it reads the plant); an older one is not live.
 */
export const LINE_SNAPSHOT_MAX_AGE_MS = 10_000;

/**
 * Where live values meet the API: the collector reports here, subscriptions and snapshot queries
 * read from here. Line updates are throttled to one per line per second of data. With a bus (several
 * servers on one PostgreSQL), the collecting server's values reach every server's subscribers, and
 * a server waiting its turn shows the leader's link to the plant.
 */
export class LiveHub {
  private pubsub: PubSub | undefined;
  private readonly latest = new Map<number, LineaPublicada>();
  /** When this server received each line's latest value (its own clock, not the PLC's). */
  private readonly receivedAt = new Map<number, number>();
  private readonly lastSent = new Map<number, { second: number; key: string }>();
  private local: ConexionPlanta = { estado: 'INACTIVO', endpoint: '', ultima_lectura: null };
  private remote: { value: ConexionPlanta; at: number } | null = null;
  private readonly id = randomUUID();
  private bus: LiveBus | undefined;
  private stopListening: (() => Promise<void>) | undefined;
  private heartbeat: NodeJS.Timeout | undefined;
  health: () => CollectorHealth | null = () => null;

  /** `now`: this server's clock (tests). */
  constructor(private readonly now: () => number = Date.now) {}

  attach(pubsub: PubSub): void {
    this.pubsub = pubsub;
  }

  /** Joins the other servers' live values. */
  connect(bus: LiveBus): void {
    this.bus = bus;
    this.stopListening = bus.listen((message) => this.receive(message));
    this.heartbeat = setInterval(() => {
      if (LEADING.includes(this.local.estado)) this.send({ kind: 'conexion', value: this.local });
    }, HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  async close(): Promise<void> {
    clearInterval(this.heartbeat);
    await this.stopListening?.();
  }

  publishLine(value: LineaEnVivo): void {
    // At most one message per line per second of data, unless that second's values changed since
    // (a late tag); never an older second. A wall-clock gap would drop whole seconds at random.
    const second = Math.floor(value.fecha.getTime() / 1000);
    const key = [
      value.velocidad,
      value.estado,
      value.formato,
      value.botellas,
      value.botellas_llenas,
      value.paquetes,
    ].join();
    const last = this.lastSent.get(value.linea);
    if (last && (second < last.second || (second === last.second && key === last.key))) return;
    this.lastSent.set(value.linea, { second, key });
    const enriched = { ...value, estado_nombre: ESTADO_NOMBRE[value.estado] ?? 'Desconocido' };
    this.keep(enriched);
    this.emitLine(enriched);
    this.send({ kind: 'linea', value: enriched });
  }

  publishConnection(value: ConexionPlanta): void {
    this.local = value;
    if (LEADING.includes(value.estado)) this.send({ kind: 'conexion', value });
    this.emitConnection();
  }

  /** These users' notifications changed: their bells recount, on every server. */
  publishNotificaciones(userIds: readonly number[]): void {
    if (userIds.length === 0) return;
    this.emitNotificaciones(userIds);
    this.send({ kind: 'notificaciones', value: [...userIds] });
  }

  /** A stop changed (the collector, an operator, an admin): its line's subscribers, on every server. */
  publishParo(value: ParoCambiado): void {
    this.emitParo(value);
    this.send({ kind: 'paro', value });
  }

  line(linea: number) {
    return this.latest.get(linea) ?? null;
  }

  /** The line's latest value if it arrived within `maxAgeMs` (what a new subscriber starts from). */
  recentLine(linea: number, maxAgeMs = LINE_SNAPSHOT_MAX_AGE_MS) {
    const at = this.receivedAt.get(linea);
    return at !== undefined && this.now() - at <= maxAgeMs ? this.line(linea) : null;
  }

  private keep(value: LineaPublicada): void {
    this.latest.set(value.linea, value);
    this.receivedAt.set(value.linea, this.now());
  }

  /** This server's link when it collects; otherwise the collecting server's, while it reports. */
  currentConnection(): ConexionPlanta {
    if (LEADING.includes(this.local.estado) || !this.remote) return this.local;
    return this.now() - this.remote.at < REMOTE_TTL_MS ? this.remote.value : this.local;
  }

  private emitLine(value: LineaPublicada): void {
    void this.pubsub?.publish({ topic: lineTopic(value.linea), payload: { lineaEnVivo: value } });
  }

  private emitConnection(): void {
    void this.pubsub?.publish({
      topic: CONNECTION_TOPIC,
      payload: { conexionPlanta: this.currentConnection() },
    });
  }

  private emitNotificaciones(userIds: readonly number[]): void {
    for (const id of userIds) {
      void this.pubsub?.publish({ topic: notificacionesTopic(id), payload: { usuario: id } });
    }
  }

  private emitParo(value: ParoCambiado): void {
    void this.pubsub?.publish({ topic: parosTopic(value.linea_id), payload: { paroCambiado: value } });
  }

  private send(message: Omit<BusMessage, 'from'>): void {
    this.bus?.send(JSON.stringify({ ...message, from: this.id })).catch(() => {
      // The database is unreachable: the local subscribers still got the value.
    });
  }

  private receive(raw: string): void {
    let message: BusMessage;
    try {
      message = JSON.parse(raw) as BusMessage;
    } catch {
      return;
    }
    if (message.from === this.id) return;
    if (message.kind === 'linea') {
      const value = { ...message.value, fecha: new Date(message.value.fecha) };
      this.keep(value);
      this.emitLine(value);
    } else if (message.kind === 'notificaciones') {
      if (Array.isArray(message.value)) this.emitNotificaciones(message.value.filter(Number.isInteger));
    } else if (message.kind === 'paro') {
      const { linea_id, paro_id } = message.value;
      if (Number.isInteger(linea_id) && Number.isInteger(paro_id)) this.emitParo({ linea_id, paro_id });
    } else if (message.kind === 'conexion') {
      const { ultima_lectura } = message.value;
      const before = JSON.stringify(this.currentConnection());
      this.remote = {
        value: { ...message.value, ultima_lectura: ultima_lectura ? new Date(ultima_lectura) : null },
        at: this.now(),
      };
      if (JSON.stringify(this.currentConnection()) !== before) this.emitConnection();
    }
  }
}

/** The bus over PostgreSQL LISTEN/NOTIFY, when the database has one. */
export function databaseBus(channel: {
  notify(channel: string, payload: string): Promise<void>;
  listen(channel: string, onMessage: (payload: string) => void): () => Promise<void>;
}): LiveBus {
  const name = 'planta_vivo';
  return {
    send: (message) => channel.notify(name, message),
    listen: (onMessage) => channel.listen(name, onMessage),
  };
}
