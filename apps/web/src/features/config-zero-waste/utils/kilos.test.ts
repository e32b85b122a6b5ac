import { describe, expect, it } from 'vitest';
import { errorKg, leerNumero, zwlDe } from './kilos.ts';

describe('kg typed es-PE style', () => {
  it('reads a decimal point and thousands commas; refuses a lone comma instead of guessing', () => {
    expect(leerNumero('900')).toBe(900);
    expect(leerNumero(' 1,200.5 ')).toBe(1200.5);
    expect(leerNumero('12,345,678')).toBe(12345678);
    expect(leerNumero('0.25')).toBe(0.25);
    expect(leerNumero('-5')).toBe(-5);
    for (const malo of ['100,5', '1,20', '9o0', '.', '-', '1.2.3', 'abc'])
      expect(leerNumero(malo), malo).toBeNull();
  });

  it('says what is wrong as it is typed', () => {
    expect(errorKg('', false)).toBeNull();
    expect(errorKg('', true)).toBe('Escriba los kg (0 si no hubo)');
    expect(errorKg('100,5', false)).toBe('Use punto decimal (p. ej. 100.5)');
    expect(errorKg('9o0', false)).toBe('Escriba un número');
    expect(errorKg('-1', false)).toBe('No puede ser negativo');
    expect(errorKg('1,500', false)).toBeNull();
  });

  it('computes the month ZWL as the server does (2 decimals, null without waste)', () => {
    expect(zwlDe(900, 1000)).toBe(90);
    expect(zwlDe(1000, 1333)).toBe(75.02);
    expect(zwlDe(0, 0)).toBeNull();
  });
});
