import { addDays, dashboardWindow } from '@planta/domain';
import { formatDiaMes, formatMesAnio } from '@planta/charts/format';

/**
 * The trend card's subtitle (trendSubtitle of @planta/charts/trend/trend-option, same text; the
 * unit test holds them equal), for the card's frame shown while the card's chunk loads. Not
 * imported from trend-option: that module brings the chart option builders and their tooltip
 * helpers into the page's chunk, which split the shared chart chunk in two (+0.2 KB on screens at
 * their JavaScript budget).
 */
export function subtituloTendencia(fecha: string): string {
  const { monthlyFrom, dailyFrom, to } = dashboardWindow(fecha);
  const lastMonth = addDays(dailyFrom, -1);
  const [mes1, anio1] = formatMesAnio(monthlyFrom).split(' ');
  const meses =
    monthlyFrom.slice(0, 4) === lastMonth.slice(0, 4)
      ? `${mes1} – ${formatMesAnio(lastMonth)}`
      : `${mes1} ${anio1} – ${formatMesAnio(lastMonth)}`;
  return `Mensual ${meses} · diario ${formatDiaMes(dailyFrom)} – ${formatDiaMes(to)} ${to.slice(0, 4)}`;
}
