import { MeDocument } from './me.generated.ts';
import { authStore } from '../../../lib/auth-store.ts';
import { ApiError, gql } from '../../../lib/graphql-client.ts';

/**
 * Fetches the current user. Only the server refusing the token (401) ends the session: a request
 * cancelled (the page reloading, a route change) or a network failure leaves it as it is.
 */
export async function fetchCurrentUser(): Promise<boolean> {
  try {
    const { me } = await gql(MeDocument);
    authStore.setUser(me);
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) authStore.clear();
    else console.warn('No se pudo obtener el usuario actual', error);
    return false;
  }
}
