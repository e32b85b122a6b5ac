import { Box, Card, CardContent, CssBaseline, Typography } from '@mui/material';
import { ThemeProvider } from '@mui/material/styles';
import { useEffect, useState } from 'react';
import { theme } from './theme.ts';

type Health = { status: string; version: string; database: { status: string; kind: string } };

/** Minimal page: the application shell with every route arrives with the web-app issue. */
export function App() {
  const [health, setHealth] = useState<Health | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    fetch('/healthz', { signal: controller.signal, headers: { Accept: 'application/json' } })
      .then((r) => r.json() as Promise<Health>)
      .then(setHealth)
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setFailed(Boolean(error));
      });
    return () => controller.abort();
  }, []);

  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <Box sx={{ minHeight: '100dvh', display: 'grid', placeItems: 'center', p: 2 }}>
        <Card sx={{ maxWidth: 420, width: '100%' }}>
          <CardContent>
            <Typography variant="h4" component="h1" gutterBottom>
              Planta
            </Typography>
            <Typography color="text.secondary" gutterBottom>
              Monitoreo y gestión de la planta embotelladora
            </Typography>
            <Typography data-testid="estado-servidor" sx={{ mt: 2 }}>
              {failed
                ? 'No se pudo contactar con el servidor'
                : health
                  ? `Servidor ${health.status === 'ok' ? 'en línea' : 'con problemas'} · versión ${health.version} · base de datos ${health.database.kind}`
                  : 'Cargando...'}
            </Typography>
          </CardContent>
        </Card>
      </Box>
    </ThemeProvider>
  );
}
