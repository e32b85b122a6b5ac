import type { Agregacion } from '@planta/domain';
import type { ChartOption } from '../chart-option.ts';

/** What the axis rules need to know of a variable. */
export interface AxisVariable {
  unidad: string;
  minimo: number | null;
  maximo: number | null;
}

/**
 * A share: a percentage configured between 0 and 100 (ETA, OEE, ZWL, paid efficiency). Its axes
 * run from 0 to 100, so a bar's height is the share itself.
 */
export function isShare(variable: AxisVariable): boolean {
  return variable.unidad === '%' && variable.minimo === 0 && variable.maximo === 100;
}

/** 0–100, past 100 only when a value is (it would reveal an impossible figure, not hide it). */
export const SHARE_AXIS = {
  min: 0,
  max: (extent: { max: number }) => Math.max(100, Math.ceil(extent.max / 10) * 10),
} as const;

/**
 * The dashboard chart's value axis: shares from 0 to 100; a yield or a ratio fits its values
 * (yields move between 97 and 99.5 % (DOMAIN.md), which bars from 0 to 100 flatten into one
 * height); counts (SUMA, e.g. kilograms or m³ consumed)
 * keep their axis from 0, where a bar's height is the amount.
 */
export function fitValueAxis(
  option: ChartOption | null,
  agregacion: Agregacion,
  variable?: AxisVariable,
): ChartOption | null {
  if (!option || agregacion === 'SUMA') return option;
  const axes = Array.isArray(option.yAxis) ? option.yAxis : option.yAxis ? [option.yAxis] : [];
  // A fitted axis of values ≥ 0 never goes below 0 (ECharts rounds its ends to ticks at or outside them).
  const fit = variable && isShare(variable) ? SHARE_AXIS : { scale: true };
  return { ...option, yAxis: axes.map((axis) => ({ ...axis, ...fit })) };
}
