import { Alert } from '@mui/material';
import { isSuperAdmin, roleLabel } from '@planta/domain';
import { FormDialog } from '../../../components/config/form-dialog.tsx';
import {
  CampoCheck,
  CampoSelect,
  CampoTexto,
  useFormularioConfig,
} from '../../../components/config/formulario.tsx';
import { useAuth } from '../../../lib/auth-store.ts';
import type { EditableUser } from '../utils/save-user.ts';
import { type UserFormMode, userFormSchema, type UserFormValues } from '../utils/user-form-schema.ts';

export interface UserDialogProps {
  open: boolean;
  /** 'new', or the user to edit. */
  user: EditableUser | null;
  roles: { id: string; name: string }[];
  onClose: () => void;
  onSubmit: (values: UserFormValues) => Promise<void>;
}

function defaults(user: EditableUser | null): UserFormValues {
  return {
    name: user?.name ?? '',
    username: user?.username ?? '',
    email: user?.email ?? '',
    password: '',
    role: user?.roles[0]?.name ?? '',
    restore: false,
  };
}

export function UserDialog({ open, user, roles, onClose, onSubmit }: UserDialogProps) {
  const mode: UserFormMode = user ? 'edit' : 'new';
  const { user: viewer } = useAuth();
  const {
    control,
    handleSubmit,
    formState: { isSubmitting },
  } = useFormularioConfig({ schema: userFormSchema(mode), values: defaults(user) });
  // Only a super-admin may grant super-admin; the server enforces it too.
  const grantable = roles.filter((r) => r.name !== 'super-admin' || isSuperAdmin(viewer));

  return (
    <FormDialog
      open={open}
      titulo={mode === 'new' ? 'Nuevo usuario' : `Editar usuario: ${user?.username}`}
      nombre={mode === 'new' ? 'Nuevo usuario' : 'Editar usuario'}
      guardando={isSubmitting}
      onClose={onClose}
      onSubmit={handleSubmit(onSubmit)}
    >
      {user?.deleted_at && (
        <Alert severity="warning">
          Este usuario está eliminado y no puede iniciar sesión.
          <CampoCheck
            control={control}
            name="restore"
            label="Restaurar el usuario al guardar"
            sx={{ display: 'flex', mt: 1 }}
          />
        </Alert>
      )}
      <CampoTexto control={control} name="name" label="Nombre" required />
      <CampoTexto control={control} name="username" label="Usuario" autoComplete="off" required />
      <CampoTexto control={control} name="email" label="Correo electrónico" type="email" ayuda="Opcional" />
      <CampoTexto
        control={control}
        name="password"
        label={mode === 'new' ? 'Contraseña' : 'Nueva contraseña'}
        type="password"
        autoComplete="new-password"
        ayuda={mode === 'new' ? 'Al menos 8 caracteres' : 'Déjela vacía para no cambiarla'}
        required={mode === 'new'}
      />
      <CampoSelect
        control={control}
        name="role"
        label="Rol"
        ayuda="Un usuario tiene un solo rol"
        required={mode === 'new'}
        opciones={grantable.map((role) => [role.name, roleLabel(role.name)] as const)}
      />
    </FormDialog>
  );
}
