import { Box, CircularProgress, Typography } from '@mui/material';

/** 'Cargando...' while a lazy screen or its data loads. */
export function Loading({ fullScreen = false }: { fullScreen?: boolean }) {
  return (
    <Box
      role="status"
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
        p: 4,
        minHeight: fullScreen ? '100dvh' : 200,
      }}
    >
      <CircularProgress size={28} />
      <Typography color="text.secondary">Cargando...</Typography>
    </Box>
  );
}
