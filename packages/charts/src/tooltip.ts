import { escapeHtml } from './format.ts';

/** A tooltip row: a coloured mark (or none), a label and its value; all text escaped. */
export function tooltipRow(color: string | null, label: string, value: string, dashed = false): string {
  const mark = color
    ? dashed
      ? `<span style="display:inline-block;width:10px;border-top:2px dashed ${color};margin-right:6px;vertical-align:middle"></span>`
      : `<span style="display:inline-block;width:8px;height:8px;border-radius:50%;background:${color};margin-right:8px"></span>`
    : '<span style="display:inline-block;width:16px"></span>';
  return `<div style="display:flex;justify-content:space-between;align-items:center;gap:16px">${mark}<span style="flex:1">${escapeHtml(label)}</span><b>${escapeHtml(value)}</b></div>`;
}

/** The tooltip's title line. */
export function tooltipTitle(text: string): string {
  return `<div style="font-weight:500;margin-bottom:4px">${escapeHtml(text)}</div>`;
}

/** A row of a tooltip, for tooltipHtml. */
export interface TooltipRow {
  color: string | null;
  etiqueta: string;
  valor: string;
  dashed?: boolean;
}

/** The HTML of a chart tooltip: its title and rows (every text escaped). */
export function tooltipHtml(titulo: string, filas: readonly TooltipRow[]): string {
  return [tooltipTitle(titulo), ...filas.map((f) => tooltipRow(f.color, f.etiqueta, f.valor, f.dashed))].join(
    '',
  );
}

/** The data index an ECharts axis (or item) tooltip formatter was called for. */
export function tooltipIndex(params: unknown): number {
  const first = (Array.isArray(params) ? params[0] : params) as { dataIndex?: unknown } | undefined;
  return typeof first?.dataIndex === 'number' ? first.dataIndex : -1;
}
