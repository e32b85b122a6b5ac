import { describe, expect, it } from 'vitest';
import {
  DIAS_SEMANA,
  minutesToHHMM,
  monthName,
  monthNumber,
  mondayFirstIndex,
  weekStart,
} from './calendar.ts';

describe('Spanish months', () => {
  it('accepts names in any case, with or without accents, and Setiembre', () => {
    expect(monthNumber('Enero')).toBe(1);
    expect(monthNumber('SEPTIEMBRE')).toBe(9);
    expect(monthNumber('Setiembre')).toBe(9);
    expect(monthNumber('set')).toBe(9);
    expect(monthNumber(' diciembre ')).toBe(12);
    expect(monthNumber('Brumario')).toBeNull();
  });

  it('names months 1–12 and refuses others', () => {
    expect(monthName(1)).toBe('Enero');
    expect(monthName(12)).toBe('Diciembre');
    expect(() => monthName(13)).toThrow(RangeError);
  });
});

describe('Monday-first weeks', () => {
  it('puts Monday first and Sunday last', () => {
    expect(DIAS_SEMANA[0]).toBe('Lunes');
    expect(mondayFirstIndex(1)).toBe(0); // Monday
    expect(mondayFirstIndex(0)).toBe(6); // Sunday
  });

  it('finds the Monday of a week, across month and year ends', () => {
    expect(weekStart('2026-11-22')).toBe('2026-11-16'); // a Sunday
    expect(weekStart('2026-11-23')).toBe('2026-11-23'); // a Monday
    expect(weekStart('2027-01-01')).toBe('2026-12-28');
  });
});

describe('minutesToHHMM', () => {
  it('formats minutes as HH:MM', () => {
    expect(minutesToHHMM(0)).toBe('00:00');
    expect(minutesToHHMM(75)).toBe('01:15');
    expect(minutesToHHMM(1439)).toBe('23:59');
    expect(minutesToHHMM(1500)).toBe('25:00');
    expect(minutesToHHMM(59.6)).toBe('01:00');
    expect(minutesToHHMM(-30)).toBe('-00:30');
    expect(minutesToHHMM(Number.NaN)).toBe('--:--');
  });
});
