import type { ChartOption } from '../chart-option.ts';
import { formatDiaMes, formatFechaLarga, formatNumber, formatPercent } from '../format.ts';
import { dataZoomFor, gridFor, topLegend } from '../options.ts';
import { tooltipHtml, tooltipIndex } from '../tooltip.ts';

/** The day's counts of an area (or of the plant): the fields asistenciaDiaria/asistenciaRango share. */
export interface ConteoAsistencia {
  programados: number;
  presentes: number;
  faltas: number;
  vacaciones: number;
  incapacidades: number;
  permisos: number;
  asistencia_pct: number | null;
  ausentismo_pct: number | null;
}

export interface FilaAreaAsistencia extends ConteoAsistencia {
  area: string;
}

/** DOMAIN "HR": typical absenteeism, 5–8 %. */
export const AUSENTISMO_TIPICO_MIN = 5;
export const AUSENTISMO_TIPICO_MAX = 8;

/**
 * The states' colours, one per state on every chart of the screen (readable on the dark and the
 * light background; the legend, the tooltip and the chart's table say the state in words).
 */
export const COLOR_ESTADO = {
  presentes: '#3fb950',
  faltas: '#f85149',
  vacaciones: '#3fb1e3',
  incapacidades: '#e6a23c',
  permisos: '#a371f7',
} as const;

type CampoEstado = keyof typeof COLOR_ESTADO;

/** The states in the stacked bars, in order, with their legend names. */
export const ESTADOS_GRAFICO: readonly { campo: CampoEstado; nombre: string }[] = [
  { campo: 'presentes', nombre: 'Presentes' },
  { campo: 'faltas', nombre: 'Faltas' },
  { campo: 'vacaciones', nombre: 'Vacaciones' },
  { campo: 'incapacidades', nombre: 'Incapacidad' },
  { campo: 'permisos', nombre: 'Permiso' },
];

const personas = (n: number) => `${formatNumber(n, 0)} ${n === 1 ? 'persona' : 'personas'}`;

/**
 * The day's employees of each area by state (horizontal stacked bars, areas in the table's order
 * from the top; the tooltip adds the area's attendance %). Null without areas ('Sin datos').
 */
export function buildEstadosAreaOption({
  filas,
  compact = false,
}: {
  filas: readonly FilaAreaAsistencia[];
  compact?: boolean;
}): ChartOption | null {
  if (filas.length === 0) return null;
  // ECharts draws a category y axis bottom-up: reverse so the first area is on top.
  const orden = [...filas].reverse();
  return {
    legend: { ...topLegend, data: ESTADOS_GRAFICO.map((e) => e.nombre) },
    grid: gridFor({ compact }),
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      confine: true,
      formatter: (params: unknown) => {
        const f = orden[tooltipIndex(params)];
        if (!f) return '';
        return tooltipHtml(f.area, [
          ...ESTADOS_GRAFICO.map((e) => ({
            color: COLOR_ESTADO[e.campo],
            etiqueta: e.nombre,
            valor: personas(f[e.campo]),
          })),
          { color: null, etiqueta: 'Asistencia', valor: formatPercent(f.asistencia_pct, 2) },
        ]);
      },
    },
    xAxis: {
      type: 'value',
      min: 0,
      minInterval: 1,
      axisLabel: { formatter: (v: number) => formatNumber(v, 0) },
    },
    yAxis: {
      type: 'category',
      data: orden.map((f) => f.area),
      axisLabel: { width: compact ? 96 : 180, overflow: 'truncate' },
    },
    series: ESTADOS_GRAFICO.map((e) => ({
      name: e.nombre,
      type: 'bar' as const,
      stack: 'estados',
      barMaxWidth: 26,
      itemStyle: { color: COLOR_ESTADO[e.campo] },
      emphasis: { focus: 'series' as const },
      data: orden.map((f) => f[e.campo]),
    })),
  };
}

export interface DiaTendencia extends ConteoAsistencia {
  fecha: string;
}

/**
 * The trend's scale: the widest absenteeism of the range (at least the typical 8 %) rounded up to
 * 5 points. The attendance axis spans [100 − 2·tramo, 100] and the absenteeism axis [0, 2·tramo],
 * so the attendance line keeps to the upper half and the absenteeism bars to the lower half,
 * with the same gridlines on both axes.
 */
