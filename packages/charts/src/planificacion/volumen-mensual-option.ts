import { MESES } from '@planta/domain';
import type { ChartOption } from '../chart-option.ts';
import { formatCompact, formatFecha, formatPercent, formatValue } from '../format.ts';
import { gridFor, topLegend } from '../options.ts';
import { CHART_COLORS } from '../walden-theme.ts';
import { cumplimiento, type MesPlan } from './cumplimiento.ts';
import { tooltipHtml, tooltipIndex } from '../tooltip.ts';

/** Colours of the plan lines: negociado like every meta, AOP (the budget) apart. */
export const COLOR_NEGOCIADO = CHART_COLORS.meta;
export const COLOR_AOP = '#e6a23c';

/** Unit of the production volume. */
export const UNIDAD_VOLUMEN = 'CU';

export interface VolumenMensualInput {
  /** The twelve months of the year (volumenMensual), in any order. */
  meses: readonly MesPlan[];
  anio: number;
  /** The chosen date: its month, when not over yet, is drawn as in progress. */
  fecha: string;
  /** Phone layout: tighter margins, no labels on the bars, every other month named. */
  compact?: boolean;
}

/** 'Ene', 'Feb', … 'Dic'. */
export const MESES_CORTOS = MESES.map((m) => m.slice(0, 3));

/** True when fecha is before its month's last day: that month's real is partial. */
function mesEnCurso(fecha: string): boolean {
  const y = Number(fecha.slice(0, 4));
  const m = Number(fecha.slice(5, 7));
  return Number(fecha.slice(8, 10)) < new Date(Date.UTC(y, m, 0)).getUTCDate();
}

/**
 * The year's monthly volume (SPEC §7): the real production of each month as bars, labelled with
 * its compliance against the negociado, and the negociado and AOP as lines. The chosen month, if
 * not over, is drawn lighter (its real is to date). Null when the year has no plan and no
 * production ('Sin datos').
 */
export function buildVolumenMensualOption(input: VolumenMensualInput): ChartOption | null {
  const { anio, fecha, compact = false } = input;
  const meses = Array.from(
    { length: 12 },
    (_, i) =>
      input.meses.find((m) => m.mes === i + 1) ?? { mes: i + 1, negociado: null, aop: null, real: null },
  );
  if (meses.every((m) => m.real === null && m.negociado === null && m.aop === null)) return null;
  const parcial = Number(fecha.slice(0, 4)) === anio && mesEnCurso(fecha) ? Number(fecha.slice(5, 7)) : null;
  const fmt = (v: number | null) => formatValue(v, UNIDAD_VOLUMEN);
  const line = (name: string, color: string, dashed: boolean, data: (number | null)[]) => ({
    name,
    type: 'line' as const,
    data,
    symbol: 'circle',
    symbolSize: 6,
    connectNulls: false,
    z: 5,
    itemStyle: { color },
    lineStyle: { color, width: 2, type: dashed ? ('dashed' as const) : ('solid' as const) },
  });

  return {
    legend: { ...topLegend, data: ['Real', 'Negociado', 'AOP'] },
    grid: gridFor({ compact }),
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      confine: true,
      formatter: (params: unknown) => {
        const mes = meses[tooltipIndex(params)];
        if (!mes) return '';
        const enCurso = mes.mes === parcial;
        return tooltipHtml(`${MESES[mes.mes - 1]} ${anio}${enCurso ? ` (al ${formatFecha(fecha)})` : ''}`, [
          { color: CHART_COLORS.real, etiqueta: 'Real', valor: fmt(mes.real) },
          { color: COLOR_NEGOCIADO, etiqueta: 'Negociado', valor: fmt(mes.negociado) },
          { color: COLOR_AOP, etiqueta: 'AOP', valor: fmt(mes.aop) },
          {
            color: null,
            etiqueta: '% del negociado',
            valor: formatPercent(cumplimiento(mes.real, mes.negociado)),
          },
          { color: null, etiqueta: '% del AOP', valor: formatPercent(cumplimiento(mes.real, mes.aop)) },
        ]);
      },
    },
    xAxis: {
      type: 'category',
      data: MESES_CORTOS,
      axisTick: { alignWithLabel: true },
      axisLabel: { interval: compact ? 1 : 0, hideOverlap: false },
    },
    yAxis: [
      {
        type: 'value',
        name: compact ? undefined : UNIDAD_VOLUMEN,
        nameTextStyle: { align: 'left' },
        axisLabel: { formatter: (v: number) => formatCompact(v) },
      },
    ],
    series: [
      {
        name: 'Real',
        type: 'bar',
        barMaxWidth: 44,
        itemStyle: { color: CHART_COLORS.real, borderRadius: [3, 3, 0, 0] },
        data: meses.map((m) =>
          m.mes === parcial
            ? { value: m.real, itemStyle: { color: CHART_COLORS.real, opacity: 0.45 } }
            : { value: m.real },
        ),
        label: {
          show: !compact,
          position: 'top',
          color: '#9ba6b2',
          fontSize: 11,
          formatter: (p: { dataIndex: number }) => {
            const mes = meses[p.dataIndex];
            const pct = mes ? cumplimiento(mes.real, mes.negociado) : null;
            return pct === null ? '' : formatPercent(pct, 0);
          },
        },
      },
      line(
        'Negociado',
        COLOR_NEGOCIADO,
        false,
        meses.map((m) => m.negociado),
      ),
      line(
        'AOP',
        COLOR_AOP,
        true,
        meses.map((m) => m.aop),
      ),
    ],
  };
}
