import { Box, Tooltip } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { apiBaseUrl } from '../../lib/api-url.ts';

type State = 'ok' | 'degraded' | 'offline';

const LABEL: Record<State, string> = {
  ok: 'Conectado al servidor',
  degraded: 'Servidor sin base de datos',
  offline: 'Sin conexión con el servidor',
};
const COLOR: Record<State, string> = { ok: 'success.main', degraded: 'warning.main', offline: 'error.main' };

function subscribeOnline(callback: () => void): () => void {
  window.addEventListener('online', callback);
  window.addEventListener('offline', callback);
  return () => {
    window.removeEventListener('online', callback);
    window.removeEventListener('offline', callback);
  };
}

/**
 * The header's connection dot: the browser's network state and the server's /healthz, polled
 * every 30 s. (The PLC link state joins it when the live collector lands.)
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
      return response.ok ? 'ok' : 'degraded';
    },
    refetchInterval: 30_000,
    retry: false,
    staleTime: 0,
  });
  const state: State = !online || health.isError ? 'offline' : (health.data ?? 'ok');
  return (
    <Tooltip title={LABEL[state]}>
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
    </Tooltip>
  );
}
