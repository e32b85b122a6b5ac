import AddIcon from '@mui/icons-material/Add';
import { Box, Button, Typography } from '@mui/material';
import type { ReactNode } from 'react';

export interface EncabezadoProps {
  /** The table's heading (h2), e.g. 'Reglas de notificación'. */
  titulo: string;
  /** The create button's text ('Nueva regla'); none without it. */
  nuevo?: string;
  onNuevo?: () => void;
  /** Other controls at the right (a filter, a refresh button). */
  children?: ReactNode;
}

/** A configuration table's heading: its title at the left; its controls and "Nuevo …" at the right. */
export function Encabezado({ titulo, nuevo, onNuevo, children }: EncabezadoProps) {
  return (
    <Box
      sx={{
        display: 'flex',
        justifyContent: 'space-between',
        alignItems: 'center',
        gap: 1,
        flexWrap: 'wrap',
      }}
    >
      <Typography variant="h6" component="h2">
        {titulo}
      </Typography>
      {children}
      {nuevo && (
        <Button variant="contained" startIcon={<AddIcon />} onClick={onNuevo}>
          {nuevo}
        </Button>
      )}
    </Box>
  );
}
