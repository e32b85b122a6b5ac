import type { Agregacion } from '@planta/domain';
import type { ChartOption } from '../chart-option.ts';
import {
  formatCompact,
  formatDiaMes,
  formatMesAnio,
  formatMesAnioLargo,
  formatFechaLarga,
} from '../format.ts';
import { dataZoomFor, gridFor, topLegend } from '../options.ts';
import { CHART_COLORS } from '../walden-theme.ts';
import { tooltipIndex } from '../tooltip.ts';
import { kpiTooltipHtml } from './tooltip.ts';
import { hasValues, type TrendPoint } from './trend-points.ts';

export interface TrendOptionInput {
  /** From trendPoints(): two monthly points, then the days of the current month. */
  points: readonly TrendPoint[];
  unidad: string;
  decimales: number;
  /**
   * SUMA variables put the monthly totals on their own right-hand axis (a month adds up about
   * 30 days, which would flatten the daily bars); the others share one axis.
   */
  agregacion: Agregacion;
  /** Phone layout: tighter margins. */
  compact?: boolean;
}

export { trendSubtitle } from './trend-subtitle.ts';

/**
 * Which daily labels the axis shows: every `step`-th day from the 1st, so about 16 fit on a wide
 * chart and 5 on a phone.
 */
export function trendLabelStep(days: number, compact: boolean): number {
  return Math.max(1, Math.ceil(days / (compact ? 5 : 16)));
}

/**
 * Labels of the category axis: 'Sep', 'Oct', '01 nov', '02 nov', … (the months short so they fit
 * a bar; the subtitle and the tooltips name their year).
 */
export function trendLabels(points: readonly TrendPoint[]): string[] {
  return points.map((p) => {
    if (p.tipo === 'diario') return formatDiaMes(p.fecha);
    const mes = formatMesAnio(p.fecha).split(' ')[0]!;
    return mes.charAt(0).toUpperCase() + mes.slice(1);
  });
}

/**
 * The dashboard chart (SPEC §9): bars for the two monthly figures and for each day of the
 * current month, the meta as a dashed line. Null when there is no value at all ('Sin datos').
 */
export function buildTrendOption(input: TrendOptionInput): ChartOption | null {
  const { points, unidad, decimales, agregacion, compact = false } = input;
  if (!hasValues(points)) return null;
  const dual = agregacion === 'SUMA';
  const only = (tipo: TrendPoint['tipo'], pick: (p: TrendPoint) => number | null) =>
    points.map((p) => (p.tipo === tipo ? pick(p) : null));
  const metaLine = {
    name: 'Meta',
    type: 'line' as const,
    symbol: 'emptyCircle',
    symbolSize: 5,
    connectNulls: false,
    z: 5,
    itemStyle: { color: CHART_COLORS.meta },
    lineStyle: { color: CHART_COLORS.meta, type: 'dashed' as const, width: 2 },
  };
  const bar = { type: 'bar' as const, barGap: '-100%', itemStyle: { borderRadius: [3, 3, 0, 0] } };
  const axisName = (name: string) => (unidad ? `${name} (${unidad})` : name);
  const valueAxis = {
    type: 'value' as const,
    axisLabel: { formatter: (v: number) => formatCompact(v) },
    nameTextStyle: { align: 'left' as const },
  };
  const zoom = dataZoomFor(points.length);
  const months = points.filter((p) => p.tipo === 'mensual').length;
  const step = trendLabelStep(points.length - months, compact);

  return {
    legend: { ...topLegend, data: ['Mensual', 'Diario', 'Meta'] },
    grid: gridFor({ compact, rightAxis: dual, dataZoom: zoom.length > 0 }),
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      confine: true,
      formatter: (params: unknown) => {
        const point = points[tooltipIndex(params)];
        if (!point) return '';
        const mensual = point.tipo === 'mensual';
        return kpiTooltipHtml({
          titulo: mensual ? formatMesAnioLargo(point.fecha) : formatFechaLarga(point.fecha),
          etiquetaValor: mensual ? 'Mensual' : 'Diario',
          valor: point.valor,
          meta: point.meta,
          unidad,
          decimales,
          colorValor: mensual ? CHART_COLORS.mensual : CHART_COLORS.real,
          colorMeta: CHART_COLORS.meta,
        });
      },
    },
    xAxis: {
      type: 'category',
      data: trendLabels(points),
      axisTick: { alignWithLabel: true },
      axisLabel: {
        // On a phone the monthly bars are too narrow for a label (the subtitle names the months)
        // and the 1st would touch them.
        interval: (index: number) =>
          index < months ? !compact : (index - months) % step === 0 && !(compact && index === months),
        hideOverlap: false,
      },
    },
    yAxis: dual
      ? [
          { ...valueAxis, name: compact ? undefined : axisName('Diario') },
          {
            ...valueAxis,
            name: compact ? undefined : axisName('Mensual'),
            position: 'right',
            splitLine: { show: false },
            nameTextStyle: { align: 'right' },
          },
        ]
      : [{ ...valueAxis, name: compact ? undefined : unidad || undefined }],
    dataZoom: zoom,
    series: [
      {
        ...bar,
        name: 'Mensual',
        yAxisIndex: dual ? 1 : 0,
        barMaxWidth: 56,
        data: only('mensual', (p) => p.valor),
        itemStyle: { ...bar.itemStyle, color: CHART_COLORS.mensual },
      },
      {
        ...bar,
        name: 'Diario',
        yAxisIndex: 0,
        barMaxWidth: 28,
        data: only('diario', (p) => p.valor),
        itemStyle: { ...bar.itemStyle, color: CHART_COLORS.real },
      },
      dual
        ? { ...metaLine, yAxisIndex: 0, data: only('diario', (p) => p.meta) }
        : { ...metaLine, yAxisIndex: 0, data: points.map((p) => p.meta) },
      // Same name: one legend entry toggles both meta lines.
      ...(dual
        ? [
            {
              ...metaLine,
              yAxisIndex: 1,
              symbol: 'diamond',
              symbolSize: 12,
              data: only('mensual', (p) => p.meta),
            },
          ]
        : []),
    ],
  };
}
