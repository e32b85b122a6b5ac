import { Box, Card, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** A titled card of a screen (title, subtitle, optional actions on the right). */
export function Seccion({
  titulo,
  subtitulo,
  acciones,
  testId,
  separacion = 1,
  children,
}: {
  titulo: string;
  subtitulo?: ReactNode;
  acciones?: ReactNode;
  testId?: string;
  /** Space under the title row (theme spacing units). */
  separacion?: number;
  children: ReactNode;
}) {
  return (
    <Card component="section" aria-label={titulo} data-testid={testId} sx={{ minWidth: 0 }}>
      <CardContent sx={{ p: { xs: 1.5, sm: 2 }, '&:last-child': { pb: { xs: 1.5, sm: 2 } } }}>
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, mb: separacion, flexWrap: 'wrap' }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="h6" component="h2" sx={{ fontSize: '1.05rem' }}>
              {titulo}
            </Typography>
            {subtitulo && (
              <Typography variant="body2" color="text.secondary">
                {subtitulo}
              </Typography>
            )}
          </Box>
          {acciones}
        </Box>
        {children}
      </CardContent>
    </Card>
  );
}
