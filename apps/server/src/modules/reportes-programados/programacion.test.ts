import { describe, expect, it } from 'vitest';
import { TURNOS_HORARIO_POR_DEFECTO } from '@planta/domain';
import { patrones, periodoDe, proximo, slotVencido } from './programacion.ts';

const TZ = 'America/Lima'; // UTC−5, no daylight saving
const diaria = { periodicidad: 'DIARIA' as const, hora: '08:05', diaSemana: null, diaMes: null };

describe('scheduled reports', () => {
  it('turns the schedule into a cron pattern', () => {
    expect(patrones(diaria)).toEqual(['5 8 * * *']);
    expect(patrones({ ...diaria, periodicidad: 'SEMANAL', diaSemana: 7 })).toEqual(['5 8 * * 0']);
    expect(patrones({ ...diaria, periodicidad: 'MENSUAL', diaMes: 3, hora: '09:30' })).toEqual([
      '30 9 3 * *',
    ]);
  });

  it('a daily slot is due from its minute, in plant time, within the grace window, once created', () => {
    const creado = new Date('2026-11-01T00:00:00Z');
    expect(slotVencido(diaria, TZ, new Date('2026-11-19T20:00:00Z'), creado)?.toISOString()).toBe(
      '2026-11-19T13:05:00.000Z',
    );
    // One second before 08:05 the day before's slot is past its grace: nothing is due.
    expect(slotVencido(diaria, TZ, new Date('2026-11-20T13:04:59Z'), creado)).toBeNull();
    expect(slotVencido(diaria, TZ, new Date('2026-11-20T13:05:00Z'), creado)?.toISOString()).toBe(
      '2026-11-20T13:05:00.000Z',
    );
    // More than 12 h late: skipped.
    expect(slotVencido(diaria, TZ, new Date('2026-11-21T02:00:00Z'), creado)).toBeNull();
    // Created after the slot: waits for the next one.
    expect(
      slotVencido(diaria, TZ, new Date('2026-11-20T14:00:00Z'), new Date('2026-11-20T13:30:00Z')),
    ).toBeNull();
    expect(proximo(diaria, TZ, new Date('2026-11-20T13:05:00Z'))?.toISOString()).toBe(
      '2026-11-21T13:05:00.000Z',
    );
  });

  it('reports the production days closed by the slot', () => {
    const slot = new Date('2026-11-20T13:05:00Z'); // 08:05 on 20/11 in Lima
    expect(periodoDe(diaria, slot, TZ)).toEqual({ fecha: '2026-11-19' });
    expect(periodoDe({ ...diaria, periodicidad: 'SEMANAL', diaSemana: 5 }, slot, TZ)).toEqual({
      fecha: '2026-11-19',
      desde: '2026-11-13',
      hasta: '2026-11-19',
    });
    expect(
      periodoDe({ ...diaria, periodicidad: 'MENSUAL', diaMes: 1 }, new Date('2026-01-01T13:05:00Z'), TZ),
    ).toEqual({
      fecha: '2025-12-31',
      desde: '2025-12-01',
      hasta: '2025-12-31',
      mes: '2025-12',
    });
  });

  describe('al cierre de cada turno', () => {
    const porDefecto = {
      periodicidad: 'TURNO' as const,
      turnos: TURNOS_HORARIO_POR_DEFECTO.map((t, i) => ({ ...t, numero: i + 1 })),
    };
    // Two shifts of 10 h and 14 h, ends off the hour: 08:00–18:30, 18:30–08:00.
    const propios = {
      periodicidad: 'TURNO' as const,
      turnos: [
        { numero: 1, nombre: 'Día', inicio: '08:00', fin: '18:30' },
        { numero: 2, nombre: 'Noche', inicio: '18:30', fin: '08:00' },
      ],
    };
    const iso = (d: Date | null) => d?.toISOString() ?? null;
    /** The next `n` sends after `desde`. */
    const siguientes = (p: typeof porDefecto | typeof propios, desde: string, n: number) => {
      const out: string[] = [];
      let t = new Date(desde);
      for (let i = 0; i < n; i++) {
        t = proximo(p, TZ, t)!;
        out.push(t.toISOString());
      }
      return out;
    };

    it("fires at each shift's end, one pattern per end, across midnight and the 08:00 boundary", () => {
      expect(patrones(porDefecto)).toEqual(['0 16 * * *', '0 0 * * *', '0 8 * * *']);
      expect(patrones(propios)).toEqual(['30 18 * * *', '0 8 * * *']);
      // From 15:00 on 19/11 in Lima: 16:00, 00:00 (20/11), 08:00 (the production day closes), 16:00.
      expect(siguientes(porDefecto, '2026-11-19T20:00:00Z', 4)).toEqual([
        '2026-11-19T21:00:00.000Z',
        '2026-11-20T05:00:00.000Z',
        '2026-11-20T13:00:00.000Z',
        '2026-11-20T21:00:00.000Z',
      ]);
      // 18:30 and 08:00 only: never 18:00 nor 08:30.
      expect(siguientes(propios, '2026-11-19T20:00:00Z', 3)).toEqual([
        '2026-11-19T23:30:00.000Z',
        '2026-11-20T13:00:00.000Z',
        '2026-11-20T23:30:00.000Z',
      ]);
    });

    it('reports the shift just closed: its number and production day (the night shift: the day before)', () => {
      const creado = new Date('2026-11-01T00:00:00Z');
      // 08:00 on 20/11: shift 3 (00:00–08:00) of production day 19/11 closed.
      const ocho = slotVencido(porDefecto, TZ, new Date('2026-11-20T13:00:30Z'), creado)!;
      expect(iso(ocho)).toBe('2026-11-20T13:00:00.000Z');
      expect(periodoDe(porDefecto, ocho, TZ)).toEqual({ fecha: '2026-11-19', turno: '3' });
      // 00:00 on 20/11: shift 2 of 19/11.
      const medianoche = slotVencido(porDefecto, TZ, new Date('2026-11-20T05:10:00Z'), creado)!;
      expect(iso(medianoche)).toBe('2026-11-20T05:00:00.000Z');
      expect(periodoDe(porDefecto, medianoche, TZ)).toEqual({ fecha: '2026-11-19', turno: '2' });
      // 16:00 on 20/11: shift 1 of 20/11.
      expect(periodoDe(porDefecto, new Date('2026-11-20T21:00:00Z'), TZ)).toEqual({
        fecha: '2026-11-20',
        turno: '1',
      });
      // Custom shifts: 18:30 closes 'Día' (1), 08:00 closes 'Noche' (2) of the day before.
      expect(periodoDe(propios, new Date('2026-11-19T23:30:00Z'), TZ)).toEqual({
        fecha: '2026-11-19',
        turno: '1',
      });
      expect(periodoDe(propios, new Date('2026-11-20T13:00:00Z'), TZ)).toEqual({
        fecha: '2026-11-19',
        turno: '2',
      });
      // Sent by hand mid-shift: the shift in progress.
      expect(periodoDe(propios, new Date('2026-11-20T03:00:00Z'), TZ)).toEqual({
        fecha: '2026-11-19',
        turno: '2',
      });
    });

    it('a slot is due from its minute, within the grace window, once created', () => {
      const creado = new Date('2026-11-19T20:00:00Z');
      expect(slotVencido(propios, TZ, new Date('2026-11-19T23:29:59Z'), creado)).toBeNull();
      expect(iso(slotVencido(propios, TZ, new Date('2026-11-19T23:30:00Z'), creado))).toBe(
        '2026-11-19T23:30:00.000Z',
      );
      // Created after the 18:30 slot: the 08:00 one is its first.
      const despues = new Date('2026-11-19T23:31:00Z');
      expect(slotVencido(propios, TZ, new Date('2026-11-20T01:00:00Z'), despues)).toBeNull();
      expect(iso(slotVencido(propios, TZ, new Date('2026-11-20T13:00:00Z'), despues))).toBe(
        '2026-11-20T13:00:00.000Z',
      );
      // 07:59 after the 14 h night: the 18:30 send is past its 12 h grace, the 08:00 one not yet due.
      expect(slotVencido(propios, TZ, new Date('2026-11-20T12:59:00Z'), creado)).toBeNull();
    });
  });
});
