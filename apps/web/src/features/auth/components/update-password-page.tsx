import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, Card, CardContent, TextField, Typography } from '@mui/material';
import { useForm } from 'react-hook-form';
import { ApiError } from '../../../lib/graphql-client.ts';
import { notify } from '../../../lib/notify.tsx';
import { useUpdatePassword } from '../api/update-password.ts';
import { type UpdatePasswordValues, updatePasswordSchema } from './password-form-schema.ts';

const FIELDS: { name: keyof UpdatePasswordValues; label: string; autoComplete: string }[] = [
  { name: 'old_password', label: 'Contraseña actual', autoComplete: 'current-password' },
  { name: 'password', label: 'Nueva contraseña', autoComplete: 'new-password' },
  { name: 'password_confirmation', label: 'Confirmar nueva contraseña', autoComplete: 'new-password' },
];

export function UpdatePasswordPage() {
  const mutation = useUpdatePassword();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<UpdatePasswordValues>({
    resolver: zodResolver(updatePasswordSchema),
    defaultValues: { old_password: '', password: '', password_confirmation: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const { updatePassword } = await mutation.mutateAsync(values);
      notify('positive', updatePassword.message, 'Las demás sesiones abiertas con su usuario se cerraron.');
      reset();
    } catch (error) {
      console.warn('No se pudo cambiar la contraseña', error);
      const field = error instanceof ApiError ? error.field : undefined;
      const message = error instanceof Error ? error.message : 'No se pudo cambiar la contraseña';
      if (field === 'old_password' || field === 'password' || field === 'password_confirmation') {
        setError(field, { message });
      } else {
        notify('negative', 'No se pudo cambiar la contraseña', message);
      }
    }
  });

  return (
    <Card sx={{ maxWidth: 480, mx: 'auto' }}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Use al menos 8 caracteres. Al cambiarla se cerrarán sus otras sesiones abiertas.
        </Typography>
        <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'grid', gap: 2 }}>
          {FIELDS.map((field) => (
            <TextField
              key={field.name}
              type="password"
              label={field.label}
              autoComplete={field.autoComplete}
              {...register(field.name)}
              error={Boolean(errors[field.name])}
              helperText={errors[field.name]?.message}
            />
          ))}
          <Button type="submit" variant="contained" disabled={isSubmitting}>
            {isSubmitting ? 'Guardando...' : 'Actualizar contraseña'}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}
