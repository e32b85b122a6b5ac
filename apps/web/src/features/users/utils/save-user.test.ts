import { describe, expect, it, vi } from 'vitest';
import { saveUser, SaveUserError, type EditableUser, type UserApi } from './save-user.ts';
import type { UserFormValues } from './user-form-schema.ts';

function api(overrides: Partial<UserApi> = {}): UserApi & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    createUser: vi.fn(async () => {
      calls.push('create');
      return { id: '7' };
    }),
    updateUser: vi.fn(async () => {
      calls.push('update');
    }),
    restoreUser: vi.fn(async () => {
      calls.push('restore');
    }),
    assignRole: vi.fn(async () => {
      calls.push('assign');
    }),
    asignarLineasOperador: vi.fn(async () => {
      calls.push('lineas');
    }),
    ...overrides,
  };
}

const values: UserFormValues = {
  name: 'Ana',
  username: 'ana',
  email: '',
  password: 'clave-1234',
  role: 'admin',
  restore: false,
  lineas: [],
};
const deleted: EditableUser = {
  id: '3',
  name: 'Ana',
  username: 'ana',
  email: null,
  deleted_at: '2026-01-01T00:00:00Z',
  roles: [{ name: 'admin' }],
};

describe('saveUser', () => {
  it('creates, then assigns the role', async () => {
    const a = api();
    await expect(saveUser(a, values, null)).resolves.toEqual({ id: '7' });
    expect(a.calls).toEqual(['create', 'assign']);
    expect(a.assignRole).toHaveBeenCalledWith('7', 'admin');
    expect(a.createUser).toHaveBeenCalledWith({
      name: 'Ana',
      username: 'ana',
      password: 'clave-1234',
      email: null,
    });
  });

  it('rejects a failed creation with the first server error', async () => {
    const a = api({
      createUser: vi.fn(async () => Promise.reject(new Error('El nombre de usuario "ana" ya está en uso'))),
    });
    await expect(saveUser(a, values, null)).rejects.toThrow('El nombre de usuario "ana" ya está en uso');
  });

  it('reports a failed role assignment after creation', async () => {
    const a = api({ assignRole: vi.fn(async () => Promise.reject(new Error('x'))) });
    await expect(saveUser(a, values, null)).rejects.toThrow(
      new SaveUserError('Error al asignar el rol al usuario', 'x'),
    );
    expect(a.calls).toEqual(['create']);
  });

  it('restores before updating when asked, and skips an unchanged role', async () => {
    const a = api();
    await saveUser(a, { ...values, restore: true, password: '' }, deleted);
    expect(a.calls).toEqual(['restore', 'update']);
    expect(a.updateUser).toHaveBeenCalledWith('3', { name: 'Ana', username: 'ana', email: null });
  });

  it('assigns a changed role after the update and names each failure', async () => {
    const a = api();
    await saveUser(a, { ...values, role: 'human-resources' }, { ...deleted, deleted_at: null });
    expect(a.calls).toEqual(['update', 'assign']);
    const failUpdate = api({ updateUser: vi.fn(async () => Promise.reject(new Error('x'))) });
    await expect(saveUser(failUpdate, values, deleted)).rejects.toThrow('Error al actualizar el usuario');
    const failRole = api({ assignRole: vi.fn(async () => Promise.reject(new Error('x'))) });
    await expect(saveUser(failRole, { ...values, role: 'human-resources' }, deleted)).rejects.toThrow(
      'Error al actualizar el rol del usuario',
    );
  });

  it('gives an operator their lines once the role is assigned; only when they change on edit', async () => {
    const a = api();
    await saveUser(a, { ...values, role: 'operador', lineas: ['l1', 'l2'] }, null);
    expect(a.calls).toEqual(['create', 'assign', 'lineas']);
    expect(a.asignarLineasOperador).toHaveBeenCalledWith('7', ['l1', 'l2']);

    const operador = {
      ...deleted,
      deleted_at: null,
      roles: [{ name: 'operador' }],
      lineas: [
        { id: 'l2', nombre: 'Línea 2' },
        { id: 'l1', nombre: 'Línea 1' },
      ],
    };
    const b = api();
    await saveUser(b, { ...values, password: '', role: 'operador', lineas: ['l1', 'l2'] }, operador);
    expect(b.calls).toEqual(['update']);
    await saveUser(b, { ...values, password: '', role: 'operador', lineas: ['l1'] }, operador);
    expect(b.calls).toEqual(['update', 'update', 'lineas']);
    expect(b.asignarLineasOperador).toHaveBeenLastCalledWith('3', ['l1']);

    const c = api({ asignarLineasOperador: vi.fn(async () => Promise.reject(new Error('x'))) });
    await expect(saveUser(c, { ...values, role: 'operador', lineas: ['l1'] }, null)).rejects.toThrow(
      new SaveUserError('Error al asignar las líneas del operador', 'x'),
    );
  });
});
