import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';

export interface DatoProps {
  titulo: string;
  valor: ReactNode;
  /** A small line under the value (unit, comparison, time). */
  detalle?: ReactNode;
  testId?: string;
  /** data-testid of the value itself. */
  valorTestId?: string;
  color?: string;
  size?: 'md' | 'lg';
}

/** A labelled figure: caption, value in tabular digits, optional detail line. */
export function Dato({ titulo, valor, detalle, testId, valorTestId, color, size = 'md' }: DatoProps) {
  return (
    <Box data-testid={testId} sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="p" noWrap title={titulo}>
        {titulo}
      </Typography>
      <Typography
        component="p"
        data-testid={valorTestId}
        sx={{
          fontSize: size === 'lg' ? '1.6rem' : '1.05rem',
          fontWeight: 500,
          lineHeight: 1.25,
          fontVariantNumeric: 'tabular-nums',
          whiteSpace: 'nowrap',
          color,
        }}
      >
        {valor}
      </Typography>
      {detalle && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ lineHeight: 1.3 }}>
          {detalle}
        </Typography>
      )}
    </Box>
  );
}
