import { counterDelta } from '@planta/plant-model';

export interface Sample {
  t: number; // sourceTimestamp, ms
  v: number;
}

/** Recent samples of one tag (a few minutes), for "value as of an instant" and means over a minute. */
export class SampleHistory {
  private samples: Sample[] = [];

  push(sample: Sample): void {
    const last = this.samples[this.samples.length - 1];
    if (last && sample.t < last.t) return; // out of order: keep time monotonic
    this.samples.push(sample);
    const horizon = sample.t - 10 * 60_000;
    while (this.samples.length > 2 && (this.samples[0]?.t ?? 0) < horizon) this.samples.shift();
  }

  /** The value in force at instant t: the last sample with timestamp ≤ t. */
  at(t: number): number | undefined {
    for (let i = this.samples.length - 1; i >= 0; i--) {
      const s = this.samples[i]!;
      if (s.t <= t) return s.v;
    }
    return undefined;
  }

  /** The sample in force at t and its timestamp. */
  sampleAt(t: number): Sample | undefined {
    for (let i = this.samples.length - 1; i >= 0; i--) {
      const s = this.samples[i]!;
      if (s.t <= t) return s;
    }
    return undefined;
  }

  /** The first sample at or after t (fresh data after a reconnection). */
  firstFrom(t: number): Sample | undefined {
    return this.samples.find((s) => s.t >= t);
  }

  /** Time-weighted mean over [from, to): each sample holds until the next one. */
  mean(from: number, to: number): number | undefined {
    let weighted = 0;
    let span = 0;
    let current = this.at(from);
    let since = from;
    for (const s of this.samples) {
      if (s.t <= from) continue;
      if (s.t >= to) break;
      if (current !== undefined) {
        weighted += current * (s.t - since);
        span += s.t - since;
      }
      current = s.v;
      since = s.t;
    }
    if (current !== undefined) {
      weighted += current * (to - since);
      span += to - since;
    }
    return span > 0 ? weighted / span : undefined;
  }

  latest(): Sample | undefined {
    return this.samples[this.samples.length - 1];
  }
}

/**
 * Splits a counter increase over `minutes` minutes: evenly, the remainder on the last minute (used
 * when the collector was cut off from the PLC for a while: no minute goes missing).
 */
export function splitEvenly(total: number, minutes: number): number[] {
  const base = Math.floor(total / minutes);
  return Array.from({ length: minutes }, (_, i) => (i === minutes - 1 ? total - base * (minutes - 1) : base));
}

/** Counter increase between two readings (rollover and PLC resets handled). */
export const increase = (previous: number, current: number) => counterDelta(previous, current);
