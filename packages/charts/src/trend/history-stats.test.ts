import { describe, expect, it } from 'vitest';
import { historyStats } from './history-stats.ts';

describe('historyStats', () => {
  it('finds the period\u2019s minimum, maximum, last day and latest meta', () => {
    expect(
      historyStats([
        { fecha: '2026-11-03', diario: 90, meta: null },
        { fecha: '2026-11-01', diario: 80, meta: 85 },
        { fecha: '2026-11-02', diario: 95, meta: 86 },
        { fecha: '2026-11-04', diario: 80, meta: null },
      ]),
    ).toEqual({
      minimo: { fecha: '2026-11-01', valor: 80 },
      maximo: { fecha: '2026-11-02', valor: 95 },
      ultimo: { fecha: '2026-11-04', valor: 80 },
      meta: 86,
      dias: 4,
    });
  });

  it('leaves the production day in progress out of the minimum and maximum', () => {
    const stats = historyStats(
      [
        { fecha: '2026-11-21', diario: 200_000, meta: 160_000 },
        { fecha: '2026-11-20', diario: 150_000, meta: 160_000 },
        { fecha: '2026-11-22', diario: 11_000, meta: null },
      ],
      '2026-11-22',
    );
    expect(stats.minimo).toEqual({ fecha: '2026-11-20', valor: 150_000 });
    expect(stats.maximo).toEqual({ fecha: '2026-11-21', valor: 200_000 });
    expect(stats.ultimo).toEqual({ fecha: '2026-11-22', valor: 11_000 });
    expect(stats.dias).toBe(3);
  });

  it('is empty without days', () => {
    expect(historyStats([])).toEqual({ minimo: null, maximo: null, ultimo: null, meta: null, dias: 0 });
  });
});
