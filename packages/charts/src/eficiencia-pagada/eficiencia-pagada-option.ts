import type { ChartOption } from '../chart-option.ts';
import { formatDiaMes, formatFechaLarga, formatNumber, formatValue, SIN_VALOR } from '../format.ts';
import { gridFor, topLegend } from '../options.ts';
import { tooltipIndex, tooltipRow, tooltipTitle } from '../tooltip.ts';
import { CHART_COLORS, WALDEN_COLORS } from '../walden-theme.ts';

/** A gap in percentage points, signed: '+1.25 pp', '−0.40 pp', '0.00 pp'; '—' when missing. */
export function formatBrecha(pp: number | null | undefined): string {
  if (pp === null || pp === undefined || !Number.isFinite(pp)) return SIN_VALOR;
  const text = formatNumber(Math.abs(pp), 2);
  if (text === '0.00') return '0.00 pp';
  return `${pp > 0 ? '+' : '−'}${text} pp`;
}

export const COLOR_PAGADA = WALDEN_COLORS[1];
export const COLOR_SAP = CHART_COLORS.limite;
export const SERIE_PAGADA = 'Eficiencia pagada';
export const SERIE_SAP = 'SAP';

export interface DiaPagada {
  fecha: string;
  pagada: number | null;
  sap: number | null;
}

/**
 * The month's days of one scope (a line or the plant): paid efficiency as bars and SAP's figure as
 * a dashed line, in % on a 0–100 axis, days without data as gaps. Null when no day has a value.
 */
export function buildEficienciaPagadaOption(dias: readonly DiaPagada[], compact = false): ChartOption | null {
  if (!dias.some((d) => d.pagada !== null || d.sap !== null)) return null;
  return {
    legend: { ...topLegend, data: [SERIE_PAGADA, SERIE_SAP] },
    grid: gridFor({ compact }),
    tooltip: {
      trigger: 'axis',
      confine: true,
      formatter: (params: unknown) => {
        const d = dias[tooltipIndex(params)];
        if (!d) return '';
        const brecha = d.pagada !== null && d.sap !== null ? d.pagada - d.sap : null;
        return [
          tooltipTitle(formatFechaLarga(d.fecha)),
          tooltipRow(COLOR_PAGADA, SERIE_PAGADA, formatValue(d.pagada, '%', 2)),
          tooltipRow(COLOR_SAP, SERIE_SAP, formatValue(d.sap, '%', 2), true),
          tooltipRow(null, 'Brecha', formatBrecha(brecha)),
        ].join('');
      },
    },
    xAxis: {
      type: 'category',
      data: dias.map((d) => formatDiaMes(d.fecha)),
      axisTick: { alignWithLabel: true },
      axisLabel: { interval: Math.max(0, Math.ceil(dias.length / (compact ? 5 : 12)) - 1) },
    },
    yAxis: {
      type: 'value',
      min: 0,
      max: 100,
      name: compact ? undefined : '%',
      axisLabel: { formatter: (v: number) => formatNumber(v) },
    },
    series: [
      {
        name: SERIE_PAGADA,
        type: 'bar',
        barMaxWidth: 24,
        itemStyle: { color: COLOR_PAGADA },
        data: dias.map((d) => d.pagada),
      },
      {
        name: SERIE_SAP,
        type: 'line',
        connectNulls: false,
        symbol: 'circle',
        symbolSize: 6,
        itemStyle: { color: COLOR_SAP },
        lineStyle: { color: COLOR_SAP, width: 2, type: 'dashed' },
        data: dias.map((d) => d.sap),
      },
    ],
  };
}
