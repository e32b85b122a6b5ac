import { ESTADO_NOMBRE } from '@planta/plant-model';
import type { PubSub } from 'mercurius';
import type { CollectorHealth, ConexionPlanta, LineaEnVivo } from '../collector/collector.ts';

export const lineTopic = (linea: number) => `LINEA_EN_VIVO_${linea}`;
export const CONNECTION_TOPIC = 'CONEXION_PLANTA';

/**
 * Where live values meet the API: the collector reports here, subscriptions and snapshot queries
 * read from here. Line updates are throttled to one per line per second.
 */
export class LiveHub {
  private pubsub: PubSub | undefined;
  private readonly latest = new Map<number, LineaEnVivo & { estado_nombre: string }>();
  private readonly lastSent = new Map<number, number>();
  private connection: ConexionPlanta = { estado: 'INACTIVO', endpoint: '', ultima_lectura: null };
  health: () => CollectorHealth | null = () => null;

  attach(pubsub: PubSub): void {
    this.pubsub = pubsub;
  }

  publishLine(value: LineaEnVivo): void {
    const enriched = { ...value, estado_nombre: ESTADO_NOMBRE[value.estado] ?? 'Desconocido' };
    this.latest.set(value.linea, enriched);
    const now = Date.now();
    if (now - (this.lastSent.get(value.linea) ?? 0) < 1_000) return;
    this.lastSent.set(value.linea, now);
    void this.pubsub?.publish({ topic: lineTopic(value.linea), payload: { lineaEnVivo: enriched } });
  }

  publishConnection(value: ConexionPlanta): void {
    this.connection = value;
    void this.pubsub?.publish({ topic: CONNECTION_TOPIC, payload: { conexionPlanta: value } });
  }

  line(linea: number) {
    return this.latest.get(linea) ?? null;
  }

  currentConnection(): ConexionPlanta {
    return this.connection;
  }
}
