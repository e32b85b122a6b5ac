import { productionDaysBetween } from '@planta/domain';
import type { ChartOption } from '../chart-option.ts';
import { formatCompact, formatFechaCorta, formatFechaLarga, formatValue } from '../format.ts';
import { dataZoomFor, gridFor, topLegend } from '../options.ts';
import { CHART_COLORS } from '../walden-theme.ts';
import { tooltipIndex } from '../tooltip.ts';
import { kpiTooltipHtml } from './tooltip.ts';
import { isShare } from './trend-axis.ts';

/** 1, 2 or 5 × 10^k: the tick step ECharts would pick for about `span / 5`. */
function niceStep(span: number): number {
  const raw = span / 5;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const unit = [1, 2, 5, 10].find((m) => m * magnitude >= raw) ?? 10;
  return unit * magnitude;
}

/** The multiple of `step` below `value` (one step lower when it falls on one: the line needs room). */
function roundBelow(value: number, step: number): number {
  const below = Math.floor(value / step) * step;
  return Number((below === value ? below - step : below).toPrecision(12));
}

/**
 * Which configured limits the history chart draws, and the axis range that shows them. A limit
 * within one data span of the values is drawn (the axis widened to a round number past it); one
 * farther away (0 and 100 % around an ETA of 85–93 %) is left to the figures above the chart, so
 * the line keeps its detail.
 */
export function limitsInView(
  lo: number,
  hi: number,
  minimo: number | null,
  maximo: number | null,
): { minimo: number | null; maximo: number | null; yMin?: number; yMax?: number } {
  const span = hi - lo || Math.abs(hi) || 1;
  const near = (limit: number | null) => limit !== null && limit >= lo - span && limit <= hi + span;
  const shownMin = near(minimo) ? minimo : null;
  const shownMax = near(maximo) ? maximo : null;
  const step = niceStep(Math.max(hi, shownMax ?? hi) - Math.min(lo, shownMin ?? lo) || span);
  return {
    minimo: shownMin,
    maximo: shownMax,
    ...(shownMin !== null && shownMin <= lo ? { yMin: roundBelow(shownMin, step) } : {}),
    ...(shownMax !== null && shownMax >= hi ? { yMax: -roundBelow(-shownMax, step) } : {}),
  };
}

export interface HistoryOptionInput {
  /** The variable's daily values (any order; days outside desde…hasta are ignored). */
  rows: readonly { fecha: string; diario: number; meta: number | null }[];
  desde: string;
  hasta: string;
  unidad: string;
  decimales: number;
  /** Configured limits of the variable, drawn as horizontal lines when set. */
  minimo: number | null;
  maximo: number | null;
  /** Days shown when the chart opens (the slider reaches the rest); default 92. */
  visibleDays?: number;
  compact?: boolean;
}

/**
 * The chart-details history: one point per day from desde to hasta (a day without data is a gap),
 * the daily value as a line, the meta dashed, the variable's minimo/maximo as limit lines, and a
 * zoom slider when the period is long. A share (0–100 %) is drawn on a 0–100 axis, any other
 * percentage never below 0; a sparse series (a monthly figure) is drawn as joined points. Null when no day has a value ('Sin datos').
 */
