import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from './errors.ts';
import { calendarDate, parseInput } from './validation.ts';

/** The Spanish message and field parseInput throws for `input`. */
function rejected(schema: z.ZodType, input: unknown): { message: string; field?: string } {
  try {
    parseInput(schema, input);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    const e = error as AppError;
    return { message: e.message, field: e.extra.field };
  }
  throw new Error('se esperaba un error');
}

describe('parseInput messages', () => {
  it('names the field in Spanish when a check has no message of its own', () => {
    const schema = z.object({
      nombres: z.array(z.string().min(1).max(5)).min(1).max(2),
      limite: z.number().int().min(1).max(50),
      nombre: z.string(),
    });
    const ok = { nombres: ['a'], limite: 5, nombre: 'x' };
    expect(rejected(schema, { ...ok, nombres: ['abcdefg'] }).message).toBe(
      'El campo "nombres" admite como máximo 5 caracteres',
    );
    expect(rejected(schema, { ...ok, nombres: ['a', 'b', 'c'] }).message).toBe(
      'El campo "nombres" admite como máximo 2 elementos',
    );
    expect(rejected(schema, { ...ok, nombres: [''] }).message).toBe('El campo "nombres" es obligatorio');
    expect(rejected(schema, { ...ok, limite: 51 }).message).toBe(
      'El campo "limite" no puede ser mayor que 50',
    );
    expect(rejected(schema, { ...ok, limite: 0 }).message).toBe('El campo "limite" no puede ser menor que 1');
    expect(rejected(schema, { ...ok, limite: 'x' }).message).toBe('El campo "limite" debe ser un número');
    expect(rejected(schema, { nombres: ['a'], limite: 5 }).message).toBe('El campo "nombre" es obligatorio');
    expect(rejected(z.strictObject({ a: z.string() }), { a: 'x', b: 1 }).message).toBe(
      'El campo "datos" no admite el campo "b"',
    );
  });

  it('keeps a schema’s own message', () => {
    expect(rejected(z.object({ x: z.string().max(1, 'propio') }), { x: 'ab' }).message).toBe('propio');
  });

  it('accepts plant dates between 1970 and 2100 only, so day arithmetic never leaves the calendar', () => {
    const schema = z.object({ hasta: calendarDate('hasta') });
    expect(parseInput(schema, { hasta: '2026-11-25' })).toEqual({ hasta: '2026-11-25' });
    for (const hasta of ['9999-12-31', '0001-01-01', '1969-12-31', '2101-01-01']) {
      expect(rejected(schema, { hasta }), hasta).toMatchObject({
        message: 'El campo "hasta" debe estar entre los años 1970 y 2100',
      });
    }
    expect(rejected(schema, { hasta: '2026-02-30' }).message).toBe(
      'El campo "hasta" debe ser una fecha AAAA-MM-DD válida',
    );
  });
});
