import { describe, expect, it } from 'vitest';
import { chartVariable, fabricaVariables } from './fabrica-variables.ts';

const v = (nombre: string, over: Partial<{ area: string; nivel: string; estado: number }> = {}) => ({
  nombre,
  area: 'fabrica',
  nivel: 'GLOBAL',
  estado: 1,
  ...over,
});

describe('fabricaVariables', () => {
  it('keeps the plant-level fábrica variables in reading order, others after by nombre', () => {
    const list = [
      v('ZWL (%)'),
      v('Zeta nueva'),
      v('ETA (%)_561', { nivel: 'INDIVIDUAL' }),
      v('Producción (CU)'),
      v('Rendimiento de jarabe (%)', { area: 'rendimiento' }),
      v('Alfa nueva'),
      v('OEE (%)'),
      v('Antigua', { estado: 0 }),
    ];
    expect(fabricaVariables(list).map((x) => x.nombre)).toEqual([
      'Producción (CU)',
      'OEE (%)',
      'ZWL (%)',
      'Alfa nueva',
      'Zeta nueva',
    ]);
  });
});

describe('chartVariable', () => {
  const list = [v('Producción (CU)'), v('ETA (%)')];

  it('is the looked-up variable when it is on the screen', () => {
    expect(chartVariable(list, v('ETA (%)'))?.nombre).toBe('ETA (%)');
  });

  it('falls back to the first variable when the lookup found nothing ({}) or another area\u2019s', () => {
    expect(chartVariable(list, {})?.nombre).toBe('Producción (CU)');
    expect(chartVariable(list, v('Rendimiento de jarabe (%)'))?.nombre).toBe('Producción (CU)');
    expect(chartVariable([], {})).toBeUndefined();
  });
});
