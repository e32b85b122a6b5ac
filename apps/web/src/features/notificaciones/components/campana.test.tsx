import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../../lib/auth-store.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { NotificacionesNoLeidasVivoDocument } from '../api/no-leidas.generated.ts';
import { Campana, NO_LEIDAS } from './campana.tsx';

type Sink = { next: (message: { data: unknown }) => void };
const sinks: Sink[] = [];
const subscribe = vi.fn((_payload: unknown, sink: Sink) => {
  sinks.push(sink);
  return () => {};
});
vi.mock('../../../lib/live-client.ts', () => ({ liveClient: () => ({ subscribe }) }));

const notificaciones = [
  {
    id: '11',
    titulo: 'DQO fuera de rango',
    mensaje: 'DQO PTA: 950 mg/L, máximo 900 mg/L',
    creada: '2026-11-27T13:05:00Z',
    leida: null,
    severidad: 'CRITICA',
    enlace: '/pta?fecha=2026-11-27',
    alarma: { id: '5', estado: 'ACTIVA', valor: 950, limite: 900, unidad: 'mg/L', origen: 'DQO PTA' },
  },
  {
    id: '10',
    titulo: 'Aviso leído',
    mensaje: 'Ya visto',
    creada: '2026-11-26T13:05:00Z',
    leida: '2026-11-26T14:00:00Z',
    severidad: 'INFO',
    enlace: null,
    alarma: null,
  },
];

afterEach(() => {
  authStore.clear();
  sinks.length = 0;
  subscribe.mockClear();
  vi.unstubAllGlobals();
});

describe('Campana (the header bell)', () => {
  it('shows the live unread count, and the list with value, limit and actions when opened', async () => {
    const fetch = vi.fn(async (_url: string, init: { body: string }) => {
      const body = JSON.parse(init.body) as { query: string };
      const data = body.query.includes('marcarNotificacionesLeidas')
        ? { marcarNotificacionesLeidas: 1 }
        : { notificaciones, calendarioPlanta: { zona_horaria: 'America/Lima' } };
      return new Response(JSON.stringify({ data }), { headers: { 'content-type': 'application/json' } });
    });
    vi.stubGlobal('fetch', fetch);
    authStore.setToken('t', Date.now() + 60_000);
    renderWithProviders(<Campana />);

    expect(screen.getByRole('button', { name: 'Notificaciones (0 sin leer)' })).toBeTruthy();
    expect(subscribe).toHaveBeenCalledTimes(1);
    expect(subscribe.mock.calls[0]?.[0]).toMatchObject({ query: 'subscription{notificacionesNoLeidas}' });
    sinks[0]!.next({ data: { notificacionesNoLeidas: 3 } });
    const bell = await screen.findByRole('button', { name: 'Notificaciones (3 sin leer)' });
    expect(bell.textContent).toBe('3');
    sinks[0]!.next({ data: { notificacionesNoLeidas: 120 } });
    await waitFor(() => expect(bell.textContent).toBe('99+'));

    await userEvent.click(bell);
    const panel = await screen.findByRole('dialog', { name: 'Notificaciones' });
    const item = await within(panel).findByRole('listitem', { name: 'DQO fuera de rango' });
    expect(item.textContent).toContain('Crítica');
    expect(item.textContent).toContain('27/11/2026, 08:05'); // plant time (Lima, UTC−5)
    expect(item.textContent).toContain('Valor 950 mg/L · Límite 900 mg/L');
    expect(within(item).getByRole('button', { name: 'Reconocer' })).toBeTruthy();
    expect(within(item).getByRole('link', { name: 'Ver en la pantalla' }).getAttribute('href')).toBe(
      '/pta?fecha=2026-11-27',
    );
    const leido = within(panel).getByRole('listitem', { name: 'Aviso leído' });
    expect(within(leido).queryByRole('button', { name: 'Marcar como leída' })).toBeNull();

    await userEvent.click(within(item).getByRole('button', { name: 'Marcar como leída' }));
    await waitFor(() =>
      expect(fetch.mock.calls.some(([, init]) => init.body.includes('"ids":["11"]'))).toBe(true),
    );
    expect(within(panel).getByRole('button', { name: 'Marcar todas como leídas' })).toBeTruthy();
  });

  it('keeps its hand-written subscription equal to api/no-leidas.graphql', () => {
    const normal = (s: string) => s.replace(/\s+/g, '').replace(/^subscription\w*/, 'subscription');
    expect(normal(NO_LEIDAS.toString())).toBe(normal(NotificacionesNoLeidasVivoDocument.toString()));
  });
});
