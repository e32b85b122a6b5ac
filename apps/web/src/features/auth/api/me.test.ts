import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore, readAccessCookie } from '../../../lib/auth-store.ts';
import { cancelAllRequests } from '../../../lib/request-registry.ts';
import { fetchCurrentUser } from './me.ts';

// A token the cookie reader accepts: its exp is an hour ahead.
const payload = btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + 3600 })).replace(/=+$/, '');
const TOKEN = `x.${payload}.y`;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  authStore.clear();
});

describe('fetchCurrentUser', () => {
  it('keeps the session when the request is cancelled or the network fails (a reload right after logging in)', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    authStore.setToken(TOKEN, Date.now() + 3_600_000);
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) =>
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
          ),
      ),
    );
    const pending = fetchCurrentUser();
    cancelAllRequests();
    expect(await pending).toBe(false);
    expect(readAccessCookie()).toBe(TOKEN);
    expect(authStore.mayHaveRefreshSession()).toBe(true);

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    expect(await fetchCurrentUser()).toBe(false);
    expect(authStore.get().token).toBe(TOKEN);
    expect(readAccessCookie()).toBe(TOKEN);
  });

  it('ends the session when the server refuses the token', async () => {
    authStore.setToken(TOKEN, Date.now() + 3_600_000);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json(
          { errors: [{ message: 'Sesión no válida', extensions: { code: 'UNAUTHENTICATED' } }] },
          { status: 401 },
        ),
      ),
    );
    expect(await fetchCurrentUser()).toBe(false);
    expect(authStore.get().token).toBeNull();
    expect(readAccessCookie()).toBeNull();
    expect(authStore.mayHaveRefreshSession()).toBe(false);
  });

  it('stores the user the server returns', async () => {
    authStore.setToken(TOKEN, Date.now() + 3_600_000);
    const me = { id: '1', name: 'Ana', username: 'ana', email: null, roles: [] };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ data: { me } })),
    );
    expect(await fetchCurrentUser()).toBe(true);
    expect(authStore.get().user).toEqual(me);
  });
});
