import InsightsIcon from '@mui/icons-material/Insights';
import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import type { ReactNode, Ref } from 'react';
import { trendSubtitle } from '@planta/charts/trend/trend-subtitle';

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
 * The trend card's frame: heading, the window it shows, 'Ver detalle', and the chart below. No
 * ECharts here: /fabrica paints it (its largest text, the LCP) before the chart's runtime loads.
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
    <Card component="section" aria-label={`${nombre}: últimos 3 meses`} aria-busy={busy || undefined}>
      <CardContent sx={{ p: { xs: 1.5, sm: 2 }, '&:last-child': { pb: { xs: 1.5, sm: 2 } } }}>
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, mb: 1, flexWrap: 'wrap' }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography
              variant="h6"
              component="h2"
              data-testid="tendencia-titulo"
              sx={{ fontSize: '1.05rem' }}
            >
              {nombre}
            </Typography>
            <Typography
              variant="body2"
              color="text.secondary"
              ref={subtitleRef}
              {...(subtitleRef ? { elementtiming: 'tendencia-subtitulo' } : {})}
            >
              {trendSubtitle(fecha)}
            </Typography>
          </Box>
          {onDetails && (
            <Button size="small" startIcon={<InsightsIcon />} onClick={onDetails}>
              Ver detalle
            </Button>
          )}
        </Box>
        {children}
      </CardContent>
    </Card>
  );
}
