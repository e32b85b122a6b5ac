import { MeDocument } from './me.generated.ts';
import { authStore } from '../../../lib/auth-store.ts';
import { gql } from '../../../lib/graphql-client.ts';

/** Fetches the current user; on failure the token and cookie are cleared (failure only logged). */
export async function fetchCurrentUser(): Promise<boolean> {
  try {
    const { me } = await gql(MeDocument);
    authStore.setUser(me);
    return true;
  } catch (error) {
    console.warn('No se pudo obtener el usuario actual', error);
    authStore.clear();
    return false;
  }
}
