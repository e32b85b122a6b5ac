import { TooltipComponent } from 'echarts/components';

/** Loaded by echarts.ts when the pointer or the focus first reaches a chart (the tooltip brings its axis pointer). */
export const parts = [TooltipComponent];
