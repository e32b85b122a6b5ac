import { counterDelta } from '@planta/domain';

export interface Sample {
  t: number; // sourceTimestamp, ms
  v: number;
}

export const MINUTE = 60_000;
/** The minute boundary at or before t (ms). */
export const floorMinute = (t: number) => Math.floor(t / MINUTE) * MINUTE;

/** How long samples are kept: the minutes still to close, and a few more while tags warm up. */
const HORIZON_MS = 10 * 60_000;

/**
 * Recent samples of one tag (a few minutes), for "value as of an instant" and means over a minute.
 * Samples are kept in time order in two Float64Arrays (times, values) rather than as objects: at
 * 5,000 tags and a sample a second that is 3 million samples, which as objects made every major
 * garbage collection trace them (pauses of 300 ms on the event loop). Lookups are binary searches,
 * so closing a minute of 5,000 tags costs a few milliseconds.
 */
export class SampleHistory {
  private times = new Float64Array(64);
  private values = new Float64Array(64);
  /** The live samples are [head, tail) of the arrays. */
  private head = 0;
  private tail = 0;

  push(sample: Sample): void {
    if (this.tail > this.head && sample.t < this.times[this.tail - 1]!) return; // out of order: keep time monotonic
    if (this.tail === this.times.length) this.makeRoom();
    this.times[this.tail] = sample.t;
    this.values[this.tail] = sample.v;
    this.tail++;
    const horizon = sample.t - HORIZON_MS;
    while (this.tail - this.head > 2 && this.times[this.head]! < horizon) this.head++;
  }

  /** Moves the live samples to the start, growing the arrays when they are more than half full. */
  private makeRoom(): void {
    const count = this.tail - this.head;
    const size = count * 2 > this.times.length ? this.times.length * 2 : this.times.length;
    if (size === this.times.length) {
      this.times.copyWithin(0, this.head, this.tail);
      this.values.copyWithin(0, this.head, this.tail);
    } else {
      const times = new Float64Array(size);
      const values = new Float64Array(size);
      times.set(this.times.subarray(this.head, this.tail));
      values.set(this.values.subarray(this.head, this.tail));
      this.times = times;
      this.values = values;
    }
    this.head = 0;
    this.tail = count;
  }

  private sample(i: number): Sample | undefined {
    return i >= this.head && i < this.tail ? { t: this.times[i]!, v: this.values[i]! } : undefined;
  }

  /** Index of the first sample with timestamp > t (or ≥ t when `inclusive`); tail when none. */
  private firstAfter(t: number, inclusive = false): number {
    let lo = this.head;
    let hi = this.tail;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const st = this.times[mid]!;
      if (st < t || (!inclusive && st === t)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The value in force at instant t: the last sample with timestamp ≤ t. */
  at(t: number): number | undefined {
    const i = this.firstAfter(t) - 1;
    return i >= this.head ? this.values[i] : undefined;
  }

  /** The sample in force at t and its timestamp. */
  sampleAt(t: number): Sample | undefined {
    return this.sample(this.firstAfter(t) - 1);
  }

  /** The first sample at or after t (fresh data after a reconnection). */
  firstFrom(t: number): Sample | undefined {
    return this.sample(this.firstAfter(t, true));
  }

  /** Time-weighted mean over [from, to): each sample holds until the next one. */
  mean(from: number, to: number): number | undefined {
    let weighted = 0;
    let span = 0;
    const first = this.firstAfter(from);
    let current = first > this.head ? this.values[first - 1] : undefined;
    let since = from;
    for (let i = first; i < this.tail; i++) {
      const st = this.times[i]!;
      if (st >= to) break;
      if (current !== undefined) {
        weighted += current * (st - since);
        span += st - since;
      }
      current = this.values[i]!;
      since = st;
    }
    if (current !== undefined) {
      weighted += current * (to - since);
      span += to - since;
    }
    return span > 0 ? weighted / span : undefined;
  }

  latest(): Sample | undefined {
    return this.sample(this.tail - 1);
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

/** Splits a meter's increase (a SUMA variable's, fractional) over `minutes` minutes in equal parts. */
export const splitFractions = (total: number, minutes: number): number[] =>
  Array.from({ length: minutes }, () => total / minutes);

/** Counter increase between two readings (rollover and PLC resets handled). */
export const increase = (previous: number, current: number) => counterDelta(previous, current);

/**
 * A counter's increase in each of the `minutes` minutes from `from`, given its values at the first
 * boundary (`before`) and the last (`after`). When several minutes close at once because closing
 * came late (a busy server, a slow write) the counter's history holds the value in force at each
 * boundary in between, and each minute gets its own increase; a stretch whose boundaries the
 * history does not hold (no `history`: after an outage, whose values in force are stale; samples
 * only since a restart) has its increase spread over its minutes by `spread` (`splitEvenly` for
 * whole counts).
 */
export function increasesPerMinute(
  history: SampleHistory | undefined,
  from: number,
  minutes: number,
  before: number,
  after: number,
  spread: (total: number, minutes: number) => number[] = splitEvenly,
): number[] {
  const increases: number[] = [];
  let known = before;
  let knownAt = 0;
  for (let k = 1; k <= minutes; k++) {
    const value = k === minutes ? after : history?.at(from + k * MINUTE);
    if (value === undefined) continue;
    increases.push(...spread(increase(known, value), k - knownAt));
    known = value;
    knownAt = k;
  }
  return increases;
}
