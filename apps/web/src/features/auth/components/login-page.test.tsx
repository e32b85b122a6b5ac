import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../../lib/auth-store.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { LoginPage } from './login-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  authStore.clear();
});

describe('LoginPage', () => {
  it('names the empty fields in Spanish and sends nothing', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<LoginPage />, { route: '/login' });
    await userEvent.click(screen.getByRole('button', { name: 'Ingresar' }));
    expect(await screen.findByText('Ingrese su usuario')).toBeTruthy();
    expect(screen.getByText('Ingrese su contraseña')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the server error and resets the token on a failed login', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json(
          {
            data: null,
            errors: [
              { message: 'Usuario o contraseña incorrectos', extensions: { code: 'UNAUTHENTICATED' } },
            ],
          },
          { status: 401 },
        ),
      ),
    );
    renderWithProviders(<LoginPage />, { route: '/login' });
    await userEvent.type(screen.getByLabelText('Usuario'), 'admin');
    await userEvent.type(screen.getByLabelText('Contraseña'), 'mala');
    await userEvent.click(screen.getByRole('button', { name: 'Ingresar' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Usuario o contraseña incorrectos');
    expect(authStore.get().token).toBeNull();
  });

  it('stores token and user, and sends the SPEC headers', async () => {
    const payload = btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + 3600 }));
    const token = `h.${payload}.s`;
    const user = { id: '1', name: 'Ana', roles: [{ id: '1', name: 'admin' }] };
    const fetchMock = vi.fn(async (_url: string, init: RequestInit) =>
      Response.json(
        String(init.body).includes('query Me')
          ? { data: { me: { ...user, username: 'ana', email: null } } }
          : { data: { login: { access_token: token, expires_in: 3600, user } } },
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<LoginPage />, { route: '/login' });
    await userEvent.type(screen.getByLabelText('Usuario'), 'ana');
    await userEvent.type(screen.getByLabelText('Contraseña'), 'clave-1234');
    await userEvent.click(screen.getByRole('button', { name: 'Ingresar' }));
    await waitFor(() => expect(authStore.get().token).toBe(token));
    await waitFor(() => expect(authStore.get().user?.username).toBe('ana'));
    expect(authStore.get().user?.name).toBe('Ana');
    expect(document.cookie).toContain(`access_token=${token}`);
    const headers = fetchMock.mock.calls[0]?.[1]?.headers as Record<string, string>;
    expect(headers).toMatchObject({ Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' });
  });
});
