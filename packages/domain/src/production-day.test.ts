import { describe, expect, it } from 'vitest';
import {
  ENERGY_DATE_ROLLOVER_HOUR,
  PRODUCTION_DAY_START_HOUR,
  PRODUCTION_HOUR_ORDER,
  addDays,
  dashboardWindow,
  fechasDesde,
  energyDate,
  hourlyCounterWindow,
  isIsoDate,
  orderByProductionHour,
  productionDay,
  productionDayRange,
  productionDaysBetween,
} from './production-day.ts';

const LIMA = 'America/Lima'; // UTC−5 all year
const SANTIAGO = 'America/Santiago'; // −3 in summer, −4 in winter
const MADRID = 'Europe/Madrid'; // +1 in winter, +2 in summer

const at = (iso: string) => new Date(iso);
const HOUR = 3_600_000;

describe('constants', () => {
  it('starts the production day at 08:00 and rolls the energy date at 07:00', () => {
    expect(PRODUCTION_DAY_START_HOUR).toBe(8);
    expect(ENERGY_DATE_ROLLOVER_HOUR).toBe(7);
  });
});

describe('productionDay', () => {
  it('gives hours before 08:00 local to the previous day', () => {
    // 07:59 in Lima = 12:59Z
    expect(productionDay(at('2026-03-10T12:59:59Z'), LIMA)).toBe('2026-03-09');
    // 08:00 in Lima = 13:00Z
    expect(productionDay(at('2026-03-10T13:00:00Z'), LIMA)).toBe('2026-03-10');
    // 23:30 in Lima is still the same day even though it is already the 11th in UTC
    expect(productionDay(at('2026-03-11T04:30:00Z'), LIMA)).toBe('2026-03-10');
  });

  it('uses plant time, not UTC or the machine zone', () => {
    const instant = at('2026-03-10T10:00:00Z');
    expect(productionDay(instant, LIMA)).toBe('2026-03-09'); // 05:00 local
    expect(productionDay(instant, MADRID)).toBe('2026-03-10'); // 11:00 local
  });

  it('accepts epoch milliseconds', () => {
    expect(productionDay(Date.parse('2026-03-10T13:00:00Z'), LIMA)).toBe('2026-03-10');
  });

  it('crosses month and year ends', () => {
    expect(productionDay(at('2027-01-01T12:00:00Z'), LIMA)).toBe('2026-12-31'); // 07:00 on Jan 1
    expect(productionDay(at('2026-03-01T05:00:00Z'), LIMA)).toBe('2026-02-28'); // 00:00 on Mar 1
  });

  it('refuses an unknown time zone', () => {
    expect(() => productionDay(at('2026-03-10T13:00:00Z'), 'Mars/Olympus')).toThrow(RangeError);
  });
});

describe('productionDayRange', () => {
  it('runs from 08:00 to 08:00 next day in a zone without DST (24 h)', () => {
    const { start, end } = productionDayRange('2026-03-10', LIMA);
    expect(start.toISOString()).toBe('2026-03-10T13:00:00.000Z');
    expect(end.toISOString()).toBe('2026-03-11T13:00:00.000Z');
  });

  it('lasts 25 h when Santiago leaves summer time (2026-04-05 00:00 → 23:00)', () => {
    const { start, end } = productionDayRange('2026-04-04', SANTIAGO);
    expect(start.toISOString()).toBe('2026-04-04T11:00:00.000Z'); // 08:00 −03
    expect(end.toISOString()).toBe('2026-04-05T12:00:00.000Z'); // 08:00 −04
    expect(end.getTime() - start.getTime()).toBe(25 * HOUR);
  });

  it('lasts 23 h when Santiago enters summer time (2026-09-06)', () => {
    const { start, end } = productionDayRange('2026-09-05', SANTIAGO);
    expect(start.toISOString()).toBe('2026-09-05T12:00:00.000Z');
    expect(end.toISOString()).toBe('2026-09-06T11:00:00.000Z');
    expect(end.getTime() - start.getTime()).toBe(23 * HOUR);
  });

  it('follows Madrid through both changes', () => {
    const spring = productionDayRange('2026-03-28', MADRID);
    expect(spring.start.toISOString()).toBe('2026-03-28T07:00:00.000Z');
    expect(spring.end.toISOString()).toBe('2026-03-29T06:00:00.000Z');
    const autumn = productionDayRange('2026-10-24', MADRID);
    expect(autumn.end.getTime() - autumn.start.getTime()).toBe(25 * HOUR);
  });

  it('is consistent with productionDay at both ends', () => {
    for (const [fecha, tz] of [
      ['2026-04-04', SANTIAGO],
      ['2026-09-05', SANTIAGO],
      ['2026-10-24', MADRID],
      ['2026-12-31', LIMA],
    ] as const) {
      const { start, end } = productionDayRange(fecha, tz);
      expect(productionDay(start, tz)).toBe(fecha);
      expect(productionDay(end.getTime() - 1, tz)).toBe(fecha);
      expect(productionDay(end, tz)).toBe(addDays(fecha, 1));
    }
  });

  it('refuses impossible dates', () => {
    expect(() => productionDayRange('2026-02-30', LIMA)).toThrow(RangeError);
    expect(() => productionDayRange('2026-3-1', LIMA)).toThrow(RangeError);
  });
});

