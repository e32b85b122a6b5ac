import type { ChartOption } from '../../../components/charts/echarts.ts';
import { formatCompact, formatNumber, formatPercent } from '@planta/charts/format';
import { dataZoomFor, gridFor, topLegend } from '@planta/charts/options';
import { HOUR_LABELS, hourRangeLabel } from '@planta/charts';
import { areaGradient, COLOR_NOMINAL, type PaletaLinea } from './paletas.ts';
import { type HoraProduccion, porcentajeNominal } from '@planta/charts/lineas/produccion';
import { tooltipIndex, tooltipRow, tooltipTitle } from '@planta/charts/tooltip';

const bpm = (v: number | null | undefined) => (v == null ? '—' : `${formatNumber(v)} bpm`);

const nominalSeries = (data: (number | null)[]) => ({
  name: 'Nominal',
  type: 'line' as const,
  data,
  step: 'middle' as const,
  symbol: 'none',
  connectNulls: false,
  z: 3,
  itemStyle: { color: COLOR_NOMINAL },
  lineStyle: { color: COLOR_NOMINAL, type: 'dashed' as const, width: 1.5 },
});

/** A line stopped all day still gets a readable 0–100 bpm axis instead of ECharts' 0–1. */
export const EMPTY_SPEED_AXIS_MAX = 100;

/** The bpm axis: from 0; up to the data, or to EMPTY_SPEED_AXIS_MAX when every value is 0. */
function speedAxis(compact: boolean, values: readonly (number | null)[]) {
  const top = values.reduce<number>((max, v) => (v !== null && v > max ? v : max), 0);
  return {
    type: 'value' as const,
    min: 0,
    max: top > 0 ? undefined : EMPTY_SPEED_AXIS_MAX,
    name: compact ? undefined : 'bpm',
    nameTextStyle: { align: 'left' as const },
    axisLabel: { formatter: (v: number) => formatCompact(v) },
  };
}

export interface HourlySpeedInput {
  horas: readonly HoraProduccion[];
  paleta: PaletaLinea;
  compact?: boolean;
}

/**
 * A line's speed over its production day, hour by hour (08 … 23, 00 … 07; SPEC §4): the hour's
 * mean speed (bottles per minute, stops included) as a filled line in the line's colour, and the
 * nominal speed of the product that ran, dashed. Hours without readings stay gaps. Null when the
 * day has no reading at all ('Sin datos').
 */
export function buildHourlySpeedOption({
  horas,
  paleta,
  compact = false,
}: HourlySpeedInput): ChartOption | null {
  if (!horas.some((h) => h.lectura)) return null;
  const real = horas.map((h) => (h.lectura ? Math.round(h.lectura.velocidad * 10) / 10 : null));
  const nominal = horas.map((h) => h.nominal);
  return {
    legend: { ...topLegend, data: ['Velocidad', 'Nominal'] },
    grid: { ...gridFor({ compact }), top: 32 },
    tooltip: {
      trigger: 'axis',
      confine: true,
      formatter: (params: unknown) => {
        const h = horas[tooltipIndex(params)];
        if (!h) return '';
        if (!h.lectura) return tooltipTitle(hourRangeLabel(h.hora)) + tooltipRow(null, 'Sin lecturas', '');
        const pct = porcentajeNominal(h.lectura.velocidad, h.nominal);
        return [
          tooltipTitle(hourRangeLabel(h.hora)),
          tooltipRow(paleta.principal, 'Velocidad media', bpm(h.lectura.velocidad)),
          tooltipRow(COLOR_NOMINAL, 'Nominal', bpm(h.nominal), true),
          ...(pct === null ? [] : [tooltipRow(null, '% de la nominal', formatPercent(pct))]),
        ].join('');
      },
    },
    xAxis: {
      type: 'category',
      data: [...HOUR_LABELS],
      boundaryGap: false,
      axisLabel: { interval: compact ? 3 : 1, hideOverlap: false },
      axisTick: { alignWithLabel: true },
    },
    yAxis: speedAxis(compact, [...real, ...nominal]),
    series: [
      {
        name: 'Velocidad',
        type: 'line',
        data: real,
        connectNulls: false,
        symbol: 'circle',
        symbolSize: 5,
        showSymbol: true,
        z: 4,
        itemStyle: { color: paleta.principal },
        lineStyle: { color: paleta.principal, width: 2.5 },
        areaStyle: { color: areaGradient(paleta) },
      },
      nominalSeries(nominal),
    ],
  };
}

