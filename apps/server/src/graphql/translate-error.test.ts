import { describe, expect, it } from 'vitest';
import { translateGraphQLMessage as t } from './translate-error.ts';

describe('translateGraphQLMessage', () => {
  it('names missing required fields and arguments', () => {
    expect(t('Field "LoginInput.password" of required type "String!" was not provided.')).toBe(
      'Falta el campo obligatorio "password"',
    );
    expect(
      t(
        'Variable "$input" got invalid value { username: "a" }; Field "password" of required type "String!" was not provided.',
      ),
    ).toBe('Falta el campo obligatorio "password"');
    expect(
      t('Field "login" argument "input" of type "LoginInput!" is required, but it was not provided.'),
    ).toBe('Falta el argumento obligatorio "input"');
    // graphql-jit's wording of the same (no quotes, the input's path).
    expect(
      t(
        'Variable "$v1" got invalid value {}; Expected type PlanificacionInput; Field value.fecha of required type Date! was not provided.',
      ),
    ).toBe('Falta el campo obligatorio "fecha"');
    // … and of a null given to a required input field (the word "fecha" must not pass it as Spanish).
    expect(
      t(
        'Variable "$v0" got invalid value { fecha: null }; Expected type MttrMttfManualInput; Expected non-nullable type Date! not to be null at value.fecha.',
      ),
    ).toBe('Falta el campo obligatorio "fecha"');
    expect(t('Variable "$id" of non-null type "ID!" must not be null.')).toBe(
      'Falta el campo obligatorio "id"',
    );
  });

  it('explains wrong types with the field name', () => {
    expect(
      t(
        'Variable "$input" got invalid value 5 at "input.name"; String cannot represent a non string value: 5',
      ),
    ).toBe('El campo "name" debe ser texto');
    expect(t('Variable "$n" got invalid value "x"; Int cannot represent non-integer value: "x"')).toBe(
      'El campo "n" debe ser un número entero',
    );
  });

  it('keeps our Spanish scalar messages, with the field', () => {
    expect(
      t(
        'Variable "$input" got invalid value "ayer" at "input.deleted_at"; Expected type "DateTime". Fecha y hora inválida: se espera ISO-8601 con zona horaria (recibido "ayer")',
      ),
    ).toBe(
      'Campo "deleted_at": Fecha y hora inválida: se espera ISO-8601 con zona horaria (recibido "ayer")',
    );
  });

  it('never leaks "Did you mean" suggestions', () => {
    const message = t('Cannot query field "usres" on type "Query". Did you mean "users"?');
    expect(message).toBe('El campo "usres" no existe en el tipo Query');
    expect(t('Unknown argument "idd" on field "Mutation.deleteUser". Did you mean "id"?')).toBe(
      'El argumento "idd" no existe en Mutation.deleteUser',
    );
  });

  it('turns syntax errors and unknown messages into generic Spanish text', () => {
    expect(t('Syntax Error: Expected Name, found <EOF>.')).toBe(
      'La consulta GraphQL tiene un error de sintaxis',
    );
    expect(t('Something else entirely')).toBe('Consulta GraphQL no válida');
  });

  it('translates graphql-jit variable errors (compiled queries) with the field name', () => {
    expect(
      t(
        'Variable "$f" got invalid value "2026-13-01"; Expected type Date.',
        'Fecha inválida: se espera AAAA-MM-DD (recibido "2026-13-01")',
      ),
    ).toBe('Campo "f": Fecha inválida: se espera AAAA-MM-DD (recibido "2026-13-01")');
    expect(t('Variable "$f" got invalid value "x"; Expected type Date.')).toBe(
      'El campo "f" no tiene el tipo esperado (Date)',
    );
    expect(
      t(
        'Variable "$n" got invalid value 2147483648; Expected type Int; Int cannot represent non 32-bit signed integer value: 2147483648',
      ),
    ).toBe('El campo "n" debe ser un número entero');
  });
});
