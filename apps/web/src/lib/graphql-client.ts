import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
import { emitApiEvent } from './api-events.ts';
import { apiBaseUrl } from './api-url.ts';
import { authStore } from './auth-store.ts';
import { registerRequest, RequestCancelledError } from './request-registry.ts';

export interface ServerError {
  message: string;
  extensions?: { code?: string; field?: string };
}

/** A failed call: the first server error's message (Spanish), its code and field, and the HTTP status. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly errors: ServerError[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }
  get code(): string | undefined {
    return this.errors[0]?.extensions?.code;
  }
  get field(): string | undefined {
    return this.errors[0]?.extensions?.field;
  }
}

const NETWORK_ERROR = 'No se pudo contactar con el servidor. Compruebe la conexión.';

/**
 * POSTs a typed document to /graphql with the headers of SPEC §7. Registers the request for bulk
 * cancellation; reports 401 (while logged in) and ≥500 to the shell; rejects with the first error.
 */
export async function gql<TResult, TVariables>(
  document: DocumentTypeDecoration<TResult, TVariables> & { toString(): string },
  variables?: TVariables,
  options?: { signal?: AbortSignal },
): Promise<TResult> {
  const { signal, release } = registerRequest(options?.signal);
  const token = authStore.get().token;
  let response: Response;
  try {
    response = await fetch(`${apiBaseUrl()}/graphql`, {
      method: 'POST',
      credentials: 'include',
      signal,
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/json',
        'X-Requested-With': 'XMLHttpRequest',
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify({ query: document.toString(), variables: variables ?? {} }),
    });
  } catch (error) {
    if (signal.aborted) throw new RequestCancelledError();
    throw new ApiError(NETWORK_ERROR, 0, [{ message: String(error) }]);
  } finally {
    release();
  }

  let body: { data?: TResult | null; errors?: ServerError[] } = {};
  try {
    body = (await response.json()) as typeof body;
  } catch {
    // Non-JSON answer (proxy error page): handled by the status below.
  }
  if (response.status === 401 && token !== null && authStore.get().token === token) {
    emitApiEvent({ type: 'unauthorized' });
  }
  if (response.status >= 500) emitApiEvent({ type: 'server-error', status: response.status });
  const errors = body.errors ?? [];
  if (errors.length > 0 || !response.ok || !body.data) {
    const first = errors[0]?.message ?? `Error HTTP ${response.status}`;
    throw new ApiError(first, response.status, errors);
  }
  return body.data;
}
