import { Box, Card, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** A card with a chart's title, what it shows, its controls (right, wrapping on phones) and the chart. */
export function ChartCard({
  titulo,
  subtitulo,
  acciones,
  children,
  labelId,
  testId,
}: {
  titulo: string;
  subtitulo: string;
  acciones?: ReactNode;
  children: ReactNode;
  labelId: string;
  testId?: string;
}) {
  return (
    <Card component="section" aria-labelledby={labelId} data-testid={testId} sx={{ minWidth: 0 }}>
      <CardContent sx={{ p: { xs: 1.5, sm: 2 }, '&:last-child': { pb: { xs: 1.5, sm: 2 } } }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start', mb: 1 }}>
          <Box sx={{ flex: '1 1 200px', minWidth: 0 }}>
            <Typography id={labelId} variant="h6" component="h2" sx={{ fontSize: '1.05rem' }}>
              {titulo}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {subtitulo}
            </Typography>
          </Box>
          {acciones && (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', minWidth: 0 }}>
              {acciones}
            </Box>
          )}
        </Box>
        {children}
      </CardContent>
    </Card>
  );
}
