import { Box } from '@mui/material';
import { useQuery } from '../../lib/consultas.ts';
import { useSyncExternalStore } from 'react';
import { apiBaseUrl } from '../../lib/api-url.ts';

import { useConexionPlanta } from '../../features/planta/api/conexion.ts';
import { Hint } from '../../components/feedback/hint.tsx';

type State = 'ok' | 'connecting' | 'plant-down' | 'no-collector' | 'degraded' | 'offline';

const LABEL: Record<State, string> = {
  ok: 'Planta conectada: datos en vivo',
  connecting: 'Conectando con la planta...',
  'plant-down': 'Sin conexión con la planta (OPC UA)',
  'no-collector': 'Servidor conectado; sin colector de planta',
  degraded: 'Servidor sin base de datos',
  offline: 'Sin conexión con el servidor',
};
const COLOR: Record<State, string> = {
  ok: 'success.main',
  connecting: 'warning.main',
  'plant-down': 'error.main',
  'no-collector': 'text.disabled',
  degraded: 'warning.main',
  offline: 'error.main',
};

const PLANT_STATE: Record<string, State> = {
  CONECTADO: 'ok',
  CONECTANDO: 'connecting',
  ESPERANDO_TURNO: 'connecting',
  DESCONECTADO: 'plant-down',
  INACTIVO: 'no-collector',
};

function subscribeOnline(callback: () => void): () => void {
  window.addEventListener('online', callback);
  window.addEventListener('offline', callback);
  return () => {
    window.removeEventListener('online', callback);
    window.removeEventListener('offline', callback);
  };
}

/**
 * The header's connection dot: the browser's network, the server's /healthz (polled every 30 s)
 * and the collector's link with the PLCs (live, over the websocket).
 */
export function ConnectionIndicator() {
  const online = useSyncExternalStore(subscribeOnline, () => navigator.onLine);
  const health = useQuery({
    queryKey: ['healthz'],
    queryFn: async ({ signal }) => {
      const response = await fetch(`${apiBaseUrl()}/healthz`, {
        signal,
        headers: { Accept: 'application/json' },
      });
      // Read the body to its end: an unread body keeps the request open, and the page never
      // reaches network idle (crawlers, Lighthouse).
      await response.arrayBuffer().catch(() => undefined);
      return response.ok ? ('ok' as const) : ('degraded' as const);
    },
    refetchInterval: 30_000,
    retry: false,
    staleTime: 0,
  });
  const plant = useConexionPlanta();
  const server: State =
    !online || health.isError ? 'offline' : health.data === 'degraded' ? 'degraded' : 'ok';
  const state: State =
    server !== 'ok' ? server : plant ? (PLANT_STATE[plant.estado] ?? 'no-collector') : 'no-collector';
  return (
    <Hint title={LABEL[state]}>
      <Box
        role="status"
        aria-label={LABEL[state]}
        data-state={state}
        sx={{ display: 'flex', alignItems: 'center', px: 1, height: 40 }}
      >
        <Box
          sx={{
            width: 12,
            height: 12,
            borderRadius: '50%',
            bgcolor: COLOR[state],
            boxShadow: (t) => `0 0 0 3px ${t.palette.background.default}`,
          }}
        />
      </Box>
    </Hint>
  );
}
