import { Box, Button, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

/** A centred message with a way back to the menu (not found, forbidden). */
export function MessagePage({ icon, title, text }: { icon: ReactNode; title: string; text: string }) {
  return (
    <Box sx={{ textAlign: 'center', py: 8, px: 2, maxWidth: 520, mx: 'auto' }}>
      <Box sx={{ fontSize: 64, color: 'text.secondary', '& svg': { fontSize: 'inherit' } }}>{icon}</Box>
      <Typography variant="h5" component="h2" gutterBottom>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {text}
      </Typography>
      <Button variant="contained" component={RouterLink} to="/menu">
        Volver al menú
      </Button>
    </Box>
  );
}
