import fs from 'node:fs';
import path from 'node:path';
import { Cron } from 'croner';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { carpetaPrivada } from '../../archivos-privados.ts';
import {
  escribirRespaldo,
  NOMBRE_RESPALDO,
  NOMBRE_RESPALDO_MANUAL,
  nombreRespaldo,
  nombreRespaldoManual,
  RespaldoError,
} from '../../db/respaldo/crear.ts';
import { AppError } from '../../errors.ts';
import { CANDADOS } from '../../db/candados.ts';

export interface OpcionesRespaldos {
  /** BACKUP_DIR. */
  dir: string;
  /**
   * BACKUP_KEEP: how many scheduled backups (planta-<UTC>.sql.gz) are kept, and, counted apart, how
   * many made on demand (planta-manual-<UTC>.sql.gz): backups asked for in the app never push a
   * scheduled one out.
   */
  conservar: number;
  /** BACKUP_CRON (plant time); null: no scheduled backups. */
  cron: string | null;
  timeZone: string;
  /** PostgreSQL: the pg_dump program (PG_DUMP). */
  pgDump?: string;
  logger?: FastifyBaseLogger;
  /** Told of each backup written (the metrics' last-success gauge). */
  alEscribir?: (creado: Date) => void;
}

export interface ArchivoRespaldo {
  archivo: string;
  bytes: number;
  creado: Date;
}

/**
 * Several servers on one PostgreSQL: the scheduled backup is written by one of them. Its own key:
 * the collector's election holds its key for the life of the process.
 */
const CANDADO_RESPALDO = CANDADOS.respaldoProgramado;

type Motivo = 'manual' | 'programado';

const TIPOS: Record<Motivo, { nombre: (fecha: Date) => string; patron: RegExp }> = {
  programado: { nombre: nombreRespaldo, patron: NOMBRE_RESPALDO },
  manual: { nombre: nombreRespaldoManual, patron: NOMBRE_RESPALDO_MANUAL },
};

/**
 * Backups on a schedule and on demand, one at a time; of each kind the newest BACKUP_KEEP are kept,
 * so any number of backups on demand leave the scheduled ones in place.
 */
export class ServicioRespaldos {
  readonly #enCurso = new Map<Motivo, Promise<ArchivoRespaldo>>();
  /** The backups run one after another (a scheduled one waits for one on demand, and back). */
  #cola: Promise<unknown> = Promise.resolve();
  #cron: Cron | undefined;
  /** Aborted when the server closes: the backup being written stops (detener). */
  readonly #cierre = new AbortController();

  constructor(
    private readonly database: Database,
    private readonly opciones: OpcionesRespaldos,
  ) {}

  /**
   * A request while a backup of its kind is waiting or being written gets that one (a double click
   * writes one file).
   */
  crear(motivo: Motivo): Promise<ArchivoRespaldo> {
    const actual = this.#enCurso.get(motivo);
    if (actual) return actual;
    const nuevo = this.#cola
      .then(() => this.#escribir(motivo))
      .finally(() => {
        this.#enCurso.delete(motivo);
      });
    this.#cola = nuevo.catch(() => {});
    this.#enCurso.set(motivo, nuevo);
    return nuevo;
  }

  async #escribir(motivo: Motivo): Promise<ArchivoRespaldo> {
    const inicio = Date.now();
    const nombre = TIPOS[motivo].nombre(new Date());
    try {
      // BACKUP_DIR holds password hashes and personal data: its owner only.
      await carpetaPrivada(this.opciones.dir).catch((error: unknown) => {
        throw new RespaldoError(`no se puede escribir en ${this.opciones.dir}: ${(error as Error).message}`);
      });
      const respaldo = await escribirRespaldo(this.database, path.join(this.opciones.dir, nombre), {
        pgDump: this.opciones.pgDump,
        signal: this.#cierre.signal,
      });
      this.opciones.alEscribir?.(respaldo.creado);
      this.opciones.logger?.info(
        { archivo: respaldo.ruta, bytes: respaldo.bytes, ms: Date.now() - inicio, motivo },
        'respaldo escrito',
      );
      await this.#rotar(motivo);
      return { archivo: nombre, bytes: respaldo.bytes, creado: respaldo.creado };
    } catch (error) {
      if (this.#cierre.signal.aborted)
        this.opciones.logger?.warn({ motivo }, 'respaldo interrumpido: el servidor se cierra');
      else this.opciones.logger?.error({ err: error, motivo }, 'el respaldo falló');
      if (error instanceof RespaldoError) {
        throw new AppError('SERVICE_UNAVAILABLE', `No se pudo crear el respaldo: ${error.message}`);
      }
      throw error;
    }
  }

  /**
   * Keeps the newest BACKUP_KEEP files of the kind just written; the other kind and other files in
   * the directory are never touched.
   */
  async #rotar(motivo: Motivo): Promise<void> {
    const nuestros = await this.#nuestros(TIPOS[motivo].patron);
    for (const viejo of nuestros.slice(0, Math.max(0, nuestros.length - this.opciones.conservar))) {
      await fs.promises.rm(path.join(this.opciones.dir, viejo), { force: true });
      this.opciones.logger?.info({ archivo: viejo }, 'respaldo antiguo eliminado');
    }
  }

  /** Our files of one kind in the directory, oldest first (their names sort by time). */
  async #nuestros(patron: RegExp): Promise<string[]> {
    const todos = await fs.promises.readdir(this.opciones.dir).catch(() => [] as string[]);
    return todos.filter((f) => patron.test(f)).sort();
  }

  /** When the newest of our files in the directory was written (the metrics after a restart). */
  async ultimo(): Promise<Date | null> {
    let ultimo: Date | null = null;
    for (const { patron } of Object.values(TIPOS)) {
      const nuestros = await this.#nuestros(patron);
      const nombre = nuestros[nuestros.length - 1];
      if (!nombre) continue;
      const { mtime } = await fs.promises.stat(path.join(this.opciones.dir, nombre));
      if (!ultimo || mtime > ultimo) ultimo = mtime;
    }
    return ultimo;
  }

  /** Starts the schedule (BACKUP_CRON in plant time). */
  iniciar(): void {
    if (!this.opciones.cron || this.#cron) return;
    this.#cron = new Cron(
      this.opciones.cron,
      { timezone: this.opciones.timeZone, protect: true },
      async () => {
        let soltar: (() => Promise<void>) | null;
        try {
          soltar = await this.database.tryLock(CANDADO_RESPALDO, () => {});
        } catch (err) {
          this.opciones.logger?.error({ err }, 'el respaldo programado no pudo empezar');
          return;
        }
        if (!soltar) {
          this.opciones.logger?.info('otro servidor escribe el respaldo programado de esta hora');
          return;
        }
        try {
          // Stopped meanwhile (the server is closing): no new backup.
          if (this.#cron) await this.crear('programado');
        } catch {
          // logged in #escribir; the next slot tries again
        } finally {
          await soltar();
        }
      },
    );
  }

  /**
   * Stops the schedule and the backup being written, if any (its partial file removed: the next
   * start's schedule writes one again); resolves once it has stopped. A closing server does not
   * wait minutes for pg_dump at the lowest CPU priority.
   */
  async detener(): Promise<void> {
    this.#cron?.stop();
    this.#cron = undefined;
    this.#cierre.abort();
    await this.#cola;
  }
}
