import { z } from 'zod';
import { badInput } from './errors.ts';

/** Parses input with a zod schema; the first issue becomes a Spanish BAD_USER_INPUT naming the field. */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.map(String).join('.') || undefined;
  throw badInput(issue?.message ?? 'Datos inválidos', field);
}

export const requiredText = (field: string, max = 200) =>
  z
    .string({ error: `El campo "${field}" es obligatorio` })
    .trim()
    .min(1, `El campo "${field}" es obligatorio`)
    .max(max, `El campo "${field}" admite como máximo ${max} caracteres`);

export const password = (field: string) =>
  z
    .string({ error: `El campo "${field}" es obligatorio` })
    .min(8, `El campo "${field}" debe tener al menos 8 caracteres`)
    .max(256, `El campo "${field}" admite como máximo 256 caracteres`);

export const optionalEmail = z
  .string()
  .trim()
  .max(254, 'El campo "email" admite como máximo 254 caracteres')
  .transform((value) => (value === '' ? null : value))
  .pipe(z.email({ error: 'El campo "email" no es un correo electrónico válido' }).nullable())
  .nullish();

export const id = (field: string) =>
  z.coerce
    .number({ error: `El campo "${field}" debe ser un identificador numérico` })
    .int(`El campo "${field}" debe ser un identificador numérico`)
    .positive(`El campo "${field}" debe ser un identificador numérico`)
    .max(2_147_483_647, `El campo "${field}" no es un identificador válido`);

/** A numeric id argument, with the error naming the field. */
export function parseId(raw: unknown, field = 'id'): number {
  return parseInput(z.object({ [field]: id(field) }), { [field]: raw })[field] as number;
}
