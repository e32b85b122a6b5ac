import { DataZoomComponent } from 'echarts/components';

/** Loaded by echarts.ts when an option has a dataZoom (long series): inside zoom and slider. */
export const parts = [DataZoomComponent];
