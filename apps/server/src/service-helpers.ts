import { z } from 'zod';
import { notFound } from './errors.ts';

/**
 * Input and lookup helpers of the modules' services: zod fields with Spanish messages naming the
 * field, and the "not found" check of a fetched row.
 */

export const numero = (field: string) =>
  z.number({
    error: (issue) =>
      issue.input === undefined || issue.input === null
        ? `El campo "${field}" es obligatorio`
        : `El campo "${field}" debe ser un número`,
  });

/** An optional number: null and absent both mean "not given". */
export const numeroOpcional = (field: string) =>
  z
    .number({ error: `El campo "${field}" debe ser un número` })
    .nullish()
    .transform((value) => value ?? undefined);

/** An input object: unknown keys are rejected, naming the key. */
export const strictInput = <T extends z.ZodRawShape>(shape: T) =>
  z.strictObject(shape, {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `El campo "${issue.keys[0]}" no está permitido`
        : 'Los datos de entrada deben ser un objeto',
  });

export function mustFind<T>(found: T | undefined, message: string): T {
  if (found === undefined) throw notFound(message);
  return found;
}
