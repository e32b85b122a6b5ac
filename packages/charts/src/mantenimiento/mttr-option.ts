import { mttrMttfAxisMax } from '@planta/domain';
import type { ChartOption } from '../chart-option.ts';
import { formatDiaMes, formatFechaLarga, formatValue } from '../format.ts';
import { dataZoomFor, gridFor, needsDataZoom, topLegend } from '../options.ts';
import { tooltipHtml, tooltipIndex } from '../tooltip.ts';
import { colorLinea } from './lineas.ts';

/** One line's series of the MTTR or MTTF chart: its daily values by fecha. */
export interface SerieLinea {
  /** Legend name ('Línea 1'). */
  nombre: string;
  /** Line number (its colour). */
  linea: number;
  puntos: readonly { fecha: string; diario: number | null }[];
}

export interface MttrOptionInput {
  tipo: 'mttr' | 'mttf';
  /** Every day of the range, in order. */
  dias: readonly string[];
  series: readonly SerieLinea[];
  compact?: boolean;
}

/**
 * The highest value the chart draws, for SPEC §9's axis: 50 (MTTR) or 1200 (MTTF) without data,
 * else that value × 1.1 rounded up (`mttrMttfAxisMax`, packages/domain).
 */
export function ejeMaximo(input: Pick<MttrOptionInput, 'tipo' | 'dias' | 'series'>): number {
  const dentro = new Set(input.dias);
  const valores = input.series.flatMap((s) =>
    s.puntos.filter((p) => dentro.has(p.fecha)).map((p) => p.diario),
  );
  return mttrMttfAxisMax(valores, input.tipo);
}

/** True when some line has a value on a day of the range (else the chart draws its empty axes). */
export function tieneValores(input: Pick<MttrOptionInput, 'dias' | 'series'>): boolean {
  const dentro = new Set(input.dias);
  return input.series.some((s) => s.puntos.some((p) => dentro.has(p.fecha) && p.diario !== null));
}

/**
 * MTTR or MTTF (minutes) per line and day over the range: one coloured series per line, days without
 * a value left as gaps, the value axis from 0 to SPEC §9's maximum. Without any value the axes are
 * still drawn, up to 50 (MTTR) or 1200 (MTTF) as SPEC §9 says, never a bare 'Sin datos'.
 */
export function buildMttrOption({ tipo, dias, series, compact = false }: MttrOptionInput): ChartOption {
  const porLinea = series.map((s) => {
    const porDia = new Map(s.puntos.map((p) => [p.fecha, p.diario]));
    return dias.map((d) => porDia.get(d) ?? null);
  });
  const zoom = needsDataZoom(dias.length);
  const fmt = (v: number | null) => formatValue(v, 'min', 1);
  return {
    legend: { ...topLegend, data: series.map((s) => s.nombre) },
    grid: gridFor({ compact, dataZoom: zoom }),
    tooltip: {
      trigger: 'axis',
      confine: true,
      formatter: (params: unknown) => {
        const i = tooltipIndex(params);
        const dia = dias[i];
        if (dia === undefined) return '';
        return tooltipHtml(
          formatFechaLarga(dia),
          series.map((s, k) => ({
            color: colorLinea(s.linea),
            etiqueta: s.nombre,
            valor: fmt(porLinea[k]![i] ?? null),
          })),
        );
      },
    },
    xAxis: { type: 'category', data: dias.map(formatDiaMes), boundaryGap: true },
    yAxis: {
      type: 'value',
      min: 0,
      max: ejeMaximo({ tipo, dias, series }),
      name: 'min',
      axisLabel: { formatter: (v: number) => formatValue(v, '', 0) },
    },
    dataZoom: dataZoomFor(dias.length),
    series: series.map((s, k) => ({
      name: s.nombre,
      type: 'line' as const,
      data: porLinea[k]!,
      connectNulls: false,
      showAllSymbol: true,
      symbolSize: 6,
      itemStyle: { color: colorLinea(s.linea) },
      lineStyle: { color: colorLinea(s.linea), width: 2 },
    })),
  };
}
