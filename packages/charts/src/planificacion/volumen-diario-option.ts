import type { ChartOption } from '../chart-option.ts';
import { formatCompact, formatFechaLarga, formatPercent, formatValue } from '../format.ts';
import { gridFor, topLegend } from '../options.ts';
import { CHART_COLORS } from '../walden-theme.ts';
import { cumplimiento, type DiaMeta } from './cumplimiento.ts';
import { tooltipHtml, tooltipIndex } from '../tooltip.ts';
import { UNIDAD_VOLUMEN } from './volumen-mensual-option.ts';

/** A day of the month's chart. */
export interface PuntoDia {
  fecha: string;
  /** The day's production; null for a day without data (a gap, or a day still to come). */
  real: number | null;
  meta: number | null;
  /** Production from the 1st to this day; null after the last day with data. */
  realAcumulado: number | null;
  /** The metas from the 1st to this day; null after the last day with data. */
  metaAcumulada: number | null;
}

/** Colour of the accumulated lines (the right-hand axis). */
export const COLOR_ACUMULADO = CHART_COLORS.mensual;

/**
 * One point per day of the month (`dias`, in order) from the days with data (`filas`, any order;
 * days outside `dias` ignored): the day's real and meta, and the running sums from the 1st up to
 * the last day with data (days without data in between add nothing).
 */
export function puntosDelMes(dias: readonly string[], filas: readonly DiaMeta[]): PuntoDia[] {
  const porDia = new Map(filas.map((f) => [f.fecha, f]));
  const ultimo = dias.filter((d) => porDia.has(d)).at(-1);
  let real = 0;
  let meta = 0;
  let conMeta = false;
  return dias.map((fecha) => {
    const fila = porDia.get(fecha);
    real += fila?.diario ?? 0;
    if (fila?.meta != null) {
      meta += fila.meta;
      conMeta = true;
    }
    const dentro = ultimo !== undefined && fecha <= ultimo;
    return {
      fecha,
      real: fila?.diario ?? null,
      meta: fila?.meta ?? null,
      realAcumulado: dentro ? real : null,
      metaAcumulada: dentro && conMeta ? meta : null,
    };
  });
}

/** Which day labels the axis shows: all on a wide chart, every 5th from the 1st on a phone. */
export function etiquetaDiaVisible(index: number, compact: boolean): boolean {
  return !compact || index % 5 === 0;
}

export interface VolumenDiarioInput {
  /** From puntosDelMes. */
  puntos: readonly PuntoDia[];
  compact?: boolean;
}

/**
 * The month's daily volume: each day's production as bars against its meta (dashed), and on the
 * right-hand axis the production accumulated since the 1st against the metas accumulated, which
 * says at a glance whether the month is on plan. Null when no day has data ('Sin datos').
 */
export function buildVolumenDiarioOption({
  puntos,
  compact = false,
}: VolumenDiarioInput): ChartOption | null {
  if (puntos.every((p) => p.real === null)) return null;
  // Short legend names on a phone, so the four fit on one line.
  const nombreAcumulado = compact ? 'Acum.' : 'Acumulado';
  const nombreMetaAcumulada = compact ? 'Meta acum.' : 'Meta acumulada';
  const fmt = (v: number | null) => formatValue(v, UNIDAD_VOLUMEN);
  const line = (
    name: string,
    color: string,
    dashed: boolean,
    yAxisIndex: number,
    data: (number | null)[],
  ) => ({
    name,
    type: 'line' as const,
    yAxisIndex,
    data,
    symbol: 'none',
    connectNulls: false,
    z: 5,
    itemStyle: { color },
    lineStyle: { color, width: 2, type: dashed ? ('dashed' as const) : ('solid' as const) },
  });
  const valueAxis = { type: 'value' as const, axisLabel: { formatter: (v: number) => formatCompact(v) } };

  return {
    legend: { ...topLegend, data: ['Real', 'Meta', nombreAcumulado, nombreMetaAcumulada] },
    grid: gridFor({ compact, rightAxis: true }),
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      confine: true,
      formatter: (params: unknown) => {
        const p = puntos[tooltipIndex(params)];
        if (!p) return '';
        return tooltipHtml(formatFechaLarga(p.fecha), [
          { color: CHART_COLORS.real, etiqueta: 'Real', valor: fmt(p.real) },
          { color: CHART_COLORS.meta, etiqueta: 'Meta', valor: fmt(p.meta) },
          { color: null, etiqueta: '% de la meta', valor: formatPercent(cumplimiento(p.real, p.meta)) },
          { color: COLOR_ACUMULADO, etiqueta: 'Acumulado', valor: fmt(p.realAcumulado) },
          { color: COLOR_ACUMULADO, etiqueta: 'Meta acumulada', valor: fmt(p.metaAcumulada) },
        ]);
      },
    },
    xAxis: {
      type: 'category',
      data: puntos.map((p) => p.fecha.slice(8, 10)),
      axisTick: { alignWithLabel: true },
      axisLabel: { interval: (index: number) => etiquetaDiaVisible(index, compact), hideOverlap: false },
    },
    yAxis: [
      {
        ...valueAxis,
        name: compact ? undefined : `Diario (${UNIDAD_VOLUMEN})`,
        nameTextStyle: { align: 'left' },
      },
      {
        ...valueAxis,
        name: compact ? undefined : `Acumulado (${UNIDAD_VOLUMEN})`,
        position: 'right',
        splitLine: { show: false },
        nameTextStyle: { align: 'right' },
      },
    ],
    series: [
      {
        name: 'Real',
        type: 'bar',
        yAxisIndex: 0,
        barMaxWidth: 28,
        itemStyle: { color: CHART_COLORS.real, borderRadius: [3, 3, 0, 0] },
        data: puntos.map((p) => p.real),
      },
      {
        ...line(
          'Meta',
          CHART_COLORS.meta,
          true,
          0,
          puntos.map((p) => p.meta),
        ),
        symbol: 'emptyCircle',
        symbolSize: 5,
      },
      line(
        nombreAcumulado,
        COLOR_ACUMULADO,
        false,
        1,
        puntos.map((p) => p.realAcumulado),
      ),
      line(
        nombreMetaAcumulada,
        COLOR_ACUMULADO,
        true,
        1,
        puntos.map((p) => p.metaAcumulada),
      ),
    ],
  };
}
