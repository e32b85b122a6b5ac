import type { ChartOption } from '../chart-option.ts';
import { formatNumber, formatPercent } from '../format.ts';
import { gridFor, topLegend } from '../options.ts';
import { tooltipHtml, tooltipIndex } from '../tooltip.ts';
import { CHART_COLORS } from '../walden-theme.ts';
import type { FilaDesglose } from './zero-waste.ts';

export interface DesgloseOptionInput {
  filas: readonly FilaDesglose[];
  /** Legend of the month's series, e.g. 'Marzo'; null when no month is shown. */
  etiquetaMes: string | null;
  compact?: boolean;
}

const kg = (v: number | null) => (v === null ? '—' : `${formatNumber(v, 0)} kg`);

/**
 * Share of each classification in the year's waste and in the chosen month's (horizontal bars,
 * %, heaviest in the year on top; the tooltip adds the kg). A non-aprovechable classification's
 * label is marked '(no aprov.)' unless its name says so. Null when neither period has records.
 */
export function buildDesgloseOption({
  filas,
  etiquetaMes,
  compact = false,
}: DesgloseOptionInput): ChartOption | null {
  if (filas.length === 0) return null;
  // ECharts draws a category y axis bottom-up: reverse so the heaviest is on top.
  const orden = [...filas].reverse();
  const etiqueta = (f: FilaDesglose) =>
    f.aprovechable || /no aprovechable/i.test(f.descripcion) ? f.descripcion : `${f.descripcion} (no aprov.)`;
  const conMes = etiquetaMes !== null;
  return {
    legend: { ...topLegend, data: conMes ? ['Año', etiquetaMes] : ['Año'] },
    grid: gridFor({ compact }),
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      confine: true,
      formatter: (params: unknown) => {
        const f = orden[tooltipIndex(params)];
        if (!f) return '';
        return tooltipHtml(etiqueta(f), [
          {
            color: CHART_COLORS.real,
            etiqueta: 'Año',
            valor: `${formatPercent(f.pctAnio, 2)} · ${kg(f.kgAnio)}`,
          },
          ...(conMes
            ? [
                {
                  color: CHART_COLORS.mensual,
                  etiqueta: etiquetaMes,
                  valor: `${formatPercent(f.pctMes, 2)} · ${kg(f.kgMes)}`,
                },
              ]
            : []),
        ]);
      },
    },
    xAxis: {
      type: 'value',
      min: 0,
      max: (v: { max: number }) => Math.min(100, Math.ceil(v.max / 10) * 10 || 10),
      axisLabel: { formatter: (v: number) => `${v} %` },
    },
    yAxis: {
      type: 'category',
      data: orden.map(etiqueta),
      axisLabel: { width: compact ? 110 : 220, overflow: 'truncate' },
    },
    series: [
      {
        name: 'Año',
        type: 'bar',
        barMaxWidth: 18,
        itemStyle: { color: CHART_COLORS.real },
        data: orden.map((f) => f.pctAnio),
      },
      ...(conMes
        ? [
            {
              name: etiquetaMes,
              type: 'bar' as const,
              barMaxWidth: 18,
              itemStyle: { color: CHART_COLORS.mensual },
              data: orden.map((f) => f.pctMes),
            },
          ]
        : []),
    ],
  };
}
