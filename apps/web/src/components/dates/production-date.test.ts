import { describe, expect, it } from 'vitest';
import { resolveProductionDate } from './production-date.ts';

describe('resolveProductionDate', () => {
  it('defaults to the current production day', () => {
    expect(resolveProductionDate(null, '2026-11-21')).toEqual({ fecha: '2026-11-21', invalida: null });
    expect(resolveProductionDate('', '2026-11-21')).toEqual({ fecha: '2026-11-21', invalida: null });
  });

  it('keeps a valid past date from the URL', () => {
    expect(resolveProductionDate('2026-10-05', '2026-11-21')?.fecha).toBe('2026-10-05');
    expect(resolveProductionDate('2026-11-21', '2026-11-21')?.fecha).toBe('2026-11-21');
    expect(resolveProductionDate('2026-03-15', '2026-11-21', '2026-03-15')?.fecha).toBe('2026-03-15');
  });

  it('falls back to today on future, impossible, malformed or pre-history dates, and says which', () => {
    for (const bad of ['2026-11-22', '2026-02-30', '21/11/2026', '0202-03-15', '2026-13-01', '2026-03-14'])
      expect(resolveProductionDate(bad, '2026-11-21', '2026-03-15')).toEqual({
        fecha: '2026-11-21',
        invalida: bad,
      });
  });

  it('is undefined until the plant calendar is known', () => {
    expect(resolveProductionDate('2026-10-05', undefined)).toBeUndefined();
  });
});