/** A point of the detailed speed series: the slot's start (epoch ms) and its reading, or null (gap). */
export interface SpeedSlot {
  t: number;
  velocidad: number | null;
  nominal: number | null;
}

export interface SpeedDetailInput {
  slots: readonly SpeedSlot[];
  /** 'HH:MM' plant time of each slot. */
  labels: readonly string[];
  /** Minutes each slot covers. */
  intervalo: number;
  paleta: PaletaLinea;
  compact?: boolean;
}

/** Axis labels every `step` slots, on whole hours when the step allows it. */
export function detailLabelStep(slots: number, intervalo: number, compact: boolean): number {
  const perHour = Math.max(1, Math.round(60 / intervalo));
  const hoursPerLabel = compact ? 4 : 2;
  return Math.max(1, Math.min(slots, perHour * hoursPerLabel));
}

/**
 * The line-speed dialog's chart: the whole production day at the finest resolution the screen can
 * show (raw minutes, or buckets of a few minutes on narrow screens), the nominal speed of the
 * product running, dashed, and a zoom (wheel with Shift, pinch, slider). Gaps stay gaps.
 */
export function buildSpeedDetailOption({
  slots,
  labels,
  intervalo,
  paleta,
  compact = false,
}: SpeedDetailInput): ChartOption | null {
  if (!slots.some((s) => s.velocidad !== null)) return null;
  const zoom = dataZoomFor(slots.length, slots.length);
  const step = detailLabelStep(slots.length, intervalo, compact);
  const periodo = intervalo === 1 ? 'Minuto' : `${intervalo} minutos desde`;
  return {
    legend: { ...topLegend, data: ['Velocidad', 'Nominal'] },
    grid: { ...gridFor({ compact, dataZoom: zoom.length > 0 }), top: 32 },
    tooltip: {
      trigger: 'axis',
      confine: true,
      formatter: (params: unknown) => {
        const i = tooltipIndex(params);
        const s = slots[i];
        if (!s) return '';
        const pct = porcentajeNominal(s.velocidad, s.nominal);
        return [
          tooltipTitle(`${periodo} ${labels[i] ?? ''}`),
          tooltipRow(paleta.principal, 'Velocidad', s.velocidad === null ? 'Sin lectura' : bpm(s.velocidad)),
          tooltipRow(COLOR_NOMINAL, 'Nominal', bpm(s.nominal), true),
          ...(pct === null ? [] : [tooltipRow(null, '% de la nominal', formatPercent(pct))]),
        ].join('');
      },
    },
    xAxis: {
      type: 'category',
      data: [...labels],
      boundaryGap: false,
      axisLabel: { interval: (index: number) => index % step === 0, hideOverlap: true },
    },
    yAxis: speedAxis(
      compact,
      slots.flatMap((s) => [s.velocidad, s.nominal]),
    ),
    dataZoom: zoom,
    series: [
      {
        name: 'Velocidad',
        type: 'line',
        data: slots.map((s) => s.velocidad),
        connectNulls: false,
        symbol: 'none',
        z: 4,
        itemStyle: { color: paleta.principal },
        lineStyle: { color: paleta.principal, width: 1.5 },
        areaStyle: { color: areaGradient(paleta) },
      },
      nominalSeries(slots.map((s) => s.nominal)),
    ],
  };
}
