import { Alert, Checkbox, ListItemText, MenuItem, TextField } from '@mui/material';
import { isSuperAdmin, ROLE_OPERADOR, roleLabel } from '@planta/domain';
import { type Control, useController, useWatch } from 'react-hook-form';
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
  /** The production lines an operator may be given. */
  lineas: { id: string; numero: number; nombre: string }[];
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
    lineas: (user?.lineas ?? []).map((l) => l.id),
  };
}

/** The operator's lines: a select of several, its error under it. */
function CampoLineas({
  control,
  lineas,
}: {
  control: Control<UserFormValues>;
  lineas: UserDialogProps['lineas'];
}) {
  const { field, fieldState } = useController({ control, name: 'lineas' });
  const nombres = new Map(lineas.map((l) => [l.id, l.nombre]));
  return (
    <TextField
      select
      label="Líneas del operador"
      name={field.name}
      value={field.value}
      onChange={(e) => {
        const valor = e.target.value as unknown;
        field.onChange(typeof valor === 'string' ? valor.split(',') : valor);
      }}
      onBlur={field.onBlur}
      inputRef={field.ref}
      required
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message ?? 'Las líneas cuyos paros registra'}
      slotProps={{
        select: {
          multiple: true,
          renderValue: (valor) => (valor as string[]).map((id) => nombres.get(id) ?? id).join(', '),
        },
      }}
    >
      {lineas.map((l) => (
        <MenuItem key={l.id} value={l.id}>
          <Checkbox checked={field.value.includes(l.id)} sx={{ py: 0 }} />
          <ListItemText primary={l.nombre} />
        </MenuItem>
      ))}
    </TextField>
  );
}

export function UserDialog({ open, user, roles, lineas, onClose, onSubmit }: UserDialogProps) {
  const mode: UserFormMode = user ? 'edit' : 'new';
  const { user: viewer } = useAuth();
  const {
    control,
    handleSubmit,
    formState: { isSubmitting },
  } = useFormularioConfig({ schema: userFormSchema(mode), values: defaults(user) });
  // Only a super-admin may grant super-admin; the server enforces it too.
  const role = useWatch({ control, name: 'role' });
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
        opciones={grantable.map((r) => [r.name, roleLabel(r.name)] as const)}
      />
      {role === ROLE_OPERADOR && <CampoLineas control={control} lineas={lineas} />}
    </FormDialog>
  );
}
