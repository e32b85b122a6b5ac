import type { ChartOption } from '../chart-option.ts';
import { formatCompact, formatNumber, formatPercent, formatValue } from '../format.ts';
import { topLegend } from '../options.ts';
import { tooltipHtml, tooltipIndex } from '../tooltip.ts';
import { CHART_COLORS } from '../walden-theme.ts';

/** A Pareto bar as the server sends it (largest first, running share in %). */
export interface Barra {
  nombre: string;
  equipo: string;
  minutos: number;
  paros: number;
  porcentaje: number;
  porcentaje_acumulado: number;
}

/** Colour of the cumulative line and of the 80 % mark. */
export const COLOR_ACUMULADO = CHART_COLORS.limite;

/** Pixel height the Pareto needs for `n` bars (it grows with the causes so no label overlaps). */
export function alturaPareto(n: number): number {
  return Math.max(220, 70 + n * 30);
}

/** Shortens a long cause for the axis (the tooltip shows it whole). */
export function etiquetaCorta(texto: string, max: number): string {
  return texto.length <= max ? texto : `${texto.slice(0, max - 1).trimEnd()}…`;
}

/**
 * The downtime Pareto laid on its side (long Spanish causes stay readable on a phone): one bar per
 * cause or equipment, largest on top, minutes on the bottom axis; the cumulative share (0–100 %)
 * as a line on the top axis, with the 80 % mark. Null without downtime ('Sin datos').
 */
export function buildParetoOption({
  barras,
  agrupar,
  compact = false,
}: {
  barras: readonly Barra[];
  agrupar: 'CAUSA' | 'EQUIPO';
  compact?: boolean;
}): ChartOption | null {
  if (barras.length === 0 || barras.every((b) => b.minutos <= 0)) return null;
  const max = compact ? 16 : 34;
  return {
    legend: { ...topLegend, data: ['Tiempo de paro (min)', '% acumulado'] },
    grid: {
      left: compact ? 4 : 12,
      right: compact ? 8 : 16,
      top: 64,
      bottom: 8,
      outerBoundsMode: 'same',
      outerBoundsContain: 'all',
    },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      confine: true,
      formatter: (params: unknown) => {
        const b = barras[tooltipIndex(params)];
        if (!b) return '';
        return tooltipHtml(b.nombre, [
          ...(agrupar === 'CAUSA' && b.equipo !== b.nombre
            ? [{ color: null, etiqueta: 'Equipo', valor: b.equipo }]
            : []),
          { color: CHART_COLORS.real, etiqueta: 'Tiempo de paro', valor: formatValue(b.minutos, 'min', 1) },
          { color: null, etiqueta: 'Paros', valor: formatNumber(b.paros) },
          { color: null, etiqueta: '% del total', valor: formatPercent(b.porcentaje) },
          { color: COLOR_ACUMULADO, etiqueta: '% acumulado', valor: formatPercent(b.porcentaje_acumulado) },
        ]);
      },
    },
    yAxis: {
      type: 'category',
      inverse: true,
      data: barras.map((b) => b.nombre),
      axisLabel: { formatter: (v: string) => etiquetaCorta(v, max) },
    },
    xAxis: [
      {
        type: 'value',
        min: 0,
        // On a phone fewer ticks and no axis name (the legend has the unit), so labels do not collide.
        name: compact ? '' : 'min',
        splitNumber: compact ? 3 : 5,
        position: 'bottom',
        axisLabel: { formatter: (v: number) => formatCompact(v), hideOverlap: true },
      },
      {
        type: 'value',
        min: 0,
        max: 100,
        interval: compact ? 50 : 20,
        position: 'top',
        splitLine: { show: false },
        axisLabel: { formatter: (v: number) => `${v} %` },
      },
    ],
    series: [
      {
        name: 'Tiempo de paro (min)',
        type: 'bar',
        xAxisIndex: 0,
        data: barras.map((b) => b.minutos),
        itemStyle: { color: CHART_COLORS.real },
      },
      {
        name: '% acumulado',
        type: 'line',
        xAxisIndex: 1,
        data: barras.map((b) => b.porcentaje_acumulado),
        symbolSize: 6,
        itemStyle: { color: COLOR_ACUMULADO },
        lineStyle: { color: COLOR_ACUMULADO, width: 2 },
        markLine: {
          silent: true,
          symbol: 'none',
          // No label: it would sit on the minutes axis; the top axis reads the %.
          label: { show: false },
          lineStyle: { color: COLOR_ACUMULADO, type: 'dashed' },
          data: [{ xAxis: 80 }],
        },
      },
    ],
  };
}
