import { describe, expect, it } from 'vitest';
import { lttb, maxPointsForWidth, type SeriesPoint } from './downsample.ts';

/** One point a minute of a smooth sine wave, optionally with a single spike. */
function series(n: number, spikeAt?: number): SeriesPoint[] {
  return Array.from({ length: n }, (_, i) => ({
    t: 1_700_000_000_000 + i * 60_000,
    v: i === spikeAt ? 1000 : 50 + 10 * Math.sin(i / 50),
  }));
}

const isIncreasing = (points: SeriesPoint[]) =>
  points.every((p, i) => i === 0 || p.t > (points[i - 1]?.t ?? -Infinity));

describe('maxPointsForWidth', () => {
  it('allows two points per pixel', () => {
    expect(maxPointsForWidth(800)).toBe(1600);
    expect(maxPointsForWidth(360.5)).toBe(721);
    expect(maxPointsForWidth(0)).toBe(2);
  });
});

describe('lttb without gaps', () => {
  const day = series(1440, 777);
  const out = lttb(day, 200);

  it('returns exactly threshold points, keeping the first and the last', () => {
    expect(out).toHaveLength(200);
    expect(out[0]).toBe(day[0]);
    expect(out.at(-1)).toBe(day.at(-1));
  });

  it('keeps time increasing and only returns input points', () => {
    expect(isIncreasing(out)).toBe(true);
    for (const p of out) expect(day).toContain(p);
  });

  it('keeps a one-minute spike that averaging would flatten', () => {
    expect(out.some((p) => p.v === 1000)).toBe(true);
    expect(lttb(series(1440, 3), 10).some((p) => p.v === 1000)).toBe(true);
  });

  it('returns short series unchanged and keeps extra properties', () => {
    const few = [
      { t: 1, v: 2, unidad: 'kWh' },
      { t: 2, v: 3, unidad: 'kWh' },
    ];
    expect(lttb(few, 10)).toEqual(few);
    expect(lttb(series(1000), 3)).toHaveLength(3);
    expect(lttb(series(1000), 2)).toHaveLength(2);
  });

  it('refuses a threshold below 2', () => {
    expect(() => lttb(day, 1)).toThrow(RangeError);
    expect(() => lttb(day, Number.NaN)).toThrow(RangeError);
  });
});

describe('lttb with gaps', () => {
  // 600 values, 100 nulls (collector down), 400 values, 2 trailing nulls
  const base = series(1102);
  const withGaps: SeriesPoint[] = base.map((p, i) =>
    (i >= 600 && i < 700) || i >= 1100 ? { t: p.t, v: null } : p,
  );

  const out = lttb(withGaps, 100);
  const values = out.filter((p) => p.v !== null);
  const markers = out.filter((p) => p.v === null);

  it('stays within the threshold plus one marker per gap', () => {
    expect(values).toHaveLength(100);
    expect(markers).toHaveLength(2);
    expect(out).toHaveLength(102);
  });

  it('keeps each gap as one null where the gap starts', () => {
    const inner = out.findIndex((p) => p.v === null);
    expect(out[inner]?.t).toBe(withGaps[600]?.t);
    expect(out[inner - 1]).toBe(withGaps[599]); // the run before ends where the data ends
    expect(out[inner + 1]).toBe(withGaps[700]); // and the next starts where the data resumes
    expect(out.at(-1)?.t).toBe(withGaps[1100]?.t);
  });

  it('shares the budget in proportion to run length', () => {
    const before = out.findIndex((p) => p.v === null);
    expect(before).toBe(60); // 600 of 1,000 values → 60 of 100 points
  });

  it('keeps time increasing and the first point', () => {
    expect(isIncreasing(out)).toBe(true);
    expect(out[0]).toBe(withGaps[0]);
  });

  it('collapses gaps even when no downsampling is needed, and keeps a leading gap', () => {
    const small: SeriesPoint[] = [
      { t: 1, v: null },
      { t: 2, v: null },
      { t: 3, v: 5 },
      { t: 4, v: null },
      { t: 5, v: Number.NaN },
      { t: 6, v: 7 },
    ];
    expect(lttb(small, 100)).toEqual([
      { t: 1, v: null },
      { t: 3, v: 5 },
      { t: 4, v: null },
      { t: 6, v: 7 },
    ]);
  });

  it('never returns more values than the threshold, even with many tiny runs', () => {
    const choppy: SeriesPoint[] = Array.from({ length: 300 }, (_, i) => ({
      t: i,
      v: i % 3 === 2 ? null : i,
    }));
    const result = lttb(choppy, 50);
    expect(result.filter((p) => p.v !== null).length).toBeLessThanOrEqual(50);
    expect(isIncreasing(result)).toBe(true);
    // no two markers side by side
    expect(result.some((p, i) => p.v === null && result[i + 1]?.v === null)).toBe(false);
  });

  it('returns an empty series for empty input', () => {
    expect(lttb([], 10)).toEqual([]);
  });
});
