import { RefreshTokenDocument } from './refresh-token.generated.ts';
import { authStore, tokenExpiry } from './auth-store.ts';
import { gql } from './graphql-client.ts';

let inFlight: Promise<boolean> | null = null;

/**
 * Exchanges the HttpOnly refresh cookie for a new access token. Returns false when there is no
 * valid refresh session (the caller stays logged out or waits for the token to expire). Calls made
 * while one is in flight share it: the server rotates the refresh token, and presenting the same
 * one twice would be taken as a replay and end the session.
 */
export function refreshSession(): Promise<boolean> {
  inFlight ??= exchange().finally(() => {
    inFlight = null;
  });
  return inFlight;
}

async function exchange(): Promise<boolean> {
  try {
    const { refreshToken } = await gql(RefreshTokenDocument);
    const expiresAt = tokenExpiry(refreshToken.access_token) ?? Date.now() + refreshToken.expires_in * 1000;
    authStore.setToken(refreshToken.access_token, expiresAt);
    const current = authStore.get().user;
    authStore.setUser(
      current && current.id === refreshToken.user.id
        ? { ...current, ...refreshToken.user }
        : refreshToken.user,
    );
    return true;
  } catch {
    return false;
  }
}
