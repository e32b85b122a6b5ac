import { describe, expect, it } from 'vitest';
import { planificacionSections } from './planificacion-variables.ts';

const v = (
  nombre: string,
  area: string,
  unidad: string,
  over: Partial<{ nivel: string; estado: number }> = {},
) => ({ nombre, area, unidad, nivel: 'GLOBAL', estado: 1, ...over });

const catalogo = [
  v('Consumo de CO₂ (kg)', 'rendimiento', 'kg'),
  v('Consumo de tapas (u)', 'rendimiento', 'u'),
  v('Consumo de azúcar (kg)', 'rendimiento', 'kg'),
  v('Consumo de vapor (t)', 'rendimiento', 't'),
  v('Consumo de azúcar (kg)_561', 'rendimiento', 'kg', { nivel: 'INDIVIDUAL' }),
  v('Rendimiento de azúcar (%)', 'rendimiento', '%'),
  v('Días de inventario (d)', 'planificacion', 'd'),
  v('Nivel de servicio (%)', 'planificacion', '%'),
  v('Adherencia al programa (%)', 'planificacion', '%'),
  v('Pronóstico de ventas (CU)', 'planificacion', 'CU'),
  v('Plan antiguo (%)', 'planificacion', '%', { estado: 0 }),
  v('Producción (CU)', 'fabrica', 'CU'),
];

describe('planificacionSections', () => {
  it('lists the raw materials consumed (quantities of the yields area), in the yields order', () => {
    expect(planificacionSections(catalogo).materiaPrima.map((x) => x.nombre)).toEqual([
      'Consumo de azúcar (kg)',
      'Consumo de CO₂ (kg)',
      'Consumo de tapas (u)',
      'Consumo de vapor (t)',
    ]);
  });

  it('lists the active plant-level planning indicators, known ones first', () => {
    expect(planificacionSections(catalogo).indicadores.map((x) => x.nombre)).toEqual([
      'Adherencia al programa (%)',
      'Nivel de servicio (%)',
      'Días de inventario (d)',
      'Pronóstico de ventas (CU)',
    ]);
  });

  it('is empty for an empty catalogue', () => {
    expect(planificacionSections([])).toEqual({ materiaPrima: [], indicadores: [] });
  });
});
