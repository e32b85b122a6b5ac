import { describe, expect, it } from 'vitest';
import type { ChartOption } from '../chart-option.ts';
import { fitValueAxis } from './trend-axis.ts';

const option: ChartOption = { yAxis: [{ type: 'value', name: '%' }], series: [] };

describe('fitValueAxis', () => {
  it('fits the axis of yields and ratios to their values', () => {
    expect(fitValueAxis(option, 'PROMEDIO')?.yAxis).toEqual([{ type: 'value', name: '%', scale: true }]);
    expect(fitValueAxis({ yAxis: { type: 'value' } }, 'ULTIMO')?.yAxis).toEqual([
      { type: 'value', scale: true },
    ]);
  });

  it('keeps the axis of amounts from 0, and nothing to draw stays nothing', () => {
    expect(fitValueAxis(option, 'SUMA')).toBe(option);
    expect(fitValueAxis(null, 'PROMEDIO')).toBeNull();
  });

  it('runs a share (a percentage between 0 and 100) from 0 to 100, past 100 only to show a value', () => {
    const share = { unidad: '%', minimo: 0, maximo: 100 };
    const [axis] = fitValueAxis(option, 'PROMEDIO', share)?.yAxis as {
      min: number;
      max: (e: { max: number }) => number;
      scale?: boolean;
    }[];
    expect(axis!.min).toBe(0);
    expect(axis!.scale).toBeUndefined();
    expect(axis!.max({ max: 92.5 })).toBe(100);
    expect(axis!.max({ max: 119 })).toBe(120);
    // A yield (minimum 97, no maximum) keeps the fitted axis.
    expect(fitValueAxis(option, 'PROMEDIO', { unidad: '%', minimo: 97, maximo: null })?.yAxis).toEqual([
      { type: 'value', name: '%', scale: true },
    ]);
  });
});
