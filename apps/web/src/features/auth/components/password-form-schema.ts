import { z } from 'zod/mini';

export const updatePasswordSchema = z
  .object({
    old_password: z.string().check(z.minLength(1, 'Ingrese su contraseña actual')),
    password: z
      .string()
      .check(
        z.minLength(8, 'La nueva contraseña debe tener al menos 8 caracteres'),
        z.maxLength(256, 'Máximo 256 caracteres'),
      ),
    password_confirmation: z.string().check(z.minLength(1, 'Repita la nueva contraseña')),
  })
  .check(
    z.refine((v) => v.password === v.password_confirmation, {
      message: 'La confirmación no coincide con la nueva contraseña',
      path: ['password_confirmation'],
    }),
  );

export type UpdatePasswordValues = z.infer<typeof updatePasswordSchema>;
