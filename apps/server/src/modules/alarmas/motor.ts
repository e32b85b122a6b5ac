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
  /** The passes run one after another, each with its own instant. */
  private cola: Promise<void> = Promise.resolve();
  /** An automatic pass (timer, write) is waiting its turn: another one would do the same work. */
  private automaticaEnCola = false;
  private detenido = false;
  private readonly tareas: ((ahora: Date) => Promise<unknown>)[] = [];

  constructor(
    private readonly db: Db,
    private readonly options: MotorOptions,
  ) {}

  start(): void {
    this.detenido = false;
    this.timer = setInterval(() => this.automatica(), this.options.intervaloMs);
    this.timer.unref();
    this.automatica();
  }

  /** Another job for each pass (the scheduled reports), after the evaluation and before the e-mails. */
  agregarTarea(tarea: (ahora: Date) => Promise<unknown>): void {
    this.tareas.push(tarea);
  }

  /** Whether e-mail can be sent (SMTP_URL set). */
  get correoActivo(): boolean {
    return this.options.correo.activo;
  }

  /** A write that may open or close an alarm happened: evaluate soon (coalesced; only once started). */
  pedir(): void {
    if (this.detenido || !this.timer || this.pronto) return;
    this.pronto = setTimeout(() => {
      this.pronto = undefined;
      this.automatica();
    }, 200);
    this.pronto.unref();
  }

  /** One pass at `ahora` (default: when it runs), after any pass already running: tests play time with it. */
  pasada(ahora?: Date): Promise<void> {
    return this.encolar(() => this.unaPasada(ahora));
  }

  private automatica(): void {
    if (this.detenido || this.automaticaEnCola) return;
    this.automaticaEnCola = true;
    void this.encolar(() => {
      this.automaticaEnCola = false;
      return this.unaPasada(undefined);
    });
  }

  private encolar(pasada: () => Promise<void>): Promise<void> {
    const turno = this.cola.then(pasada);
    this.cola = turno.catch(() => {});
    return turno;
  }

  private async unaPasada(ahora: Date | undefined): Promise<void> {
    if (this.detenido) return;
    try {
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
    } catch (error) {
      if (!this.detenido) this.options.logger.warn({ err: error }, 'no se pudieron evaluar las alarmas');
    }
  }

  async stop(): Promise<void> {
    this.detenido = true;
    clearInterval(this.timer);
    this.timer = undefined;
    clearTimeout(this.pronto);
    this.pronto = undefined;
    await this.cola;
    this.options.correo.close();
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The alarm evaluation and e-mail outbox of this server (tests run passes with it). */
    motorAlarmas: MotorAlarmas;
  }
}
