import { describe, expect, it } from 'vitest';
import { instanteLocal, partesLocales } from './zona-horaria.ts';

// Zones with and without summer time, half- and quarter-hour offsets, both hemispheres.
const ZONAS = [
  'America/Lima',
  'America/Santiago',
  'Europe/Madrid',
  'Pacific/Auckland',
  'Asia/Kolkata',
  'Asia/Kathmandu',
];
const MINUTO = 60_000;

const oraculos = new Map<string, Intl.DateTimeFormat>();
/** The local wall time of `t` as another Intl path writes it: 'YYYY-MM-DD HH:MM:SS'. */
function pared(t: number, zona: string): string {
  let f = oraculos.get(zona);
  if (!f) {
    f = new Intl.DateTimeFormat('sv-SE', {
      timeZone: zona,
      hourCycle: 'h23',
      dateStyle: 'short',
      timeStyle: 'medium',
    });
    oraculos.set(zona, f);
  }
  return f.format(t).replace(/[^\d: -]/g, '');
}

/** Every hour of 2026 (UTC): every change of the clocks in these zones falls on one of them. */
function* instantes(): Generator<number> {
  for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2027, 0, 1); t += 60 * MINUTO) yield t;
}

describe('plant-local dates and instants (Intl, IANA zones)', () => {
  it('partesLocales: the local date and hour of every hour of 2026, in every zone', () => {
    for (const zona of ZONAS) {
      for (const t of instantes()) {
        const p = pared(t, zona);
        expect(partesLocales(t, zona), `${zona} ${new Date(t).toISOString()}`).toEqual({
          fecha: p.slice(0, 10),
          hour: Number(p.slice(11, 13)),
        });
      }
    }
  });

  it('instanteLocal: every local time maps to an instant showing it, that instant itself unless the time is seen twice', () => {
    let repetidos = 0;
    for (const zona of ZONAS) {
      for (const t of instantes()) {
        const p = pared(t, zona);
        const minutos = Number(p.slice(11, 13)) * 60 + Number(p.slice(14, 16));
        const r = instanteLocal(p.slice(0, 10), minutos, zona).getTime();
        expect(pared(r, zona), `${zona} ${p}`).toBe(p);
        if (r !== t) {
          // Seen twice (clocks going back): the other occurrence, an hour away.
          repetidos++;
          expect([t - 3_600_000, t + 3_600_000]).toContain(r);
        }
      }
    }
    // Three zones go back once in 2026, each repeating an hour: of its two occurrences, the first one
    // sampled reads as the second.
    expect(repetidos).toBe(3);
  });

  it('a time the clocks skip or repeat is read as PostgreSQL reads it (the smaller offset around it)', () => {
    // Madrid, 2026-03-29: 02:00 → 03:00 (+1 → +2). 02:30 does not exist: read at +1, 01:30 UTC (03:30 local).
    expect(instanteLocal('2026-03-29', 150, 'Europe/Madrid').toISOString()).toBe('2026-03-29T01:30:00.000Z');
    // Madrid, 2026-10-25: 03:00 → 02:00 (+2 → +1). 02:30 happens at 00:30 UTC and at 01:30 UTC: the
    // second, at +1 (as PostgreSQL reads '2026-10-25 02:30' in Europe/Madrid).
    expect(instanteLocal('2026-10-25', 150, 'Europe/Madrid').toISOString()).toBe('2026-10-25T01:30:00.000Z');
    // Santiago, 2026-09-06: 00:00 → 01:00 (−4 → −3). 00:00 does not exist: 04:00 UTC (01:00 local).
    expect(instanteLocal('2026-09-06', 0, 'America/Santiago').toISOString()).toBe('2026-09-06T04:00:00.000Z');
    // Santiago, 2026-04-05: 00:00 → 23:00 of the 4th (−3 → −4). 23:30 of the 4th happens twice: at −4.
    expect(instanteLocal('2026-04-04', 23 * 60 + 30, 'America/Santiago').toISOString()).toBe(
      '2026-04-05T03:30:00.000Z',
    );
  });

  it('refuses an instant that is not one and a zone that does not exist', () => {
    expect(() => partesLocales(Number.NaN, 'America/Lima')).toThrow(RangeError);
    expect(() => partesLocales(new Date('x'), 'America/Lima')).toThrow(/Instante inválido/);
    expect(() => partesLocales(0, 'America/Nowhere')).toThrow(RangeError);
    expect(() => instanteLocal('2026-01-01', 0, 'America/Nowhere')).toThrow(RangeError);
  });
});