export function tramoTendencia(dias: readonly ConteoAsistencia[]): number {
  let mayor = AUSENTISMO_TIPICO_MAX;
  for (const d of dias) {
    if (d.ausentismo_pct !== null) mayor = Math.max(mayor, d.ausentismo_pct);
    if (d.asistencia_pct !== null) mayor = Math.max(mayor, 100 - d.asistencia_pct);
  }
  return Math.min(50, Math.ceil(mayor / 5) * 5);
}

/**
 * Attendance % (line, left axis) and absenteeism % (bars from zero, right axis, with the typical
 * 8 % ceiling dashed) day by day over the range. A day without records leaves a gap in the line and
 * no bar (never a zero). Null when no day has records.
 */
export function buildTendenciaAsistenciaOption({
  dias,
  compact = false,
}: {
  dias: readonly DiaTendencia[];
  compact?: boolean;
}): ChartOption | null {
  if (!dias.some((d) => d.asistencia_pct !== null)) return null;
  const zoom = dataZoomFor(dias.length);
  const pct = (v: number) => `${formatNumber(v, Number.isInteger(v) ? 0 : 1)} %`;
  const tramo = tramoTendencia(dias);
  return {
    legend: { ...topLegend, data: ['Asistencia', 'Ausentismo'] },
    grid: gridFor({ compact, dataZoom: zoom.length > 0, rightAxis: true }),
    dataZoom: zoom,
    tooltip: {
      trigger: 'axis',
      confine: true,
      formatter: (params: unknown) => {
        const d = dias[tooltipIndex(params)];
        if (!d) return '';
        if (d.asistencia_pct === null)
          return tooltipHtml(formatFechaLarga(d.fecha), [
            { color: null, etiqueta: 'Sin registros de asistencia', valor: '' },
          ]);
        return tooltipHtml(formatFechaLarga(d.fecha), [
          {
            color: COLOR_ESTADO.presentes,
            etiqueta: 'Asistencia',
            valor: formatPercent(d.asistencia_pct, 2),
          },
          { color: COLOR_ESTADO.faltas, etiqueta: 'Ausentismo', valor: formatPercent(d.ausentismo_pct, 2) },
          {
            color: null,
            etiqueta: 'Presentes / programados',
            valor: `${formatNumber(d.presentes, 0)} / ${formatNumber(d.programados, 0)}`,
          },
        ]);
      },
    },
    xAxis: {
      type: 'category',
      data: dias.map((d) => formatDiaMes(d.fecha)),
      axisLabel: { hideOverlap: true },
    },
    yAxis: [
      {
        type: 'value',
        name: compact ? undefined : 'Asistencia',
        nameTextStyle: { align: 'left', color: COLOR_ESTADO.presentes },
        min: 100 - 2 * tramo,
        max: 100,
        interval: tramo / 2,
        axisLabel: { formatter: pct },
      },
      {
        type: 'value',
        name: compact ? undefined : 'Ausentismo',
        nameTextStyle: { align: 'right', color: COLOR_ESTADO.faltas },
        min: 0,
        max: 2 * tramo,
        interval: tramo / 2,
        splitLine: { show: false },
        axisLabel: { formatter: pct },
      },
    ],
    series: [
      {
        name: 'Asistencia',
        type: 'line',
        yAxisIndex: 0,
        connectNulls: false,
        showSymbol: true,
        symbolSize: 5,
        itemStyle: { color: COLOR_ESTADO.presentes },
        lineStyle: { color: COLOR_ESTADO.presentes, width: 2 },
        data: dias.map((d) => d.asistencia_pct),
      },
      {
        name: 'Ausentismo',
        type: 'bar',
        yAxisIndex: 1,
        barMaxWidth: 14,
        itemStyle: { color: COLOR_ESTADO.faltas, opacity: 0.75 },
        data: dias.map((d) => d.ausentismo_pct),
        markLine: {
          silent: true,
          symbol: 'none',
          lineStyle: { color: COLOR_ESTADO.incapacidades, type: 'dashed', width: 1 },
          label: {
            formatter: `Típico máx. ${AUSENTISMO_TIPICO_MAX} %`,
            position: 'insideStartTop',
            color: COLOR_ESTADO.incapacidades,
          },
          data: [{ yAxis: AUSENTISMO_TIPICO_MAX }],
        },
      },
    ],
  };
}
