import { isOperador } from '@planta/domain';
import { LoginDocument } from './login.generated.ts';
import { fetchCurrentUser } from './me.ts';
import { authStore, tokenExpiry } from '../../../lib/auth-store.ts';
import { gql } from '../../../lib/graphql-client.ts';

/** Logs in: stores token (memory + cookie) and user; on failure the token is reset and the error rethrown. */
export async function login(username: string, password: string): Promise<void> {
  try {
    const { login: result } = await gql(LoginDocument, { input: { username, password } });
    const expiresAt = tokenExpiry(result.access_token) ?? Date.now() + result.expires_in * 1000;
    authStore.setToken(result.access_token, expiresAt);
    authStore.setUser(result.user);
  } catch (error) {
    authStore.resetToken();
    throw error;
  }
  // The login's user has no lines: an operator's screens need them (me.lineas) before they paint.
  if (isOperador(authStore.get().user)) await fetchCurrentUser();
}
