import { describe, expect, it } from 'vitest';
import { buildTrendOption, trendLabels, trendLabelStep, trendSubtitle } from './trend-option.ts';
import type { TrendPoint } from './trend-points.ts';

const points: TrendPoint[] = [
  { tipo: 'mensual', fecha: '2026-09-01', valor: 750_000, meta: 780_000 },
  { tipo: 'mensual', fecha: '2026-10-01', valor: 800_000, meta: 790_000 },
  { tipo: 'diario', fecha: '2026-11-01', valor: 25_000, meta: 26_000 },
  { tipo: 'diario', fecha: '2026-11-02', valor: null, meta: null },
  { tipo: 'diario', fecha: '2026-11-03', valor: 27_000, meta: 26_000 },
];

type Series = { name: string; type: string; yAxisIndex: number; data: (number | null)[] };

describe('buildTrendOption', () => {
  it('labels months and days in Spanish', () => {
    expect(trendLabels(points)).toEqual(['Sep', 'Oct', '01 nov', '02 nov', '03 nov']);
  });

  it('labels both months and every step-th day (phones: days only)', () => {
    expect(trendLabelStep(31, false)).toBe(2);
    expect(trendLabelStep(31, true)).toBe(7);
    expect(trendLabelStep(3, false)).toBe(1);
    const option = buildTrendOption({ points, unidad: 'CU', decimales: 0, agregacion: 'SUMA' })!;
    const interval = (option.xAxis as { axisLabel: { interval: (i: number) => boolean } }).axisLabel.interval;
    expect([0, 1, 2, 3, 4].map(interval)).toEqual([true, true, true, true, true]);
    const long = Array.from({ length: 20 }, (_, i) => ({
      ...points[2]!,
      fecha: `2026-11-${String(i + 1).padStart(2, '0')}`,
    }));
    const compact = buildTrendOption({
      points: [points[0]!, points[1]!, ...long],
      unidad: 'CU',
      decimales: 0,
      agregacion: 'SUMA',
      compact: true,
    })!;
    const compactInterval = (compact.xAxis as { axisLabel: { interval: (i: number) => boolean } }).axisLabel
      .interval;
    // Phone: no month labels, no label on the 1st (next to the months), then every 4th day of 20.
    expect([0, 1, 2, 3, 6, 7, 10].map(compactInterval)).toEqual([
      false,
      false,
      false,
      false,
      true,
      false,
      true,
    ]);
    expect(trendLabelStep(20, true)).toBe(4);
  });

  it('says the period in words, with both years across the year end', () => {
    expect(trendSubtitle('2026-11-22')).toBe('Mensual sep – oct 2026 · diario 01 nov – 22 nov 2026');
    expect(trendSubtitle('2027-01-05')).toBe('Mensual nov – dic 2026 · diario 01 ene – 05 ene 2027');
    expect(trendSubtitle('2027-02-03')).toBe('Mensual dic 2026 – ene 2027 · diario 01 feb – 03 feb 2027');
  });

  it('SUMA: monthly bars on a right axis, daily bars on the left, a meta line for each', () => {
    const option = buildTrendOption({ points, unidad: 'CU', decimales: 0, agregacion: 'SUMA' })!;
    const series = option.series as Series[];
    expect(series.map((s) => [s.name, s.type, s.yAxisIndex])).toEqual([
      ['Mensual', 'bar', 1],
      ['Diario', 'bar', 0],
      ['Meta', 'line', 0],
      ['Meta', 'line', 1],
    ]);
    expect(series[0]!.data).toEqual([750_000, 800_000, null, null, null]);
    expect(series[1]!.data).toEqual([null, null, 25_000, null, 27_000]);
    expect(series[2]!.data).toEqual([null, null, 26_000, null, 26_000]);
    expect(series[3]!.data).toEqual([780_000, 790_000, null, null, null]);
    const yAxes = option.yAxis as { name?: string; position?: string }[];
    expect(yAxes.map((a) => a.name)).toEqual(['Diario (CU)', 'Mensual (CU)']);
    expect(yAxes[1]!.position).toBe('right');
  });

  it('ratios share one axis and one continuous meta line; no zoom for 3 months', () => {
    const option = buildTrendOption({ points, unidad: '%', decimales: 2, agregacion: 'PROMEDIO' })!;
    const series = option.series as Series[];
    expect(series.map((s) => s.yAxisIndex)).toEqual([0, 0, 0]);
    expect(series[2]!.data).toEqual([780_000, 790_000, 26_000, null, 26_000]);
    expect(option.yAxis).toHaveLength(1);
    expect(option.dataZoom).toEqual([]);
  });

  it('hides axis names on phones', () => {
    const option = buildTrendOption({
      points,
      unidad: 'CU',
      decimales: 0,
      agregacion: 'SUMA',
      compact: true,
    })!;
    expect((option.yAxis as { name?: string }[]).map((a) => a.name)).toEqual([undefined, undefined]);
  });

  it('tooltips give the value, the meta and the % of the meta, in Spanish', () => {
    const option = buildTrendOption({ points, unidad: 'CU', decimales: 0, agregacion: 'SUMA' })!;
    const formatter = (option.tooltip as { formatter: (p: unknown) => string }).formatter;
    const html = formatter([{ dataIndex: 2 }]);
    expect(html).toContain('domingo, 1 de noviembre de 2026');
    expect(html).toContain('25,000 CU');
    expect(html).toContain('26,000 CU');
    expect(html).toContain('96.2 %');
    expect(formatter([{ dataIndex: 0 }])).toContain('Septiembre 2026');
    expect(formatter([{ dataIndex: 99 }])).toBe('');
  });

  it('is null without any value (the chart says "Sin datos")', () => {
    const empty = points.map((p) => ({ ...p, valor: null }));
    expect(buildTrendOption({ points: empty, unidad: 'CU', decimales: 0, agregacion: 'SUMA' })).toBeNull();
  });
});
