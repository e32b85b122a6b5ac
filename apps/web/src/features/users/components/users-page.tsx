import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import RestoreIcon from '@mui/icons-material/RestoreFromTrash';
import { Alert, Box, Button } from '@mui/material';
import { AccionFila, type ColumnaConfig } from '../../../components/config/columnas.tsx';
import { roleLabel } from '@planta/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { columnaEstado } from '../../../components/config/celdas.tsx';
import { ConfigGrid } from '../../../components/config/config-grid.tsx';
import { columnaAcciones } from '../../../components/config/use-crud-config.tsx';
import { useAuth } from '../../../lib/auth-store.ts';
import { notify } from '../../../lib/notify.tsx';
import { useRoles } from '../api/roles.ts';
import {
  asignarLineasOperador,
  assignRole,
  createUser,
  deleteUser,
  restoreUser,
  updateUser,
} from '../api/user-mutations.ts';
import { usersKey, useUsers, useUsersLineas } from '../api/users.ts';
import { type EditableUser, saveUser, SaveUserError } from '../utils/save-user.ts';
import type { UserFormValues } from '../utils/user-form-schema.ts';
import { ConfirmDialog } from '../../../components/feedback/confirm-dialog.tsx';
import { UserDialog } from './user-dialog.tsx';

const api = { createUser, updateUser, restoreUser, assignRole, asignarLineasOperador };

type DialogState =
  { kind: 'closed' } | { kind: 'form'; user: EditableUser | null } | { kind: 'delete'; user: EditableUser };

/** A deleted user's row is shown faded. */
const usuarioEliminado = (row: EditableUser) => Boolean(row.deleted_at);

export function UsersPage() {
  const users = useUsers();
  const roles = useRoles();
  const lineas = useUsersLineas();
  const queryClient = useQueryClient();
  const { user: viewer } = useAuth();
  const [dialog, setDialog] = useState<DialogState>({ kind: 'closed' });
  const close = () => setDialog({ kind: 'closed' });
  const refresh = () => queryClient.invalidateQueries({ queryKey: usersKey });

  const handleSave = async (values: UserFormValues) => {
    const editing = dialog.kind === 'form' ? dialog.user : null;
    try {
      await saveUser(api, values, editing);
      notify('positive', editing ? 'Usuario actualizado' : 'Usuario creado', values.username);
      close();
    } catch (error) {
      const e = error instanceof SaveUserError ? error : new SaveUserError('No se pudo guardar el usuario');
      notify('negative', e.message, e.reason);
    } finally {
      await refresh();
    }
  };

  const handleRestore = async (user: EditableUser) => {
    try {
      await restoreUser(user.id);
      notify('positive', 'Usuario restaurado', user.username);
    } catch (error) {
      notify('negative', 'Error al restaurar el usuario', error instanceof Error ? error.message : undefined);
    }
    await refresh();
  };

  const handleDelete = async (user: EditableUser) => {
    try {
      await deleteUser(user.id);
      notify('positive', 'Usuario eliminado', user.username);
      close();
    } catch (error) {
      notify('negative', 'Error al eliminar el usuario', error instanceof Error ? error.message : undefined);
    }
    await refresh();
  };

  const columns = useMemo<ColumnaConfig<EditableUser>[]>(
    () => [
      { field: 'name', headerName: 'Nombre', flex: 1, minWidth: 130 },
      { field: 'username', headerName: 'Usuario', flex: 1, minWidth: 120 },
      { field: 'email', headerName: 'Correo', flex: 1, minWidth: 180, valueGetter: (value) => value ?? '' },
      {
        field: 'roles',
        headerName: 'Rol',
        minWidth: 170,
        valueGetter: (_value, row) =>
          row.roles.map((r) => roleLabel(r.name)).join(', ') +
          (row.lineas?.length ? ` (${row.lineas.map((l) => l.nombre).join(', ')})` : ''),
      },
      columnaEstado<EditableUser>('deleted_at', (u) => !u.deleted_at, ['Activo', 'Eliminado'], {
        minWidth: 120,
      }),
      columnaAcciones<EditableUser>(
        (row) => [
          <AccionFila
            key="edit"
            icon={<EditIcon />}
            label={`Editar ${row.username}`}
            onClick={() => setDialog({ kind: 'form', user: row })}
          />,
          row.deleted_at ? (
            <AccionFila
              key="restore"
              icon={<RestoreIcon />}
              label={`Restaurar ${row.username}`}
              onClick={() => void handleRestore(row)}
            />
          ) : (
            <AccionFila
              key="delete"
              icon={<DeleteIcon />}
              label={`Eliminar ${row.username}`}
              disabled={row.id === viewer?.id}
              onClick={() => setDialog({ kind: 'delete', user: row })}
            />
          ),
        ],
        { width: 110 },
      ),
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- handlers only close over stable setters and the query client
    [viewer?.id],
  );

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button
          variant="contained"
          startIcon={<PersonAddIcon />}
          onClick={() => setDialog({ kind: 'form', user: null })}
        >
          Nuevo usuario
        </Button>
      </Box>
      {users.isError && (
        <Alert severity="error">No se pudo obtener la lista de usuarios: {users.error.message}</Alert>
      )}
      <ConfigGrid<EditableUser>
        label="Usuarios"
        rows={users.data}
        columns={columns}
        loading={users.isLoading}
        hiddenOnPhone={['email', 'roles', 'deleted_at']}
        atenuada={usuarioEliminado}
        initialState={{ sorting: { sortModel: [{ field: 'name', sort: 'asc' }] } }}
      />
      <UserDialog
        open={dialog.kind === 'form'}
        user={dialog.kind === 'form' ? dialog.user : null}
        roles={roles.data ?? []}
        lineas={lineas.data ?? []}
        onClose={close}
        onSubmit={handleSave}
      />
      {dialog.kind === 'delete' && (
        <ConfirmDialog
          open
          title="Eliminar usuario"
          text={`¿Eliminar a ${dialog.user.name} (${dialog.user.username})? No podrá iniciar sesión; podrá restaurarlo después.`}
          confirmLabel="Eliminar"
          onCancel={close}
          onConfirm={() => handleDelete(dialog.user)}
        />
      )}
    </Box>
  );
}
