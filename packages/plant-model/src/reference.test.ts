import { describe, expect, it } from 'vitest';
import { createPlantModel } from './model.ts';
import { factorCu } from '@planta/domain';
import { LINE_PRODUCTS, productoPresentacionDeFormato } from './reference.ts';

const { reference } = createPlantModel({ seed: 1, timeZone: 'America/Lima' });

describe('reference data', () => {
  it('has the plant and four lines with their SAP suffixes', () => {
    expect(reference.planta).toBe('Planta');
    expect(reference.lineas).toEqual([
      { numero: 0, nombre: 'Planta', sufijo: '' },
      { numero: 1, nombre: 'Línea 1', sufijo: '_561' },
      { numero: 2, nombre: 'Línea 2', sufijo: '_562' },
      { numero: 3, nombre: 'Línea 3', sufijo: '_563' },
      { numero: 4, nombre: 'Línea 4', sufijo: '_564' },
    ]);
  });

  it('computes the pack factor as bottles × litres / 5.678', () => {
    const factor = (key: string) => reference.presentaciones.find((p) => p.key === key)?.factor ?? NaN;
    expect(factor('600ml-12')).toBeCloseTo(1.268, 3);
    expect(factor('2l-6')).toBeCloseTo(2.113, 3);
    expect(factor('3l-6')).toBeCloseTo(3.17, 3);
    expect(factor('355ml-12')).toBeCloseTo(0.75, 3);
    expect(factor('1.5l-12')).toBeCloseTo(3.17, 3);
    expect(factor('2.5l-8')).toBeCloseTo(3.522, 3);
    expect(factorCu(12, 600, 'ml')).toBeCloseTo(1.268, 3);
  });

  it('gives every product-presentation a code unique on its line, and speeds in DOMAIN ranges', () => {
    const fields = ['hmiLinea1Id', 'hmiLinea2Id', 'hmiLinea3Id', 'hmiLinea4Id'] as const;
    for (const [i, field] of fields.entries()) {
      const linea = i + 1;
      const codes = reference.productoPresentaciones.map((pp) => pp[field]).filter((c) => c != null);
      expect(codes.length).toBeGreaterThan(0);
      expect(new Set(codes).size).toBe(codes.length);
      for (const code of codes) expect(productoPresentacionDeFormato(linea, code ?? 0)?.linea).toBe(linea);
    }
    expect(productoPresentacionDeFormato(1, 0)).toBeNull();
    for (const v of reference.velocidadesNominales) {
      const pp = reference.productoPresentaciones.find((p) => p.key === v.productoPresentacionKey);
      expect(v.velocidadPaquetesHora).toBeCloseTo(
        (v.velocidadBotellasMinuto * 60) / (pp?.numBotellas ?? 1),
        6,
      );
      const bph = v.velocidadBotellasMinuto * 60;
      expect(bph).toBeGreaterThanOrEqual(8_000);
      expect(bph).toBeLessThanOrEqual(48_000);
    }
    const sixHundred = LINE_PRODUCTS.find((p) => p.presentacionKey === '600ml-12');
    expect((sixHundred?.bpm ?? 0) * 60).toBeGreaterThanOrEqual(30_000);
    const glass = LINE_PRODUCTS.find((p) => p.envase === 'VIDRIO');
    expect(glass?.bpm).toBe(400);
    // Every product and presentation referenced exists.
    for (const pp of reference.productoPresentaciones) {
      expect(reference.productos.some((p) => p.key === pp.productoKey)).toBe(true);
      expect(reference.presentaciones.some((p) => p.key === pp.presentacionKey)).toBe(true);
    }
  });

  it('has 60+ uniquely named variables over every area, with per-line variants', () => {
    const names = reference.variables.map((v) => v.nombre);
    expect(names.length).toBeGreaterThanOrEqual(60);
    expect(new Set(names).size).toBe(names.length);
    const areas = new Set(reference.variables.map((v) => v.area));
    expect([...areas].sort()).toEqual(
      [
        'energia',
        'fabrica',
        'mantenimiento',
        'pta',
        'planificacion',
        'rendimiento',
        'rrhh',
        'utilidades',
      ].sort(),
    );
    for (const base of [
      'Producción (CU)',
      'MTTR (min)',
      'MTTF (min)',
      'ETA (%)',
      'Eficiencia pagada (%)',
      'Energía eléctrica (kWh)',
    ]) {
      for (const [linea, sufijo] of [
        [1, '_561'],
        [2, '_562'],
        [3, '_563'],
        [4, '_564'],
      ] as const) {
        const v = reference.variables.find((x) => x.nombre === `${base}${sufijo}`);
        expect(v, `${base}${sufijo}`).toMatchObject({ nivel: 'INDIVIDUAL', lineaNumero: linea });
      }
    }
  });

  it('marks OPC variables with a node id and everything else without one', () => {
    for (const v of reference.variables) {
      if (v.fuente === 'OPC') expect(v.opcNodeId).toMatch(/^ns=2;s=Planta\.[A-Za-z0-9.]+$/);
      else expect(v.opcNodeId).toBeNull();
      if (v.nivel === 'GLOBAL') expect(v.lineaNumero).toBeNull();
      if (v.minimo !== null && v.maximo !== null) expect(v.minimo).toBeLessThan(v.maximo);
    }
    const byName = (n: string) => reference.variables.find((v) => v.nombre === n);
    expect(byName('Producción (CU)')).toMatchObject({
      agregacion: 'SUMA',
      fuente: 'CALCULADA',
      mayorEsMejor: true,
    });
    expect(byName('pH salida')).toMatchObject({ agregacion: 'PROMEDIO', minimo: 6.5, maximo: 8.5 });
    expect(byName('MTTR (min)_561')).toMatchObject({ agregacion: 'PROMEDIO', mayorEsMejor: false });
    expect(byName('Horómetro compresor 1 (h)')).toMatchObject({ agregacion: 'ULTIMO', fuente: 'OPC' });
    expect(byName('Rendimiento de CO₂ (%)')).toMatchObject({ fuente: 'MANUAL', unidad: '%' });
  });

  it('lists ~120 employees with unique codes across the HR areas, and OBZ packages', () => {
    expect(reference.empleados.length).toBeGreaterThanOrEqual(110);
    expect(new Set(reference.empleados.map((e) => e.codigo)).size).toBe(reference.empleados.length);
    expect(new Set(reference.empleados.map((e) => e.area))).toEqual(
      new Set(['Producción', 'Mantenimiento', 'Calidad', 'Logística', 'Administración']),
    );
    expect(reference.obzPaquetes.length).toBeGreaterThanOrEqual(10);
    expect(reference.obzPaquetes.map((p) => p.nombre)).toContain('Químicos PTA');
    expect(reference.zwClasificaciones.filter((c) => !c.aprovechable)).toHaveLength(1);
  });
});
