import type { ChartOption } from '../chart-option.ts';
import { formatCompact, formatNumber, formatValue } from '../format.ts';
import { gridFor, topLegend } from '../options.ts';
import { tooltipIndex, tooltipRow, tooltipTitle } from '../tooltip.ts';
import { WALDEN_COLORS } from '../walden-theme.ts';
import { ETIQUETAS_HORA, type HoraContador, rangoHora } from './horas.ts';
import { hourBars, hourLine } from './hour-series.ts';

export const COLOR_ENERGIA = WALDEN_COLORS[0];
export const COLOR_EFICIENCIA = WALDEN_COLORS[1];

/** Decimals of kpi_energia (kWh/L, 0.02–0.06): two would show every hour as 0.03 or 0.04. */
export const DECIMALES_KPI = 4;

/**
 * The line's hourly counters over the window 08:00 → 07:00: energy (kWh) as bars, efficiency (%)
 * as a line on its own right-hand axis (0–100); hours without a counter stay empty. The tooltip
 * adds kpi_energia and the product format. Null when the day has no counter ('Sin datos').
 */
export function buildContadoresOption(horas: readonly HoraContador[], compact = false): ChartOption | null {
  if (!horas.some((h) => h.contador)) return null;
  return {
    legend: { ...topLegend, data: ['Energía', 'Eficiencia'] },
    grid: gridFor({ compact, rightAxis: true }),
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      confine: true,
      formatter: (params: unknown) => {
        const h = horas[tooltipIndex(params)];
        if (!h) return '';
        const c = h.contador;
        if (!c) return tooltipTitle(rangoHora(h.hora)) + tooltipRow(null, 'Sin contador', '');
        return [
          tooltipTitle(rangoHora(h.hora)),
          tooltipRow(COLOR_ENERGIA, 'Energía', formatValue(c.energia, 'kWh', 2)),
          tooltipRow(COLOR_EFICIENCIA, 'Eficiencia', formatValue(c.eficiencia, '%', 2)),
          tooltipRow(null, 'KPI energía', formatValue(c.kpi_energia, 'kWh/L', DECIMALES_KPI)),
          tooltipRow(null, 'Formato', c.formato ? String(c.formato) : 'Sin producto'),
        ].join('');
      },
    },
    xAxis: {
      type: 'category',
      data: [...ETIQUETAS_HORA],
      axisTick: { alignWithLabel: true },
      axisLabel: { interval: compact ? 3 : 1 },
    },
    yAxis: [
      {
        type: 'value',
        min: 0,
        name: compact ? undefined : 'kWh',
        axisLabel: { formatter: (v: number) => formatCompact(v) },
      },
      {
        type: 'value',
        min: 0,
        max: 100,
        position: 'right',
        name: compact ? undefined : '%',
        splitLine: { show: false },
        axisLabel: { formatter: (v: number) => formatNumber(v) },
      },
    ],
    series: [
      hourBars(
        'Energía',
        COLOR_ENERGIA,
        horas.map((h) => h.contador?.energia ?? null),
      ),
      hourLine(
        'Eficiencia',
        COLOR_EFICIENCIA,
        horas.map((h) => h.contador?.eficiencia ?? null),
      ),
    ],
  };
}
