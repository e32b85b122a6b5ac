import { MarkLineComponent } from 'echarts/components';

/** Loaded by echarts.ts when a series draws a markLine (targets, averages). */
export const parts = [MarkLineComponent];
