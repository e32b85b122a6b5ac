import type { Agregacion } from '@planta/domain';
import type { ChartOption } from '../../charts/echarts.ts';

/**
 * The dashboard chart of a yield or a ratio with a value axis that fits the data: yields move
 * between 97 and 99.5 % (DOMAIN.md), which bars from 0 to 100 flatten into one height; counts
 * (SUMA, e.g. kilograms or m³ consumed) keep their axis from 0, where a bar's height is the amount.
 */
export function fitValueAxis(option: ChartOption | null, agregacion: Agregacion): ChartOption | null {
  if (!option || agregacion === 'SUMA') return option;
  const axes = Array.isArray(option.yAxis) ? option.yAxis : option.yAxis ? [option.yAxis] : [];
  return { ...option, yAxis: axes.map((axis) => ({ ...axis, scale: true })) };
}
