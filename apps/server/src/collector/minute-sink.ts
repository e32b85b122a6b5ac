import type { Logger } from 'pino';
import type { Database } from '../db/tipos.ts';
import { DiskBuffer } from './buffer.ts';
import type { DerivationQueue } from './derivation-queue.ts';
import { type MinuteBatch, writeMinuteRows } from './minute-writer.ts';
import type { ParoEscrito, ParoEvento } from './stop-events.ts';

const rowsOf = (b: MinuteBatch) => b.scada.length + b.lecturas.length + (b.paros?.length ?? 0);

/**
 * Where closed minutes and stop events go: written to the database (then their days derived), or,
 * while the database fails, kept in the disk buffer (DATA_DIR/colector/pendientes.jsonl) and
 * replayed every 5 s, oldest first. Writes go one at a time, in the order given, and once anything
 * waits in the buffer, what follows waits behind it: a stop's close never overtakes its open.
 */
export class MinuteSink {
  private readonly buffer: DiskBuffer<MinuteBatch>;
  private flushTimer: NodeJS.Timeout | undefined;
  /** When the last batch was committed (ms, server clock). */
  lastWritten: number | null = null;
  private bufferedCount = { stamp: '', rows: 0 };

  constructor(
    dir: string,
    private readonly database: Database,
    private readonly derivations: DerivationQueue,
    private readonly log: Logger,
    /** Stops written (opened, closed): their lines' live lists read them again. */
    private readonly onParos: (paros: ParoEscrito[]) => void = () => {},
  ) {
    this.buffer = new DiskBuffer<MinuteBatch>(dir, undefined, rowsOf);
  }

  start(): void {
    this.flushTimer = setInterval(() => void this.flush(), 5_000);
    this.flushTimer.unref();
  }

  stop(): void {
    clearInterval(this.flushTimer);
  }

  /** Rows dropped from the full buffer since start. */
  get dropped(): number {
    return this.buffer.dropped;
  }

  /** Rows waiting in the disk buffer; the file (up to 64 MB) is read again only when it changed. */
  bufferedRows(): number {
    const stamp = this.buffer.stamp();
    if (stamp === '') return 0;
    if (stamp !== this.bufferedCount.stamp) {
      const rows = this.buffer.read().reduce((n, b) => n + rowsOf(b), 0);
      this.bufferedCount = { stamp, rows };
    }
    return this.bufferedCount.rows;
  }

  /** Writes a batch (or buffers it on disk); once written, resolves to its derivation's end. */
  write(batch: MinuteBatch): Promise<{ derived: Promise<void> } | undefined> {
    if (rowsOf(batch) === 0) return Promise.resolve(undefined);
    return this.serial(async () => {
      // Stop events keep their order: behind what the buffer holds, they wait there too.
      if (batch.paros?.length && this.buffer.stamp() !== '') {
        this.buffer.append(batch);
        return undefined;
      }
      try {
        return await this.commit(batch);
      } catch (err) {
        this.log.warn(
          { err, filas: rowsOf(batch) },
          'base de datos no disponible: filas guardadas en el buffer',
        );
        this.buffer.append(batch);
        return undefined;
      }
    });
  }

  /** The stop events waiting in the disk buffer, oldest first (adopted after a restart). */
  pendingParos(): ParoEvento[] {
    return this.buffer.read().flatMap((b) => b.paros ?? []);
  }

  private queue: Promise<unknown> = Promise.resolve();

  /** One write at a time, in the order asked. */
  private serial<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work, work);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async commit(batch: MinuteBatch): Promise<{ derived: Promise<void> }> {
    const paros = await writeMinuteRows(this.database.db, batch);
    // The minutes written (a handful), not one instant per row: 5,000 rows are one minute.
    const times = new Set<number>();
    for (const r of batch.scada) times.add(r.t);
    for (const r of batch.lecturas) times.add(r.t);
    // A stop's days are derived again (MTTR/MTTF, planned time) when it opens and when it closes.
    for (const e of batch.paros ?? []) times.add(e.fin ?? e.inicio);
    // "The last minute written" (/healthz retraso_segundos): a stop event alone is not a minute.
    if (batch.scada.length + batch.lecturas.length > 0) this.lastWritten = Date.now();
    if (paros.length > 0) this.onParos(paros);
    return { derived: this.derivations.schedule(times) };
  }

  /** Replays the buffered batches, oldest first; each leaves the file only once committed. */
  private flush(): Promise<void> {
    return this.serial(() => this.flushNow());
  }

  private async flushNow(): Promise<void> {
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
}
