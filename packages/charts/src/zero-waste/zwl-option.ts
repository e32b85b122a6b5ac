import { MESES, ZERO_WASTE_TARGET } from '@planta/domain';
import type { ChartOption } from '../chart-option.ts';
import { formatNumber, formatPercent } from '../format.ts';
import { gridFor, topLegend } from '../options.ts';
import { tooltipHtml, tooltipIndex } from '../tooltip.ts';
import { CHART_COLORS } from '../walden-theme.ts';
import { type MesZeroWaste, mesesDelAnio, ultimoMesConDatos, zwlAcumuladoPorMes } from './zero-waste.ts';

/** Colour of a month below the target (bar) — the same amber as the limits. */
export const COLOR_BAJO_META = CHART_COLORS.limite;

export interface ZwlOptionInput {
  /** `zeroWasteMensual` rows (the 'Acumulado' row is ignored). */
  meses: readonly MesZeroWaste[];
  meta?: number;
  compact?: boolean;
}

/** Short month labels: 'Ene', 'Feb'… */
export const mesCorto = (numero: number) => (MESES[numero - 1] ?? '').slice(0, 3);

/**
 * Lower end of the ZWL axis: ZWL lives near 100 %, so the axis starts 5 points under the lowest
 * value or the target, on a multiple of 5 (never below 0). Empty months do not count.
 */
export function zwlAxisMin(valores: readonly (number | null)[], meta = ZERO_WASTE_TARGET): number {
  const presentes = valores.filter((v): v is number => v !== null);
  const minimo = Math.min(meta, ...presentes);
  return Math.max(0, Math.floor(minimo / 5) * 5 - 5);
}

/**
 * Monthly ZWL of the year (bars, amber below the target) with the year-to-date ZWL (ratio of the
 * sums through each month) and the target line 'Meta' (99 %, dashed). Null when no month has
 * records ('Sin datos'); months without records are gaps, never 0 %.
 */
export function buildZwlOption({
  meses,
  meta = ZERO_WASTE_TARGET,
  compact = false,
}: ZwlOptionInput): ChartOption | null {
  if (ultimoMesConDatos(meses) === null) return null;
  const doce = mesesDelAnio(meses);
  const mensual = doce.map((m) => m.zwl);
  const acumulado = zwlAcumuladoPorMes(meses);
  const fmt = (v: number | null | undefined) => formatPercent(v, 2);
  return {
    legend: { ...topLegend, data: ['ZWL del mes', 'Acumulado', 'Meta'] },
    grid: gridFor({ compact }),
    tooltip: {
      trigger: 'axis',
      confine: true,
      formatter: (params: unknown) => {
        const i = tooltipIndex(params);
        const m = doce[i];
        if (!m) return '';
        return tooltipHtml(m.mes, [
          { color: CHART_COLORS.real, etiqueta: 'ZWL del mes', valor: fmt(m.zwl) },
          { color: CHART_COLORS.mensual, etiqueta: 'Acumulado', valor: fmt(acumulado[i]) },
          { color: CHART_COLORS.meta, etiqueta: 'Meta', valor: fmt(meta), dashed: true },
          {
            color: null,
            etiqueta: 'Aprovechable',
            valor: m.zwl === null ? '—' : `${formatNumber(m.aprovechable, 0)} kg`,
          },
          {
            color: null,
            etiqueta: 'No aprovechable',
            valor: m.zwl === null ? '—' : `${formatNumber(m.no_aprovechable, 0)} kg`,
          },
        ]);
      },
    },
    xAxis: { type: 'category', data: doce.map((m) => mesCorto(m.numero_mes ?? 0)) },
    yAxis: {
      type: 'value',
      min: zwlAxisMin([...mensual, ...acumulado], meta),
      max: 100,
      axisLabel: { formatter: (v: number) => `${v} %` },
    },
    series: [
      {
        name: 'ZWL del mes',
        type: 'bar',
        barMaxWidth: 36,
        itemStyle: { color: CHART_COLORS.real },
        data: mensual.map((v) =>
          v === null
            ? null
            : { value: v, itemStyle: { color: v >= meta ? CHART_COLORS.real : COLOR_BAJO_META } },
        ),
      },
      {
        name: 'Acumulado',
        type: 'line',
        data: acumulado,
        connectNulls: false,
        symbolSize: 6,
        itemStyle: { color: CHART_COLORS.mensual },
        lineStyle: { color: CHART_COLORS.mensual, width: 2 },
      },
      {
        name: 'Meta',
        type: 'line',
        data: doce.map(() => meta),
        symbol: 'none',
        itemStyle: { color: CHART_COLORS.meta },
        lineStyle: { color: CHART_COLORS.meta, type: 'dashed', width: 2 },
      },
    ],
  };
}
