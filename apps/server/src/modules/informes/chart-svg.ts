import { type ChartOption, waldenLightTheme } from '@planta/charts';
import * as echarts from 'echarts';

const THEME = 'walden-impresion';
echarts.registerTheme(THEME, waldenLightTheme);

/**
 * A chart for paper: the screen's option without what only makes sense on a screen (zoom sliders
 * (every point is printed), a scrolling legend, animation).
 */
export function paraImprimir(option: ChartOption): ChartOption {
  const legend = Array.isArray(option.legend)
    ? option.legend.map((l) => ({ ...l, type: 'plain' as const }))
    : option.legend
      ? { ...option.legend, type: 'plain' as const }
      : undefined;
  return { ...option, animation: false, dataZoom: [], ...(legend ? { legend } : {}) };
}

/**
 * Renders an option to SVG with ECharts' server-side rendering (no DOM, no canvas): the same
 * option the browser draws, in the print theme (walden on white).
 */
export function renderSvg(option: ChartOption, width: number, height: number): string {
  const chart = echarts.init(null, THEME, { renderer: 'svg', ssr: true, width, height });
  try {
    chart.setOption(paraImprimir(option));
    return chart.renderToSVGString();
  } finally {
    chart.dispose();
  }
}
