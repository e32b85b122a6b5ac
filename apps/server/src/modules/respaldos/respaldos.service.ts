import fs from 'node:fs';
import path from 'node:path';
import { Cron } from 'croner';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { escribirRespaldo, NOMBRE_RESPALDO, nombreRespaldo, RespaldoError } from '../../db/respaldo/crear.ts';
import { AppError } from '../../errors.ts';

export interface OpcionesRespaldos {
  /** BACKUP_DIR. */
  dir: string;
  /** BACKUP_KEEP: how many of the files named planta-…sql.gz are kept. */
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

/** Several servers on one PostgreSQL: the scheduled backup is written by one of them. */
const CANDADO_RESPALDO = 727_010;

/** Backups on a schedule and on demand, one at a time, the oldest beyond BACKUP_KEEP removed. */
export class ServicioRespaldos {
  #enCurso: Promise<ArchivoRespaldo> | undefined;
  #cron: Cron | undefined;

  constructor(
    private readonly database: Database,
    private readonly opciones: OpcionesRespaldos,
  ) {}

  /** A request while a backup is being written gets that one (a double click writes one file). */
  crear(motivo: 'manual' | 'programado'): Promise<ArchivoRespaldo> {
    this.#enCurso ??= this.#escribir(motivo).finally(() => {
      this.#enCurso = undefined;
    });
    return this.#enCurso;
  }

  async #escribir(motivo: string): Promise<ArchivoRespaldo> {
    const inicio = Date.now();
    const nombre = nombreRespaldo(new Date());
    try {
      const respaldo = await escribirRespaldo(this.database, path.join(this.opciones.dir, nombre), {
        pgDump: this.opciones.pgDump,
      });
      this.opciones.alEscribir?.(respaldo.creado);
      this.opciones.logger?.info(
        { archivo: respaldo.ruta, bytes: respaldo.bytes, ms: Date.now() - inicio, motivo },
        'respaldo escrito',
      );
      await this.#rotar();
      return { archivo: nombre, bytes: respaldo.bytes, creado: respaldo.creado };
    } catch (error) {
      this.opciones.logger?.error({ err: error, motivo }, 'el respaldo falló');
      if (error instanceof RespaldoError) {
        throw new AppError('SERVICE_UNAVAILABLE', `No se pudo crear el respaldo: ${error.message}`);
      }
      throw error;
    }
  }

  /** Keeps the newest BACKUP_KEEP files of ours; other files in the directory are never touched. */
  async #rotar(): Promise<void> {
    const nuestros = await this.#nuestros();
    for (const viejo of nuestros.slice(0, Math.max(0, nuestros.length - this.opciones.conservar))) {
      await fs.promises.rm(path.join(this.opciones.dir, viejo), { force: true });
      this.opciones.logger?.info({ archivo: viejo }, 'respaldo antiguo eliminado');
    }
  }

  /** Our files in the directory, oldest first (their names sort by time). */
  async #nuestros(): Promise<string[]> {
    const todos = await fs.promises.readdir(this.opciones.dir).catch(() => [] as string[]);
    return todos.filter((f) => NOMBRE_RESPALDO.test(f)).sort();
  }

  /** When the newest of our files in the directory was written (the metrics after a restart). */
  async ultimo(): Promise<Date | null> {
    const nuestros = await this.#nuestros();
    const ultimo = nuestros[nuestros.length - 1];
    if (!ultimo) return null;
    return (await fs.promises.stat(path.join(this.opciones.dir, ultimo))).mtime;
  }

  /** Starts the schedule (BACKUP_CRON in plant time). */
  iniciar(): void {
    if (!this.opciones.cron || this.#cron) return;
    this.#cron = new Cron(
      this.opciones.cron,
      { timezone: this.opciones.timeZone, protect: true },
      async () => {
        const soltar = await this.database.tryLock(CANDADO_RESPALDO, () => {});
        if (!soltar) return;
        try {
          await this.crear('programado');
        } catch {
          // logged in #escribir; the next slot tries again
        } finally {
          await soltar();
        }
      },
    );
  }

  detener(): void {
    this.#cron?.stop();
    this.#cron = undefined;
  }
}
