import type { DataZoomComponentOption, GridComponentOption } from 'echarts/components';

/**
 * Building blocks shared by the option builders (pure: no ECharts runtime is imported here, only
 * its option types). Every screen's chart options are plain functions of their data, tested
 * without a browser.
 */

/** Series with more points than this get a dataZoom (mouse/touch zoom plus a slider). */
export const DATA_ZOOM_MIN_POINTS = 45;

/** True when a category axis of `points` needs a dataZoom to stay readable. */
export function needsDataZoom(points: number): boolean {
  return points > DATA_ZOOM_MIN_POINTS;
}

/**
 * Zoom for long series: none up to DATA_ZOOM_MIN_POINTS points; beyond, an inside zoom (wheel,
 * pinch) and a slider under the chart, opened on the last `visibleLast` points (the recent ones
 * matter most on a plant dashboard).
 */
export function dataZoomFor(points: number, visibleLast = 90): DataZoomComponentOption[] {
  if (!needsDataZoom(points)) return [];
  const start = points <= visibleLast ? 0 : Math.floor(((points - visibleLast) / points) * 100);
  return [
    { type: 'inside', start, end: 100, zoomOnMouseWheel: 'shift', moveOnMouseWheel: false },
    { type: 'slider', start, end: 100, height: 22, bottom: 8, showDetail: false, brushSelect: false },
  ];
}

/** Plot margins: tighter on phones; room for the legend on top, the slider below, a right axis. */
export function gridFor(options: {
  compact?: boolean;
  dataZoom?: boolean;
  legend?: boolean;
  rightAxis?: boolean;
}): GridComponentOption {
  const { compact = false, dataZoom = false, legend = true, rightAxis = false } = options;
  return {
    left: compact ? 4 : 12,
    right: rightAxis ? (compact ? 4 : 12) : compact ? 8 : 16,
    top: legend ? 40 : 16,
    bottom: dataZoom ? 44 : 8,
    // Axis labels and names are laid out inside these margins (ECharts 6's containLabel).
    outerBoundsMode: 'same',
    outerBoundsContain: 'all',
  };
}

/** The legend on top, scrollable when it does not fit (phones). */
export const topLegend = { top: 0, left: 'center', type: 'scroll', itemWidth: 18, itemHeight: 10 } as const;
