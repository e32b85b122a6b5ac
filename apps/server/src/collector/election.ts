import type { Logger } from 'pino';
import { CANDADOS } from '../db/candados.ts';
import type { Database } from '../db/tipos.ts';

const ADVISORY_KEY = CANDADOS.colector;

export interface ElectionOptions {
  database: Database;
  endpoint: string;
  log: Logger;
  isStopped(): boolean;
  /** This server holds the turn: start reading the plant. */
  onElected(): Promise<void>;
  /** Waiting for the turn (another server holds it, or the database is down). */
  onWaiting(): void;
  /** Another server took the turn while this one's lock connection was down: stop reading. */
  onHandOver(): Promise<void>;
}

/**
 * Who collects: the one server holding the collector's advisory lock (db/candados.ts); the others
 * try again every 10 s. When the lock's connection dies the leader keeps collecting (into the disk
 * buffer) and takes the lock back when the database returns, or hands over if another server has
 * it by then.
 */
export class Election {
  private timer: NodeJS.Timeout | undefined;
  private releaseLock: (() => Promise<void>) | undefined;

  constructor(private readonly options: ElectionOptions) {}

  /** Whether this server holds the turn. */
  get leader(): boolean {
    return this.releaseLock !== undefined;
  }

  start(): void {
    void this.elect();
  }

  /** Stops trying (the turn, if held, is kept until `release`). */
  stop(): void {
    clearTimeout(this.timer);
  }

  async release(): Promise<void> {
    await this.releaseLock?.().catch(() => {});
    this.releaseLock = undefined;
  }

  private async elect(): Promise<void> {
    if (this.options.isStopped()) return;
    try {
      const lock = await this.options.database.tryLock(ADVISORY_KEY, () => this.onLockLost());
      if (lock) {
        this.releaseLock = lock;
        this.options.log.info({ endpoint: this.options.endpoint }, 'colector activo en este servidor');
        await this.options.onElected();
        return;
      }
    } catch (err) {
      this.options.log.warn({ err }, 'no se pudo obtener el turno del colector');
    }
    this.schedule();
  }

  /**
   * The lock's connection died: usually the database is down. Keep collecting (into the disk
   * buffer) and take the lock back when the database returns; if another server got it meanwhile,
   * hand over (rows written twice in between are identical and idempotent).
   */
  private onLockLost(): void {
    const { log } = this.options;
    log.warn('se perdió la conexión del turno del colector; se sigue leyendo la planta');
    this.releaseLock = undefined;
    const retry = async () => {
      if (this.options.isStopped()) return;
      try {
        const lock = await this.options.database.tryLock(ADVISORY_KEY, () => this.onLockLost());
        if (lock) {
          this.releaseLock = lock;
          log.info('turno del colector recuperado');
          return;
        }
        log.warn('otro servidor tiene el turno del colector: este deja de leer la planta');
        await this.options.onHandOver();
        this.schedule();
        return;
      } catch {
        // database still down
      }
      this.timer = setTimeout(() => void retry(), 5_000);
      this.timer.unref();
    };
    this.timer = setTimeout(() => void retry(), 5_000);
    this.timer.unref();
  }

  private schedule(): void {
    if (this.options.isStopped()) return;
    this.options.onWaiting();
    this.timer = setTimeout(() => void this.elect(), 10_000);
    this.timer.unref();
  }
}
