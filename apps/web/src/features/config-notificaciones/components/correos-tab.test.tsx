import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../../lib/auth-store.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import type { EnvioCorreo } from '../api/correos.ts';
import { ConfigNotificacionesPage } from './config-notificaciones-page.tsx';
import { CorreosTab, fallidosTexto } from './correos-tab.tsx';

const enviado: EnvioCorreo = {
  id: '3',
  destinatario: 'jefe@planta.pe',
  asunto: 'Alarma CRITICA: Velocidad baja',
  estado: 'ENVIADO',
  intentos: 1,
  proximo_intento: null,
  ultimo_error: null,
  creado: '2026-11-25T13:05:00Z',
  enviado: '2026-11-25T13:05:02Z',
};
const pendiente: EnvioCorreo = {
  id: '4',
  destinatario: 'gerente@planta.pe',
  asunto: 'Reporte Dashboard Fábrica',
  estado: 'PENDIENTE',
  intentos: 2,
  proximo_intento: '2026-11-26T15:10:00Z',
  ultimo_error: '421 Service not available',
  creado: '2026-11-26T15:07:00Z',
  enviado: null,
};
const fallido: EnvioCorreo = {
  id: '5',
  destinatario: 'nadie@planta',
  asunto: 'Alarma AVISO: Brix alto',
  estado: 'FALLIDO',
  intentos: 6,
  proximo_intento: null,
  ultimo_error: '550 No such user',
  creado: '2026-11-24T10:00:00Z',
  enviado: null,
};

type Body = { query: string; variables: Record<string, unknown> };

