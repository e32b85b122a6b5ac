import type { ChartOption } from '../chart-option.ts';
import { formatCompact, formatNumber } from '../format.ts';
import { dataZoomFor, gridFor, topLegend } from '../options.ts';
import { tooltipIndex, tooltipRow, tooltipTitle } from '../tooltip.ts';
import { CHART_COLORS, WALDEN_COLORS } from '../walden-theme.ts';

export interface PuntoFlujo {
  fecha: string;
  flujo_aire_l1: number | null;
  flujo_aire_l2: number | null;
}

export interface FlujoAireInput {
  puntos: readonly PuntoFlujo[];
  /** The axis label of each point ('HH:mm' or 'DD/MM HH:mm', plant time). */
  etiquetas: readonly string[];
  /** Mean flow while nothing was produced (Nm³/h, Σ of the lines), drawn as a dashed reference. */
  flujoSinProduccion?: number | null;
  compact?: boolean;
}

/** Up to this many points the series show their dots. */
export const POCOS_PUNTOS = 48;

const nm3h = (v: number | null | undefined) => (v == null ? '—' : `${formatNumber(v, 1)} Nm³/h`);

/**
 * Compressed air of lines 1 and 2 by interval (Nm³/h, the interval's mean), stacked so the top is
 * the total; gaps stay gaps. Null when no point has a value ('Sin datos').
 */
export function buildFlujoAireOption({
  puntos,
  etiquetas,
  flujoSinProduccion = null,
  compact = false,
}: FlujoAireInput): ChartOption | null {
  const hay = puntos.some((p) => p.flujo_aire_l1 !== null || p.flujo_aire_l2 !== null);
  if (!hay) return null;
  const zoom = dataZoomFor(puntos.length, puntos.length);
  const serie = (nombre: string, color: string, data: (number | null)[]) => ({
    name: nombre,
    type: 'line' as const,
    stack: 'aire',
    data,
    connectNulls: false,
    // Few points (the day's first minutes, a daily interval): dots, so a lone point shows.
    symbol: 'circle',
    symbolSize: 5,
    showSymbol: puntos.length <= POCOS_PUNTOS,
    itemStyle: { color },
    lineStyle: { color, width: 1.5 },
    areaStyle: { color, opacity: 0.25 },
  });
  const l1 = puntos.map((p) => p.flujo_aire_l1);
  const l2 = puntos.map((p) => p.flujo_aire_l2);
  return {
    legend: { ...topLegend, data: ['Línea 1', 'Línea 2'] },
    grid: gridFor({ compact, dataZoom: zoom.length > 0 }),
    dataZoom: zoom,
    tooltip: {
      trigger: 'axis',
      confine: true,
      formatter: (params: unknown) => {
        const i = tooltipIndex(params);
        const p = puntos[i];
        if (!p) return '';
        const total =
          p.flujo_aire_l1 === null && p.flujo_aire_l2 === null
            ? null
            : (p.flujo_aire_l1 ?? 0) + (p.flujo_aire_l2 ?? 0);
        return [
          tooltipTitle(etiquetas[i] ?? ''),
          tooltipRow(WALDEN_COLORS[0], 'Línea 1', nm3h(p.flujo_aire_l1)),
          tooltipRow(WALDEN_COLORS[1], 'Línea 2', nm3h(p.flujo_aire_l2)),
          tooltipRow(null, 'Total', nm3h(total)),
        ].join('');
      },
    },
    xAxis: {
      type: 'category',
      data: [...etiquetas],
      boundaryGap: false,
      axisLabel: { hideOverlap: true },
    },
    yAxis: {
      type: 'value',
      min: 0,
      name: compact ? undefined : 'Nm³/h',
      nameTextStyle: { align: 'left' },
      axisLabel: { formatter: (v: number) => formatCompact(v) },
    },
    series: [
      {
        ...serie('Línea 1', WALDEN_COLORS[0], l1),
        ...(flujoSinProduccion !== null && {
          markLine: {
            silent: true,
            symbol: 'none',
            lineStyle: { type: 'dashed', color: CHART_COLORS.limite },
            label: {
              // Phones: the number only, so the label stays clear of the series.
              formatter: compact
                ? formatNumber(flujoSinProduccion, 0)
                : `Sin producción ${formatNumber(flujoSinProduccion, 0)}`,
              position: 'insideStartTop',
              color: CHART_COLORS.limite,
            },
            data: [{ yAxis: flujoSinProduccion }],
          },
        }),
      },
      serie('Línea 2', WALDEN_COLORS[1], l2),
    ],
  };
}
