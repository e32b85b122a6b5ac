import type { ChartOption } from '../../../components/charts/echarts.ts';
import { formatCompact, formatNumber } from '@planta/charts/format';
import { gridFor, topLegend } from '@planta/charts/options';
import { tooltipIndex, tooltipRow, tooltipTitle } from '@planta/charts/tooltip';
import { CHART_COLORS, WALDEN_COLORS } from '@planta/charts/walden-theme';

export interface MesAcumulado {
  nombreMes: string;
  /** m³ treated (Σ inflow); null without data. */
  afluenteM3: number | null;
  /** kg DQO removed (Σ Q × (C_in − C_out) / 1000); null without data. */
  dqoRemovidaKg: number | null;
  /** kWh per m³ treated (Σ energy / Σ inflow); null without data. */
  energiaKwhM3: number | null;
}

/**
 * Month by month: the volume treated and the DQO removed (bars, left axis) and the energy per m³
 * treated (line, right axis). Months without data have no bar ('—' in the tooltip, never 0).
 * Null when no month has data.
 */
export function buildAcumuladosOption(meses: readonly MesAcumulado[], compact = false): ChartOption | null {
  if (!meses.some((m) => m.afluenteM3 !== null || m.dqoRemovidaKg !== null)) return null;
  const colores = { volumen: CHART_COLORS.real, dqo: WALDEN_COLORS[1], energia: CHART_COLORS.limite };
  return {
    legend: { ...topLegend, data: ['Volumen tratado (m³)', 'DQO removida (kg)', 'Energía (kWh/m³)'] },
    grid: gridFor({ compact, rightAxis: true }),
    tooltip: {
      trigger: 'axis',
      confine: true,
      formatter: (params: unknown) => {
        const m = meses[tooltipIndex(params)];
        if (!m) return '';
        return [
          tooltipTitle(m.nombreMes),
          tooltipRow(colores.volumen, 'Volumen tratado', `${formatNumber(m.afluenteM3, 0)} m³`),
          tooltipRow(colores.dqo, 'DQO removida', `${formatNumber(m.dqoRemovidaKg, 0)} kg`),
          tooltipRow(colores.energia, 'Energía', `${formatNumber(m.energiaKwhM3, 2)} kWh/m³`),
        ].join('');
      },
    },
    xAxis: {
      type: 'category',
      data: meses.map((m) => (compact ? m.nombreMes.slice(0, 3) : m.nombreMes)),
      axisLabel: { hideOverlap: true },
    },
    yAxis: [
      {
        type: 'value',
        min: 0,
        name: compact ? undefined : 'm³ · kg',
        axisLabel: { formatter: (v: number) => formatCompact(v) },
      },
      {
        type: 'value',
        min: 0,
        name: compact ? undefined : 'kWh/m³',
        splitLine: { show: false },
        axisLabel: { formatter: (v: number) => formatNumber(v, 2) },
      },
    ],
    series: [
      {
        name: 'Volumen tratado (m³)',
        type: 'bar',
        data: meses.map((m) => m.afluenteM3),
        barMaxWidth: 28,
        itemStyle: { color: colores.volumen },
      },
      {
        name: 'DQO removida (kg)',
        type: 'bar',
        data: meses.map((m) => m.dqoRemovidaKg),
        barMaxWidth: 28,
        itemStyle: { color: colores.dqo },
      },
      {
        name: 'Energía (kWh/m³)',
        type: 'line',
        yAxisIndex: 1,
        data: meses.map((m) => m.energiaKwhM3),
        connectNulls: false,
        itemStyle: { color: colores.energia },
        lineStyle: { color: colores.energia, width: 2 },
      },
    ],
  };
}
