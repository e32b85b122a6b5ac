import { useQuery } from '../../../lib/consultas.ts';
import { gql } from '../../../lib/graphql-client.ts';
import { type EnvioCorreoFilaFragment, EnviosCorreoDocument } from './correos.generated.ts';

export type EnvioCorreo = EnvioCorreoFilaFragment;

/** The most the server lists (and counts as failed) in one request. */
export const LIMITE_CORREOS = 200;

export const correosKey = ['config-notificaciones', 'correos'] as const;

/**
 * The e-mail outbox (admin), newest first: the messages with `estado` (all when null) and those
 * that gave up (FALLIDO) whatever the filter, so the warning never depends on it.
 */
export function useEnviosCorreo(estado: string | null) {
  return useQuery({
    queryKey: [...correosKey, estado],
    queryFn: ({ signal }) =>
      gql(EnviosCorreoDocument, { estado, limit: LIMITE_CORREOS }, { signal }).then((r) => ({
        envios: r.enviosCorreo,
        fallidos: r.fallidos.length,
      })),
    // The previous list stays while another filter loads; retries move the state on.
    placeholderData: (previous) => previous,
    refetchInterval: 30_000,
  });
}
