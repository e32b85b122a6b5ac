import { emitApiEvent } from './api-events.ts';
import { apiBaseUrl } from './api-url.ts';
import { authStore } from './auth-store.ts';
import { ApiError } from './graphql-client.ts';
import { registerRequest, RequestCancelledError } from './request-registry.ts';

const NETWORK_ERROR = 'No se pudo contactar con el servidor. Compruebe la conexión.';

/**
 * GETs one of the API's REST endpoints (SPEC §7: the two ETA series) with the same headers, token,
 * cancellation and 401/≥500 handling as the GraphQL client. The body is always read (also on
 * errors, so the connection is released); a failure rejects with the server's Spanish `error`.
 */
export async function restGet<T>(
  path: string,
  params: Record<string, string | number>,
  options?: { signal?: AbortSignal },
): Promise<T> {
  const { signal, release } = registerRequest(options?.signal);
  const token = authStore.get().token;
  const query = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
  let response: Response;
  let body: unknown;
  try {
    response = await fetch(`${apiBaseUrl()}${path}?${query.toString()}`, {
      method: 'GET',
      credentials: 'include',
      signal,
      headers: {
        Accept: 'application/json',
        'X-Requested-With': 'XMLHttpRequest',
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
    });
    try {
      body = await response.json();
    } catch {
      if (signal.aborted) throw new RequestCancelledError();
      body = undefined; // Non-JSON answer (proxy error page): handled by the status below.
    }
  } catch (error) {
    if (signal.aborted || error instanceof RequestCancelledError) throw new RequestCancelledError();
    throw new ApiError(NETWORK_ERROR, 0, [{ message: String(error) }]);
  } finally {
    release();
  }
  if (response.status === 401 && token !== null && authStore.get().token === token) {
    emitApiEvent({ type: 'unauthorized' });
  }
  if (response.status >= 500) emitApiEvent({ type: 'server-error', status: response.status });
  if (!response.ok) {
    const failure = (body ?? {}) as { error?: string; code?: string; field?: string };
    const message = failure.error ?? `Error HTTP ${response.status}`;
    throw new ApiError(message, response.status, [
      { message, extensions: { code: failure.code, field: failure.field } },
    ]);
  }
  return body as T;
}
