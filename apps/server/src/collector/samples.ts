import { SampleHistory } from './minute-rows.ts';

/** The recent samples of every monitored node, and the latest source time seen (the PLC's clock). */
export class Samples {
  private readonly byNode = new Map<string, SampleHistory>();
  /** The newest source timestamp received (ms), null before the first sample. */
  lastReading: number | null = null;

  of(nodeId: string): SampleHistory | undefined {
    return this.byNode.get(nodeId);
  }

  push(nodeId: string, t: number, v: number): void {
    let history = this.byNode.get(nodeId);
    if (!history) {
      history = new SampleHistory();
      this.byNode.set(nodeId, history);
    }
    history.push({ t, v });
    this.lastReading = Math.max(this.lastReading ?? 0, t);
  }
}
