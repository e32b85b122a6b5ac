import type { ReactNode, Ref } from 'react';
import { trendSubtitle } from '@planta/charts/trend/trend-subtitle';
import { ChartCard } from '../charts/chart-card.tsx';

export interface TrendCardFrameProps {
  /** The variable's name: the card's heading. */
  nombre: string;
  /** The chosen production day: the subtitle names the window that ends there. */
  fecha: string;
  /** Shows a 'Ver detalle' button that opens the chart-details dialog. */
  onDetails?: () => void;
  /** The chart is still loading (aria-busy). */
  busy?: boolean;
  /** The subtitle's element, rendered with `elementtiming` (see usePainted). */
  subtitleRef?: Ref<HTMLParagraphElement>;
  /** The chart. */
  children: ReactNode;
}

/**
 * The trend card's frame: the variable, the window it shows ("Mensual sep – oct · diario …"),
 * 'Ver detalle', and the chart below. No ECharts here: /fabrica paints it (its subtitle is the
 * screen's largest text, the LCP) before the chart's runtime loads.
 */
export function TrendCardFrame({
  nombre,
  fecha,
  onDetails,
  busy,
  subtitleRef,
  children,
}: TrendCardFrameProps) {
  return (
    <ChartCard
      titulo={nombre}
      subtitulo={trendSubtitle(fecha)}
      ariaLabel={`${nombre}: últimos 3 meses`}
      onDetails={onDetails}
      busy={busy}
      tituloTestId="tendencia-titulo"
      subtituloRef={subtitleRef}
    >
      {children}
    </ChartCard>
  );
}
