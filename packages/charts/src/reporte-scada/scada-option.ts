import type { ChartOption } from '../chart-option.ts';
import { formatCompact, formatNumber } from '../format.ts';
import { dataZoomFor, gridFor, topLegend } from '../options.ts';
import { tooltipIndex, tooltipRow, tooltipTitle } from '../tooltip.ts';
import { WALDEN_COLORS } from '../walden-theme.ts';

export interface ColumnaScada {
  nombre: string;
  unidad: string;
  decimales: number;
}

export interface ScadaOptionInput {
  columnas: readonly ColumnaScada[];
  filas: readonly { inicio: string; valores: readonly (number | null)[] }[];
  /** The axis label of each row ('DD/MM HH:mm', plant time). */
  etiquetas: readonly string[];
  compact?: boolean;
}

/** Up to this many points the lines show their dots. */
const POCOS_PUNTOS = 48;

/**
 * The picked variables over time, one line per variable; each unit has its own value axis (the
 * first on the left, the second on the right, others hidden but scaled on their own), gaps stay
 * gaps. Null when no cell has a value ('Sin datos').
 */
export function buildScadaOption({
  columnas,
  filas,
  etiquetas,
  compact = false,
}: ScadaOptionInput): ChartOption | null {
  if (!filas.some((f) => f.valores.some((v) => v !== null))) return null;
  const unidades = [...new Set(columnas.map((c) => c.unidad))];
  const zoom = dataZoomFor(filas.length, filas.length);
  const color = (k: number) => WALDEN_COLORS[k % WALDEN_COLORS.length]!;
  return {
    legend: { ...topLegend, data: columnas.map((c) => c.nombre) },
    grid: gridFor({ compact, dataZoom: zoom.length > 0, rightAxis: unidades.length > 1 }),
    dataZoom: zoom,
    tooltip: {
      trigger: 'axis',
      confine: true,
      formatter: (params: unknown) => {
        const i = tooltipIndex(params);
        const fila = filas[i];
        if (!fila) return '';
        return [
          tooltipTitle(etiquetas[i] ?? ''),
          ...columnas.map((c, k) => {
            const v = fila.valores[k];
            return tooltipRow(
              color(k),
              c.nombre,
              v == null ? '—' : `${formatNumber(v, c.decimales)} ${c.unidad}`,
            );
          }),
        ].join('');
      },
    },
    xAxis: { type: 'category', data: [...etiquetas], boundaryGap: false, axisLabel: { hideOverlap: true } },
    yAxis: unidades.map((u, k) => ({
      type: 'value' as const,
      scale: true,
      show: k < 2,
      position: k === 0 ? ('left' as const) : ('right' as const),
      name: compact ? undefined : u,
      nameTextStyle: { align: k === 0 ? ('left' as const) : ('right' as const) },
      splitLine: { show: k === 0 },
      axisLabel: { formatter: (v: number) => formatCompact(v) },
    })),
    series: columnas.map((c, k) => ({
      name: c.nombre,
      type: 'line' as const,
      yAxisIndex: unidades.indexOf(c.unidad),
      data: filas.map((f) => f.valores[k] ?? null),
      connectNulls: false,
      symbol: 'circle',
      symbolSize: 5,
      showSymbol: filas.length <= POCOS_PUNTOS,
      itemStyle: { color: color(k) },
      lineStyle: { color: color(k), width: 1.5 },
    })),
  };
}