describe('hourlyCounterWindow', () => {
  it('covers 08:00 to the end of the 07:00 hour next day, end exclusive', () => {
    const { start, end } = hourlyCounterWindow('2026-03-10', LIMA);
    expect(start.toISOString()).toBe('2026-03-10T13:00:00.000Z');
    expect(end.toISOString()).toBe('2026-03-11T13:00:00.000Z');
    expect(hourlyCounterWindow('2026-04-04', SANTIAGO)).toEqual(productionDayRange('2026-04-04', SANTIAGO));
  });
});

describe('dates', () => {
  it('adds days across month, leap-year and year ends', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('writes the dates of day offsets as addDays does, across a leap day and a year end', () => {
    const dias = [0, 1, 2, 2, 310, 311, 400];
    expect(fechasDesde('2028-02-28', dias)).toEqual(dias.map((d) => addDays('2028-02-28', d)));
    expect(fechasDesde('2028-02-28', [])).toEqual([]);
    expect(() => fechasDesde('2026-02-30', [0])).toThrow(RangeError);
  });

  it('validates YYYY-MM-DD', () => {
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2026-13-01')).toBe(false);
    expect(isIsoDate('hoy')).toBe(false);
  });

  it('lists production days inclusively', () => {
    expect(productionDaysBetween('2026-12-30', '2027-01-02')).toEqual([
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
    ]);
    expect(productionDaysBetween('2026-03-10', '2026-03-10')).toEqual(['2026-03-10']);
    expect(productionDaysBetween('2026-03-11', '2026-03-10')).toEqual([]);
    // a DST change does not skip or repeat a date
    expect(productionDaysBetween('2026-04-04', '2026-04-06')).toHaveLength(3);
  });
});

describe('production hour order', () => {
  it('is 8…23 then 0…7', () => {
    expect(PRODUCTION_HOUR_ORDER).toEqual([
      8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 0, 1, 2, 3, 4, 5, 6, 7,
    ]);
  });

  it('orders rows by production hour and keeps missing hours as null gaps', () => {
    const rows = [
      { hora: 0, n: 'medianoche' },
      { hora: 7, n: 'última' },
      { hora: 8, n: 'primera' },
      { hora: 23, n: 'noche' },
    ];
    const slots = orderByProductionHour(rows, (r) => r.hora);
    expect(slots).toHaveLength(24);
    expect(slots[0]?.n).toBe('primera');
    expect(slots[15]?.n).toBe('noche');
    expect(slots[16]?.n).toBe('medianoche');
    expect(slots[23]?.n).toBe('última');
    expect(slots.filter((s) => s === null)).toHaveLength(20);
    expect(slots[1]).toBeNull(); // 09:00 missing stays a gap, not shifted up
  });

  it('returns 24 nulls for no rows and refuses impossible hours', () => {
    expect(orderByProductionHour([], (h: number) => h)).toEqual(Array(24).fill(null));
    expect(() => orderByProductionHour([24], (h) => h)).toThrow(RangeError);
  });
});

describe('energyDate', () => {
  it('is today from 07:00 plant time, else yesterday', () => {
    expect(energyDate(at('2026-03-10T11:59:59Z'), LIMA)).toBe('2026-03-09'); // 06:59:59
    expect(energyDate(at('2026-03-10T12:00:00Z'), LIMA)).toBe('2026-03-10'); // 07:00
    expect(energyDate(at('2026-03-10T05:00:00Z'), LIMA)).toBe('2026-03-09'); // 00:00 on the 10th
  });

  it('rolls over at 07:00 not 08:00, unlike the production day', () => {
    const sevenThirty = at('2026-03-10T12:30:00Z'); // 07:30 Lima
    expect(energyDate(sevenThirty, LIMA)).toBe('2026-03-10');
    expect(productionDay(sevenThirty, LIMA)).toBe('2026-03-09');
  });

  it('steps back across the year end', () => {
    expect(energyDate(at('2027-01-01T10:00:00Z'), LIMA)).toBe('2026-12-31'); // 05:00 Jan 1
  });
});

describe('dashboardWindow', () => {
  it('gives two monthly months before the current one and daily points for this month', () => {
    expect(dashboardWindow('2026-06-17')).toEqual({
      monthlyFrom: '2026-04-01',
      dailyFrom: '2026-06-01',
      to: '2026-06-17',
    });
  });

  it('reaches back into the previous year in January and February', () => {
    expect(dashboardWindow('2027-01-15')).toEqual({
      monthlyFrom: '2026-11-01',
      dailyFrom: '2027-01-01',
      to: '2027-01-15',
    });
    expect(dashboardWindow('2027-02-01')).toEqual({
      monthlyFrom: '2026-12-01',
      dailyFrom: '2027-02-01',
      to: '2027-02-01',
    });
  });

  it('is not fooled by month lengths (31 March → January)', () => {
    expect(dashboardWindow('2026-03-31').monthlyFrom).toBe('2026-01-01');
  });
});
