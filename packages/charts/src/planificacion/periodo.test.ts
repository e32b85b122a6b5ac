import { describe, expect, it } from 'vitest';
import { diasDelMes, primerDiaMes, ultimoDiaMes } from './periodo.ts';

describe('month bounds', () => {
  it('finds the first and last day of a month, leap years included', () => {
    expect(primerDiaMes('2026-11-21')).toBe('2026-11-01');
    expect(ultimoDiaMes('2026-11-21')).toBe('2026-11-30');
    expect(ultimoDiaMes('2026-12-05')).toBe('2026-12-31');
    expect(ultimoDiaMes('2026-02-10')).toBe('2026-02-28');
    expect(ultimoDiaMes('2028-02-10')).toBe('2028-02-29');
  });

  it('lists every day of the month', () => {
    const dias = diasDelMes('2026-02-14');
    expect(dias).toHaveLength(28);
    expect(dias[0]).toBe('2026-02-01');
    expect(dias.at(-1)).toBe('2026-02-28');
  });
});
