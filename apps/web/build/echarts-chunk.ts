const ECHARTS = /[\\/]node_modules[\\/](echarts|zrender|tslib)[\\/]/;
/**
 * The components that components/charts/echarts.ts registers on demand (echarts-datazoom.ts,
 * echarts-markline.ts, echarts-tooltip.ts). The tooltip's markup helpers are used by every series
 * (series formatters), so they stay in the main chunk.
 */
const LAZY = /[\\/]echarts[\\/]lib[\\/]component[\\/](dataZoom|marker|tooltip)[\\/](?!tooltipMarkup\.js$)/;

/**
 * ECharts in one chunk: its runtime goes into the chunk `echarts` (one compressed download
 * instead of several shared pieces: smaller on the wire), except the components registered on
 * demand, which stay in their own lazy chunks. A `build.rolldownOptions.output.codeSplitting.groups`
 * entry.
 */
export const echartsChunk = {
  name: 'echarts',
  test: (id: string) => ECHARTS.test(id) && !LAZY.test(id),
  includeDependenciesRecursively: false,
};
