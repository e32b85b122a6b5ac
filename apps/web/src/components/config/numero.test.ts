import { describe, expect, it } from 'vitest';
import { errorNumero, leerNumeroEsPe, numeroOpcional } from './numero.ts';

describe('numeroOpcional (es-PE: decimal point, optional thousands commas)', () => {
  it('reads plain and grouped numbers; empty is null', () => {
    expect(numeroOpcional('20.5')).toBe(20.5);
    expect(numeroOpcional(' -3 ')).toBe(-3);
    expect(numeroOpcional('1,234.5')).toBe(1234.5);
    expect(numeroOpcional('1,234,567')).toBe(1234567);
    expect(numeroOpcional('')).toBeNull();
    expect(numeroOpcional('   ')).toBeNull();
  });

  it('refuses what is not a number, and a lone decimal comma instead of guessing', () => {
    expect(numeroOpcional('abc')).toBeNaN();
    expect(numeroOpcional('20,5')).toBeNaN();
    expect(numeroOpcional('1,23')).toBeNaN();
  });
});

describe('leerNumeroEsPe and errorNumero', () => {
  it('reads es-PE only and says why a number is refused', () => {
    expect(leerNumeroEsPe('1,200')).toBe(1200);
    expect(leerNumeroEsPe('12,5')).toBeNull();
    expect(errorNumero('12,5')).toBe('Use punto decimal (p. ej. 12.5)');
    expect(errorNumero('100,5', '100.5')).toBe('Use punto decimal (p. ej. 100.5)');
    expect(errorNumero('doce')).toBe('Escriba un número');
    expect(errorNumero('12.5')).toBeNull();
  });
});
