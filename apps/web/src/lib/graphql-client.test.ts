import { afterEach, describe, expect, it, vi } from 'vitest';
import { onApiEvent } from './api-events.ts';
import { authStore } from './auth-store.ts';
import { ApiError, gql } from './graphql-client.ts';
import { cancelAllRequests, CANCEL_REASON, isCancellation, pendingRequests } from './request-registry.ts';

const doc = Object.assign(new String('query Q { me { id } }'), {}) as never;

afterEach(() => {
  vi.unstubAllGlobals();
  authStore.clear();
});

describe('gql client', () => {
  it('reports 401 while logged in as an "unauthorized" event, and ≥500 as "server-error"', async () => {
    const events: string[] = [];
    const off = onApiEvent((e) => events.push(e.type));
    authStore.setToken('t', Date.now() + 60_000);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ errors: [{ message: 'Sesión no válida' }] }, { status: 401 })),
    );
    await expect(gql(doc)).rejects.toBeInstanceOf(ApiError);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({ errors: [{ message: 'Error interno del servidor' }] }, { status: 500 }),
      ),
    );
    await expect(gql(doc)).rejects.toThrow('Error interno del servidor');
    off();
    expect(events).toEqual(['unauthorized', 'server-error']);
  });

  it('does not treat a 401 while logged out as an expired session', async () => {
    const events: string[] = [];
    const off = onApiEvent((e) => events.push(e.type));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ errors: [{ message: 'x' }] }, { status: 401 })),
    );
    await expect(gql(doc)).rejects.toThrow('x');
    off();
    expect(events).toEqual([]);
  });

  it('registers every request and cancels them in bulk with "Request cancelled!!"', async () => {
    let seenSignal: AbortSignal | undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) => {
            seenSignal = init.signal ?? undefined;
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          }),
      ),
    );
    const pending = gql(doc);
    expect(pendingRequests()).toBe(1);
    cancelAllRequests();
    const error = await pending.catch((e: unknown) => e);
    expect(isCancellation(error)).toBe(true);
    expect((error as Error).message).toBe(CANCEL_REASON);
    expect(seenSignal?.reason).toBe(CANCEL_REASON);
    expect(pendingRequests()).toBe(0);
  });
});
