const ECHARTS = /[\\/]node_modules[\\/](echarts|zrender|tslib)[\\/]/;
/**
 * The components that components/charts/echarts.ts registers on demand (echarts-custom.ts,
 * echarts-datazoom.ts, echarts-markline.ts, echarts-tooltip.ts) and the modules only they use: left out of the main
 * chunk so they travel with the lazy part that needs them. A module listed here that the main
 * chunk did need would still load (in a shared chunk of its own), only as one more request.
 */
const LAZY = new RegExp(
  [
    // three of the lazy components, but the tooltip's markup helpers (series formatters use them)
    String.raw`[\\/]echarts[\\/]lib[\\/]component[\\/](dataZoom|marker|tooltip)[\\/](?!tooltipMarkup\.js$)`,
    // the axis pointer comes with the tooltip (GridSimpleComponent leaves it out), but the model
    // helper the axes read
    String.raw`[\\/]echarts[\\/]lib[\\/]component[\\/]axisPointer[\\/](?!modelHelper\.js$)`,
    // the custom series (the stops' timeline of /fabrica/perdidas: echarts-custom.ts)
    String.raw`[\\/]echarts[\\/]lib[\\/]chart[\\/]custom[\\/]`,
    // what only markLine (the line drawing) and dataZoom (roaming, slider moves) use
    String.raw`[\\/]echarts[\\/]lib[\\/]chart[\\/]helper[\\/](Line|LineDraw|LinePath)\.js$`,
    String.raw`[\\/]echarts[\\/]lib[\\/]component[\\/]helper[\\/](RoamController|sliderMove|cursorHelper|interactionMutex)\.js$`,
  ].join('|'),
);

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
