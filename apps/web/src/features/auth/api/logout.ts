import { LogoutDocument } from './logout.generated.ts';
import { authStore } from '../../../lib/auth-store.ts';
import { gql } from '../../../lib/graphql-client.ts';
import { closeLiveClient } from '../../../lib/live-client.ts';
import { cancelAllRequests } from '../../../lib/request-registry.ts';

/**
 * Logs out: cancels pending requests, tells the server (revokes the session) when it still can,
 * closes the live websocket and clears user, token and cookie. Local state is cleared even when the
 * server call fails.
 */
export async function logout(options: { notifyServer?: boolean } = {}): Promise<void> {
  cancelAllRequests();
  const hadToken = authStore.isLoggedIn();
  if (hadToken && options.notifyServer !== false) {
    await gql(LogoutDocument).catch((error: unknown) => console.warn('logout en el servidor falló', error));
  }
  closeLiveClient();
  authStore.clear();
}
