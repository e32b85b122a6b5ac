import { describe, expect, it } from 'vitest';
import { dataZoomFor, gridFor, needsDataZoom } from './options.ts';

describe('dataZoomFor', () => {
  it('adds no zoom to short series', () => {
    expect(needsDataZoom(45)).toBe(false);
    expect(dataZoomFor(32)).toEqual([]);
  });

  it('opens long series on their last points, with an inside zoom and a slider', () => {
    const zoom = dataZoomFor(365, 90);
    expect(zoom.map((z) => z.type)).toEqual(['inside', 'slider']);
    expect(zoom[0]).toMatchObject({ start: 75, end: 100 });
    expect(zoom[1]).toMatchObject({ start: 75, end: 100 });
  });

  it('shows everything when the series fits the visible window', () => {
    expect(dataZoomFor(60, 90)[0]).toMatchObject({ start: 0, end: 100 });
  });
});

describe('gridFor', () => {
  it('leaves room for the legend, the slider and a right axis', () => {
    expect(gridFor({})).toMatchObject({ top: 40, bottom: 8, left: 12, right: 16 });
    expect(gridFor({ dataZoom: true, legend: false })).toMatchObject({ top: 16, bottom: 44 });
    expect(gridFor({ compact: true, rightAxis: true })).toMatchObject({ left: 4, right: 4 });
  });
});
