import type { LineTag } from '@planta/domain';
import { floorMinute, increase } from './minute-rows.ts';
import type { Samples } from './samples.ts';
import type { TagMapping } from './tag-mapping.ts';
import type { LineaEnVivo } from './types.ts';

/**
 * The live values of each line (speed, format, state and the running minute's counts), published
 * when any of the line's tags, or of its PLC, changes.
 */
export class LivePublisher {
  private readonly pendingLines = new Set<number>();
  private publishScheduled = false;

  constructor(
    private readonly samples: Samples,
    private readonly mapping: TagMapping,
    private readonly publishLine: (value: LineaEnVivo) => void,
  ) {}

  /**
   * One live message per line per batch of samples: node-opcua delivers a publish response's
   * changes in one go, so waiting for the end of the tick sends each second's speed, counters and
   * state together (publishing on the first tag would send the previous second's counters).
   */
  schedule(linea: number): void {
    this.pendingLines.add(linea);
    if (this.publishScheduled) return;
    this.publishScheduled = true;
    setImmediate(() => {
      this.publishScheduled = false;
      const lines = [...this.pendingLines];
      this.pendingLines.clear();
      for (const l of lines) this.publish(l);
    });
  }

  private publish(linea: number): void {
    const now = this.samples.lastReading ?? Date.now();
    const minuteStart = floorMinute(now);
    const history = (tag: LineTag) => this.samples.of(this.mapping.nodeOf(linea, tag));
    const running = (tag: LineTag) => {
      const h = history(tag);
      const current = h?.at(now);
      // Just after start-up there is no value at the minute's start: count from the first one.
      const atStart = h?.at(minuteStart) ?? h?.firstFrom(minuteStart)?.v;
      return current !== undefined && atStart !== undefined ? increase(atStart, current) : 0;
    };
    this.publishLine({
      linea,
      fecha: new Date(now),
      velocidad: history('Velocidad')?.at(now) ?? 0,
      formato: history('Formato')?.at(now) ?? 0,
      estado: history('Estado')?.at(now) ?? 0,
      botellas: running('Botellas'),
      botellas_llenas: running('BotellasLlenas'),
      paquetes: running('Paquetes'),
    });
  }
}
