import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
import { useEffect, useState } from 'react';
import { useAuth } from './auth-store.ts';
import { liveClient } from './live-client.ts';

/**
 * The latest message of a GraphQL subscription (null until the first one), re-subscribing on token
 * change. With `enabled: false` nothing is subscribed (and the last message is kept).
 */
export function useSubscription<TResult, TVariables extends Record<string, unknown>>(
  document: DocumentTypeDecoration<TResult, TVariables> & { toString(): string },
  variables: TVariables,
  { enabled = true }: { enabled?: boolean } = {},
): TResult | null {
  const { token } = useAuth();
  const [data, setData] = useState<TResult | null>(null);
  const key = JSON.stringify(variables);
  useEffect(() => {
    if (!token || !enabled) return;
    const unsubscribe = liveClient().subscribe<TResult>(
      { query: document.toString(), variables: JSON.parse(key) as Record<string, unknown> },
      {
        next: (message) => {
          if (message.data) setData(message.data as TResult);
        },
        error: (error) => console.warn('suscripción en vivo interrumpida', error),
        complete: () => {},
      },
    );
    return unsubscribe;
  }, [document, key, token, enabled]);
  return data;
}
