import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
import { useEffect, useRef, useState } from 'react';
import { useAuth } from './auth-store.ts';
import { liveClient } from './live-client.ts';

/** After a subscription ends in error, it is asked again this long after (doubling, up to the last). */
export const RESUSCRIBIR_MS = [2_000, 4_000, 8_000, 15_000, 30_000] as const;

/**
 * The latest message of a GraphQL subscription (null until the first one), re-subscribing on token
 * change. With `enabled: false` nothing is subscribed (and the last message is kept). A subscription
 * the server ends in error (refused, its socket closed for good) is asked again after a while: the
 * socket's own drops (Wi-Fi lost) are retried by the live client, but an error would otherwise leave
 * the screen without live values until it is reloaded.
 */
export function useSubscription<TResult, TVariables extends Record<string, unknown>>(
  document: DocumentTypeDecoration<TResult, TVariables> & { toString(): string },
  variables: TVariables,
  { enabled = true }: { enabled?: boolean } = {},
): TResult | null {
  const { token } = useAuth();
  const [data, setData] = useState<TResult | null>(null);
  const [intento, setIntento] = useState(0);
  // Errors in a row without a message between them: how long the next wait is.
  const fallos = useRef(0);
  const key = JSON.stringify(variables);
  useEffect(() => {
    if (!token || !enabled) return;
    let reintento: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = liveClient().subscribe<TResult>(
      { query: document.toString(), variables: JSON.parse(key) as Record<string, unknown> },
      {
        next: (message) => {
          if (!message.data) return;
          fallos.current = 0;
          setData(message.data as TResult);
        },
        error: (error) => {
          console.warn('suscripción en vivo interrumpida', error);
          const espera = RESUSCRIBIR_MS[Math.min(fallos.current, RESUSCRIBIR_MS.length - 1)];
          fallos.current += 1;
          reintento = setTimeout(() => setIntento((n) => n + 1), espera);
        },
        complete: () => {},
      },
    );
    return () => {
      clearTimeout(reintento);
      unsubscribe();
    };
  }, [document, key, token, enabled, intento]);
  return data;
}
