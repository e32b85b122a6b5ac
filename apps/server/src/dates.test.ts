import { describe, expect, it } from 'vitest';
import { fechaSchema, firstOfMonth, isCalendarDate, rangeSchema, withinYears, yearBounds } from './dates.ts';

describe('production-day dates as strings', () => {
  it('accepts only real calendar dates written YYYY-MM-DD', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2023-02-29')).toBe(false);
    expect(isCalendarDate('2024-13-01')).toBe(false);
    expect(isCalendarDate('2024-1-01')).toBe(false);
    expect(isCalendarDate('01/02/2024')).toBe(false);
  });

  it('first day of the month and bounds of a year', () => {
    expect(firstOfMonth('2024-05-17')).toBe('2024-05-01');
    expect(firstOfMonth('2024-12-31')).toBe('2024-12-01');
    expect(yearBounds(2024)).toEqual({ desde: '2024-01-01', hasta: '2024-12-31' });
  });

  it('withinYears counts calendar years, leap days included', () => {
    expect(withinYears('2019-01-01', '2024-01-01', 5)).toBe(true);
    expect(withinYears('2019-01-01', '2024-01-02', 5)).toBe(false);
    expect(withinYears('2020-02-29', '2025-02-28', 5)).toBe(true);
    expect(withinYears('2020-02-29', '2025-03-01', 5)).toBe(false);
  });

  it('rangeSchema: desde ≤ hasta, at most 5 years, Spanish messages naming the field', () => {
    expect(rangeSchema.parse({ desde: '2024-01-01', hasta: '2024-01-01' })).toEqual({
      desde: '2024-01-01',
      hasta: '2024-01-01',
    });
    const reversed = rangeSchema.safeParse({ desde: '2024-01-02', hasta: '2024-01-01' });
    expect(reversed.error?.issues[0]).toMatchObject({
      path: ['desde'],
      message: 'La fecha "desde" debe ser anterior o igual a "hasta"',
    });
    const long = rangeSchema.safeParse({ desde: '2018-01-01', hasta: '2024-01-01' });
    expect(long.error?.issues[0]?.message).toBe('El rango de fechas no puede superar 5 años');
    expect(fechaSchema('fecha').safeParse('2024-02-30').error?.issues[0]?.message).toBe(
      'El campo "fecha" debe ser una fecha válida AAAA-MM-DD',
    );
    expect(fechaSchema('fecha').safeParse(undefined).error?.issues[0]?.message).toBe(
      'El campo "fecha" es obligatorio',
    );
  });
});
