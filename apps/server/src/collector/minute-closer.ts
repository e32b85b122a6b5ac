import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { COUNTER_TAGS } from '@planta/domain';
import type { Logger } from 'pino';
import { buildBatch } from './minute-batch.ts';
import { floorMinute, MINUTE } from './minute-rows.ts';
import type { MinuteSink } from './minute-sink.ts';
import type { Samples } from './samples.ts';
import type { TagMapping } from './tag-mapping.ts';
import type { MinuteWritten } from './types.ts';

export interface MinuteCloserOptions {
  /** Where the last closed boundary is kept (estado.json). */
  dir: string;
  log: Logger;
  samples: Samples;
  mapping: TagMapping;
  sink: MinuteSink;
  /** See CollectorOptions. */
  closeDelayMs?: number;
  onBaseline?: (boundary: Date) => Promise<void>;
  onMinuteClosing?: (boundary: Date) => void;
  onMinuteWritten?: (report: MinuteWritten) => void;
}

/**
 * Closes minutes: at each minute boundary (by the PLC's clock) the counters' values in force are
 * taken, and the rows of the minutes since the last boundary closed are built from the deltas and
 * handed to the sink. Waits for tags still warming up after connecting, takes fresh values after
 * an outage, and keeps the last closed boundary on disk across restarts.
 */
export class MinuteCloser {
  /** Per node: the value as of the last closed minute boundary, and that boundary. */
  private closedAt: number | null = null;
  private closedValues = new Map<string, number>();
  private closing = false;
  /** Boundaries skipped while tags were not reporting yet, right after connecting. */
  private warmingUp = true;
  private waitedBoundaries = 0;
  private lastWaitedBoundary: number | null = null;
  /** Data time when the link was lost: values older than this are stale after reconnecting. */
  private lostAt: number | null = null;
  /** Nodes added by a mapping reload: not waited for when closing the first minute after it. */
  private readonly freshNodes = new Set<string>();
  private readonly stateFile: string;

  constructor(private readonly options: MinuteCloserOptions) {
    fs.mkdirSync(options.dir, { recursive: true });
    this.stateFile = path.join(options.dir, 'estado.json');
    this.loadState();
  }

  /** A session was just opened: tags not reporting yet are waited for a few boundaries. */
  connected(): void {
    this.warmingUp = true;
  }

  /** The link to the plant was lost at data time `at`. */
  linkLost(at: number): void {
    this.lostAt = at;
  }

  /** Nodes a mapping reload added: they start counting at their first boundary. */
  markFresh(nodeIds: Iterable<string>): void {
    for (const nodeId of nodeIds) this.freshNodes.add(nodeId);
  }

  /**
   * The last closed boundary and the counters then, kept on disk: after a crash or restart the
   * first minute closed counts from there (the PLC kept counting), spread over the minutes missed.
   */
  private loadState(): void {
    try {
      const saved = JSON.parse(fs.readFileSync(this.stateFile, 'utf8')) as {
        closedAt: number;
        values: [string, number][];
      };
      // Counters older than a day are not worth spreading over: start afresh.
      if (Date.now() - saved.closedAt < 24 * 3_600_000) {
        this.closedAt = saved.closedAt;
        this.closedValues = new Map(saved.values);
        this.options.log.info(
          { desde: new Date(saved.closedAt).toISOString() },
          'se continúa desde el último minuto cerrado',
        );
      }
    } catch {
      // no saved state
    }
  }

  private saveState(): void {
    const tmp = `${this.stateFile}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify({ closedAt: this.closedAt, values: [...this.closedValues] }));
    fs.renameSync(tmp, this.stateFile);
  }

  /**
   * Minutes are closed by the PLC's clock (source timestamps), not the server's: once the data has
   * moved `closeDelayMs` past a boundary, every minute up to that boundary is closed. Clock skew
   * between PLC and server does not matter, and a replayed or accelerated clock works the same.
   */
  maybeClose(): void {
    const lastReading = this.options.samples.lastReading;
    if (lastReading === null) return;
    const boundary = floorMinute(lastReading - (this.options.closeDelayMs ?? 2_500));
    if (this.closedAt !== null && boundary <= this.closedAt) return;
    if (this.closing) return;
    this.closing = true;
    void this.close(boundary).finally(() => {
      this.closing = false;
    });
  }

  /**
   * Closes every minute up to the last boundary: counter deltas between boundaries (the value in
   * force at each boundary), speeds and readings averaged over the minute. After an outage the
   * increase is spread over the minutes missed, so no minute is left without a row.
   */
  private async close(boundary: number): Promise<void> {
    const { samples, mapping, log } = this.options;
    try {
      const values = new Map<string, number>();
      const counterIds = [
        ...mapping.lines.flatMap((linea) => COUNTER_TAGS.map((tag) => mapping.nodeOf(linea, tag))),
        ...mapping.variables.filter((v) => v.agregacion === 'SUMA').map((v) => v.nodeId),
      ];
      let waiting = false;
      for (const nodeId of counterIds) {
        const history = samples.of(nodeId);
        let sample = history?.sampleAt(boundary);
        // Not reporting yet (just connected) or only since after this boundary: wait for the next
        // boundary, from the same baseline. A tag still silent after a few minutes is left out.
        // A node a mapping reload just added starts counting at its first boundary: not waited for.
        if (
          !sample &&
          !this.freshNodes.has(nodeId) &&
          (history?.latest() || (this.warmingUp && this.waitedBoundaries < 3))
        )
          waiting = true;
        // After an outage the value in force may predate it: take the first fresh one instead
        // (the increase over the outage is then spread over the minutes missed).
        if (sample && this.lostAt !== null && sample.t < this.lostAt && boundary > this.lostAt) {
          sample = history?.firstFrom(boundary) ?? sample;
        }
        if (sample) {
          values.set(nodeId, sample.v);
          this.freshNodes.delete(nodeId);
        }
      }
      // A counter without a value at this boundary (just connected mid-minute): close later, from
      // the same baseline, so nothing is counted twice or lost.
      if (waiting) {
        if (boundary !== this.lastWaitedBoundary) {
          this.lastWaitedBoundary = boundary;
          this.waitedBoundaries++;
        }
        return;
      }
      this.waitedBoundaries = 0;
      this.warmingUp = false;
      // The minutes since the last close span an outage: the values in force at the boundaries in
      // between are from before it (the PLC kept counting): the increase is spread over them.
      const outage = this.lostAt !== null && boundary > this.lostAt;
      if (outage) this.lostAt = null;
      const previous = this.closedAt;
      const previousValues = this.closedValues;
      this.closedAt = boundary;
      this.closedValues = values;
      this.saveState();
      if (previous === null) {
        await this.options
          .onBaseline?.(new Date(boundary))
          .catch((err: unknown) => log.warn({ err }, 'no se pudo completar la historia'));
        return;
      }
      if (boundary <= previous) return;
      const minutes = Math.round((boundary - previous) / MINUTE);
      this.options.onMinuteClosing?.(new Date(boundary));
      const started = performance.now();
      const batch = await buildBatch(samples, mapping, previous, minutes, previousValues, values, outage);
      const written = await this.options.sink.write(batch);
      const writtenAt = performance.now();
      void written?.derived.then(() =>
        this.options.onMinuteWritten?.({
          boundary: new Date(boundary),
          filas: batch.scada.length + batch.lecturas.length,
          escrituraMs: writtenAt - started,
          derivacionMs: performance.now() - writtenAt,
        }),
      );
    } catch (err) {
      log.error({ err }, 'no se pudo cerrar el minuto');
    }
  }
}
