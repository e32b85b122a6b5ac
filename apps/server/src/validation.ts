import { z } from 'zod';
import { badInput } from './errors.ts';

const TIPOS: Record<string, string> = {
  string: 'un texto',
  number: 'un número',
  int: 'un número entero',
  boolean: 'verdadero o falso',
  array: 'una lista',
  object: 'un objeto',
  date: 'una fecha',
};
const UNIDADES: Record<string, string> = { string: 'caracteres', array: 'elementos', set: 'elementos' };

/**
 * Spanish messages naming the field for every check a schema leaves without its own message (a
 * schema's own message always wins): "El campo "nombres" admite como máximo 200 caracteres".
 */
z.config({
  customError: (issue) => {
    const campo = (issue.path ?? []).filter((p) => typeof p === 'string').join('.') || 'datos';
    const prefijo = `El campo "${campo}"`;
    switch (issue.code) {
      case 'invalid_type':
        return issue.input === undefined
          ? `${prefijo} es obligatorio`
          : `${prefijo} debe ser ${TIPOS[issue.expected] ?? 'válido'}`;
      case 'too_big': {
        const unidad = UNIDADES[issue.origin];
        return unidad
          ? `${prefijo} admite como máximo ${issue.maximum} ${unidad}`
          : `${prefijo} no puede ser mayor que ${issue.maximum}`;
      }
      case 'too_small': {
        const unidad = UNIDADES[issue.origin];
        if (unidad) {
          return Number(issue.minimum) <= 1 && issue.origin === 'string'
            ? `${prefijo} es obligatorio`
            : `${prefijo} debe tener al menos ${issue.minimum} ${unidad}`;
        }
        return `${prefijo} no puede ser menor que ${issue.minimum}`;
      }
      case 'unrecognized_keys':
        return `${prefijo} no admite ${issue.keys.length === 1 ? 'el campo' : 'los campos'} ${issue.keys.map((k) => `"${k}"`).join(', ')}`;
      default:
        return `${prefijo} no es válido`;
    }
  },
});

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
  let schema = idArgs.get(field);
  if (!schema) idArgs.set(field, (schema = z.object({ [field]: id(field) })));
  return parseInput(schema, { [field]: raw })[field] as number;
}
/** parseId's schemas by field name (a handful), built once: zod compiles one on its first parse. */
const idArgs = new Map<string, z.ZodObject>();

/** True for a real calendar day 'YYYY-MM-DD' (no 2026-02-30, no month 13, years 1–9999). */
export function isCalendarDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, day);
  return d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

/** Years a plant date may fall in: anything outside is a typo, not plant data. */
export const MIN_YEAR = 1970;
export const MAX_YEAR = 2100;

/** A calendar day 'YYYY-MM-DD' between MIN_YEAR and MAX_YEAR, with the error naming the field. */
export const calendarDate = (field: string) =>
  z
    .string({ error: `El campo "${field}" es obligatorio` })
    .refine(isCalendarDate, `El campo "${field}" debe ser una fecha AAAA-MM-DD válida`)
    .refine((value) => {
      const year = Number(value.slice(0, 4));
      return year >= MIN_YEAR && year <= MAX_YEAR;
    }, `El campo "${field}" debe estar entre los años ${MIN_YEAR} y ${MAX_YEAR}`);
