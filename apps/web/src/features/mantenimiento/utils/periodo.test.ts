import { describe, expect, it } from 'vitest';
import { diasDelPeriodo, diasEntre, finDeMes, moverMes, periodoMes, resolverPeriodo } from './periodo.ts';

describe('periodo', () => {
  it('defaults to the month of the day, never past today', () => {
    expect(periodoMes('2026-11-10', '2026-11-25')).toEqual({
      desde: '2026-11-01',
      hasta: '2026-11-25',
      mes: true,
    });
    expect(periodoMes('2026-10-10', '2026-11-25')).toEqual({
      desde: '2026-10-01',
      hasta: '2026-10-31',
      mes: true,
    });
    expect(finDeMes('2028-02-03')).toBe('2028-02-29');
  });

  it('takes a valid chosen range and falls back to the month otherwise', () => {
    const hoy = '2026-11-25';
    expect(resolverPeriodo('2026-09-15', '2026-10-15', '2026-11-25', hoy, '2026-01-01')).toEqual({
      desde: '2026-09-15',
      hasta: '2026-10-15',
      mes: false,
    });
    const mes = { desde: '2026-11-01', hasta: hoy, mes: true };
    expect(resolverPeriodo('2026-10-15', '2026-09-15', hoy, hoy, undefined)).toEqual(mes); // reversed
    expect(resolverPeriodo('2026-11-01', '2026-11-26', hoy, hoy, undefined)).toEqual(mes); // future
    expect(resolverPeriodo('2025-12-01', '2026-11-01', hoy, hoy, '2026-01-01')).toEqual(mes); // before history
    expect(resolverPeriodo('2024-01-01', '2026-11-01', hoy, hoy, undefined)).toEqual(mes); // > 366 days
    expect(resolverPeriodo('2026-02-30', '2026-11-01', hoy, hoy, undefined)).toEqual(mes); // not a date
    expect(resolverPeriodo(null, '2026-11-01', hoy, hoy, undefined)).toEqual(mes);
  });

  it('counts and lists the days, and steps months', () => {
    expect(diasDelPeriodo('2026-11-01', '2026-11-25')).toBe(25);
    expect(diasEntre('2026-10-30', '2026-11-02')).toEqual([
      '2026-10-30',
      '2026-10-31',
      '2026-11-01',
      '2026-11-02',
    ]);
    expect(moverMes('2026-11-25', -1, '2026-11-25')).toBe('2026-10-31');
    expect(moverMes('2026-10-31', 1, '2026-11-25')).toBe('2026-11-25');
    expect(moverMes('2026-11-25', 1, '2026-11-25')).toBeNull();
  });
});
