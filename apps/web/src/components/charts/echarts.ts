import {
  BarChart,
  type BarSeriesOption,
  type CustomSeriesOption,
  LineChart,
  type LineSeriesOption,
} from 'echarts/charts';
import {
  type DataZoomComponentOption,
  GridSimpleComponent,
  type GridComponentOption,
  LegendComponent,
  type LegendComponentOption,
  type MarkLineComponentOption,
  type TooltipComponentOption,
} from 'echarts/components';
// `use` renamed: it registers ECharts parts, it is not a React hook.
import { type ComposeOption, init, registerTheme, use as registerParts } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { waldenDarkTheme } from '@planta/charts/walden-theme';

// Tree-shaken ECharts: only what the screens draw. What a first drawing needs is registered here
// (bar, line, the grid without its axis pointer, legend, canvas); the rest loads on demand
// (DESIGN §8: a dashboard opened cold within 350 KB): the custom series (a timeline), the dataZoom
// and markLine components when an option uses them (before it is drawn, see loadPartsFor), the tooltip with its axis pointer when
// the pointer or the focus first reaches a chart (see loadTooltip). A screen that needs another chart type or component registers it here (or in a
// lazy part) and adds its option type to ChartOption. Only lazily loaded screens import this
// module, so it never reaches the login chunk.
registerParts([BarChart, LineChart, GridSimpleComponent, LegendComponent, CanvasRenderer]);

export const THEME_NAME = 'walden';
registerTheme(THEME_NAME, waldenDarkTheme);

/** The option type of the charts registered above: what option builders return. */
export type ChartOption = ComposeOption<
  | BarSeriesOption
  | LineSeriesOption
  | CustomSeriesOption
  | GridComponentOption
  | TooltipComponentOption
  | LegendComponentOption
  | DataZoomComponentOption
  | MarkLineComponentOption
>;

type Part = 'custom' | 'dataZoom' | 'markLine' | 'tooltip';
const loading = new Map<Part, Promise<void>>();
const loaded = new Set<Part>();
let registrations = 0;

/**
 * One import per part, each its own expression: the build preloads each import's own chunks (a
 * single `cond ? import(a) : import(b)` got one preload list for all three, so loading dataZoom
 * also downloaded the tooltip's 11 KB).
 */
const IMPORTS: Record<Part, () => Promise<{ parts: Parameters<typeof registerParts>[0] }>> = {
  custom: () => import('./echarts-custom.ts'),
  dataZoom: () => import('./echarts-datazoom.ts'),
  markLine: () => import('./echarts-markline.ts'),
  tooltip: () => import('./echarts-tooltip.ts'),
};

function load(part: Part): Promise<void> {
  let promise = loading.get(part);
  if (!promise) {
    promise = IMPORTS[part]().then(({ parts }) => {
      registerParts(parts);
      loaded.add(part);
      // Each part adds data processors (the tooltip's axis pointer too): see partsRegistered.
      registrations += 1;
    });
    // A failed download is retried the next time the part is needed.
    promise.catch(() => loading.delete(part));
    loading.set(part, promise);
  }
  return promise;
}

const asList = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/** The lazily registered parts that `option` draws with (the tooltip is not one: it waits for a pointer). */
export function partsFor(option: ChartOption): Part[] {
  const parts: Part[] = [];
  if (asList(option.series).some((series) => series.type === 'custom')) parts.push('custom');
  if (asList(option.dataZoom).length > 0) parts.push('dataZoom');
  if (asList(option.series).some((series) => series.markLine !== undefined)) parts.push('markLine');
  return parts;
}

/** The parts `option` needs that are not registered yet. */
export function missingParts(option: ChartOption): Part[] {
  return partsFor(option).filter((part) => !loaded.has(part));
}

/**
 * Registers what `option` needs before it is drawn: null when everything is already there (draw
 * at once), else a promise settled once the parts are registered.
 */
export function loadPartsFor(option: ChartOption): Promise<void> | null {
  const missing = missingParts(option);
  return missing.length === 0 ? null : Promise.all(missing.map(load)).then(() => undefined);
}

/**
 * How many lazy parts have been registered so far. An ECharts instance takes the data processors
 * registered when it is created (dataZoom has one): a chart created before a part it now needs
 * must be created again (see chart.tsx).
 */
export function partsRegistered(): number {
  return registrations;
}

/** True once the tooltip (and its axis pointer) is registered. */
export function tooltipLoaded(): boolean {
  return loaded.has('tooltip');
}

/** Loads and registers the tooltip (with its axis pointer); charts then re-apply their tooltip option. */
export function loadTooltip(): Promise<void> {
  return load('tooltip');
}

export { init };
