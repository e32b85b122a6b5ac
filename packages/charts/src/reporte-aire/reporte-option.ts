import type { ChartOption } from '../chart-option.ts';
import { formatCompact, formatNumber } from '../format.ts';
import { dataZoomFor, gridFor, topLegend } from '../options.ts';
import { tooltipIndex, tooltipRow, tooltipTitle } from '../tooltip.ts';
import { WALDEN_COLORS } from '../walden-theme.ts';
import { type Reporte, nombreCorto } from './tabla-reporte.ts';

export interface ReporteOptionInput {
  reporte: Reporte;
  /** The axis label of each row ('HH:mm', 'DD/MM HH:mm' or 'DD/MM'). */
  etiquetas: readonly string[];
  /** The tooltip title of each row (the table's period, 'DD/MM/AAAA HH:mm'). */
  titulos?: readonly string[];
  compact?: boolean;
}

/** Up to this many rows the lines show their dots (a lone value stays visible). */
const POCOS_PUNTOS = 48;

/** Colour of the n-th series (the walden palette, repeated). */
export const colorSerie = (i: number) => WALDEN_COLORS[i % WALDEN_COLORS.length]!;

/**
 * A report's chart: one series per column over the rows' periods — bars for what is summed over the
 * interval (volumes, energy: SUMA), lines for means (flows, levels). One value axis per unit: the
 * first unit on the left, the second on the right, any further one scaled on its own hidden axis.
 * Gaps stay gaps; columns without any value are left out. Null when no cell has a value (the
 * Chart shows 'Sin datos').
 */
export function buildReporteOption({
  reporte,
  etiquetas,
  titulos = etiquetas,
  compact = false,
}: ReporteOptionInput): ChartOption | null {
  // Columns without any value in the range (e.g. a calculated figure with no readings) stay in the
  // table but are not drawn: no empty legend entry or axis.
  const indices = reporte.columnas
    .map((_, j) => j)
    .filter((j) => reporte.filas.some((f) => (f.valores[j] ?? null) !== null));
  if (indices.length === 0) return null;
  const columnas = indices.map((j) => reporte.columnas[j]!);
  const filas = reporte.filas.map((f) => ({
    fecha: f.fecha,
    valores: indices.map((j) => f.valores[j] ?? null),
  }));

  const unidades = [...new Set(columnas.map((c) => c.unidad))];
  const eje = (unidad: string) => unidades.indexOf(unidad);
  const zoom = dataZoomFor(filas.length, filas.length);
  const nombres = columnas.map((c) => nombreCorto(c));

  const yAxis = unidades.map((unidad, i) => ({
    type: 'value' as const,
    show: i < 2,
    position: i === 0 ? ('left' as const) : ('right' as const),
    name: compact ? undefined : unidad,
    nameTextStyle: { align: i === 0 ? ('left' as const) : ('right' as const) },
    axisLabel: { formatter: (v: number) => formatCompact(v) },
    // Only the first axis draws the grid, so two units do not cross-hatch the plot.
    splitLine: { show: i === 0 },
    ...(columnas.some((c) => c.unidad === unidad && c.agregacion === 'SUMA') && { min: 0 }),
  }));

  return {
    legend: { ...topLegend, data: nombres },
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
          tooltipTitle(titulos[i] ?? ''),
          ...columnas.map((c, j) => {
            const v = fila.valores[j] ?? null;
            return tooltipRow(
              colorSerie(j),
              nombres[j]!,
              v === null ? '—' : `${formatNumber(v, c.decimales)} ${c.unidad}`.trim(),
            );
          }),
        ].join('');
      },
    },
    xAxis: {
      type: 'category',
      data: [...etiquetas],
      boundaryGap: columnas.some((c) => c.agregacion === 'SUMA'),
      axisLabel: { hideOverlap: true },
    },
    yAxis,
    series: columnas.map((c, j) => {
      const color = colorSerie(j);
      const data = filas.map((f) => f.valores[j] ?? null);
      const comun = { name: nombres[j]!, data, yAxisIndex: eje(c.unidad), itemStyle: { color } };
      return c.agregacion === 'SUMA'
        ? { ...comun, type: 'bar' as const, barMaxWidth: 24 }
        : {
            ...comun,
            type: 'line' as const,
            connectNulls: false,
            symbol: 'circle',
            symbolSize: 5,
            showSymbol: filas.length <= POCOS_PUNTOS,
            lineStyle: { color, width: 1.5 },
          };
    }),
  };
}
