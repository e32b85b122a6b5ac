import { describe, expect, it } from 'vitest';
import {
  corteSugerido,
  cronometro,
  duracionMs,
  esperaMotivo,
  fusionarParo,
  instanteDeCorte,
  minutosTexto,
  motivosDeLinea,
  type Paro,
} from './paros.ts';

const TZ = 'America/Lima'; // UTC−5, no daylight saving

function paro(over: Partial<Paro> = {}): Paro {
  return {
    id: '1',
    linea_id: 'l1',
    inicio: '2026-03-10T15:00:00.000Z', // 10:00 Lima
    fin: '2026-03-10T15:12:00.000Z',
    minutos: 12,
    tipo: 'FALLA',
    origen: 'PLC',
    clase: 'FALLA',
    motivo: null,
    comentario: null,
    codigo_falla: null,
    motivo_por: null,
    motivo_en: null,
    turno: 1,
    version: 1,
    ...over,
  };
}

const AHORA = Date.parse('2026-03-10T15:30:00.000Z');

describe('paros utils', () => {
  it('measures a stop to its end or, while it lasts, to now', () => {
    expect(duracionMs(paro(), AHORA)).toBe(12 * 60_000);
    expect(duracionMs(paro({ fin: null }), AHORA)).toBe(30 * 60_000);
  });

  it('a stop waits for a reason when it has none, is no micro-stop and reaches the threshold', () => {
    expect(esperaMotivo(paro(), AHORA)).toBe(true);
    expect(
      esperaMotivo(paro({ motivo: { id: 'm', nombre: 'x', categoria: 'c', clase: 'FALLA' } }), AHORA),
    ).toBe(false);
    expect(esperaMotivo(paro({ clase: 'MICROPARO' }), AHORA)).toBe(false);
    expect(esperaMotivo(paro(), AHORA, 13 * 60)).toBe(false);
    expect(esperaMotivo(paro({ fin: null }), AHORA, 13 * 60)).toBe(true);
  });

  it('formats running times and minutes', () => {
    expect(cronometro(0)).toBe('0:00');
    expect(cronometro(245_000)).toBe('4:05');
    expect(cronometro(3_725_000)).toBe('1:02:05');
    expect(minutosTexto(0.4)).toBe('< 1 min');
    expect(minutosTexto(12.4)).toBe('12 min');
    expect(minutosTexto(65)).toBe('1 h 05 min');
  });

  it('merges a changed stop, newest first', () => {
    const a = paro({ id: 'a', inicio: '2026-03-10T14:00:00.000Z' });
    const b = paro({ id: 'b', inicio: '2026-03-10T15:00:00.000Z' });
    expect(fusionarParo([b, a], { ...a, version: 2 }).map((p) => [p.id, p.version])).toEqual([
      ['b', 1],
      ['a', 2],
    ]);
    const c = paro({ id: 'c', inicio: '2026-03-10T14:30:00.000Z' });
    expect(fusionarParo([b, a], c).map((p) => p.id)).toEqual(['b', 'c', 'a']);
  });

  it('turns a plant-local HH:MM into the instant inside the stop', () => {
    expect(instanteDeCorte('10:05', paro(), TZ, AHORA)).toEqual({ en: new Date('2026-03-10T15:05:00.000Z') });
    expect(instanteDeCorte('10:00', paro(), TZ, AHORA)).toEqual({
      error: 'La hora de corte debe quedar dentro del paro',
    });
    expect(instanteDeCorte('10:12', paro(), TZ, AHORA)).toHaveProperty('error');
    expect(instanteDeCorte('10:25', paro({ fin: null }), TZ, AHORA)).toEqual({
      en: new Date('2026-03-10T15:25:00.000Z'),
    });
    expect(instanteDeCorte('1005', paro(), TZ, AHORA)).toEqual({
      error: 'Escriba la hora de corte como HH:MM',
    });
    // Across midnight: 23:50 → 00:20 plant time.
    const noche = paro({ inicio: '2026-03-11T04:50:00.000Z', fin: '2026-03-11T05:20:00.000Z' });
    expect(instanteDeCorte('00:05', noche, TZ, AHORA)).toEqual({ en: new Date('2026-03-11T05:05:00.000Z') });
  });

  it('suggests the middle of the stop as the cut', () => {
    expect(corteSugerido(paro(), TZ, AHORA)).toBe('10:06');
  });

  it('keeps the reasons of the line, and the categories that still have one', () => {
    const categorias = [
      {
        id: 'c1',
        motivos: [
          { id: 'm1', linea_ids: [] },
          { id: 'm2', linea_ids: ['l2'] },
        ],
      },
      { id: 'c2', motivos: [{ id: 'm3', linea_ids: ['l2'] }] },
    ];
    expect(motivosDeLinea(categorias, 'l1')).toEqual([{ id: 'c1', motivos: [{ id: 'm1', linea_ids: [] }] }]);
  });
});
