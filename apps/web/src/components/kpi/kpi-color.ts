import type { Theme } from '@mui/material/styles';
import { complianceColor, type KpiColor } from '@planta/domain';

export type { KpiColor };

/** value / meta × 100 (in @planta/charts, shared with the charts' tooltips and the PDF reports). */
export { percentOfMeta } from '@planta/charts/kpi';

/**
 * The colour of a figure against its meta (rule in @planta/domain complianceColor): green when it
 * meets the meta, amber within 5 % of it, red beyond; reversed for lower-is-better variables
 * (consumptions, L/L, MJ/L, MTTR); 'default' without a value or a meta.
 */
export function kpiColor(
  value: number | null | undefined,
  meta: number | null | undefined,
  mayorEsMejor: boolean,
): KpiColor {
  return complianceColor(value, meta, mayorEsMejor);
}

/** Words for the colour, for screen readers and tooltips (colour is never the only signal). */
export function kpiStatusLabel(color: KpiColor): string {
  switch (color) {
    case 'success':
      return 'Cumple la meta';
    case 'warning':
      return 'Cerca de la meta';
    case 'error':
      return 'Fuera de la meta';
    default:
      return 'Sin meta';
  }
}

/** The theme colour of a KpiColor (text.secondary for 'default'). */
export function kpiPaletteColor(color: KpiColor, theme: Theme): string {
  return color === 'default' ? theme.palette.text.secondary : theme.palette[color].main;
}