export function buildHistoryOption(input: HistoryOptionInput): ChartOption | null {
  const { rows, desde, hasta, unidad, decimales, minimo, maximo, visibleDays = 92, compact = false } = input;
  const days = productionDaysBetween(desde, hasta);
  const byDay = new Map(rows.filter((r) => r.fecha >= desde && r.fecha <= hasta).map((r) => [r.fecha, r]));
  if (byDay.size === 0) return null;
  const valores = days.map((d) => byDay.get(d)?.diario ?? null);
  const metas = days.map((d) => byDay.get(d)?.meta ?? null);
  const zoom = dataZoomFor(days.length, visibleDays);

  const known = [...valores, ...metas].filter((v): v is number => v !== null);
  const share = isShare({ unidad, minimo, maximo });
  const fitted = limitsInView(Math.min(...known), Math.max(...known), minimo, maximo);
  // A share runs from 0 to 100 (its 0 is the axis itself); past 100 only when a value is.
  const view = share
    ? { minimo: null, maximo, yMin: 0, yMax: Math.max(...known) <= 100 ? 100 : undefined }
    : {
        ...fitted,
        ...(unidad === '%' && fitted.yMin !== undefined ? { yMin: Math.max(0, fitted.yMin) } : {}),
      };
  // A monthly figure (ZWL: one value on each month's first day) has a point every 30 days or so:
  // without symbols and joins, such isolated points would not be drawn at all. Counted between its
  // first and last value, so a daily series with a short history keeps its gaps.
  const first = valores.findIndex((v) => v !== null);
  const last = valores.findLastIndex((v) => v !== null);
  const sparse = valores.filter((v) => v !== null).length * 3 < last - first + 1;
  const limits = [
    ...(view.minimo === null ? [] : [{ name: 'Mínimo', yAxis: view.minimo }]),
    ...(view.maximo === null ? [] : [{ name: 'Máximo', yAxis: view.maximo }]),
  ];

  return {
    legend: { ...topLegend, data: ['Diario', 'Meta'] },
    grid: gridFor({ compact, dataZoom: zoom.length > 0 }),
    tooltip: {
      trigger: 'axis',
      confine: true,
      formatter: (params: unknown) => {
        const i = tooltipIndex(params);
        const fecha = days[i];
        if (!fecha) return '';
        return kpiTooltipHtml({
          titulo: formatFechaLarga(fecha),
          etiquetaValor: 'Diario',
          valor: valores[i] ?? null,
          meta: metas[i] ?? null,
          unidad,
          decimales,
          colorValor: CHART_COLORS.real,
          colorMeta: CHART_COLORS.meta,
        });
      },
    },
    xAxis: {
      type: 'category',
      data: days.map(formatFechaCorta),
      boundaryGap: false,
      axisLabel: { hideOverlap: true },
    },
    yAxis: {
      type: 'value',
      scale: true,
      name: compact ? undefined : unidad || undefined,
      nameTextStyle: { align: 'left' },
      axisLabel: { formatter: (v: number) => formatCompact(v) },
      ...(view.yMin === undefined ? {} : { min: view.yMin }),
      ...(view.yMax === undefined ? {} : { max: view.yMax }),
    },
    dataZoom: zoom,
    series: [
      {
        name: 'Diario',
        type: 'line',
        data: valores,
        connectNulls: sparse,
        showSymbol: sparse || days.length <= 62,
        // ECharts thins symbols out on a long category axis: a sparse series needs every one.
        showAllSymbol: sparse ? true : 'auto',
        symbolSize: sparse ? 7 : 5,
        lineStyle: { width: 2, color: CHART_COLORS.real },
        itemStyle: { color: CHART_COLORS.real },
        areaStyle: { color: CHART_COLORS.real, opacity: 0.08 },
        markLine:
          limits.length === 0
            ? undefined
            : {
                silent: true,
                symbol: 'none',
                lineStyle: { color: CHART_COLORS.limite, type: 'dotted', width: 1.5 },
                label: {
                  position: 'insideEndTop',
                  color: CHART_COLORS.limite,
                  formatter: (p: { name?: string; value?: unknown }) =>
                    `${p.name === 'Mínimo' ? 'Mín.' : 'Máx.'} ${formatValue(Number(p.value), unidad, decimales)}`,
                },
                data: limits,
              },
      },
      {
        name: 'Meta',
        type: 'line',
        data: metas,
        step: 'middle',
        connectNulls: sparse,
        showSymbol: false,
        lineStyle: { width: 2, type: 'dashed', color: CHART_COLORS.meta },
        itemStyle: { color: CHART_COLORS.meta },
      },
    ],
  };
}
