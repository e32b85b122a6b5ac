import { formatNumber, formatPercent, formatValue } from '@planta/charts/format';
import { topLegend } from '@planta/charts/options';
import { tooltipHtml, tooltipIndex } from '@planta/charts/tooltip';
import type { ChartOption } from '../../../components/charts/echarts.ts';
import { colorEstado, COLOR_ESTADO, etiquetaEstado, SIN_MOTIVO } from './clases.ts';

/** A reason of the Pareto as perdidasOee sends it. */
export interface MotivoPareto {
  motivo: string;
  categoria: string | null;
  clase: string;
  minutos: number;
  paros: number;
}

/** What the bars measure: minutes of stop or how many stops. */
export type MedidaPareto = 'minutos' | 'paros';

export interface BarraPareto extends MotivoPareto {
  /** The bar's value in the chosen measure. */
  valor: number;
  /** Its share of the total, %. */
  porcentaje: number;
  /** The running share up to this bar, %; the last bar's is 100. */
  acumulado: number;
}

/** The server's group of the reasons beyond the fifteenth. */
export const OTROS = 'Otros';

/**
 * The Pareto's bars in the chosen measure: largest first ('Otros', the rest, always last), with
 * each one's share and the running share, which ends at exactly 100 %. Bars of 0 are left out.
 */
export function barrasPareto(motivos: readonly MotivoPareto[], medida: MedidaPareto): BarraPareto[] {
  const conValor = motivos.filter((m) => m[medida] > 0);
  const total = conValor.reduce((s, m) => s + m[medida], 0);
  if (total <= 0) return [];
  const ordenados = [...conValor].sort((a, b) => {
    const otrosA = a.motivo === OTROS ? 1 : 0;
    const otrosB = b.motivo === OTROS ? 1 : 0;
    return otrosA - otrosB || b[medida] - a[medida] || a.motivo.localeCompare(b.motivo, 'es');
  });
  let suma = 0;
  return ordenados.map((m, i) => {
    suma += m[medida];
    return {
      ...m,
      valor: m[medida],
      porcentaje: (m[medida] / total) * 100,
      // The last one is 100 whatever the rounding of the sum.
      acumulado: i === ordenados.length - 1 ? 100 : (suma / total) * 100,
    };
  });
}

/** Colour of a reason's bar: 'Sin motivo' its own, the others their class's. */
export function colorBarra(m: Pick<MotivoPareto, 'motivo' | 'clase'>): string {
  return m.clase === SIN_MOTIVO || m.motivo === 'Sin motivo'
    ? COLOR_ESTADO.SIN_MOTIVO!
    : colorEstado(m.clase);
}

export const COLOR_ACUMULADO = '#e6edf3';

/** Pixel height the Pareto needs for `n` bars. */
export function alturaParetoPerdidas(n: number): number {
  return Math.max(240, 80 + n * 28);
}

const corta = (texto: string, max: number) =>
  texto.length <= max ? texto : `${texto.slice(0, max - 1).trimEnd()}…`;

/**
 * The unplanned stops' Pareto on its side: one bar per reason (largest on top) in minutes or
 * occurrences, coloured by loss class and 'Sin motivo' in its own colour; the running share as a
 * line on the top axis (0–100 %). Null without stops ('Sin datos').
 */
export function buildParetoPerdidasOption(
  motivos: readonly MotivoPareto[],
  medida: MedidaPareto,
  compact = false,
): ChartOption | null {
  const barras = barrasPareto(motivos, medida);
  if (barras.length === 0) return null;
  const nombreSerie = medida === 'minutos' ? 'Minutos de paro' : 'Paros';
  return {
    legend: { ...topLegend, data: [nombreSerie, '% acumulado'] },
    grid: {
      left: compact ? 4 : 12,
      right: compact ? 12 : 20,
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
        return tooltipHtml(b.motivo, [
          ...(b.categoria ? [{ color: null, etiqueta: 'Categoría', valor: b.categoria }] : []),
          { color: colorBarra(b), etiqueta: 'Clase', valor: etiquetaEstado(b.clase) },
          { color: null, etiqueta: 'Minutos', valor: formatValue(b.minutos, 'min', 1) },
          { color: null, etiqueta: 'Paros', valor: formatNumber(b.paros) },
          { color: null, etiqueta: '% del total', valor: formatPercent(b.porcentaje) },
          { color: COLOR_ACUMULADO, etiqueta: '% acumulado', valor: formatPercent(b.acumulado) },
        ]);
      },
    },
    yAxis: {
      type: 'category',
      inverse: true,
      data: barras.map((b) => b.motivo),
      axisLabel: { formatter: (v: string) => corta(v, compact ? 16 : 32) },
    },
    xAxis: [
      {
        type: 'value',
        min: 0,
        name: compact ? '' : medida === 'minutos' ? 'min' : 'paros',
        splitNumber: compact ? 3 : 5,
        minInterval: medida === 'paros' ? 1 : undefined,
        position: 'bottom',
        axisLabel: { formatter: (v: number) => formatNumber(v), hideOverlap: true },
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
        name: nombreSerie,
        type: 'bar',
        xAxisIndex: 0,
        barMaxWidth: 20,
        // The legend's mark: the bars take their class's colour.
        itemStyle: { color: '#8b949e' },
        data: barras.map((b) => ({ value: b.valor, itemStyle: { color: colorBarra(b) } })),
      },
      {
        name: '% acumulado',
        type: 'line',
        xAxisIndex: 1,
        data: barras.map((b) => b.acumulado),
        symbolSize: 6,
        itemStyle: { color: COLOR_ACUMULADO },
        lineStyle: { color: COLOR_ACUMULADO, width: 2 },
      },
    ],
  };
}
