import { describe, expect, it } from 'vitest';
import { parseTypedDate, toTyped } from './typed-date.ts';

describe('typed dates', () => {
  it('reads DD/MM/AAAA with any of the separators people type, or just the digits', () => {
    for (const text of [
      '15/03/2026',
      '15-03-2026',
      '15.03.2026',
      '15/3/2026',
      ' 15 / 03 / 2026 ',
      '15032026',
    ]) {
      expect(parseTypedDate(text), text).toBe('2026-03-15');
    }
  });

  it('refuses impossible and half-typed dates', () => {
    for (const text of [
      '31/02/2026',
      '29/02/2025',
      '00/01/2026',
      '15/13/2026',
      '15/03/26',
      '15/03',
      '1503',
      'ayer',
    ]) {
      expect(parseTypedDate(text), text).toBe('invalida');
    }
    expect(parseTypedDate('29/02/2024')).toBe('2024-02-29');
    expect(parseTypedDate('  ')).toBe('vacia');
  });

  it('writes a date back as DD/MM/AAAA', () => {
    expect(toTyped('2026-03-05')).toBe('05/03/2026');
  });
});
