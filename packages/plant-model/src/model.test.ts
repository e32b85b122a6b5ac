import { describe, expect, it } from 'vitest';
import { createPlantModel, productionDayOf } from './model.ts';

const LIMA = 'America/Lima';
const MINUTE = 60_000;

describe('determinism', () => {
  it('gives identical days for the same seed, in any order of asking', () => {
    const a = createPlantModel({ seed: 7, timeZone: LIMA });
    const b = createPlantModel({ seed: 7, timeZone: LIMA });
    b.day('2024-05-02'); // warm b's cache with another day first
    expect(a.day('2024-05-03')).toEqual(b.day('2024-05-03'));
    expect(a.month(2024, 5)).toEqual(b.month(2024, 5));
  });

  it('gives different days for different seeds', () => {
    const a = createPlantModel({ seed: 7, timeZone: LIMA }).day('2024-05-03');
    const b = createPlantModel({ seed: 8, timeZone: LIMA }).day('2024-05-03');
    expect(a.scada).not.toEqual(b.scada);
    expect(a.paros).not.toEqual(b.paros);
    expect(a.lecturas).not.toEqual(b.lecturas);
  });
});

describe('production day boundaries', () => {
  it('starts at 08:00 plant time with 1440 minutes per line, ordered by line then time', () => {
    const day = createPlantModel({ seed: 1, timeZone: LIMA }).day('2024-06-10');
    const start = Date.UTC(2024, 5, 10, 13, 0); // 08:00 in Lima (UTC−5)
    expect(day.scada).toHaveLength(4 * 1440);
    for (const linea of [1, 2, 3, 4]) {
      const rows = day.scada.filter((r) => r.linea === linea);
      expect(rows).toHaveLength(1440);
      expect(rows[0]?.t).toBe(start);
      expect(rows.at(-1)?.t).toBe(start + 1439 * MINUTE);
      rows.forEach((r, i) => expect(r.t).toBe(start + i * MINUTE));
    }
    expect(day.scada.map((r) => r.linea)).toEqual([1, 2, 3, 4].flatMap((l) => Array<number>(1440).fill(l)));
    expect(day.contadoresHora).toHaveLength(96);
    expect(day.contadoresHora[0]?.t).toBe(start);
  });

  it('follows the zone offset, including DST days', () => {
    const model = createPlantModel({ seed: 1, timeZone: 'America/New_York' });
    // 2024-03-10 is the spring-forward day: 08:00 EDT is 12:00 UTC and the day is 23 h long.
    const spring = model.day('2024-03-09');
    const rows = spring.scada.filter((r) => r.linea === 1);
    expect(rows[0]?.t).toBe(Date.UTC(2024, 2, 9, 13, 0));
    expect(rows).toHaveLength(1380);
    expect(model.day('2024-03-10').scada.filter((r) => r.linea === 1)[0]?.t).toBe(
      Date.UTC(2024, 2, 10, 12, 0),
    );
    expect(model.day('2024-11-02').scada.filter((r) => r.linea === 1)).toHaveLength(1500);
  });

  it('maps an instant to its production day', () => {
    expect(productionDayOf(Date.UTC(2024, 5, 11, 12, 59), LIMA)).toBe('2024-06-10'); // 07:59 local
    expect(productionDayOf(Date.UTC(2024, 5, 11, 13, 0), LIMA)).toBe('2024-06-11'); // 08:00 local
  });

  it('rejects invalid dates and lines', () => {
    const model = createPlantModel({ seed: 1, timeZone: LIMA });
    expect(() => model.day('2024-02-30')).toThrow(RangeError);
    expect(() => model.lineMinutes(5, 0, MINUTE)).toThrow(RangeError);
  });
});

describe('lineMinutes', () => {
  it('equals the same minutes of day(), however the range is chunked', () => {
    const model = createPlantModel({ seed: 3, timeZone: LIMA });
    const days = ['2024-08-20', '2024-08-21'].map((f) => model.day(f));
    const fresh = createPlantModel({ seed: 3, timeZone: LIMA });
    for (const linea of [1, 4]) {
      const expected = days.flatMap((d) => d.scada.filter((r) => r.linea === linea));
      const from = expected[0]?.t ?? 0;
      const to = from + expected.length * MINUTE;
      expect(fresh.lineMinutes(linea, from, to)).toEqual(expected);
      // Uneven chunks, one crossing the 08:00 boundary between the two days.
      const cuts = [from, from + 7 * MINUTE, from + 1439 * MINUTE, from + 1500 * MINUTE, to];
      const chunked = cuts.slice(1).flatMap((end, i) => fresh.lineMinutes(linea, cuts[i] ?? 0, end));
      expect(chunked).toEqual(expected);
    }
  });

  it('returns single minutes on demand (random access)', () => {
    const model = createPlantModel({ seed: 3, timeZone: LIMA });
    const day = model.day('2025-01-15');
    const row = day.scada.filter((r) => r.linea === 2)[777];
    const other = createPlantModel({ seed: 3, timeZone: LIMA });
    expect(other.lineMinutes(2, row?.t ?? 0, (row?.t ?? 0) + MINUTE)).toEqual([row]);
    expect(other.lineMinutes(2, 100, 100)).toEqual([]);
  });
});
