import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../testing/render.tsx';
import { UpdatePasswordPage } from './update-password-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const fill = async (old: string, next: string, confirm: string) => {
  await userEvent.type(screen.getByLabelText('Contraseña actual'), old);
  await userEvent.type(screen.getByLabelText('Nueva contraseña'), next);
  await userEvent.type(screen.getByLabelText('Confirmar nueva contraseña'), confirm);
  await userEvent.click(screen.getByRole('button', { name: 'Actualizar contraseña' }));
};

describe('UpdatePasswordPage', () => {
  it('refuses a confirmation that does not match, before calling the server', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<UpdatePasswordPage />);
    await fill('vieja-clave', 'nueva-clave-1', 'otra-clave-1');
    expect(await screen.findByText('La confirmación no coincide con la nueva contraseña')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('puts the server\u2019s field error under the field', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({
          data: null,
          errors: [
            {
              message: 'La contraseña actual no es correcta',
              extensions: { code: 'BAD_USER_INPUT', field: 'old_password' },
            },
          ],
        }),
      ),
    );
    renderWithProviders(<UpdatePasswordPage />);
    await fill('equivocada', 'nueva-clave-1', 'nueva-clave-1');
    expect(await screen.findByText('La contraseña actual no es correcta')).toBeTruthy();
  });
});
