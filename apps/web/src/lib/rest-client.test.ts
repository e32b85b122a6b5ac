import { afterEach, describe, expect, it, vi } from 'vitest';
import { onApiEvent } from './api-events.ts';
import { authStore } from './auth-store.ts';
import { ApiError } from './graphql-client.ts';
import { cancelAllRequests, isCancellation, pendingRequests } from './request-registry.ts';
import { restGet } from './rest-client.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  authStore.clear();
});

describe('restGet', () => {
  it('GETs with the query string, the SPEC §7 headers and the Bearer token, and returns the JSON', async () => {
    authStore.setToken('tok', Date.now() + 60_000);
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) =>
      Response.json([{ fecha: '2026-03-02' }]),
    );
    vi.stubGlobal('fetch', fetchMock);
    const rows = await restGet<{ fecha: string }[]>('/api/pta/historicos/eta/lineas', {
      desde: '2026-03-01',
      hasta: '2026-03-02',
      linea: 1,
    });
    expect(rows).toEqual([{ fecha: '2026-03-02' }]);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toMatch(/\/api\/pta\/historicos\/eta\/lineas\?desde=2026-03-01&hasta=2026-03-02&linea=1$/);
    expect(init.method).toBe('GET');
    expect(init.headers).toMatchObject({
      Accept: 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
      Authorization: 'Bearer tok',
    });
    expect(pendingRequests()).toBe(0);
  });

  it('rejects with the server’s Spanish error and field; 401 while logged in ends the session', async () => {
    const events: string[] = [];
    const off = onApiEvent((e) => events.push(e.type));
    authStore.setToken('tok', Date.now() + 60_000);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({ error: 'Fecha inválida', code: 'BAD_USER_INPUT', field: 'desde' }, { status: 400 }),
      ),
    );
    const error = await restGet('/api/pta/historicos/eta', { desde: 'x', hasta: 'y' }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'Fecha inválida', status: 400 });
    expect((error as ApiError).field).toBe('desde');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ error: 'Sesión no válida' }, { status: 401 })),
    );
    await expect(restGet('/api/pta/historicos/eta', {})).rejects.toThrow('Sesión no válida');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>', { status: 502 })),
    );
    await expect(restGet('/api/pta/historicos/eta', {})).rejects.toThrow('Error HTTP 502');
    off();
    expect(events).toEqual(['unauthorized', 'server-error']);
  });

  it('is cancelled in bulk like every request', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) => {
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          }),
      ),
    );
    const pending = restGet('/api/pta/historicos/eta', {});
    expect(pendingRequests()).toBe(1);
    cancelAllRequests();
    const error = await pending.catch((e: unknown) => e);
    expect(isCancellation(error)).toBe(true);
    expect(pendingRequests()).toBe(0);
  });
});
