import { productionDay } from '@planta/domain';
import type { Logger } from 'pino';
import type { Database } from '../db/tipos.ts';
import { deriveProductionDay } from '../derivations/production-day.ts';
import { MINUTE } from './minute-rows.ts';

/**
 * Keeps the production days just written derived (historicos, rollups), one at a time. The
 * hourly readings rollup is recomputed only for the hours of the minutes written; the first
 * derivation after start, and the next one after a failure, recompute the whole day (a crash
 * between a write and its derivation leaves nothing stale).
 */
export class DerivationQueue {
  private deriving = Promise.resolve();
  /** The next derivation recomputes its whole day (at start, and after a failed one). */
  private deriveWholeDay = true;

  constructor(
    private readonly database: Database,
    private readonly timeZone: string,
    private readonly log: Logger,
  ) {}

  /** Derives the days of the minutes written (`times`, ms); resolves when done (never rejects). */
  schedule(times: ReadonlySet<number>): Promise<void> {
    const days = new Map<string, { desde: number; hasta: number }>();
    for (const t of times) {
      const fecha = productionDay(t, this.timeZone);
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
        await deriveProductionDay(this.database.db, fecha, this.timeZone, {
          minutos: whole ? undefined : { desde: new Date(desde), hasta: new Date(hasta) },
        }).catch((err: unknown) => {
          this.deriveWholeDay = true;
          this.log.warn({ err, fecha }, 'no se pudo derivar el día');
        });
      }
    });
    return this.deriving;
  }

  /** Resolves when the derivations scheduled so far are done. */
  idle(): Promise<void> {
    return this.deriving;
  }
}