/** The GraphQL server: the outbox answers by its estado filter, as the server does. */
function servidor(correos: EnvioCorreo[]) {
  const fetch = vi.fn(async (_url: string, init: { body: string }) => {
    const body = JSON.parse(init.body) as Body;
    let data: unknown;
    if (body.query.includes('calendarioPlanta'))
      data = { calendarioPlanta: { zona_horaria: 'America/Lima', primer_dia: '2020-01-01' } };
    else if (body.query.includes('enviosCorreo')) {
      const estado = body.variables.estado as string | null;
      data = {
        enviosCorreo: correos.filter((c) => !estado || c.estado === estado),
        fallidos: correos.filter((c) => c.estado === 'FALLIDO').map(({ id }) => ({ id })),
      };
    }
    return new Response(JSON.stringify({ data }), { headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetch);
  authStore.setToken('t', Date.now() + 60_000);
  return fetch;
}

const consultas = (fetch: ReturnType<typeof servidor>) =>
  fetch.mock.calls
    .map(([, init]) => JSON.parse(init.body) as Body)
    .filter((b) => b.query.includes('enviosCorreo'));

afterEach(() => {
  authStore.clear();
  vi.unstubAllGlobals();
});

describe('CorreosTab', () => {
  it('lists the outbox in plant time, states in Spanish, and warns about the failed ones', async () => {
    const fetch = servidor([pendiente, enviado, fallido]);
    renderWithProviders(<CorreosTab />);
    const grid = await screen.findByRole('table', { name: 'Correos enviados' });
    await within(grid).findByText('gerente@planta.pe');
    // Lima is UTC−5: 15:07Z is 10:07 at the plant.
    await waitFor(() => expect(grid.textContent).toContain('26/11/2026 10:07'));
    const texto = grid.textContent;
    expect(texto).toContain('Reporte Dashboard Fábrica');
    expect(texto).toContain('26/11/2026 10:10'); // next attempt
    expect(texto).toContain('421 Service not available');
    expect(texto).toContain('550 No such user');
    expect(texto).toContain('25/11/2026 08:05');
    for (const estado of ['Pendiente', 'Enviado', 'Fallido']) expect(texto).toContain(estado);
    expect(texto).not.toMatch(/PENDIENTE|ENVIADO|FALLIDO/);
    // Fallido is red.
    const chip = within(grid).getByText('Fallido').closest('.MuiChip-root');
    expect(chip?.className).toContain('MuiChip-colorError');

    const alerta = screen.getByRole('alert', { name: 'Correos fallidos' });
    expect(alerta.textContent).toContain('1 correo no se pudo enviar: revise SMTP_URL y las direcciones');
    expect(screen.queryByText(/Sin SMTP_URL/)).toBeNull();
    expect(consultas(fetch)[0]?.variables).toEqual({ estado: null, limit: 200 });
  });

  it('passes the estado filter to the server; the failed-count warning stays whatever the filter', async () => {
    const fetch = servidor([pendiente, enviado, fallido]);
    renderWithProviders(<CorreosTab />);
    const grid = await screen.findByRole('table', { name: 'Correos enviados' });
    await within(grid).findByText('gerente@planta.pe');

    await userEvent.click(screen.getByRole('combobox', { name: 'Estado' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Enviados' }));
    await waitFor(() => expect(within(grid).queryByText('gerente@planta.pe')).toBeNull());
    expect(within(grid).getByText('jefe@planta.pe')).toBeTruthy();
    expect(consultas(fetch).at(-1)?.variables).toEqual({ estado: 'ENVIADO', limit: 200 });
    expect(screen.getByRole('alert', { name: 'Correos fallidos' })).toBeTruthy();

    // The warning's "Ver" shows the failed ones.
    await userEvent.click(
      within(screen.getByRole('alert', { name: 'Correos fallidos' })).getByRole('button', { name: 'Ver' }),
    );
    await within(grid).findByText('nadie@planta');
    expect(within(grid).queryByText('jefe@planta.pe')).toBeNull();
    expect(consultas(fetch).at(-1)?.variables).toEqual({ estado: 'FALLIDO', limit: 200 });

    await userEvent.click(screen.getByRole('combobox', { name: 'Estado' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Pendientes' }));
    await within(grid).findByText('gerente@planta.pe');
    expect(consultas(fetch).at(-1)?.variables).toEqual({ estado: 'PENDIENTE', limit: 200 });
  });

  it('refreshes on demand', async () => {
    const fetch = servidor([enviado]);
    renderWithProviders(<CorreosTab />);
    await screen.findByText('jefe@planta.pe');
    const antes = consultas(fetch).length;
    const boton = screen.getByRole('button', { name: 'Actualizar' });
    await waitFor(() => expect(boton).toHaveProperty('disabled', false));
    await userEvent.click(boton);
    await waitFor(() => expect(consultas(fetch).length).toBe(antes + 1));
    expect(screen.queryByRole('alert', { name: 'Correos fallidos' })).toBeNull();
  });

  it('says why the list is empty (no SMTP_URL) and has no warning', async () => {
    servidor([]);
    renderWithProviders(<CorreosTab />);
    expect(await screen.findByText('No hay correos. Sin SMTP_URL no se envía ningún correo.')).toBeTruthy();
    expect(screen.queryByRole('alert', { name: 'Correos fallidos' })).toBeNull();
  });

  it("shows the server's error in Spanish", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: { body: string }) => {
        const body = JSON.parse(init.body) as Body;
        const payload = body.query.includes('enviosCorreo')
          ? { data: null, errors: [{ message: 'No autorizado', extensions: { code: 'FORBIDDEN' } }] }
          : { data: { calendarioPlanta: { zona_horaria: 'America/Lima', primer_dia: '2020-01-01' } } };
        return new Response(JSON.stringify(payload), { headers: { 'content-type': 'application/json' } });
      }),
    );
    authStore.setToken('t', Date.now() + 60_000);
    renderWithProviders(<CorreosTab />);
    expect(await screen.findByText(/^No se pudo obtener la lista de correos: /)).toBeTruthy();
    expect(screen.queryByText(/Sin SMTP_URL/)).toBeNull();
  });

  it('counts many failures in the plural', () => {
    expect(fallidosTexto(3)).toBe('3 correos no se pudieron enviar: revise SMTP_URL y las direcciones');
    expect(fallidosTexto(200)).toBe(
      '200 o más correos no se pudieron enviar: revise SMTP_URL y las direcciones',
    );
  });
});

describe('ConfigNotificacionesPage', () => {
  it('opens the "Correos enviados" tab from ?tab=correos', async () => {
    servidor([fallido]);
    renderWithProviders(<ConfigNotificacionesPage />, { route: '/configuracion/notificaciones?tab=correos' });
    expect(screen.getByRole('tab', { name: 'Correos enviados' }).getAttribute('aria-selected')).toBe('true');
    const grid = await screen.findByRole('table', { name: 'Correos enviados' });
    await within(grid).findByText('nadie@planta');
  });
});
