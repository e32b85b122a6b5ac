import { CustomChart } from 'echarts/charts';

/** Loaded by echarts.ts when an option draws a custom series (the stops timeline of /fabrica/perdidas). */
export const parts = [CustomChart];
