import { describe, expect, it } from 'vitest';
import { aggregateDaily, periodMeta } from './aggregation.ts';

describe('aggregateDaily SUMA', () => {
  it('gives running month-to-date and year-to-date sums, restarting each month and year', () => {
    const rows = [
      { fecha: '2026-12-30', diario: 10 },
      { fecha: '2026-12-31', diario: 20 },
      { fecha: '2027-01-01', diario: 5 },
      { fecha: '2027-01-02', diario: 7 },
      { fecha: '2027-02-01', diario: 1 },
    ];
    expect(aggregateDaily('SUMA', rows)).toEqual([
      { fecha: '2026-12-30', mensual: 10, anual: 10 },
      { fecha: '2026-12-31', mensual: 30, anual: 30 },
      { fecha: '2027-01-01', mensual: 5, anual: 5 },
      { fecha: '2027-01-02', mensual: 12, anual: 12 },
      { fecha: '2027-02-01', mensual: 1, anual: 13 },
    ]);
  });

  it('sorts by fecha without mutating the input', () => {
    const rows = [
      { fecha: '2026-05-03', diario: 3 },
      { fecha: '2026-05-01', diario: 1 },
      { fecha: '2026-05-02', diario: 2 },
    ];
    const copy = rows.map((r) => ({ ...r }));
    expect(aggregateDaily('SUMA', rows).map((r) => [r.fecha, r.mensual])).toEqual([
      ['2026-05-01', 1],
      ['2026-05-02', 3],
      ['2026-05-03', 6],
    ]);
    expect(rows).toEqual(copy);
  });

  it('returns nothing for no rows and refuses a malformed fecha', () => {
    expect(aggregateDaily('SUMA', [])).toEqual([]);
    expect(() => aggregateDaily('SUMA', [{ fecha: '1/5/2026', diario: 1 }])).toThrow(RangeError);
  });
});

describe('aggregateDaily PROMEDIO', () => {
  // Water use ratio (L water / L beverage): a big day and a small day.
  const rows = [
    { fecha: '2026-03-01', diario: 1.5, numerador: 150_000, denominador: 100_000 },
    { fecha: '2026-03-02', diario: 3, numerador: 3_000, denominador: 1_000 },
  ];

  it('divides the sums when every row has its parts (ratio of sums)', () => {
    const [first, second] = aggregateDaily('PROMEDIO', rows);
    expect(first).toEqual({ fecha: '2026-03-01', mensual: 1.5, anual: 1.5 });
    // 153,000 / 101,000 = 1.5149 — the small day barely moves it
    expect(second?.mensual).toBeCloseTo(1.514851, 6);
    expect(second?.anual).toBeCloseTo(1.514851, 6);
    // the mean of the two ratios would be 2.25
    expect(second?.mensual).not.toBeCloseTo(2.25, 2);
  });

  it('falls back to the mean of diario when a row in the window lacks its parts', () => {
    const withoutParts = [...rows, { fecha: '2026-03-03', diario: 1.5, numerador: null }];
    const last = aggregateDaily('PROMEDIO', withoutParts).at(-1);
    expect(last?.mensual).toBe(2); // (1.5 + 3 + 1.5) / 3
  });

  it('judges each window on its own rows: a new month can use the ratio again', () => {
    const mixed = [
      { fecha: '2026-02-27', diario: 10 }, // no parts
      { fecha: '2026-03-01', diario: 1.5, numerador: 150, denominador: 100 },
      { fecha: '2026-03-02', diario: 3, numerador: 30, denominador: 10 },
    ];
    const last = aggregateDaily('PROMEDIO', mixed).at(-1);
    expect(last?.mensual).toBeCloseTo(180 / 110, 10); // March: ratio of sums
    expect(last?.anual).toBeCloseTo((10 + 1.5 + 3) / 3, 10); // year includes February without parts
  });

  it('uses the mean when the denominators add up to zero', () => {
    const zero = [
      { fecha: '2026-03-01', diario: 4, numerador: 0, denominador: 0 },
      { fecha: '2026-03-02', diario: 6, numerador: 0, denominador: 0 },
    ];
    expect(aggregateDaily('PROMEDIO', zero).at(-1)?.mensual).toBe(5);
  });
});

describe('aggregateDaily ULTIMO', () => {
  it('takes the latest daily value of the window', () => {
    const rows = [
      { fecha: '2026-01-31', diario: 40 },
      { fecha: '2026-01-15', diario: 70 },
      { fecha: '2026-02-01', diario: 55 },
    ];
    expect(aggregateDaily('ULTIMO', rows)).toEqual([
      { fecha: '2026-01-15', mensual: 70, anual: 70 },
      { fecha: '2026-01-31', mensual: 40, anual: 40 },
      { fecha: '2026-02-01', mensual: 55, anual: 55 },
    ]);
  });
});

describe('periodMeta', () => {
  it('SUMA adds the days\u2019 targets (month-to-date plan), skipping days without one', () => {
    expect(periodMeta('SUMA', [25_000, null, 25_000, undefined, 26_000])).toBe(76_000);
  });

  it('PROMEDIO and ULTIMO keep the latest target', () => {
    expect(periodMeta('PROMEDIO', [85, 85, 87, null])).toBe(87);
    expect(periodMeta('ULTIMO', [1.5, 1.4])).toBe(1.4);
  });

  it('is null when no day has a target', () => {
    expect(periodMeta('SUMA', [])).toBeNull();
    expect(periodMeta('PROMEDIO', [null, undefined, Number.NaN])).toBeNull();
  });
});
