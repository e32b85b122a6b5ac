import { addDays, dashboardWindow } from '@planta/domain';
import { formatDiaMes, formatMesAnio } from '../format.ts';

// A module of its own (re-exported by trend-option.ts): a screen can print the trend card's period
// (its LCP text) without bringing the chart option builders into its chunk.

/**
 * The chart's period in words: 'Mensual sep – oct 2026 · diario 01 – 22 nov 2026' (years written
 * on both sides when they differ).
 */
export function trendSubtitle(fecha: string): string {
  const { monthlyFrom, dailyFrom, to } = dashboardWindow(fecha);
  const lastMonth = addDays(dailyFrom, -1);
  const [mes1, anio1] = formatMesAnio(monthlyFrom).split(' ');
  const meses =
    monthlyFrom.slice(0, 4) === lastMonth.slice(0, 4)
      ? `${mes1} – ${formatMesAnio(lastMonth)}`
      : `${mes1} ${anio1} – ${formatMesAnio(lastMonth)}`;
  return `Mensual ${meses} · diario ${formatDiaMes(dailyFrom)} – ${formatDiaMes(to)} ${to.slice(0, 4)}`;
}
