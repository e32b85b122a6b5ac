import { describe, expect, it } from 'vitest';
import { chartVariable, rendimientoSections } from './rendimiento-variables.ts';

const v = (
  nombre: string,
  area: string,
  unidad: string,
  over: Partial<{ nivel: string; estado: number }> = {},
) => ({ nombre, area, unidad, nivel: 'GLOBAL', estado: 1, ...over });

const catalogo = [
  v('Consumo de azúcar (kg)', 'rendimiento', 'kg'),
  v('Merma de bebida (%)', 'rendimiento', '%'),
  v('Rendimiento de tapas (%)', 'rendimiento', '%'),
  v('Rendimiento de jarabe (%)', 'rendimiento', '%'),
  v('Rendimiento de vapor (%)', 'rendimiento', '%'),
  v('Rendimiento de CO₂ (%)', 'rendimiento', '%'),
  v('Rendimiento de jarabe (%)_561', 'rendimiento', '%', { nivel: 'INDIVIDUAL' }),
  v('Rendimiento antiguo (%)', 'rendimiento', '%', { estado: 0 }),
  v('Producción (CU)', 'fabrica', 'CU'),
  v('Relación agua (L/L)', 'fabrica', 'L/L'),
  v('Agua extraída (m³)', 'utilidades', 'm³'),
  v('Energía eléctrica (kWh)', 'energia', 'kWh'),
  v('Consumo de gas (m³)', 'energia', 'm³', { estado: 0 }),
  v('KPI energía (kWh/CU)', 'energia', 'kWh/CU'),
];

describe('rendimientoSections', () => {
  it('lists the plant-level yields and losses in reading order, unknown ones after by nombre', () => {
    expect(rendimientoSections(catalogo).rendimientos.map((x) => x.nombre)).toEqual([
      'Rendimiento de jarabe (%)',
      'Rendimiento de CO₂ (%)',
      'Rendimiento de tapas (%)',
      'Merma de bebida (%)',
      'Rendimiento de vapor (%)',
    ]);
  });

  it('lists one active variable per consumption, the DOMAIN name before the meter name', () => {
    expect(rendimientoSections(catalogo).consumos.map((x) => x.nombre)).toEqual([
      'Agua extraída (m³)',
      'Energía eléctrica (kWh)',
      // Consumo de gas is inactive: left out.
      'Relación agua (L/L)',
      'KPI energía (kWh/CU)',
    ]);
    const conNombreDomain = [...catalogo, v('Consumo de agua (m³)', 'rendimiento', 'm³')];
    expect(rendimientoSections(conNombreDomain).consumos[0]?.nombre).toBe('Consumo de agua (m³)');
  });

  it('leaves the raw materials (kilograms of the yields area) out of both sections', () => {
    const { rendimientos, consumos } = rendimientoSections(catalogo);
    expect([...rendimientos, ...consumos].some((x) => x.nombre === 'Consumo de azúcar (kg)')).toBe(false);
  });

  it('is empty for an empty catalogue', () => {
    expect(rendimientoSections([])).toEqual({ rendimientos: [], consumos: [] });
  });
});

describe('chartVariable', () => {
  const list = [
    v('Rendimiento de jarabe (%)', 'rendimiento', '%'),
    v('Agua extraída (m³)', 'utilidades', 'm³'),
  ];

  it("is the URL's variable when it is on the screen, else the first", () => {
    expect(chartVariable(list, 'Agua extraída (m³)')?.nombre).toBe('Agua extraída (m³)');
    expect(chartVariable(list, 'Producción (CU)')?.nombre).toBe('Rendimiento de jarabe (%)');
    expect(chartVariable(list, null)?.nombre).toBe('Rendimiento de jarabe (%)');
    expect(chartVariable([], null)).toBeUndefined();
  });
});
