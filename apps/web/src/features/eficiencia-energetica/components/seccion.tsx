import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';

export { Seccion } from '../../../components/seccion.tsx';

/** A figure of a card's summary row: label above, value below. */
export function Cifra({ etiqueta, valor, testId }: { etiqueta: string; valor: string; testId?: string }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="p">
        {etiqueta}
      </Typography>
      <Typography data-testid={testId} sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
        {valor}
      </Typography>
    </Box>
  );
}

/** The summary row of a card: as many figures as fit, wrapping on phones. */
export function Cifras({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 1.5,
        mb: 1,
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(4, minmax(0, 1fr))' },
      }}
    >
      {children}
    </Box>
  );
}
