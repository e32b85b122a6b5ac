import { describe, expect, it } from 'vitest';
import { patron, periodoDe, proximo, slotVencido } from './programacion.ts';

const TZ = 'America/Lima'; // UTC−5, no daylight saving
const diaria = { periodicidad: 'DIARIA' as const, hora: '08:05', diaSemana: null, diaMes: null };

describe('scheduled reports', () => {
  it('turns the schedule into a cron pattern', () => {
    expect(patron(diaria)).toBe('5 8 * * *');
    expect(patron({ ...diaria, periodicidad: 'SEMANAL', diaSemana: 7 })).toBe('5 8 * * 0');
    expect(patron({ ...diaria, periodicidad: 'MENSUAL', diaMes: 3, hora: '09:30' })).toBe('30 9 3 * *');
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
});
