import type { ChartOption } from '../chart-option.ts';
import { formatCompact, formatNumber, formatPercent } from '../format.ts';
import { dataZoomFor, gridFor, topLegend } from '../options.ts';
import { tooltipHtml, tooltipIndex } from '../tooltip.ts';
import { CHART_COLORS, WALDEN_COLORS } from '../walden-theme.ts';
import { etiquetaSemana, type SemanaTotal } from './semanas.ts';

/** Colours of the overtime types and of the budget (the walden palette; the budget as a target). */
export const COLORES = {
  dobles: WALDEN_COLORS[0],
  triples: WALDEN_COLORS[3],
  presupuesto: CHART_COLORS.limite,
  ordinarias: WALDEN_COLORS[1],
} as const;

const horas = (v: number | null | undefined) => (v == null ? '—' : `${formatNumber(v, 1)} h`);

export interface SemanasInput {
  semanas: readonly SemanaTotal[];
  compact?: boolean;
}

/**
 * Overtime per ISO week: doble and triple hours as stacked bars (the stack's top is the week's
 * total) and the week's budget as a dashed line. Null without weeks ('Sin datos').
 */
export function buildSemanasOption({ semanas, compact = false }: SemanasInput): ChartOption | null {
  if (semanas.length === 0) return null;
  const zoom = dataZoomFor(semanas.length, 26);
  const barra = (nombre: string, color: string, data: number[]) => ({
    name: nombre,
    type: 'bar' as const,
    stack: 'horas',
    barMaxWidth: 48,
    itemStyle: { color },
    data,
  });
  return {
    legend: { ...topLegend, data: ['Dobles', 'Triples', 'Presupuesto'] },
    grid: gridFor({ compact, dataZoom: zoom.length > 0 }),
    dataZoom: zoom,
    tooltip: {
      trigger: 'axis',
      confine: true,
      axisPointer: { type: 'shadow' },
      formatter: (params: unknown) => {
        const s = semanas[tooltipIndex(params)];
        if (!s) return '';
        return tooltipHtml(etiquetaSemana(s.semana), [
          { color: COLORES.dobles, etiqueta: 'Dobles', valor: horas(s.horas_dobles) },
          { color: COLORES.triples, etiqueta: 'Triples', valor: horas(s.horas_triples) },
          { color: null, etiqueta: 'Total', valor: horas(s.horas) },
          { color: COLORES.presupuesto, etiqueta: 'Presupuesto', valor: horas(s.presupuesto), dashed: true },
          { color: null, etiqueta: '% del presupuesto', valor: formatPercent(s.porcentaje_presupuesto) },
        ]);
      },
    },
    xAxis: {
      type: 'category',
      data: semanas.map((s) => etiquetaSemana(s.semana)),
      axisLabel: { hideOverlap: true },
    },
    yAxis: {
      type: 'value',
      min: 0,
      name: compact ? undefined : 'Horas',
      nameTextStyle: { align: 'left' },
      axisLabel: { formatter: (v: number) => formatCompact(v) },
    },
    series: [
      barra(
        'Dobles',
        COLORES.dobles,
        semanas.map((s) => s.horas_dobles),
      ),
      barra(
        'Triples',
        COLORES.triples,
        semanas.map((s) => s.horas_triples),
      ),
      {
        name: 'Presupuesto',
        type: 'line',
        data: semanas.map((s) => (s.presupuesto > 0 ? s.presupuesto : null)),
        connectNulls: false,
        symbol: 'circle',
        symbolSize: 6,
        itemStyle: { color: COLORES.presupuesto },
        lineStyle: { color: COLORES.presupuesto, width: 2, type: 'dashed' },
      },
    ],
  };
}

/**
 * The trend of the range, week by week: overtime as % of ordinary hours (DOMAIN: typically
 * 5–15 %) and as % of the budget (100 % = on budget, marked). Null without weeks.
 */
export function buildTendenciaOption({ semanas, compact = false }: SemanasInput): ChartOption | null {
  if (semanas.length === 0) return null;
  const zoom = dataZoomFor(semanas.length, 26);
  const hayPresupuesto = semanas.some((s) => s.porcentaje_presupuesto !== null);
  const tope = Math.max(
    0,
    ...semanas.flatMap((s) => [s.porcentaje_ordinarias ?? 0, s.porcentaje_presupuesto ?? 0]),
  );
  const linea = (nombre: string, color: string, data: (number | null)[]) => ({
    name: nombre,
    type: 'line' as const,
    data,
    connectNulls: false,
    symbol: 'circle',
    symbolSize: 6,
    showSymbol: true,
    itemStyle: { color },
    lineStyle: { color, width: 2 },
  });
  return {
    legend: { ...topLegend, data: ['% de horas ordinarias', '% del presupuesto'] },
    grid: gridFor({ compact, dataZoom: zoom.length > 0 }),
    dataZoom: zoom,
    tooltip: {
      trigger: 'axis',
      confine: true,
      formatter: (params: unknown) => {
        const s = semanas[tooltipIndex(params)];
        if (!s) return '';
        return tooltipHtml(etiquetaSemana(s.semana), [
          {
            color: COLORES.ordinarias,
            etiqueta: '% de horas ordinarias',
            valor: formatPercent(s.porcentaje_ordinarias),
          },
          {
            color: COLORES.dobles,
            etiqueta: '% del presupuesto',
            valor: formatPercent(s.porcentaje_presupuesto),
          },
          { color: null, etiqueta: 'Horas extra', valor: horas(s.horas) },
          { color: null, etiqueta: 'Horas ordinarias', valor: horas(s.horas_ordinarias) },
        ]);
      },
    },
    xAxis: {
      type: 'category',
      data: semanas.map((s) => etiquetaSemana(s.semana)),
      axisLabel: { hideOverlap: true },
    },
    yAxis: {
      type: 'value',
      min: 0,
      // The budget's 100 % stays in sight while every week is under it.
      max: hayPresupuesto && tope < 100 ? 120 : undefined,
      name: compact ? undefined : '%',
      nameTextStyle: { align: 'left' },
      axisLabel: { formatter: (v: number) => formatNumber(v, 0) },
    },
    series: [
      linea(
        '% de horas ordinarias',
        COLORES.ordinarias,
        semanas.map((s) => s.porcentaje_ordinarias),
      ),
      {
        ...linea(
          '% del presupuesto',
          COLORES.dobles,
          semanas.map((s) => s.porcentaje_presupuesto),
        ),
        markLine: hayPresupuesto
          ? {
              silent: true,
              symbol: 'none',
              lineStyle: { type: 'dashed', color: COLORES.presupuesto },
              label: {
                formatter: compact ? '100 %' : 'Presupuesto (100 %)',
                position: 'insideEndTop',
                color: COLORES.presupuesto,
              },
              data: [{ yAxis: 100 }],
            }
          : undefined,
      },
    ],
  };
}
