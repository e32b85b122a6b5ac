import { z } from 'zod/mini';

// zod/mini: the same validation with a fraction of the bytes on the login screen.
export const loginSchema = z.object({
  username: z
    .string()
    .check(z.trim(), z.minLength(1, 'Ingrese su usuario'), z.maxLength(100, 'Máximo 100 caracteres')),
  password: z
    .string()
    .check(z.minLength(1, 'Ingrese su contraseña'), z.maxLength(256, 'Máximo 256 caracteres')),
});

export type LoginValues = z.infer<typeof loginSchema>;
