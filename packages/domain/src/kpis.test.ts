import { describe, expect, it } from 'vitest';
import {
  UNIT_CASE_LITRES,
  ZERO_WASTE_TARGET,
  compliance,
  complianceColor,
  efficiencyOfSums,
  eta,
  finishedProduct,
  mttf,
  mttr,
  mttrMttfAxisMax,
  factorCu,
  paidEfficiency,
  round2,
  zeroWasteAccumulated,
  zwl,
} from './kpis.ts';

describe('round2', () => {
  it('rounds half away from zero despite binary floating point', () => {
    expect(round2(1.005)).toBe(1.01);
    expect(round2(-1.005)).toBe(-1.01);
    expect(round2(2.675)).toBe(2.68);
    expect(round2(1.004)).toBe(1);
    expect(round2(0.125)).toBe(0.13);
    expect(round2(-0.125)).toBe(-0.13);
    expect(round2(0.1 + 0.2)).toBe(0.3);
    expect(round2(123456.789)).toBe(123456.79);
  });

  it('never returns −0 and handles tiny, huge and non-finite values', () => {
    expect(Object.is(round2(-0), 0)).toBe(true);
    expect(Object.is(round2(-0.001), 0)).toBe(true);
    expect(round2(1e-7)).toBe(0);
    expect(round2(1e20)).toBe(1e20);
    expect(round2(Number.NaN)).toBeNaN();
    expect(round2(Infinity)).toBe(Infinity);
  });
});

describe('factorCu', () => {
  it('uses 5.678 L per unit case', () => {
    expect(UNIT_CASE_LITRES).toBe(5.678);
  });

  it.each([
    [12, 600, 'ml', '1.268'],
    [6, 2, 'L', '2.113'],
    [6, 3, 'L', '3.170'],
    [12, 355, 'ml', '0.750'],
    [12, 1.5, 'L', '3.170'],
    [8, 2.5, 'L', '3.522'],
  ] as const)('%i × %d %s = %s CU', (n, volumen, unidad, expected) => {
    expect(factorCu(n, volumen, unidad).toFixed(3)).toBe(expected);
  });

  it('gives the same factor for ml and L', () => {
    expect(factorCu(6, 2000, 'ml')).toBeCloseTo(factorCu(6, 2, 'L'), 12);
  });
});

describe('finishedProduct', () => {
  it('is bottles per pack × packs', () => {
    expect(finishedProduct(12, 250)).toBe(3000);
    expect(finishedProduct(6, 0)).toBe(0);
  });
});

describe('zero waste', () => {
  it('has a 99 % target', () => {
    expect(ZERO_WASTE_TARGET).toBe(99);
  });

  it('is aprovechable over total × 100, 2 decimals, null without waste', () => {
    expect(zwl(990, 10)).toBe(99);
    expect(zwl(2, 1)).toBe(66.67);
    expect(zwl(1, 2)).toBe(33.33);
    expect(zwl(0, 5)).toBe(0);
    expect(zwl(0, 0)).toBeNull();
  });

  it('accumulates as the ratio of the sums, not the mean of the monthly zwl', () => {
    const months = [
      { mes: 'Enero', aprovechable: 9900, no_aprovechable: 100 }, // 99 %
      { mes: 'Febrero', aprovechable: 50, no_aprovechable: 50 }, // 50 %
    ];
    const acc = zeroWasteAccumulated(months);
    expect(acc).toEqual({ mes: 'Acumulado', aprovechable: 9950, no_aprovechable: 150, zwl: 98.51 });
    expect(acc.zwl).not.toBe(74.5); // the mean of 99 and 50
  });

  it('gives a null zwl for no rows', () => {
    expect(zeroWasteAccumulated([])).toEqual({
      mes: 'Acumulado',
      aprovechable: 0,
      no_aprovechable: 0,
      zwl: null,
    });
  });
});

