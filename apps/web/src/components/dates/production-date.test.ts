import { describe, expect, it } from 'vitest';
import { resolveProductionDate } from './production-date.ts';

describe('resolveProductionDate', () => {
  it('defaults to the current production day', () => {
    expect(resolveProductionDate(null, '2026-11-21')).toBe('2026-11-21');
  });

  it('keeps a valid past date from the URL', () => {
    expect(resolveProductionDate('2026-10-05', '2026-11-21')).toBe('2026-10-05');
    expect(resolveProductionDate('2026-11-21', '2026-11-21')).toBe('2026-11-21');
  });

  it('ignores future, impossible or malformed dates', () => {
    expect(resolveProductionDate('2026-11-22', '2026-11-21')).toBe('2026-11-21');
    expect(resolveProductionDate('2026-02-30', '2026-11-21')).toBe('2026-11-21');
    expect(resolveProductionDate('21/11/2026', '2026-11-21')).toBe('2026-11-21');
  });

  it('is undefined until the plant calendar is known', () => {
    expect(resolveProductionDate('2026-10-05', undefined)).toBeUndefined();
  });
});
