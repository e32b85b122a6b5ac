import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  TextField,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { isSuperAdmin, roleLabel } from '@planta/domain';
import { Controller, useForm } from 'react-hook-form';
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
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const {
    control,
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<UserFormValues>({
    resolver: zodResolver(userFormSchema(mode)),
    values: defaults(user),
  });
  // Only a super-admin may grant super-admin; the server enforces it too.
  const grantable = roles.filter((r) => r.name !== 'super-admin' || isSuperAdmin(viewer));

  return (
    <Dialog
      open={open}
      onClose={isSubmitting ? undefined : onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="sm"
    >
      <Box
        component="form"
        noValidate
        onSubmit={handleSubmit(onSubmit)}
        aria-label={mode === 'new' ? 'Nuevo usuario' : 'Editar usuario'}
      >
        <DialogTitle>{mode === 'new' ? 'Nuevo usuario' : `Editar usuario: ${user?.username}`}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          {user?.deleted_at && (
            <Alert severity="warning">
              Este usuario está eliminado y no puede iniciar sesión.
              <FormControlLabel
                sx={{ display: 'flex', mt: 1 }}
                control={
                  <Controller
                    name="restore"
                    control={control}
                    render={({ field }) => (
                      <Checkbox checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />
                    )}
                  />
                }
                label="Restaurar el usuario al guardar"
              />
            </Alert>
          )}
          <TextField
            label="Nombre"
            {...register('name')}
            error={Boolean(errors.name)}
            helperText={errors.name?.message}
            required
          />
          <TextField
            label="Usuario"
            autoComplete="off"
            {...register('username')}
            error={Boolean(errors.username)}
            helperText={errors.username?.message}
            required
          />
          <TextField
            label="Correo electrónico"
            type="email"
            {...register('email')}
            error={Boolean(errors.email)}
            helperText={errors.email?.message ?? 'Opcional'}
          />
          <TextField
            label={mode === 'new' ? 'Contraseña' : 'Nueva contraseña'}
            type="password"
            autoComplete="new-password"
            {...register('password')}
            error={Boolean(errors.password)}
            helperText={
              errors.password?.message ??
              (mode === 'new' ? 'Al menos 8 caracteres' : 'Déjela vacía para no cambiarla')
            }
            required={mode === 'new'}
          />
          <Controller
            name="role"
            control={control}
            render={({ field }) => (
              <TextField
                select
                label="Rol"
                {...field}
                error={Boolean(errors.role)}
                helperText={errors.role?.message ?? 'Un usuario tiene un solo rol'}
                required={mode === 'new'}
              >
                {grantable.map((role) => (
                  <MenuItem key={role.id} value={role.name}>
                    {roleLabel(role.name)}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={isSubmitting}>
            Cancelar
          </Button>
          <Button type="submit" variant="contained" disabled={isSubmitting}>
            {isSubmitting ? 'Guardando...' : 'Guardar'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
