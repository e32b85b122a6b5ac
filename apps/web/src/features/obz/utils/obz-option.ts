import type { ChartOption } from '../../../components/charts/echarts.ts';
import { formatCompact, formatNumber } from '@planta/charts/format';
import { tooltipHtml, tooltipIndex } from '@planta/charts/tooltip';
import { CHART_COLORS } from '@planta/charts/walden-theme';
import { MESES } from '@planta/domain';

export interface ObzOptionInput {
  /** Budget and actual of all packages per month (totalesPorMes). */
  meses: readonly { mes: number; presupuesto: number; real: number | null }[];
  /** The board's month (1–12), highlighted on the axis. */
  mesActual: number;
  /** Text size of the labels, px (large on the TV). */
  fontSize?: number;
}

/**
 * The year's budget (bars, muted) against the actual spend (bars) of all packages, month by month,
 * with labels large enough for a TV read from a distance. Null when the year has no budget.
 */
export function buildObzOption({ meses, mesActual, fontSize = 18 }: ObzOptionInput): ChartOption | null {
  if (!meses.some((m) => m.presupuesto > 0 || (m.real ?? 0) > 0)) return null;
  const texto = { fontSize, color: '#c9d1d9' };
  return {
    legend: {
      top: 0,
      left: 'center',
      itemWidth: 28,
      itemHeight: 16,
      textStyle: texto,
      data: ['Presupuesto', 'Real'],
    },
    grid: {
      left: 8,
      right: 8,
      top: fontSize * 2.6,
      bottom: 4,
      outerBoundsMode: 'same',
      outerBoundsContain: 'all',
    },
    tooltip: {
      trigger: 'axis',
      confine: true,
      formatter: (params: unknown) => {
        const m = meses[tooltipIndex(params)];
        if (!m) return '';
        return tooltipHtml(MESES[m.mes - 1] ?? '', [
          { color: '#8b949e', etiqueta: 'Presupuesto', valor: formatNumber(m.presupuesto) },
          { color: CHART_COLORS.real, etiqueta: 'Real', valor: formatNumber(m.real) },
        ]);
      },
    },
    xAxis: {
      type: 'category',
      data: meses.map((m) => (MESES[m.mes - 1] ?? '').slice(0, 3)),
      axisLabel: {
        ...texto,
        interval: 0,
        formatter: (value: string, index: number) => (index + 1 === mesActual ? `{actual|${value}}` : value),
        rich: { actual: { fontSize, fontWeight: 'bold', color: '#ffffff' } },
      },
    },
    yAxis: {
      type: 'value',
      min: 0,
      axisLabel: { ...texto, formatter: (v: number) => formatCompact(v) },
    },
    series: [
      {
        name: 'Presupuesto',
        type: 'bar',
        barGap: '10%',
        itemStyle: { color: '#8b949e' },
        data: meses.map((m) => m.presupuesto),
      },
      {
        name: 'Real',
        type: 'bar',
        itemStyle: { color: CHART_COLORS.real },
        data: meses.map((m) => m.real),
      },
    ],
  };
}
