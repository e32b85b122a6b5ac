import { describe, expect, it } from 'vitest';
import { loadPartsFor, loadTooltip, missingParts, partsFor, tooltipLoaded } from './echarts.ts';

describe('ECharts parts registered on demand', () => {
  const line = { type: 'line' as const, data: [1, 2, 3] };

  it('a plain bar/line option needs no lazy part and is drawn at once', () => {
    const option = { series: [line, { type: 'bar' as const, data: [1] }], legend: {}, tooltip: {} };
    expect(partsFor(option)).toEqual([]);
    expect(loadPartsFor(option)).toBeNull();
  });

  it('a long series (dataZoom) and a target line (markLine) wait for their components', async () => {
    const option = {
      dataZoom: [{ type: 'inside' as const }, { type: 'slider' as const }],
      series: [line, { ...line, markLine: { data: [{ yAxis: 99 }] } }],
    };
    expect(partsFor(option)).toEqual(['dataZoom', 'markLine']);
    expect(partsFor({ dataZoom: [], series: line })).toEqual([]);
    const pending = loadPartsFor(option);
    expect(pending).toBeInstanceOf(Promise);
    await pending;
    expect(missingParts(option)).toEqual([]);
    expect(loadPartsFor(option)).toBeNull();
  });

  it('the tooltip loads once, on demand', async () => {
    expect(tooltipLoaded()).toBe(false);
    await loadTooltip();
    expect(tooltipLoaded()).toBe(true);
  });
});