describe('mttrMttfAxisMax', () => {
  it('defaults to 50 and 1200 without data', () => {
    expect(mttrMttfAxisMax([], 'mttr')).toBe(50);
    expect(mttrMttfAxisMax([], 'mttf')).toBe(1200);
    expect(mttrMttfAxisMax([null, null], 'mttf')).toBe(1200);
    expect(mttrMttfAxisMax([0, null], 'mttr')).toBe(50);
  });

  it('is the highest value × 1.1 rounded up', () => {
    expect(mttrMttfAxisMax([12, null, 31.4, 20], 'mttr')).toBe(35); // 34.54 → 35
    expect(mttrMttfAxisMax([1500, 800], 'mttf')).toBe(1650);
  });

  it('does not round up a floating-point error (100 × 1.1 = 110, not 111)', () => {
    expect(mttrMttfAxisMax([100], 'mttr')).toBe(110);
    expect(mttrMttfAxisMax([50], 'mttr')).toBe(55);
    expect(mttrMttfAxisMax([1000], 'mttf')).toBe(1100);
  });
});

describe('mttr and mttf', () => {
  it('divides by failures and is null without failures', () => {
    expect(mttr(300, 12)).toBe(25);
    expect(mttr(100, 3)).toBe(33.33);
    expect(mttr(0, 0)).toBeNull();
    expect(mttf(12_000, 12)).toBe(1000);
    expect(mttf(12_000, 0)).toBeNull();
  });

  it('takes run time (operating − downtime) for MTTF', () => {
    const operating = 43_200;
    const downtime = 600;
    expect(mttf(operating - downtime, 20)).toBe(2130);
  });
});

describe('efficiencies', () => {
  it('computes ETA and paid efficiency, paid ≤ ETA for the same production', () => {
    // 1,268 CU/h nominal, 7 h running in an 8 h paid shift, 7,100 CU produced
    expect(eta(7100, 1268, 7)).toBe(79.99);
    expect(paidEfficiency(7100, 1268, 8)).toBe(69.99);
    expect(eta(0, 1268, 0)).toBeNull();
    expect(paidEfficiency(100, 0, 8)).toBeNull();
  });

  it('combines rows as Σ produced / Σ capacity, never the mean of percentages', () => {
    const rows = [
      { produced: 900, capacity: 1000 }, // 90 %
      { produced: 10, capacity: 100 }, // 10 %
    ];
    expect(efficiencyOfSums(rows)).toBe(82.73); // 910 / 1100
    expect(efficiencyOfSums(rows)).not.toBe(50);
    expect(efficiencyOfSums([])).toBeNull();
  });
});

describe('compliance', () => {
  it('is real / plan × 100, null without a plan', () => {
    expect(compliance(95, 100)).toBe(95);
    expect(compliance(1, 3)).toBe(33.33);
    expect(compliance(10, 0)).toBeNull();
  });

  it('colours higher-is-better KPIs: success at meta, warning within 5 % below, else error', () => {
    expect(complianceColor(99, 99)).toBe('success');
    expect(complianceColor(120, 99)).toBe('success');
    expect(complianceColor(94.05, 99)).toBe('warning'); // exactly 95 % of the meta
    expect(complianceColor(94.04, 99)).toBe('error');
    expect(complianceColor(50, 99)).toBe('error');
  });

  it('colours lower-is-better KPIs the other way round', () => {
    expect(complianceColor(0.6, 0.62, false)).toBe('success');
    expect(complianceColor(0.65, 0.62, false)).toBe('warning'); // 4.8 % above
    expect(complianceColor(0.66, 0.62, false)).toBe('error');
  });

  it('is default when the value or the meta is missing', () => {
    expect(complianceColor(null, 99)).toBe('default');
    expect(complianceColor(90, null)).toBe('default');
    expect(complianceColor(undefined, undefined)).toBe('default');
    expect(complianceColor(Number.NaN, 99)).toBe('default');
  });
});
