import { BarChart, type BarSeriesOption, LineChart, type LineSeriesOption } from 'echarts/charts';
import {
  DataZoomComponent,
  type DataZoomComponentOption,
  GridComponent,
  type GridComponentOption,
  LegendComponent,
  type LegendComponentOption,
  MarkLineComponent,
  type MarkLineComponentOption,
  TooltipComponent,
  type TooltipComponentOption,
} from 'echarts/components';
// `use` renamed: it registers ECharts parts, it is not a React hook.
import { type ComposeOption, init, registerTheme, use as registerParts } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { waldenDarkTheme } from './walden-theme.ts';

// Tree-shaken ECharts: only what the screens draw (≈ 200 KB gzip instead of ≈ 380 KB for the full
// build; the core with bar, line, grid and tooltip alone is ≈ 180 KB). A screen that needs another
// chart type or component (GaugeChart, TitleComponent, MarkAreaComponent…) registers it here and
// adds its option type to ChartOption. Only lazily loaded screens import this module, so it never reaches the login chunk.
registerParts([
  BarChart,
  LineChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  DataZoomComponent,
  MarkLineComponent,
  CanvasRenderer,
]);

export const THEME_NAME = 'walden';
registerTheme(THEME_NAME, waldenDarkTheme);

/** The option type of the charts registered above: what option builders return. */
export type ChartOption = ComposeOption<
  | BarSeriesOption
  | LineSeriesOption
  | GridComponentOption
  | TooltipComponentOption
  | LegendComponentOption
  | DataZoomComponentOption
  | MarkLineComponentOption
>;

export { init };
