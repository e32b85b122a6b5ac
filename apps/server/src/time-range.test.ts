import { describe, expect, it } from 'vitest';
import { bucketMinutes, parseDayRange, parseInstantRange, parseIntervalMinutes } from './time-range.ts';

describe('time ranges', () => {
  it('parses intervals in Spanish and English, short and long', () => {
    expect(parseIntervalMinutes('5m')).toBe(5);
    expect(parseIntervalMinutes('15 minutos')).toBe(15);
    expect(parseIntervalMinutes('1 hora')).toBe(60);
    expect(parseIntervalMinutes('1 Day')).toBe(1440);
    expect(() => parseIntervalMinutes('0m')).toThrow(/intervalo/);
    expect(() => parseIntervalMinutes('mucho')).toThrow(/intervalo/);
    expect(() => parseIntervalMinutes('99 días')).toThrow(/intervalo/);
  });

  it('refuses inverted and absurd ranges, naming the field', () => {
    expect(() => parseDayRange('2026-02-01', '2026-01-01')).toThrow(
      'La fecha "desde" debe ser anterior o igual a "hasta"',
    );
    expect(() => parseDayRange('2000-01-01', '2026-01-01')).toThrow(/no puede superar/);
    expect(() => parseDayRange('ayer', '2026-01-01')).toThrow(
      'El campo "desde" debe ser una fecha AAAA-MM-DD',
    );
    for (const impossible of ['2026-02-30', '2026-13-01', '0000-01-01']) {
      expect(() => parseDayRange(impossible, '2026-03-01')).toThrow(
        'El campo "desde" debe ser una fecha AAAA-MM-DD válida',
      );
    }
    expect(() => parseInstantRange(new Date(2), new Date(1))).toThrow(/anterior/);
    expect(parseDayRange('2026-01-01', '2026-01-31')).toEqual({ desde: '2026-01-01', hasta: '2026-01-31' });
  });

  it('picks nice buckets that keep the series under the point budget', () => {
    expect(bucketMinutes(1440, 2000)).toBe(1);
    expect(bucketMinutes(7 * 1440, 2000)).toBe(10);
    expect(bucketMinutes(365 * 1440, 2000)).toBe(360);
    expect(bucketMinutes(60, 2000, 5)).toBe(5);
  });
});
