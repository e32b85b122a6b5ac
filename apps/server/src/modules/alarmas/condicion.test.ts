import { describe, expect, it } from 'vitest';
import { evaluarCondicion, evaluarDuracion, type Limites, ocurrencias } from './condicion.ts';

const L = (o: Partial<Limites>): Limites => ({ minimo: null, maximo: null, meta: null, umbral: null, ...o });

describe('evaluarCondicion', () => {
  it('FUERA_DE_RANGO names the bound crossed and keeps the dead band inside both bounds', () => {
    const lim = L({ minimo: 10, maximo: 20 });
    expect(evaluarCondicion('FUERA_DE_RANGO', 9.9, lim, 1)).toEqual({ tipo: 'fuera', limite: 10 });
    expect(evaluarCondicion('FUERA_DE_RANGO', 20.1, lim, 1)).toEqual({ tipo: 'fuera', limite: 20 });
    expect(evaluarCondicion('FUERA_DE_RANGO', 10.5, lim, 1)).toEqual({ tipo: 'banda' });
    expect(evaluarCondicion('FUERA_DE_RANGO', 19.5, lim, 1)).toEqual({ tipo: 'banda' });
    expect(evaluarCondicion('FUERA_DE_RANGO', 15, lim, 1)).toEqual({ tipo: 'normal' });
    expect(evaluarCondicion('FUERA_DE_RANGO', 15, L({}), 1)).toEqual({ tipo: 'sin-limite' });
    // One bound only.
    expect(evaluarCondicion('FUERA_DE_RANGO', 25, L({ maximo: 20 }), 0)).toEqual({
      tipo: 'fuera',
      limite: 20,
    });
    expect(evaluarCondicion('FUERA_DE_RANGO', -5, L({ maximo: 20 }), 0)).toEqual({ tipo: 'normal' });
  });

  it('meta and threshold conditions: strictly beyond opens, the limit itself does not', () => {
    expect(evaluarCondicion('BAJO_META', 99, L({ meta: 100 }), 0)).toEqual({ tipo: 'fuera', limite: 100 });
    expect(evaluarCondicion('BAJO_META', 100, L({ meta: 100 }), 0)).toEqual({ tipo: 'normal' });
    expect(evaluarCondicion('SOBRE_META', 101, L({ meta: 100 }), 0)).toEqual({ tipo: 'fuera', limite: 100 });
    expect(evaluarCondicion('UMBRAL_BAJO', 299, L({ umbral: 300 }), 5)).toEqual({
      tipo: 'fuera',
      limite: 300,
    });
    expect(evaluarCondicion('UMBRAL_BAJO', 303, L({ umbral: 300 }), 5)).toEqual({ tipo: 'banda' });
    expect(evaluarCondicion('UMBRAL_BAJO', 305, L({ umbral: 300 }), 5)).toEqual({ tipo: 'normal' });
    expect(evaluarCondicion('UMBRAL_SOBRE', 297, L({ umbral: 300 }), 5)).toEqual({ tipo: 'banda' });
    expect(evaluarCondicion('SOBRE_META', 1, L({}), 0)).toEqual({ tipo: 'sin-limite' });
  });
});

describe('evaluarDuracion', () => {
  const lim = L({ umbral: 300 });
  it('opens only when every one of the last N minutes crossed', () => {
    expect(evaluarDuracion('UMBRAL_BAJO', [250, 250, 250], lim, 0, 3)).toEqual({
      tipo: 'fuera',
      limite: 300,
    });
    expect(evaluarDuracion('UMBRAL_BAJO', [350, 250, 250], lim, 0, 3)).toEqual({ tipo: 'banda' });
    expect(evaluarDuracion('UMBRAL_BAJO', [250, 250], lim, 0, 3)).toEqual({ tipo: 'banda' });
    expect(evaluarDuracion('UMBRAL_BAJO', [250, 250, 320], lim, 10, 3)).toEqual({ tipo: 'normal' });
    expect(evaluarDuracion('UMBRAL_BAJO', [], lim, 0, 3)).toEqual({ tipo: 'sin-limite' });
  });
});

describe('ocurrencias', () => {
  it('counts one occurrence per crossing; hovering inside the band does not reopen', () => {
    const serie = [310, 290, 299, 302, 298, 306, 290, 290].map((valor, i) => ({ i, valor }));
    const abiertas = ocurrencias('UMBRAL_BAJO', serie, () => L({ umbral: 300 }), 5);
    // Opens at 290, stays open through 299/302/298 (never ≥ 305), closes at 306, reopens at 290.
    expect(abiertas.map((o) => o.punto.i)).toEqual([1, 6]);
    // Without a band, every return above 300 closes it: 290 opens, 302 closes, 298 reopens, 306 closes, 290 reopens.
    expect(ocurrencias('UMBRAL_BAJO', serie, () => L({ umbral: 300 }), 0).map((o) => o.punto.i)).toEqual([
      1, 4, 6,
    ]);
  });

  it('a duration needs that many crossing values in a row', () => {
    const serie = [290, 310, 290, 290, 290, 290].map((valor, i) => ({ i, valor }));
    expect(ocurrencias('UMBRAL_BAJO', serie, () => L({ umbral: 300 }), 0, 3).map((o) => o.punto.i)).toEqual([
      4,
    ]);
  });
});
