import type { ChartOption } from '../../../components/charts/echarts.ts';
import { formatCompact, formatNumber } from '@planta/charts/format';
import { gridFor, topLegend } from '@planta/charts/options';
import { HOUR_LABELS, hourRangeLabel } from '@planta/charts';
import { barGradient, COLOR_PAQUETES, type PaletaLinea } from './paletas.ts';
import type { HoraProduccion } from '@planta/charts/lineas/produccion';
import { tooltipIndex, tooltipRow, tooltipTitle } from '@planta/charts/tooltip';

export interface BottleCountInput {
  horas: readonly HoraProduccion[];
  paleta: PaletaLinea;
  compact?: boolean;
}

/**
 * The bottle-count dialog's chart, hour by hour (08 … 07): filled bottles as bars in the line's
 * colour, packs as a line on their own right-hand axis (a pack holds 6 to 24 bottles); the tooltip
 * adds the bottles counted and the finished product. Hours without readings stay empty. Null
 * when the day has no reading.
 */
export function buildBottleCountOption({
  horas,
  paleta,
  compact = false,
}: BottleCountInput): ChartOption | null {
  if (!horas.some((h) => h.lectura)) return null;
  const valueAxis = {
    type: 'value' as const,
    min: 0,
    axisLabel: { formatter: (v: number) => formatCompact(v) },
  };
  const bar = {
    type: 'bar' as const,
    barMaxWidth: 14,
    barGap: '15%',
    itemStyle: { borderRadius: [2, 2, 0, 0] },
  };
  return {
    legend: { ...topLegend, data: ['Botellas llenas', 'Paquetes'] },
    grid: gridFor({ compact, rightAxis: true }),
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      confine: true,
      formatter: (params: unknown) => {
        const h = horas[tooltipIndex(params)];
        if (!h) return '';
        if (!h.lectura) return tooltipTitle(hourRangeLabel(h.hora)) + tooltipRow(null, 'Sin lecturas', '');
        return [
          tooltipTitle(hourRangeLabel(h.hora)),
          tooltipRow(null, 'Botellas', formatNumber(h.lectura.botellas)),
          tooltipRow(paleta.principal, 'Botellas llenas', formatNumber(h.lectura.botellas_llenas)),
          tooltipRow(COLOR_PAQUETES, 'Paquetes', formatNumber(h.lectura.paquetes)),
          tooltipRow(null, 'Producto terminado', formatNumber(h.productoTerminado)),
        ].join('');
      },
    },
    xAxis: {
      type: 'category',
      data: [...HOUR_LABELS],
      axisLabel: { interval: compact ? 3 : 1, hideOverlap: false },
      axisTick: { alignWithLabel: true },
    },
    yAxis: [
      { ...valueAxis, name: compact ? undefined : 'botellas', nameTextStyle: { align: 'left' } },
      {
        ...valueAxis,
        name: compact ? undefined : 'paquetes',
        position: 'right',
        splitLine: { show: false },
        nameTextStyle: { align: 'right' },
      },
    ],
    series: [
      {
        ...bar,
        name: 'Botellas llenas',
        data: horas.map((h) => h.lectura?.botellas_llenas ?? null),
        itemStyle: { ...bar.itemStyle, color: barGradient(paleta) },
      },
      {
        name: 'Paquetes',
        type: 'line',
        yAxisIndex: 1,
        data: horas.map((h) => h.lectura?.paquetes ?? null),
        connectNulls: false,
        symbol: 'circle',
        symbolSize: 5,
        z: 5,
        itemStyle: { color: COLOR_PAQUETES },
        lineStyle: { color: COLOR_PAQUETES, width: 2 },
      },
    ],
  };
}
