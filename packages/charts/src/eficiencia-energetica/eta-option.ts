import type { ChartOption } from '../chart-option.ts';
import { formatDiaMes, formatFechaLarga, formatNumber, formatValue } from '../format.ts';
import { gridFor, topLegend } from '../options.ts';
import { tooltipIndex, tooltipRow, tooltipTitle } from '../tooltip.ts';
import { CHART_COLORS, WALDEN_COLORS } from '../walden-theme.ts';
import { brechaPp, type DiaEficiencia } from './eta.ts';

export const COLOR_ETA_PLANTA = WALDEN_COLORS[3];
export const COLOR_ETA_LINEA = WALDEN_COLORS[0];
export const COLOR_PAGADA = WALDEN_COLORS[1];
export const COLOR_SAP = CHART_COLORS.limite;

/** Series names of the ETA chart (the legend, the tooltip and the click handler use them). */
export const SERIE_ETA_PLANTA = 'ETA planta';

/**
 * The ETA chart over the days of the range: the plant's ETA (datosEta) and the chosen line's ETA,
 * paid efficiency and SAP (datosEtaLinea), in %, days without data as gaps. Points are clickable
 * (the page opens the paid-efficiency view of the line's day). Null when no day has any value.
 */
export function buildEtaOption(
  dias: readonly DiaEficiencia[],
  lineaNombre: string,
  compact = false,
): ChartOption | null {
  if (!dias.some((d) => d.etaPlanta !== null || d.eta !== null || d.pagada !== null || d.sap !== null))
    return null;
  const nombres = {
    eta: `ETA ${lineaNombre}`,
    pagada: `Pagada ${lineaNombre}`,
    sap: `SAP ${lineaNombre}`,
  };
  // On a phone the four names take two rows (a scrolling legend would hide two of them).
  const line = (name: string, color: string, data: (number | null)[], dashed = false) => ({
    name,
    type: 'line' as const,
    connectNulls: false,
    symbol: 'circle',
    symbolSize: 7,
    showSymbol: true,
    // A day between two gaps has no line: its symbol is all there is (ECharts' 'auto' would hide
    // symbols between axis labels on narrow charts).
    showAllSymbol: true,
    itemStyle: { color },
    lineStyle: { color, width: 2, type: dashed ? ('dashed' as const) : ('solid' as const) },
    emphasis: { focus: 'series' as const },
    data,
  });
  return {
    legend: {
      ...topLegend,
      ...(compact ? { type: 'plain' as const, itemGap: 8 } : {}),
      data: [SERIE_ETA_PLANTA, nombres.eta, nombres.pagada, nombres.sap],
    },
    grid: { ...gridFor({ compact }), ...(compact ? { top: 64 } : {}) },
    tooltip: {
      trigger: 'axis',
      confine: true,
      formatter: (params: unknown) => {
        const d = dias[tooltipIndex(params)];
        if (!d) return '';
        return [
          tooltipTitle(formatFechaLarga(d.fecha)),
          tooltipRow(COLOR_ETA_PLANTA, SERIE_ETA_PLANTA, formatValue(d.etaPlanta, '%', 2)),
          tooltipRow(COLOR_ETA_LINEA, nombres.eta, formatValue(d.eta, '%', 2)),
          tooltipRow(COLOR_PAGADA, nombres.pagada, formatValue(d.pagada, '%', 2)),
          tooltipRow(COLOR_SAP, nombres.sap, formatValue(d.sap, '%', 2), true),
          tooltipRow(null, 'Brecha pagada − SAP', formatValue(brechaPp(d.pagada, d.sap), 'pp', 2)),
        ].join('');
      },
    },
    xAxis: {
      type: 'category',
      data: dias.map((d) => formatDiaMes(d.fecha)),
      axisTick: { alignWithLabel: true },
      axisLabel: { interval: Math.max(0, Math.ceil(dias.length / (compact ? 4 : 10)) - 1) },
    },
    yAxis: {
      type: 'value',
      min: 0,
      max: 100,
      name: compact ? undefined : '%',
      axisLabel: { formatter: (v: number) => formatNumber(v) },
    },
    series: [
      line(
        SERIE_ETA_PLANTA,
        COLOR_ETA_PLANTA,
        dias.map((d) => d.etaPlanta),
      ),
      line(
        nombres.eta,
        COLOR_ETA_LINEA,
        dias.map((d) => d.eta),
      ),
      line(
        nombres.pagada,
        COLOR_PAGADA,
        dias.map((d) => d.pagada),
      ),
      line(
        nombres.sap,
        COLOR_SAP,
        dias.map((d) => d.sap),
        true,
      ),
    ],
  };
}
