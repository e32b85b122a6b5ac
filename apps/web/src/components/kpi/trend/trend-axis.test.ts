import { describe, expect, it } from 'vitest';
import type { ChartOption } from '../../charts/echarts.ts';
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
});
