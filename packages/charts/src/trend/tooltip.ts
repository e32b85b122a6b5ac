import { formatPercent, formatValue } from '../format.ts';
import { tooltipHtml } from '../tooltip.ts';
import { percentOfMeta } from '../kpi.ts';

/**
 * The HTML of a KPI chart tooltip: title, the value, its meta and the % of the meta. Everything
 * that comes from stored data (unit) is escaped.
 */
export function kpiTooltipHtml(input: {
  titulo: string;
  valor: number | null;
  meta: number | null;
  unidad: string;
  decimales: number;
  colorValor: string;
  colorMeta: string;
  etiquetaValor?: string;
}): string {
  const { titulo, valor, meta, unidad, decimales, colorValor, colorMeta, etiquetaValor = 'Real' } = input;
  const pct = percentOfMeta(valor, meta);
  return tooltipHtml(titulo, [
    { color: colorValor, etiqueta: etiquetaValor, valor: formatValue(valor, unidad, decimales) },
    { color: colorMeta, etiqueta: 'Meta', valor: formatValue(meta, unidad, decimales) },
    ...(pct === null ? [] : [{ color: null, etiqueta: '% de la meta', valor: formatPercent(pct) }]),
  ]);
}
