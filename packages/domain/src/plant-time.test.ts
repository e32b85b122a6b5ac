import { describe, expect, it } from 'vitest';
import { fechaHoraPlanta, horaPlanta, plantClockParts } from './plant-time.ts';

const TZ = 'America/Lima';

describe('plant time', () => {
  it('formats an instant as the plant wall clock, 24 h', () => {
    expect(fechaHoraPlanta(new Date('2026-11-01T13:05:00Z'), TZ)).toBe('01/11/2026 08:05');
    expect(fechaHoraPlanta('2026-11-01T13:05:00Z', TZ)).toBe('01/11/2026 08:05');
    expect(fechaHoraPlanta(Date.parse('2026-11-01T13:05:00Z'), TZ)).toBe('01/11/2026 08:05');
  });

  it('says 00, never 24, just after midnight', () => {
    expect(fechaHoraPlanta(new Date('2026-11-01T05:05:00Z'), TZ)).toBe('01/11/2026 00:05');
    expect(horaPlanta('2026-11-01T05:05:00Z', TZ)).toBe('00:05');
  });

  it('gives the time alone, or with the day and month', () => {
    expect(horaPlanta('2026-11-25T23:30:00Z', TZ)).toBe('18:30');
    expect(horaPlanta('2026-11-25T23:30:00Z', TZ, true)).toBe('25/11 18:30');
  });

  it('refuses an invalid instant', () => {
    expect(() => plantClockParts('no', TZ)).toThrow(RangeError);
  });
});
