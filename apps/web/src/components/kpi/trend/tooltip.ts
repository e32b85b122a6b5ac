import { escapeHtml, formatPercent, formatValue } from '../../charts/format.ts';
import { percentOfMeta } from '../kpi-color.ts';

/** A tooltip row: a coloured dot, a label and a value (all text escaped). */
function row(color: string | null, label: string, value: string): string {
  const dot = color
    ? `<span style="display:inline-block;width:8px;height:8px;border-radius:50%;background:${color};margin-right:6px"></span>`
    : '<span style="display:inline-block;width:14px"></span>';
  return `<div style="display:flex;justify-content:space-between;gap:16px">${dot}<span style="flex:1">${escapeHtml(label)}</span><b>${escapeHtml(value)}</b></div>`;
}

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
  return [
    `<div style="font-weight:500;margin-bottom:4px">${escapeHtml(titulo)}</div>`,
    row(colorValor, etiquetaValor, formatValue(valor, unidad, decimales)),
    row(colorMeta, 'Meta', formatValue(meta, unidad, decimales)),
    ...(pct === null ? [] : [row(null, '% de la meta', formatPercent(pct))]),
  ].join('');
}

/** The data index an ECharts tooltip formatter was called for (axis or item trigger). */
export function tooltipIndex(params: unknown): number {
  const first = (Array.isArray(params) ? params[0] : params) as { dataIndex?: unknown } | undefined;
  return typeof first?.dataIndex === 'number' ? first.dataIndex : -1;
}
