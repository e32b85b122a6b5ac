import { describe, expect, it } from 'vitest';
import { areaGradient, PALETAS_LINEA, paletaLinea, withAlpha } from './paletas.ts';

describe('paletaLinea', () => {
  it('gives lines 1 to 4 their own, distinct colours', () => {
    const principales = [1, 2, 3, 4].map((n) => paletaLinea(n).principal);
    expect(new Set(principales).size).toBe(4);
    expect(paletaLinea(1)).toBe(PALETAS_LINEA[1]);
    expect(paletaLinea(1).principal).toBe('#3fb1e3');
    for (const n of [1, 2, 3, 4]) {
      const p = paletaLinea(n);
      expect(new Set([p.principal, p.claro, p.oscuro]).size).toBe(3);
      for (const c of [p.principal, p.claro, p.oscuro]) expect(c).toMatch(/^#[0-9a-f]{6}$/);
    }
  });

  it('cycles for later lines and falls back to line 1 for nonsense', () => {
    expect(paletaLinea(5)).toBe(PALETAS_LINEA[1]);
    expect(paletaLinea(8)).toBe(PALETAS_LINEA[4]);
    expect(paletaLinea(0)).toBe(PALETAS_LINEA[1]);
    expect(paletaLinea(Number.NaN)).toBe(PALETAS_LINEA[1]);
  });
});

describe('colour helpers', () => {
  it('adds opacity to a hex colour', () => {
    expect(withAlpha('#3fb1e3', 0.3)).toBe('rgba(63, 177, 227, 0.3)');
    expect(() => withAlpha('red', 1)).toThrow(RangeError);
  });

  it('fades the area under a line from the light to the dark shade', () => {
    const g = areaGradient(PALETAS_LINEA[4]);
    expect(g.colorStops.map((s) => s.offset)).toEqual([0, 1]);
    expect(g.colorStops[0]!.color).toBe(withAlpha(PALETAS_LINEA[4].claro, 0.32));
  });
});
