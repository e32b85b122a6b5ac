import type { ChartOption } from '../../../components/charts/echarts.ts';
import { formatCompact, formatDiaMes, formatFechaLarga, formatNumber } from '@planta/charts/format';
import { dataZoomFor, gridFor, topLegend } from '@planta/charts/options';
import { tooltipIndex, tooltipRow, tooltipTitle } from '@planta/charts/tooltip';
import { CHART_COLORS } from '@planta/charts/walden-theme';
import { estadoLimite, TEXTO_ESTADO, type SerieTendencia } from './pta.ts';

/** The colour of a point outside its limits (also said in the tooltip, not by colour alone). */
export const COLOR_FUERA = '#f85149';

export interface TendenciaInput {
  fechas: readonly string[];
  serie: SerieTendencia;
  compact?: boolean;
}

/**
 * One PTA series day by day (line with points; days without a value leave a gap) against its
 * limits (dashed lines 'Mínimo'/'Máximo'); points outside the limits are drawn red and larger,
 * and the tooltip says 'No cumple'. Null when no day has a value ('Sin datos').
 */
export function buildTendenciaOption({ fechas, serie, compact = false }: TendenciaInput): ChartOption | null {
  if (!serie.valores.some((v) => v !== null)) return null;
  const { unidad, decimales, minimo, maximo } = serie;
  const fmt = (v: number | null | undefined) => (v == null ? '—' : `${formatNumber(v, decimales)} ${unidad}`);
  const zoom = dataZoomFor(fechas.length);
  const limites = [
    ...(minimo === null ? [] : [{ name: 'Mínimo', valor: minimo }]),
    ...(maximo === null ? [] : [{ name: 'Máximo', valor: maximo }]),
  ];
  return {
    legend: { ...topLegend, data: ['Valor', ...limites.map((l) => l.name)] },
    grid: gridFor({ compact, dataZoom: zoom.length > 0 }),
    dataZoom: zoom,
    tooltip: {
      trigger: 'axis',
      confine: true,
      formatter: (params: unknown) => {
        const i = tooltipIndex(params);
        const fecha = fechas[i];
        if (!fecha) return '';
        const valor = serie.valores[i] ?? null;
        const estado = estadoLimite(valor, minimo, maximo);
        return [
          tooltipTitle(formatFechaLarga(fecha)),
          tooltipRow(estado === 'NO_CUMPLE' ? COLOR_FUERA : CHART_COLORS.real, serie.nombre, fmt(valor)),
          ...limites.map((l) => tooltipRow(CHART_COLORS.limite, l.name, fmt(l.valor), true)),
          ...(valor === null || limites.length === 0
            ? []
            : [tooltipRow(null, 'Estado', TEXTO_ESTADO[estado])]),
        ].join('');
      },
    },
    xAxis: {
      type: 'category',
      data: fechas.map((f) => formatDiaMes(f)),
      axisLabel: { hideOverlap: true },
    },
    yAxis: {
      type: 'value',
      scale: true,
      name: compact ? undefined : unidad,
      nameTextStyle: { align: 'left' },
      axisLabel: { formatter: (v: number) => formatCompact(v) },
    },
    series: [
      {
        name: 'Valor',
        type: 'line',
        connectNulls: false,
        showSymbol: true,
        symbolSize: 5,
        itemStyle: { color: CHART_COLORS.real },
        lineStyle: { color: CHART_COLORS.real, width: 2 },
        data: serie.valores.map((v) =>
          v !== null && estadoLimite(v, minimo, maximo) === 'NO_CUMPLE'
            ? { value: v, symbol: 'diamond', symbolSize: 11, itemStyle: { color: COLOR_FUERA } }
            : v,
        ),
      },
      ...limites.map((l) => ({
        name: l.name,
        type: 'line' as const,
        data: fechas.map(() => l.valor),
        symbol: 'none',
        itemStyle: { color: CHART_COLORS.limite },
        lineStyle: { color: CHART_COLORS.limite, type: 'dashed' as const, width: 1.5 },
      })),
    ],
  };
}
