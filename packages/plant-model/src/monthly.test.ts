import { describe, expect, it } from 'vitest';
import { createPlantModel } from './model.ts';

const model = createPlantModel({ seed: 5, timeZone: 'America/Lima' });

const plan = (year: number, month: number, variable = 'Producción (CU)') =>
  model.month(year, month).planificaciones.find((p) => p.variable === variable);

describe('month', () => {
  it('plans the plant and each line, AOP higher in the Lima summer, negociado within ±8 %', () => {
    const data = model.month(2024, 2);
    expect(data.mes).toBe('2024-02-01');
    expect(data.planificaciones.map((p) => p.variable)).toEqual([
      'Producción (CU)',
      'Producción (CU)_561',
      'Producción (CU)_562',
      'Producción (CU)_563',
      'Producción (CU)_564',
    ]);
    for (let month = 1; month <= 12; month++) {
      const all = model.month(2024, month).planificaciones;
      const [plant, ...lines] = all;
      expect(plant?.aop).toBe(lines.reduce((s, p) => s + p.aop, 0));
      for (const p of all) {
        expect(p.negociado / p.aop).toBeGreaterThanOrEqual(0.92);
        expect(p.negociado / p.aop).toBeLessThanOrEqual(1.08);
      }
    }
    const perDay = (m: number, days: number) => (plan(2024, m)?.aop ?? 0) / days;
    expect(perDay(1, 31)).toBeGreaterThan(perDay(7, 31) * 1.1);
    expect(perDay(2, 29)).toBeGreaterThan(perDay(8, 31) * 1.1);
  });

  it('plans close to what the lines actually make', () => {
    let produced = 0;
    for (let d = 1; d <= 30; d++) {
      const day = model.day(`2024-06-${String(d).padStart(2, '0')}`);
      produced += day.valores.find((v) => v.variable === 'Productividad (CU/HH)')?.numerador ?? 0;
    }
    const aop = plan(2024, 6)?.aop ?? 0;
    expect(produced / aop).toBeGreaterThan(0.9);
    expect(produced / aop).toBeLessThan(1.1);
  });

  it('splits waste with DOMAIN’s mix so ZWL is 97–99.5 %', () => {
    for (let month = 1; month <= 12; month++) {
      const waste = model.month(2024, month).zeroWaste;
      expect(waste).toHaveLength(12);
      const total = waste.reduce((s, z) => s + z.kg, 0);
      const share = (name: string) => ((waste.find((z) => z.clasificacion === name)?.kg ?? 0) / total) * 100;
      const zwl = 100 - share('Ordinarios (no aprovechable)');
      expect(zwl).toBeGreaterThanOrEqual(97);
      expect(zwl).toBeLessThanOrEqual(99.5);
      expect(share('Lodos PTA')).toBeGreaterThanOrEqual(20);
      expect(share('Lodos PTA')).toBeLessThanOrEqual(40);
      expect(share('Cartón/papel')).toBeGreaterThanOrEqual(15);
      expect(share('Cartón/papel')).toBeLessThanOrEqual(25);
      expect(share('PET (preformas y botellas)')).toBeGreaterThanOrEqual(10);
      expect(share('PET (preformas y botellas)')).toBeLessThanOrEqual(20);
    }
  });

  it('budgets overtime per area and OBZ packages with actuals near budget', () => {
    const data = model.month(2024, 9);
    expect(data.presupuestoHorasExtra.map((p) => p.area)).toEqual([
      'Producción',
      'Mantenimiento',
      'Calidad',
      'Logística',
      'Administración',
    ]);
    for (const p of data.presupuestoHorasExtra) expect(p.horas).toBeGreaterThan(0);
    expect(data.obz.length).toBeGreaterThanOrEqual(10);
    for (const o of data.obz) {
      expect(o.presupuesto).toBeGreaterThan(0);
      expect(Math.abs(o.real / o.presupuesto - 1)).toBeLessThan(0.3);
    }
  });
});

describe('zeroWasteProjection', () => {
  it('sums the year per classification and its zeroWaste column adds up to the projected ZWL', () => {
    const rows = model.zeroWasteProjection(2024);
    expect(rows).toHaveLength(12);
    const ordinarios = rows.find((r) => r.clasificacion === 'Ordinarios (no aprovechable)');
    expect(ordinarios?.aprovechables).toBe(0);
    expect(ordinarios?.noAprovechables).toBeGreaterThan(0);
    const zwl = rows.reduce((s, r) => s + r.zeroWaste, 0);
    expect(zwl).toBeGreaterThan(97);
    expect(zwl).toBeLessThan(99.6);
    let lodos = 0;
    for (let m = 1; m <= 12; m++)
      lodos += model.month(2024, m).zeroWaste.find((z) => z.clasificacion === 'Lodos PTA')?.kg ?? 0;
    expect(rows.find((r) => r.clasificacion === 'Lodos PTA')?.aprovechables).toBe(lodos);
  });
});

describe('meta', () => {
  it('spreads the month’s negociado over its working days', () => {
    for (const variable of ['Producción (CU)', 'Producción (CU)_562']) {
      let sum = 0;
      let daysOff = 0;
      for (let d = 1; d <= 31; d++) {
        const meta = model.meta(variable, `2024-07-${String(d).padStart(2, '0')}`);
        if (meta === null) daysOff++;
        else sum += meta;
      }
      expect(Math.abs(sum - (plan(2024, 7, variable)?.negociado ?? 0))).toBeLessThanOrEqual(31);
      // Line 2 stops on winter Sundays; the plant always has a line working.
      expect(daysOff).toBe(variable === 'Producción (CU)' ? 0 : 4);
    }
    expect(model.meta('Producción (CU)', '2024-12-25')).toBeNull();
  });

  it('uses fixed targets for ratios and none for variables without a target', () => {
    expect(model.meta('ETA (%)', '2024-07-01')).toBe(85);
    expect(model.meta('ETA (%)_563', '2024-07-01')).toBe(85);
    expect(model.meta('Rendimiento de jarabe (%)', '2024-07-01')).toBe(98.5);
    expect(model.meta('ZWL (%)', '2024-07-01')).toBe(99);
    expect(model.meta('pH salida', '2024-07-01')).toBeNull();
    expect(model.meta('Variable inexistente', '2024-07-01')).toBeNull();
  });
});
