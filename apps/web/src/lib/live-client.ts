import { type Client, createClient } from 'graphql-ws';
import { apiBaseUrl } from './api-url.ts';
import { authStore } from './auth-store.ts';

let client: Client | undefined;
let clientToken: string | null = null;

/**
 * The websocket for live values (graphql-ws), one per session: the token goes in connection_init,
 * and a new token (refresh, another login) opens a new connection.
 */
export function liveClient(): Client {
  const token = authStore.get().token;
  if (client && clientToken === token) return client;
  void client?.dispose();
  clientToken = token;
  client = createClient({
    url: `${apiBaseUrl().replace(/^http/, 'ws')}/graphql`,
    connectionParams: () => ({ token: authStore.get().token }),
    retryAttempts: Infinity,
    shouldRetry: () => authStore.isLoggedIn(),
    retryWait: async (retries) => {
      await new Promise((resolve) => setTimeout(resolve, Math.min(1_000 * 2 ** retries, 15_000)));
    },
  });
  return client;
}

export function closeLiveClient(): void {
  void client?.dispose();
  client = undefined;
  clientToken = null;
}
