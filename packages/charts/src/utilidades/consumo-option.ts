import type { ChartOption } from '../chart-option.ts';
import { formatCompact, formatDiaMes, formatFechaLarga, formatNumber } from '../format.ts';
import { dataZoomFor, gridFor, topLegend } from '../options.ts';
import { tooltipIndex, tooltipRow, tooltipTitle } from '../tooltip.ts';
import { CHART_COLORS } from '../walden-theme.ts';

export interface ConsumoDiaInput {
  /** Production days of the range and each one's figure (null: no production or no reading). */
  dias: readonly { fecha: string; valor: number | null }[];
  unidad: string;
  decimales: number;
  /** The meta in force (dashed line), or null. */
  meta: number | null;
  /** The figure over the whole range (ratio of the sums), shown in the tooltip. */
  rango: number | null;
  compact?: boolean;
}

/**
 * One utility per unit produced, day by day over the range (bars), against its meta (dashed).
 * Null when no day has a figure ('Sin datos').
 */
export function buildConsumoOption({
  dias,
  unidad,
  decimales,
  meta,
  rango,
  compact = false,
}: ConsumoDiaInput): ChartOption | null {
  if (!dias.some((d) => d.valor !== null)) return null;
  const fmt = (v: number | null | undefined) => (v == null ? '—' : `${formatNumber(v, decimales)} ${unidad}`);
  const zoom = dataZoomFor(dias.length);
  return {
    legend: { ...topLegend, data: meta === null ? ['Real'] : ['Real', 'Meta'] },
    grid: gridFor({ compact, dataZoom: zoom.length > 0 }),
    dataZoom: zoom,
    tooltip: {
      trigger: 'axis',
      confine: true,
      formatter: (params: unknown) => {
        const d = dias[tooltipIndex(params)];
        if (!d) return '';
        return [
          tooltipTitle(formatFechaLarga(d.fecha)),
          tooltipRow(CHART_COLORS.real, 'Real', fmt(d.valor)),
          ...(meta === null ? [] : [tooltipRow(CHART_COLORS.meta, 'Meta', fmt(meta), true)]),
          ...(dias.length > 1 ? [tooltipRow(null, 'Todo el rango', fmt(rango))] : []),
        ].join('');
      },
    },
    xAxis: {
      type: 'category',
      data: dias.map((d) => formatDiaMes(d.fecha)),
      axisLabel: { hideOverlap: true },
    },
    yAxis: {
      type: 'value',
      min: 0,
      name: compact ? undefined : unidad,
      nameTextStyle: { align: 'left' },
      axisLabel: { formatter: (v: number) => formatCompact(v) },
    },
    series: [
      {
        name: 'Real',
        type: 'bar',
        data: dias.map((d) => d.valor),
        barMaxWidth: 36,
        itemStyle: { color: CHART_COLORS.real },
      },
      ...(meta === null
        ? []
        : [
            {
              name: 'Meta',
              type: 'line' as const,
              data: dias.map(() => meta),
              symbol: 'none',
              itemStyle: { color: CHART_COLORS.meta },
              lineStyle: { color: CHART_COLORS.meta, type: 'dashed' as const, width: 2 },
            },
          ]),
    ],
  };
}
