import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from './auth-store.ts';
import { descargarArchivo, mensajeDescarga, nombreDeCabecera } from './download.ts';

const notify = vi.hoisted(() => vi.fn());
vi.mock('./notify.tsx', () => ({ notify }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  notify.mockReset();
  authStore.clear();
});

describe('descargarArchivo', () => {
  it('fetches with the Bearer token, clicks an <a download> with the Spanish name and revokes the URL', async () => {
    vi.useFakeTimers();
    authStore.setToken('tok', Date.now() + 60_000);
    const fetchMock = vi.fn(
      async (_url: string, _init: RequestInit) => new Response('xlsx', { status: 200 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const created = vi.fn(() => 'blob:x');
    const revoked = vi.fn();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: revoked }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const ok = await descargarArchivo('/api/exportaciones/abc', 'reporte-aire_2026-11-01.xlsx');
    expect(notify.mock.calls).toEqual([]);
    expect(ok).toBe(true);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toMatch(/\/api\/exportaciones\/abc$/);
    expect(init.headers).toMatchObject({ Authorization: 'Bearer tok' });
    const clicked = click.mock.contexts[0] as HTMLAnchorElement;
    expect(clicked.download).toBe('reporte-aire_2026-11-01.xlsx');
    expect(clicked.href).toBe('blob:x');
    expect(clicked.isConnected).toBe(false);
    expect(revoked).not.toHaveBeenCalled();
    vi.advanceTimersByTime(10_000);
    expect(revoked).toHaveBeenCalledWith('blob:x');
    expect(notify).not.toHaveBeenCalled();
    vi.useRealTimers();
  });

  it('shows a Spanish notification and resolves false on 410, 404, 409 and network errors', async () => {
    const cases: [Response | Error, string][] = [
      [
        Response.json({ error: 'La exportación caducó. Vuelva a exportar.' }, { status: 410 }),
        'La exportación caducó',
      ],
      [Response.json({ error: 'La exportación no existe' }, { status: 404 }), 'La exportación no existe'],
      [Response.json({ error: 'x' }, { status: 409 }), 'La exportación todavía se está generando'],
      [new Response('<html>', { status: 502 }), 'No se pudo descargar el archivo (HTTP 502)'],
      [new TypeError('Failed to fetch'), 'No se pudo contactar con el servidor. Compruebe la conexión.'],
    ];
    for (const [answer, message] of cases) {
      notify.mockReset();
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => {
          if (answer instanceof Error) throw answer;
          return answer;
        }),
      );
      expect(await descargarArchivo('/api/exportaciones/abc', 'x.xlsx')).toBe(false);
      expect(notify).toHaveBeenCalledWith('negative', message);
    }
  });

  it('reads the file name from Content-Disposition (filename* first)', () => {
    expect(
      nombreDeCabecera(`attachment; filename="reporte-ano.xlsx"; filename*=UTF-8''reporte-a%C3%B1o.xlsx`),
    ).toBe('reporte-año.xlsx');
    expect(nombreDeCabecera('attachment; filename="a.csv"')).toBe('a.csv');
    expect(nombreDeCabecera(null)).toBeNull();
    expect(mensajeDescarga(404)).toBe('La exportación no existe');
  });
});
