import { describe, expect, it } from 'vitest';
import { type TrendRow, hasValues, trendPoints } from './trend-points.ts';

const day = (
  fecha: string,
  diario: number,
  mensual: number | null,
  meta: number | null = null,
): TrendRow => ({
  fecha,
  diario,
  mensual,
  meta,
});

describe('trendPoints (last 3 months: two monthly points, then the days of this month)', () => {
  const rows: TrendRow[] = [
    day('2026-08-31', 5, 999, 1), // before the window: ignored
    day('2026-09-01', 100, 100, 90),
    day('2026-09-30', 120, 3000, 95),
    day('2026-10-01', 110, 110, 100),
    day('2026-10-31', 130, 3300, 100),
    day('2026-11-02', 125, 235, 100),
    day('2026-11-01', 110, 110, 100), // any order
    day('2026-11-04', 140, 375, null),
  ];

  it('SUMA: the months\u2019 figures against the summed metas, then each day to fecha with gaps', () => {
    const points = trendPoints(rows, '2026-11-05', 'SUMA');
    expect(points.slice(0, 2)).toEqual([
      { tipo: 'mensual', fecha: '2026-09-01', valor: 3000, meta: 185 },
      { tipo: 'mensual', fecha: '2026-10-01', valor: 3300, meta: 200 },
    ]);
    expect(points.slice(2)).toEqual([
      { tipo: 'diario', fecha: '2026-11-01', valor: 110, meta: 100 },
      { tipo: 'diario', fecha: '2026-11-02', valor: 125, meta: 100 },
      { tipo: 'diario', fecha: '2026-11-03', valor: null, meta: null },
      { tipo: 'diario', fecha: '2026-11-04', valor: 140, meta: null },
      { tipo: 'diario', fecha: '2026-11-05', valor: null, meta: null },
    ]);
  });

  it('PROMEDIO: the month keeps its latest meta; days without one carry the last meta forward', () => {
    const points = trendPoints(rows, '2026-11-05', 'PROMEDIO');
    expect(points[0]).toMatchObject({ valor: 3000, meta: 95 });
    expect(points.slice(2).map((p) => [p.valor, p.meta])).toEqual([
      [110, 100],
      [125, 100],
      [null, 100],
      [140, 100],
      [null, 100],
    ]);
  });

  it('derives a month\u2019s figure from its days when the server gave no mensual', () => {
    const points = trendPoints(
      [day('2026-09-01', 80, null), day('2026-09-02', 90, null)],
      '2026-11-01',
      'PROMEDIO',
    );
    expect(points[0]).toMatchObject({ tipo: 'mensual', valor: 85 });
    expect(points[1]).toMatchObject({ tipo: 'mensual', valor: null, meta: null });
  });

  it('crosses the year end (January shows November and December)', () => {
    const points = trendPoints([], '2027-01-03', 'SUMA');
    expect(points.map((p) => p.fecha)).toEqual([
      '2026-11-01',
      '2026-12-01',
      '2027-01-01',
      '2027-01-02',
      '2027-01-03',
    ]);
    expect(hasValues(points)).toBe(false);
    expect(hasValues(trendPoints(rows, '2026-11-05', 'SUMA'))).toBe(true);
  });
});
