import { describe, expect, it } from 'vitest';
import { HOUR_LABELS, hourlySlots, hourRangeLabel, plantClock, plantHour } from './plant-hours.ts';

const LIMA = 'America/Lima'; // UTC−5, no daylight saving time

describe('plant hours', () => {
  it('reads the hour and the clock in the plant zone, not the browser\u2019s', () => {
    expect(plantHour('2026-11-20T13:00:00Z', LIMA)).toBe(8);
    expect(plantHour('2026-11-21T04:59:00Z', LIMA)).toBe(23);
    expect(plantHour('2026-11-21T05:00:00Z', LIMA)).toBe(0);
    expect(plantClock('2026-11-21T12:07:00Z', LIMA)).toBe('07:07');
    expect(plantClock('2026-11-20T13:00:00Z', 'Europe/Madrid')).toBe('14:00');
  });

  it('refuses an invalid instant', () => {
    expect(() => plantHour('ayer', LIMA)).toThrow(RangeError);
  });

  it('labels the production day 08 … 23, 00 … 07', () => {
    expect(HOUR_LABELS).toHaveLength(24);
    expect(HOUR_LABELS.slice(0, 3)).toEqual(['08', '09', '10']);
    expect(HOUR_LABELS.slice(15, 18)).toEqual(['23', '00', '01']);
    expect(HOUR_LABELS.at(-1)).toBe('07');
    expect(hourRangeLabel(7)).toBe('07:00 – 07:59');
  });
});

describe('hourlySlots', () => {
  it('orders hours 8…23 then 0…7 and keeps missing hours as gaps', () => {
    const rows = [
      { fecha: '2026-11-21T12:00:00Z', v: 'h07' }, // 07:00 next morning: last slot
      { fecha: '2026-11-20T13:00:00Z', v: 'h08' },
      { fecha: '2026-11-21T05:00:00Z', v: 'h00' },
      { fecha: '2026-11-20T15:00:00Z', v: 'h10' },
    ];
    const slots = hourlySlots(rows, LIMA);
    expect(slots).toHaveLength(24);
    expect(slots[0]?.v).toBe('h08');
    expect(slots[1]).toBeNull(); // 09:00 missing: a gap, not a zero
    expect(slots[2]?.v).toBe('h10');
    expect(slots[16]?.v).toBe('h00');
    expect(slots[23]?.v).toBe('h07');
    expect(slots.filter((s) => s === null)).toHaveLength(20);
  });

  it('is all gaps for an empty day', () => {
    expect(hourlySlots([], LIMA).every((s) => s === null)).toBe(true);
  });
});
