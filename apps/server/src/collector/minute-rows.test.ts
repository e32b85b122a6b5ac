import { describe, expect, it } from 'vitest';
import { COUNTER_MODULO } from '@planta/domain';
import { increasesPerMinute, MINUTE, SampleHistory, splitEvenly, splitFractions } from './minute-rows.ts';

/** The linear scans SampleHistory replaced, as the reference its binary searches must match. */
const reference = (samples: { t: number; v: number }[]) => ({
  at: (t: number) => [...samples].reverse().find((s) => s.t <= t)?.v,
  firstFrom: (t: number) => samples.find((s) => s.t >= t),
  mean: (from: number, to: number) => {
    let weighted = 0;
    let span = 0;
    let current = [...samples].reverse().find((s) => s.t <= from)?.v;
    let since = from;
    for (const s of samples) {
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
  },
});

describe('SampleHistory', () => {
  it('answers at, sampleAt, firstFrom and mean as the linear scans do, at every boundary', () => {
    // Irregular times with repeats (two samples in the same millisecond) and a gap.
    const times = [1_000, 1_000, 1_500, 2_000, 2_750, 6_000, 6_000, 6_001, 9_999, 10_000];
    const samples = times.map((t, i) => ({ t, v: (i * 7) % 5 }));
    const history = new SampleHistory();
    for (const s of samples) history.push(s);
    const ref = reference(samples);
    for (let t = 0; t <= 11_000; t += 250) {
      for (const probe of [t - 1, t, t + 1]) {
        expect(history.at(probe)).toBe(ref.at(probe));
        expect(history.sampleAt(probe)?.v).toBe(ref.at(probe));
        expect(history.firstFrom(probe)).toEqual(ref.firstFrom(probe));
        for (const length of [1, 500, 1_000, 4_000]) {
          const mean = history.mean(probe, probe + length);
          const expected = ref.mean(probe, probe + length);
          if (expected === undefined) expect(mean).toBeUndefined();
          else expect(mean).toBeCloseTo(expected, 9);
        }
      }
    }
  });

  it('means a minute of one sample a second as the samples hold, and keeps ten minutes', () => {
    const history = new SampleHistory();
    for (let s = 0; s <= 15 * 60; s++) history.push({ t: s * 1_000, v: s % 2 });
    // Each value holds one second: half the minute 0, half 1.
    expect(history.mean(600_000, 660_000)).toBeCloseTo(0.5, 9);
    expect(history.at(600_500)).toBe(0);
    // Older than ten minutes before the last sample: dropped.
    expect(history.at(200_000)).toBeUndefined();
    expect(history.firstFrom(0)?.t).toBe(300_000);
    expect(history.latest()?.t).toBe(900_000);
  });

  it('stays exact over hours of samples (the arrays grow, then are reused in place)', () => {
    const history = new SampleHistory();
    const kept: { t: number; v: number }[] = [];
    for (let s = 0; s <= 3 * 3_600; s++) {
      // Irregular: some seconds skipped, some with two samples.
      if (s % 7 === 3) continue;
      const t = s * 1_000;
      const samples = s % 11 === 5 ? [t, t + 400] : [t];
      for (const st of samples) {
        const sample = { t: st, v: Math.sin(st / 10_000) * 100 };
        history.push(sample);
        kept.push(sample);
      }
      if (s % 600 === 0 && s > 0) {
        const last = kept.at(-1)!.t;
        const ref = reference(kept.filter((k) => k.t >= last - 10 * 60_000));
        for (let m = last - 9 * 60_000; m + 60_000 <= last; m += 60_000) {
          expect(history.mean(m, m + 60_000)).toBeCloseTo(ref.mean(m, m + 60_000)!, 9);
          expect(history.at(m + 500)).toBe(ref.at(m + 500));
          expect(history.firstFrom(m + 500)).toEqual(ref.firstFrom(m + 500));
        }
        expect(history.latest()).toEqual(kept.at(-1));
      }
    }
  });

  it('ignores a sample older than the last one (time stays monotonic)', () => {
    const history = new SampleHistory();
    history.push({ t: 2_000, v: 1 });
    history.push({ t: 1_000, v: 9 });
    expect(history.at(1_500)).toBeUndefined();
    expect(history.at(2_500)).toBe(1);
  });
});

describe('splitEvenly', () => {
  it('spreads a counter increase over the minutes missed, the remainder on the last', () => {
    expect(splitEvenly(10, 3)).toEqual([3, 3, 4]);
    expect(splitEvenly(7, 1)).toEqual([7]);
  });
});

describe('increasesPerMinute', () => {
  const T = 1_781_103_840_000;
  /** A counter sampled every 20 s, `perMinute[i]` counted in minute i (its samples in between). */
  const counter = (start: number, perMinute: number[]) => {
    const history = new SampleHistory();
    let value = start;
    history.push({ t: T, v: value });
    perMinute.forEach((n, i) => {
      for (let s = 1; s <= 3; s++) {
        value =
          (start + perMinute.slice(0, i).reduce((a, b) => a + b, 0) + Math.round((n * s) / 3)) %
          COUNTER_MODULO;
        history.push({ t: T + i * MINUTE + s * 20_000, v: value });
      }
    });
    return { history, end: value };
  };

  it('gives each minute its own count when a close came minutes late (the samples hold every boundary)', () => {
    const { history, end } = counter(COUNTER_MODULO - 700, [612, 624, 0, 7]);
    expect(increasesPerMinute(history, T, 4, COUNTER_MODULO - 700, end)).toEqual([612, 624, 0, 7]);
  });

  it('spreads evenly where the boundaries are not held: an outage, or samples only since a restart', () => {
    const { end } = counter(100, [612, 624, 0, 7]);
    expect(increasesPerMinute(undefined, T, 4, 100, end)).toEqual([310, 310, 310, 313]);
    // Samples only from the third minute on: the first two minutes share what they counted.
    const since = new SampleHistory();
    since.push({ t: T + 2 * MINUTE, v: 100 + 612 + 624 });
    since.push({ t: T + 3 * MINUTE + 30_000, v: end });
    expect(increasesPerMinute(since, T, 4, 100, end)).toEqual([618, 618, 0, 7]);
  });

  it('sums to the increase between the two ends, whatever the history holds', () => {
    const { history, end } = counter(5_000, [30, 0, 45, 12, 60]);
    for (const h of [history, undefined]) {
      const increases = increasesPerMinute(h, T, 5, 5_000, end);
      expect(increases).toHaveLength(5);
      expect(increases.reduce((a, b) => a + b, 0)).toBe(147);
    }
    // Fractional totals (SUMA variables) split with their own spread.
    expect(increasesPerMinute(undefined, T, 4, 1.5, 3.5, splitFractions)).toEqual([0.5, 0.5, 0.5, 0.5]);
  });
});
