import { describe, expect, it } from 'vitest';
import { diasDelMes, moverMes, primerDiaMes, ultimoDiaMes } from './periodo.ts';

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

describe('moverMes', () => {
  const hoy = '2026-11-22';

  it("goes to a past month's last day", () => {
    expect(moverMes('2026-11-22', -1, hoy)).toBe('2026-10-31');
    expect(moverMes('2026-10-31', -1, hoy)).toBe('2026-09-30');
    expect(moverMes('2026-03-15', -1, hoy)).toBe('2026-02-28');
  });

  it('crosses years both ways', () => {
    expect(moverMes('2026-01-10', -1, hoy)).toBe('2025-12-31');
    expect(moverMes('2025-12-31', 1, hoy)).toBe('2026-01-31');
    expect(moverMes('2026-11-22', -12, hoy)).toBe('2025-11-30');
  });

  it('stops at today: the current month shows today, later months are not reachable', () => {
    expect(moverMes('2026-10-31', 1, hoy)).toBe(hoy);
    expect(moverMes('2026-11-22', 1, hoy)).toBeNull();
    expect(moverMes('2026-11-30', 0, '2026-11-30')).toBe('2026-11-30');
  });
});
