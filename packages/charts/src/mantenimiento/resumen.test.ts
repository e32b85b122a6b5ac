import { describe, expect, it } from 'vitest';
import { totalPlanta } from './resumen.ts';

describe('totalPlanta', () => {
  it('adds the raw sums and derives the ratios from them (not a mean of the lines)', () => {
    const total = totalPlanta([
      { fallas: 3, minutos_falla: 60, minutos_paro: 67, minutos_marcha: 1500 },
      { fallas: 1, minutos_falla: 100, minutos_paro: 100, minutos_marcha: 500 },
    ]);
    expect(total).toEqual({
      fallas: 4,
      minutos_falla: 160,
      minutos_paro: 167,
      minutos_marcha: 2000,
      mttr: 40, // 160 / 4 (the lines' MTTR 20 and 100 would average 60)
      mttf: 500,
      mtbf: 540, // MTTF + MTTR
      disponibilidad: 92.59, // 2000 / 2160; = MTTF / MTBF
    });
  });

  it('leaves the ratios empty without failures or time', () => {
    const total = totalPlanta([{ fallas: 0, minutos_falla: 0, minutos_paro: 0, minutos_marcha: 0 }]);
    expect([total.mttr, total.mttf, total.mtbf, total.disponibilidad]).toEqual([null, null, null, null]);
  });
});
