/**
 * The ECharts theme-builder "walden" theme (SPEC §9: chart theme walden), adapted to the app's dark
 * MUI theme: the same six colours and line/bar styles, a transparent background (the card's paper
 * shows through) and light text, axes and split lines instead of walden's greys on white.
 */
export const WALDEN_COLORS = ['#3fb1e3', '#6be6c1', '#626c91', '#a0a7e6', '#c4ebad', '#96dee8'] as const;

/** Colours the option builders pick by role, so every screen uses them the same way. */
export const CHART_COLORS = {
  /** Daily (or the main) values. */
  real: WALDEN_COLORS[0],
  /** The target (meta), drawn dashed. */
  meta: WALDEN_COLORS[1],
  /** Monthly values next to daily ones. */
  mensual: WALDEN_COLORS[3],
  /** Configured limits (minimo, maximo). */
  limite: '#e6a23c',
} as const;

const TEXT = '#c9d1d9';
const MUTED = '#9ba6b2';
const AXIS = '#3d444d';
const SPLIT = 'rgba(255, 255, 255, 0.08)';

const axis = (splitLine: boolean) => ({
  axisLine: { show: !splitLine, lineStyle: { color: AXIS } },
  axisTick: { show: false, lineStyle: { color: AXIS } },
  axisLabel: { show: true, color: MUTED },
  splitLine: { show: splitLine, lineStyle: { color: [SPLIT] } },
  splitArea: { show: false },
});

export const waldenDarkTheme = {
  color: [...WALDEN_COLORS],
  backgroundColor: 'transparent',
  textStyle: { fontFamily: 'Roboto, system-ui, sans-serif', color: TEXT },
  title: { textStyle: { color: '#e6edf3' }, subtextStyle: { color: MUTED } },
  line: {
    itemStyle: { borderWidth: 2 },
    lineStyle: { width: 3 },
    symbolSize: 8,
    symbol: 'emptyCircle',
    smooth: false,
  },
  bar: { itemStyle: { borderWidth: 0, borderColor: '#ccc' } },
  gauge: { itemStyle: { borderWidth: 0, borderColor: '#ccc' } },
  categoryAxis: axis(false),
  valueAxis: axis(true),
  timeAxis: axis(false),
  logAxis: axis(true),
  legend: { textStyle: { color: TEXT } },
  tooltip: {
    backgroundColor: 'rgba(22, 27, 34, 0.96)',
    borderColor: AXIS,
    textStyle: { color: '#e6edf3' },
    axisPointer: {
      lineStyle: { color: '#6e7681', width: 1 },
      crossStyle: { color: '#6e7681', width: 1 },
    },
  },
  dataZoom: {
    backgroundColor: 'rgba(255, 255, 255, 0)',
    dataBackgroundColor: 'rgba(150, 222, 232, 0.35)',
    fillerColor: 'rgba(114, 230, 212, 0.18)',
    borderColor: AXIS,
    handleColor: '#96dee8',
    handleSize: '100%',
    textStyle: { color: MUTED },
  },
  markPoint: { label: { color: '#e6edf3' }, emphasis: { label: { color: '#e6edf3' } } },
};

const PRINT_TEXT = '#24292f';
const PRINT_MUTED = '#57606a';
const PRINT_AXIS = '#8c959f';
const PRINT_SPLIT = '#d8dee4';

const printAxis = (splitLine: boolean) => ({
  axisLine: { show: !splitLine, lineStyle: { color: PRINT_AXIS } },
  axisTick: { show: false, lineStyle: { color: PRINT_AXIS } },
  axisLabel: { show: true, color: PRINT_MUTED },
  splitLine: { show: splitLine, lineStyle: { color: [PRINT_SPLIT] } },
  splitArea: { show: false },
});

/**
 * walden on white paper, for the PDF reports: the same series colours and styles as the screen,
 * dark text and light grid lines.
 */
export const waldenLightTheme = {
  ...waldenDarkTheme,
  backgroundColor: '#ffffff',
  textStyle: { fontFamily: 'Roboto, sans-serif', color: PRINT_TEXT },
  title: { textStyle: { color: PRINT_TEXT }, subtextStyle: { color: PRINT_MUTED } },
  categoryAxis: printAxis(false),
  valueAxis: printAxis(true),
  timeAxis: printAxis(false),
  logAxis: printAxis(true),
  legend: { textStyle: { color: PRINT_TEXT } },
  markPoint: { label: { color: PRINT_TEXT }, emphasis: { label: { color: PRINT_TEXT } } },
};
