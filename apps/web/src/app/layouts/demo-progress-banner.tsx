import { Alert, LinearProgress } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useQuery } from '../../lib/consultas.ts';
import { useEffect, useRef } from 'react';
import { apiBaseUrl } from '../../lib/api-url.ts';

/** While the demo history fills, how often its progress is asked for. */
const INTERVALO_MS = 3_000;

/** The demo history's progress in % from /healthz; null when no history is being written. */
async function progresoDemo(signal: AbortSignal): Promise<number | null> {
  const response = await fetch(`${apiBaseUrl()}/healthz`, {
    signal,
    headers: { Accept: 'application/json' },
  });
  const body = (await response.json().catch(() => null)) as { demo?: { porcentaje?: unknown } } | null;
  const porcentaje = body?.demo?.porcentaje;
  return typeof porcentaje === 'number' ? porcentaje : null;
}

/**
 * On every screen while the server writes its demo history (a first start): how far it has got,
 * so that days still without data read as "not written yet" rather than as missing. Newest days
 * come first; once it reaches 100 % the banner goes and the screens reload their data.
 */
export function DemoProgressBanner() {
  const queryClient = useQueryClient();
  const { data: porcentaje } = useQuery({
    queryKey: ['healthz', 'demo'],
    queryFn: ({ signal }) => progresoDemo(signal),
    refetchInterval: (query) => {
      const p = query.state.data;
      return typeof p === 'number' && p < 100 ? INTERVALO_MS : false;
    },
    retry: false,
    staleTime: 0,
  });
  const llenando = typeof porcentaje === 'number' && porcentaje < 100;
  const visto = useRef(false);
  useEffect(() => {
    if (llenando) visto.current = true;
    else if (visto.current && porcentaje === 100) {
      // The history is complete: what the screens show was read while it filled.
      visto.current = false;
      void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'healthz' });
    }
  }, [llenando, porcentaje, queryClient]);

  if (!llenando) return null;
  const texto = `Preparando la historia de demostración: ${porcentaje} %`;
  return (
    <Alert
      severity="info"
      role="status"
      aria-label={texto}
      data-testid="historia-demo"
      sx={{ mb: { xs: 1.5, sm: 2 }, '& .MuiAlert-message': { flexGrow: 1, minWidth: 0 } }}
    >
      <strong>{texto}</strong>
      <br />
      Los días más recientes ya están; los anteriores se completan en segundo plano.
      <LinearProgress variant="determinate" value={porcentaje} aria-hidden sx={{ mt: 1 }} />
    </Alert>
  );
}
