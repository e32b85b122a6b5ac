import { describe, expect, it } from 'vitest';
import { cumplimiento, metaALaFecha, proyeccionCierre, resumenAnual } from './cumplimiento.ts';

describe('metaALaFecha', () => {
  const dias = [
    { fecha: '2026-11-01', diario: 0, meta: null }, // Sunday: no meta
    { fecha: '2026-11-02', diario: 150_000, meta: 160_000 },
    { fecha: '2026-11-03', diario: 170_000, meta: 160_000 },
    { fecha: '2026-11-04', diario: 90_000, meta: 160_000 },
  ];

  it('adds the daily metas up to fecha, skipping days without one', () => {
    expect(metaALaFecha(dias, '2026-11-03')).toBe(320_000);
    expect(metaALaFecha(dias, '2026-11-30')).toBe(480_000);
  });

  it('is null when no day up to fecha has a meta', () => {
    expect(metaALaFecha(dias, '2026-11-01')).toBeNull();
    expect(metaALaFecha([], '2026-11-30')).toBeNull();
  });
});

describe('proyeccionCierre', () => {
  it('scales the month so far to the whole negociado', () => {
    // 75 % of the plan to date done → 75 % of the negociado at the close.
    expect(proyeccionCierre(300_000, 400_000, 4_000_000)).toBe(3_000_000);
  });

  it('is null without production, a plan to date or a negociado', () => {
    expect(proyeccionCierre(null, 400_000, 4_000_000)).toBeNull();
    expect(proyeccionCierre(300_000, null, 4_000_000)).toBeNull();
    expect(proyeccionCierre(300_000, 0, 4_000_000)).toBeNull();
    expect(proyeccionCierre(300_000, 400_000, null)).toBeNull();
  });
});

describe('cumplimiento', () => {
  it('is real / plan × 100 with 2 decimals, null when either is missing or the plan is 0', () => {
    expect(cumplimiento(950, 1_000)).toBe(95);
    expect(cumplimiento(1, 3)).toBe(33.33);
    expect(cumplimiento(null, 1_000)).toBeNull();
    expect(cumplimiento(950, null)).toBeNull();
    expect(cumplimiento(950, 0)).toBeNull();
  });
});

describe('resumenAnual', () => {
  const meses = [
    { mes: 1, negociado: 1_000, aop: 1_100, real: 1_050 },
    { mes: 2, negociado: 1_000, aop: 1_000, real: 900 },
    { mes: 3, negociado: 1_000, aop: 900, real: 400 },
    { mes: 4, negociado: 1_000, aop: 1_000, real: null },
    ...Array.from({ length: 8 }, (_, i) => ({ mes: i + 5, negociado: null, aop: null, real: null })),
  ];

  it('compares the production up to the month with the whole year plan (ratio of sums)', () => {
    expect(resumenAnual(meses, 3)).toEqual({
      real: 2_350,
      negociado: 4_000,
      aop: 4_000,
      mesesConPlan: 4,
      avanceNegociado: 58.75,
      avanceAop: 58.75,
      esperadoNegociado: null,
      esperadoAop: null,
    });
    expect(resumenAnual(meses, 1).real).toBe(1_050);
  });

  it("places where production should be: earlier months' plans plus the month's plan to date", () => {
    // March half done: 2,000 + 500 of the 4,000 negociado; AOP 2,100 + 450 of 4,000.
    const r = resumenAnual(meses, 3, 500);
    expect(r.esperadoNegociado).toBe(62.5);
    expect(r.esperadoAop).toBe(63.75);
    // January, a whole month to date.
    expect(resumenAnual(meses, 1, 1_000).esperadoNegociado).toBe(25);
  });

  it('has nulls for a year without data', () => {
    const vacio = Array.from({ length: 12 }, (_, i) => ({
      mes: i + 1,
      negociado: null,
      aop: null,
      real: null,
    }));
    expect(resumenAnual(vacio, 12, 100)).toEqual({
      real: null,
      negociado: null,
      aop: null,
      mesesConPlan: 0,
      avanceNegociado: null,
      avanceAop: null,
      esperadoNegociado: null,
      esperadoAop: null,
    });
  });
});
