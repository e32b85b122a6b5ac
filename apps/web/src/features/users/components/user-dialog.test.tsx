import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../../lib/auth-store.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { UserDialog } from './user-dialog.tsx';

const roles = [
  { id: '1', name: 'super-admin' },
  { id: '2', name: 'admin' },
  { id: '3', name: 'human-resources' },
  { id: '4', name: 'operador' },
];
const lineas = [
  { id: 'l1', numero: 1, nombre: 'Línea 1' },
  { id: 'l2', numero: 2, nombre: 'Línea 2' },
];

afterEach(() => authStore.clear());

describe('UserDialog', () => {
  it('new mode requires name, username, password and role', async () => {
    const onSubmit = vi.fn(async () => {});
    renderWithProviders(
      <UserDialog open user={null} roles={roles} lineas={lineas} onClose={() => {}} onSubmit={onSubmit} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('El nombre es obligatorio')).toBeTruthy();
    expect(screen.getByText('El usuario es obligatorio')).toBeTruthy();
    expect(screen.getByText('La contraseña debe tener al menos 8 caracteres')).toBeTruthy();
    expect(screen.getByText('Elija un rol')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('edit mode keeps the password optional and offers restore for a deleted user', async () => {
    const onSubmit = vi.fn(async () => {});
    const user = {
      id: '5',
      name: 'Ana',
      username: 'ana',
      email: null,
      deleted_at: '2026-01-01T00:00:00Z',
      roles: [{ name: 'admin' }],
    };
    renderWithProviders(
      <UserDialog open user={user} roles={roles} lineas={lineas} onClose={() => {}} onSubmit={onSubmit} />,
    );
    await userEvent.click(screen.getByLabelText('Restaurar el usuario al guardar'));
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect((onSubmit.mock.calls[0] as unknown[])[0]).toMatchObject({
      name: 'Ana',
      username: 'ana',
      password: '',
      role: 'admin',
      restore: true,
    });
  });

  it('offers super-admin only to a super-admin', async () => {
    authStore.setUser({ id: '9', name: 'Adm', roles: [{ id: '2', name: 'admin' }] });
    renderWithProviders(
      <UserDialog
        open
        user={null}
        roles={roles}
        lineas={lineas}
        onClose={() => {}}
        onSubmit={async () => {}}
      />,
    );
    await userEvent.click(screen.getByRole('combobox'));
    const options = within(screen.getByRole('listbox'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(['Administrador', 'Recursos humanos', 'Operador']);
  });

  it('an operator: the lines appear, at least one is required, and go with the values', async () => {
    const onSubmit = vi.fn(async () => {});
    renderWithProviders(
      <UserDialog open user={null} roles={roles} lineas={lineas} onClose={() => {}} onSubmit={onSubmit} />,
    );
    expect(screen.queryByRole('combobox', { name: /Líneas del operador/ })).toBeNull();
    await userEvent.type(screen.getByLabelText(/^Nombre/), 'Olga');
    await userEvent.type(screen.getByLabelText(/^Usuario/), 'olga');
    await userEvent.type(screen.getByLabelText(/^Contraseña/), 'clave-olga-1');
    await userEvent.click(screen.getByRole('combobox', { name: /Rol/ }));
    await userEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Operador' }));
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Elija al menos una línea')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('combobox', { name: /Líneas del operador/ }));
    await userEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Línea 2' }));
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect((onSubmit.mock.calls[0] as unknown[])[0]).toMatchObject({ role: 'operador', lineas: ['l2'] });
  });
});
