import { describe, expect, it } from 'vitest';
import { brechaPp, diasEficiencia, enlaceEficienciaPagada, rangoEta, seleccionDe } from './eta.ts';

describe('diasEficiencia', () => {
  it('lists every day of the range, the plant beside the line, with gaps and 2 decimals', () => {
    const dias = diasEficiencia(
      '2026-03-01',
      '2026-03-03',
      [
        { fecha: '2026-03-01', eta: 81.234, pagada: 60, sap: null },
        { fecha: '2026-03-03', eta: 79, pagada: 61, sap: 62 },
      ],
      [{ fecha: '2026-03-03', linea: 1, eta: 85.555, pagada: 66.666, sap: 64 }],
    );
    expect(dias).toEqual([
      { fecha: '2026-03-01', etaPlanta: 81.23, eta: null, pagada: null, sap: null },
      { fecha: '2026-03-02', etaPlanta: null, eta: null, pagada: null, sap: null },
      { fecha: '2026-03-03', etaPlanta: 79, eta: 85.56, pagada: 66.67, sap: 64 },
    ]);
  });

  it('covers the 30 days ending on the date', () => {
    expect(rangoEta('2026-03-10')).toEqual({ desde: '2026-02-09', hasta: '2026-03-10' });
    expect(diasEficiencia('2026-02-09', '2026-03-10', [], [])).toHaveLength(30);
  });
});

describe('the paid-efficiency selection', () => {
  it('is {linea, pagada, sap, fecha} of a line’s day, none for a day without data', () => {
    const dia = { fecha: '2026-03-03', etaPlanta: 79, eta: 85, pagada: 66.67, sap: 64 };
    expect(seleccionDe(2, dia)).toEqual({ linea: 2, pagada: 66.67, sap: 64, fecha: '2026-03-03' });
    expect(seleccionDe(2, { ...dia, eta: null, pagada: null, sap: null })).toBeNull();
    expect(seleccionDe(2, undefined)).toBeNull();
  });

  it('gives the gap in percentage points and the link to the Eficiencia Pagada screen', () => {
    expect(brechaPp(66.67, 64)).toBe(2.67);
    expect(brechaPp(60, null)).toBeNull();
    expect(enlaceEficienciaPagada({ linea: 2, fecha: '2026-03-03' })).toBe(
      '/eficiencia_pagada?linea=2&fecha=2026-03-03',
    );
  });
});
