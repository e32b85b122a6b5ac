import { Box, Card, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** A card with a chart's title, what it shows, and the chart. */
export function ChartCard({
  titulo,
  subtitulo,
  children,
  labelId,
}: {
  titulo: string;
  subtitulo: string;
  children: ReactNode;
  labelId: string;
}) {
  return (
    <Card component="section" aria-labelledby={labelId} sx={{ minWidth: 0 }}>
      <CardContent sx={{ p: { xs: 1.5, sm: 2 }, '&:last-child': { pb: { xs: 1.5, sm: 2 } } }}>
        <Box sx={{ mb: 1 }}>
          <Typography id={labelId} variant="h6" component="h2" sx={{ fontSize: '1.05rem' }}>
            {titulo}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {subtitulo}
          </Typography>
        </Box>
        {children}
      </CardContent>
    </Card>
  );
}
