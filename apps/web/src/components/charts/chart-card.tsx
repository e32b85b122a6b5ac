import InsightsIcon from '@mui/icons-material/Insights';
import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import type { ReactNode, Ref } from 'react';

export interface ChartCardProps {
  /** The card's heading. */
  titulo: string;
  /** The line under it (what the chart covers). */
  subtitulo: string;
  /** The section's accessible name. */
  ariaLabel: string;
  /** Shows a 'Ver detalle' button that opens the chart-details dialog. */
  onDetails?: () => void;
  /** The chart is still loading (aria-busy). */
  busy?: boolean;
  /** data-testid of the heading. */
  tituloTestId?: string;
  /** The subtitle's element, rendered with `elementtiming` (see lib/use-painted.ts). */
  subtituloRef?: Ref<HTMLParagraphElement>;
  /** The chart. */
  children: ReactNode;
}

/**
 * A dashboard chart's card: heading, the line saying what it covers, 'Ver detalle', and the chart
 * below. No ECharts here: a screen can paint the card (often its largest text, the LCP) before the
 * chart's runtime loads.
 */
export function ChartCard({
  titulo,
  subtitulo,
  ariaLabel,
  onDetails,
  busy,
  tituloTestId,
  subtituloRef,
  children,
}: ChartCardProps) {
  return (
    <Card component="section" aria-label={ariaLabel} aria-busy={busy || undefined} sx={{ minWidth: 0 }}>
      <CardContent sx={{ p: { xs: 1.5, sm: 2 }, '&:last-child': { pb: { xs: 1.5, sm: 2 } } }}>
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, mb: 1, flexWrap: 'wrap' }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="h6" component="h2" data-testid={tituloTestId} sx={{ fontSize: '1.05rem' }}>
              {titulo}
            </Typography>
            <Typography
              variant="body2"
              color="text.secondary"
              ref={subtituloRef}
              {...(subtituloRef ? { elementtiming: 'tarjeta-grafico-subtitulo' } : {})}
            >
              {subtitulo}
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
