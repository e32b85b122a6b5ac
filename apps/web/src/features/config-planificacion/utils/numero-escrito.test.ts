import { describe, expect, it } from 'vitest';
import { celdas, leerNumero, leerPlanAnual } from './numero-escrito.ts';

describe('leerNumero', () => {
  it('reads es-PE and es-ES numbers alike', () => {
    expect(leerNumero('1,234.5')).toBe(1234.5);
    expect(leerNumero('1.234,5')).toBe(1234.5);
    expect(leerNumero('1 234,5')).toBe(1234.5);
    expect(leerNumero('1234')).toBe(1234);
    expect(leerNumero('1234,5')).toBe(1234.5);
    expect(leerNumero('1,234')).toBe(1234);
    expect(leerNumero('1.234')).toBe(1234);
    expect(leerNumero('1.234.567')).toBe(1234567);
    expect(leerNumero('1,234,567.25')).toBe(1234567.25);
    expect(leerNumero('0,5')).toBe(0.5);
    expect(leerNumero('-12,5')).toBe(-12.5);
  });

  it('refuses what is not a number', () => {
    for (const t of ['', 'abc', '1,2,3', '12.34.5', '1.234,5,6', '1,23.4', '12a', '.', '1..2']) {
      expect(leerNumero(t), t).toBeNull();
    }
  });

  it('hours: one separator is always the decimal one', () => {
    expect(leerNumero('7,5', { decimalSolo: true })).toBe(7.5);
    expect(leerNumero('7.5', { decimalSolo: true })).toBe(7.5);
    expect(leerNumero('7.500', { decimalSolo: true })).toBe(7.5);
    expect(leerNumero('24', { decimalSolo: true })).toBe(24);
  });
});

describe('leerPlanAnual', () => {
  it('a row (tabs) or a column (line breaks) of a spreadsheet', () => {
    expect(celdas('1\t2\t3\n')).toEqual(['1', '2', '3']);
    expect(celdas('1\r\n2\r\n3\r\n')).toEqual(['1', '2', '3']);
    const fila = Array.from({ length: 12 }, (_, i) => `${i + 1}.000,5`).join('\t');
    const r = leerPlanAnual(fila, '');
    expect(r.errores).toEqual([]);
    expect(r.meses).toHaveLength(12);
    expect(r.meses[2]).toEqual({ mes: 3, aop: 3000.5 });
  });

  it('names the month that is wrong', () => {
    const r = leerPlanAnual('100\n200\nabc\n400', '90\n\n-1');
    expect(r.meses).toEqual([]);
    expect(r.errores).toEqual([
      'Marzo: el AOP «abc» no es un número',
      'Marzo: el negociado no puede ser negativo',
    ]);
    expect(leerPlanAnual('1\t\t3', '').errores).toEqual(['Febrero: falta el AOP']);
    expect(leerPlanAnual(Array(13).fill('1').join('\t'), '').errores[0]).toContain('como máximo 12');
  });

  it('negociado optional per month', () => {
    const r = leerPlanAnual('100\t200', '95');
    expect(r.meses).toEqual([
      { mes: 1, aop: 100, negociado: 95 },
      { mes: 2, aop: 200 },
    ]);
  });
});
