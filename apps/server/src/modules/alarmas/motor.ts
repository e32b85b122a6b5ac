import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Correo } from '../../mail/correo.ts';
import { evaluarAlarmas } from './evaluacion.ts';

export interface MotorOptions {
  timeZone: string;
  correo: Correo;
  publicUrl: string;
  /** Pass period (ALARMS_INTERVAL_MS, default 10 s); writes on this server also ask for a pass at once. */
  intervaloMs: number;
  logger: Logger;
  /** Told which users' unread count changed (the bell's subscription). */
  avisar: (usuarios: number[]) => void;
}

/**
 * Runs the alarm evaluation and the e-mail outbox: every `intervaloMs`, and shortly after a write on
 * this server asks for it (`pedir`). Passes never overlap; a pass asked for during one runs right
 * after it. Several servers may all run it: the evaluation takes a database lock and is idempotent,
 * the outbox leases its messages.
 */
export class MotorAlarmas {
  private timer: NodeJS.Timeout | undefined;
  private pronto: NodeJS.Timeout | undefined;
  private corriendo: Promise<void> | undefined;
  private otraVez = false;
  private detenido = false;
  private readonly tareas: ((ahora: Date) => Promise<unknown>)[] = [];

  constructor(
    private readonly db: Db,
    private readonly options: MotorOptions,
  ) {}

  start(): void {
    this.detenido = false;
    this.timer = setInterval(() => void this.pasada(), this.options.intervaloMs);
    this.timer.unref();
    void this.pasada();
  }

  /** Another job for each pass (the scheduled reports), after the evaluation and before the e-mails. */
  agregarTarea(tarea: (ahora: Date) => Promise<unknown>): void {
    this.tareas.push(tarea);
  }

  /** Whether e-mail can be sent (SMTP_URL set). */
  get correoActivo(): boolean {
    return this.options.correo.activo;
  }

  /** A write that may open or close an alarm happened: evaluate soon (coalesced). */
  pedir(): void {
    if (this.detenido || this.pronto) return;
    this.pronto = setTimeout(() => {
      this.pronto = undefined;
      void this.pasada();
    }, 200);
    this.pronto.unref();
  }

  /** One pass now (tests, and the timer): evaluation, then the due e-mails. */
  pasada(ahora?: Date): Promise<void> {
    if (this.corriendo) {
      this.otraVez = true;
      return this.corriendo;
    }
    this.corriendo = (async () => {
      try {
        do {
          this.otraVez = false;
          const resultado = await evaluarAlarmas(this.db, {
            timeZone: this.options.timeZone,
            now: ahora,
            correo: this.options.correo.activo,
            publicUrl: this.options.publicUrl,
          });
          if (resultado.usuarios.length > 0) this.options.avisar(resultado.usuarios);
          if (resultado.abiertas > 0 || resultado.normalizadas > 0)
            this.options.logger.info(
              { abiertas: resultado.abiertas, normalizadas: resultado.normalizadas },
              'alarmas evaluadas',
            );
          for (const tarea of this.tareas) await tarea(ahora ?? new Date());
          await this.options.correo.enviarPendientes(ahora);
        } while (this.otraVez && !this.detenido);
      } catch (error) {
        if (!this.detenido) this.options.logger.warn({ err: error }, 'no se pudieron evaluar las alarmas');
      } finally {
        this.corriendo = undefined;
      }
    })();
    return this.corriendo;
  }

  async stop(): Promise<void> {
    this.detenido = true;
    clearInterval(this.timer);
    clearTimeout(this.pronto);
    this.pronto = undefined;
    await this.corriendo;
    this.options.correo.close();
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The alarm evaluation and e-mail outbox of this server (tests run passes with it). */
    motorAlarmas: MotorAlarmas;
  }
}
