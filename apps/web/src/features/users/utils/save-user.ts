import { ROLE_OPERADOR } from '@planta/domain';
import type { UserFormValues } from './user-form-schema.ts';

export interface EditableUser {
  id: string;
  name: string;
  username: string;
  email: string | null;
  deleted_at: string | null;
  roles: { name: string }[];
  /** An operator's lines. */
  lineas?: { id: string; nombre: string }[];
}

export interface UserApi {
  createUser(input: {
    name: string;
    username: string;
    password: string;
    email?: string | null;
  }): Promise<{ id: string }>;
  updateUser(
    id: string,
    input: { name: string; username: string; email: string | null; password?: string },
  ): Promise<unknown>;
  restoreUser(id: string): Promise<unknown>;
  assignRole(userId: string, role: string): Promise<unknown>;
  asignarLineasOperador(userId: string, lineaIds: string[]): Promise<unknown>;
}

/** A failed step: the message the user reads (SPEC §8) and the server's reason. */
export class SaveUserError extends Error {
  constructor(
    message: string,
    readonly reason?: string,
  ) {
    super(message);
    this.name = 'SaveUserError';
  }
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : undefined);

/**
 * SPEC §4: creating is create, then assign the role. Editing is: restore first (when the user is
 * deleted and restoring was asked), update, then assign the role only if one was chosen (and differs).
 * An operator's lines go last, once the user has the role (the server refuses lines to anyone else),
 * when they are new or changed.
 */
export async function saveUser(
  api: UserApi,
  values: UserFormValues,
  editing: EditableUser | null,
): Promise<{ id: string }> {
  const email = values.email.trim() === '' ? null : values.email.trim();
  if (!editing) {
    let created: { id: string };
    try {
      created = await api.createUser({
        name: values.name,
        username: values.username,
        password: values.password,
        email,
      });
    } catch (error) {
      // Failed creation rejects with the first server error.
      throw new SaveUserError(reasonOf(error) ?? 'No se pudo crear el usuario');
    }
    try {
      await api.assignRole(created.id, values.role);
    } catch (error) {
      throw new SaveUserError('Error al asignar el rol al usuario', reasonOf(error));
    }
    await saveLineas(api, created.id, values, []);
    return created;
  }

  try {
    if (values.restore && editing.deleted_at) await api.restoreUser(editing.id);
    await api.updateUser(editing.id, {
      name: values.name,
      username: values.username,
      email,
      ...(values.password ? { password: values.password } : {}),
    });
  } catch (error) {
    throw new SaveUserError('Error al actualizar el usuario', reasonOf(error));
  }
  const currentRole = editing.roles[0]?.name ?? '';
  if (values.role && values.role !== currentRole) {
    try {
      await api.assignRole(editing.id, values.role);
    } catch (error) {
      throw new SaveUserError('Error al actualizar el rol del usuario', reasonOf(error));
    }
  }
  await saveLineas(
    api,
    editing.id,
    { ...values, role: values.role || currentRole },
    (editing.lineas ?? []).map((l) => l.id),
  );
  return { id: editing.id };
}

async function saveLineas(api: UserApi, userId: string, values: UserFormValues, antes: string[]) {
  if (values.role !== ROLE_OPERADOR) return;
  const iguales =
    antes.length > 0 &&
    antes.length === values.lineas.length &&
    antes.every((id) => values.lineas.includes(id));
  if (iguales) return;
  try {
    await api.asignarLineasOperador(userId, values.lineas);
  } catch (error) {
    throw new SaveUserError('Error al asignar las líneas del operador', reasonOf(error));
  }
}
