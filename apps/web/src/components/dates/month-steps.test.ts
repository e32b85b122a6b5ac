import { describe, expect, it } from 'vitest';
import { moverMes } from './month-steps.tsx';

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
