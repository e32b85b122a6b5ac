import type { ChartOption } from '../chart-option.ts';
import { formatCompact, formatNumber, formatValue } from '../format.ts';
import { gridFor, topLegend } from '../options.ts';
import { tooltipIndex, tooltipRow, tooltipTitle } from '../tooltip.ts';
import { WALDEN_COLORS } from '../walden-theme.ts';
import { ETIQUETAS_HORA, rangoHora } from './horas.ts';
import type { HoraLinea4 } from './linea4.ts';
import { hourBars, hourLine } from './hour-series.ts';

const COLOR_BOTELLAS = WALDEN_COLORS[4];
const COLOR_VELOCIDAD = WALDEN_COLORS[5];

/**
 * Line 4's own counters hour by hour (08 … 07): filled bottles as bars, mean speed (bottles/min)
 * as a line on the right-hand axis; hours without readings stay empty. Null without readings.
 */
export function buildLinea4Option(horas: readonly HoraLinea4[], compact = false): ChartOption | null {
  if (!horas.some((h) => h.lectura)) return null;
  return {
    legend: { ...topLegend, data: ['Botellas llenas', 'Velocidad'] },
    grid: gridFor({ compact, rightAxis: true }),
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      confine: true,
      formatter: (params: unknown) => {
        const h = horas[tooltipIndex(params)];
        if (!h) return '';
        const l = h.lectura;
        if (!l) return tooltipTitle(rangoHora(h.hora)) + tooltipRow(null, 'Sin lecturas', '');
        return [
          tooltipTitle(rangoHora(h.hora)),
          tooltipRow(COLOR_BOTELLAS, 'Botellas llenas', formatNumber(l.botellas_llenas)),
          tooltipRow(COLOR_VELOCIDAD, 'Velocidad media', formatValue(l.velocidad, 'bpm', 2)),
          tooltipRow(null, 'Paquetes', formatNumber(l.paquetes)),
          tooltipRow(null, 'Formato', l.formato ? String(l.formato) : 'Sin producto'),
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
      { type: 'value', min: 0, axisLabel: { formatter: (v: number) => formatCompact(v) } },
      {
        type: 'value',
        min: 0,
        position: 'right',
        name: compact ? undefined : 'bpm',
        splitLine: { show: false },
        axisLabel: { formatter: (v: number) => formatCompact(v) },
      },
    ],
    series: [
      hourBars(
        'Botellas llenas',
        COLOR_BOTELLAS,
        horas.map((h) => h.lectura?.botellas_llenas ?? null),
      ),
      hourLine(
        'Velocidad',
        COLOR_VELOCIDAD,
        horas.map((h) => h.lectura?.velocidad ?? null),
      ),
    ],
  };
}
