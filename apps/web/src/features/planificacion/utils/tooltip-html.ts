import { escapeHtml } from '../../../components/charts/format.ts';

/** A tooltip row: a coloured mark (or none), a label and a value. */
export interface FilaTooltip {
  color: string | null;
  etiqueta: string;
  valor: string;
}

/** The HTML of a chart tooltip: a title and rows; every text is escaped. */
export function tooltipHtml(titulo: string, filas: readonly FilaTooltip[]): string {
  const fila = ({ color, etiqueta, valor }: FilaTooltip) => {
    const mark = color
      ? `<span style="display:inline-block;width:8px;height:8px;border-radius:50%;background:${color};margin-right:6px"></span>`
      : '<span style="display:inline-block;width:14px"></span>';
    return `<div style="display:flex;justify-content:space-between;gap:16px">${mark}<span style="flex:1">${escapeHtml(etiqueta)}</span><b>${escapeHtml(valor)}</b></div>`;
  };
  return [
    `<div style="font-weight:500;margin-bottom:4px">${escapeHtml(titulo)}</div>`,
    ...filas.map(fila),
  ].join('');
}

/** The data index an ECharts tooltip formatter was called for (axis or item trigger). */
export function indiceTooltip(params: unknown): number {
  const first = (Array.isArray(params) ? params[0] : params) as { dataIndex?: unknown } | undefined;
  return typeof first?.dataIndex === 'number' ? first.dataIndex : -1;
}
