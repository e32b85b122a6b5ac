import { ROLE_OPERADOR } from '@planta/domain';
import { z } from 'zod/mini';

export type UserFormMode = 'new' | 'edit';

const password = z
  .string()
  .check(
    z.minLength(8, 'La contraseña debe tener al menos 8 caracteres'),
    z.maxLength(256, 'Máximo 256 caracteres'),
  );

/**
 * The user form's rules: a new user needs a password and a role; editing leaves both optional. An
 * operator needs at least one line.
 */
export function userFormSchema(mode: UserFormMode) {
  return z
    .object({
      name: z
        .string()
        .check(
          z.trim(),
          z.minLength(1, 'El nombre es obligatorio'),
          z.maxLength(200, 'Máximo 200 caracteres'),
        ),
      username: z
        .string()
        .check(
          z.trim(),
          z.minLength(1, 'El usuario es obligatorio'),
          z.maxLength(100, 'Máximo 100 caracteres'),
          z.regex(/^[\p{L}\p{N}._@-]+$/u, 'Solo letras, números y . _ @ -'),
        ),
      email: z.union([
        z.literal(''),
        z.email('Correo electrónico no válido').check(z.maxLength(254, 'Máximo 254 caracteres')),
      ]),
      restore: z.boolean(),
      password: mode === 'new' ? password : z.union([z.literal(''), password]),
      role: mode === 'new' ? z.string().check(z.minLength(1, 'Elija un rol')) : z.string(),
      lineas: z.array(z.string()),
    })
    .check(
      z.refine((v) => v.role !== ROLE_OPERADOR || v.lineas.length > 0, {
        message: 'Elija al menos una línea',
        path: ['lineas'],
      }),
    );
}

export type UserFormValues = z.infer<ReturnType<typeof userFormSchema>>;
