import { describe, expect, it } from 'vitest';
import { DateScalar, DateTimeScalar } from './scalars.ts';

describe('Date and DateTime scalars', () => {
  it('send dates as the database gives them (text or Date) and refuse anything else', () => {
    expect(DateScalar.serialize('2026-03-02')).toBe('2026-03-02');
    expect(DateScalar.serialize(new Date('2026-03-02T00:00:00Z'))).toBe('2026-03-02');
    for (const malo of ['2026-3-2', '02/03/2026', '', 20260302, null])
      expect(() => DateScalar.serialize(malo), String(malo)).toThrow(/Fecha inválida/);
  });

  it('check a date argument against the calendar (no 30 February)', () => {
    expect(DateScalar.parseValue('2024-02-29')).toBe('2024-02-29');
    expect(() => DateScalar.parseValue('2026-02-30')).toThrow(/Fecha inválida/);
    expect(() => DateScalar.parseValue('2026-13-01')).toThrow(/Fecha inválida/);
  });

  it('send instants as UTC ISO-8601 from a Date, ISO text or PostgreSQL text', () => {
    expect(DateTimeScalar.serialize(new Date('2026-03-02T13:00:00Z'))).toBe('2026-03-02T13:00:00.000Z');
    expect(DateTimeScalar.serialize('2026-03-02T13:00:00Z')).toBe('2026-03-02T13:00:00Z');
    expect(DateTimeScalar.serialize('2026-03-02 08:00:00-05')).toBe('2026-03-02T13:00:00.000Z');
    expect(() => DateTimeScalar.serialize('ayer')).toThrow(/Fecha y hora inválida/);
  });
});
