/** The two series of an hourly counters chart: bars on the left axis, a line on the right one. */
export function hourBars(name: string, color: string, data: (number | null)[]) {
  return {
    name,
    type: 'bar' as const,
    yAxisIndex: 0,
    barMaxWidth: 18,
    itemStyle: { color, borderRadius: [2, 2, 0, 0] },
    data,
  };
}

/** A line on the right axis; a missing hour stays a gap and every hour's point is drawn. */
export function hourLine(name: string, color: string, data: (number | null)[]) {
  return {
    name,
    type: 'line' as const,
    yAxisIndex: 1,
    connectNulls: false,
    symbol: 'circle',
    symbolSize: 5,
    showAllSymbol: true,
    itemStyle: { color },
    lineStyle: { color, width: 2 },
    data,
  };
}
