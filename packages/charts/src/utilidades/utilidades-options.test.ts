import { describe, expect, it } from 'vitest';
import { buildConsumoOption } from './consumo-option.ts';
import { buildFlujoAireOption } from './flujo-aire-option.ts';

describe('buildFlujoAireOption', () => {
  const puntos = [
    { fecha: '2026-11-25T13:00:00Z', flujo_aire_l1: 300, flujo_aire_l2: 200 },
    { fecha: '2026-11-25T13:05:00Z', flujo_aire_l1: null, flujo_aire_l2: null },
    { fecha: '2026-11-25T13:10:00Z', flujo_aire_l1: 80, flujo_aire_l2: 60.5 },
  ];
  it('stacks lines 1 and 2, keeps gaps, marks the idle flow', () => {
    const option = buildFlujoAireOption({
      puntos,
      etiquetas: ['08:00', '08:05', '08:10'],
      flujoSinProduccion: 140,
    })!;
    const series = option.series as {
      name: string;
      data: (number | null)[];
      stack: string;
      markLine?: unknown;
    }[];
    expect(series.map((s) => s.name)).toEqual(['Línea 1', 'Línea 2']);
    expect(series[0]!.data).toEqual([300, null, 80]);
    expect(series[1]!.data).toEqual([200, null, 60.5]);
    expect(series.every((s) => s.stack === 'aire')).toBe(true);
    // A few points show their dots (a lone point between gaps would be invisible otherwise).
    expect(series.every((s) => (s as { showSymbol?: boolean }).showSymbol)).toBe(true);
    expect(JSON.stringify(series[0]!.markLine)).toContain('140');
    expect((option.xAxis as { data: string[] }).data).toEqual(['08:00', '08:05', '08:10']);
    const tooltip = (option.tooltip as { formatter: (p: unknown) => string }).formatter([{ dataIndex: 0 }]);
    expect(tooltip).toContain('500.0 Nm³/h');
  });

  it('is empty (Sin datos) without any value', () => {
    expect(buildFlujoAireOption({ puntos: [puntos[1]!], etiquetas: ['08:05'] })).toBeNull();
  });
});

describe('buildConsumoOption', () => {
  const dias = [
    { fecha: '2026-11-23', valor: 1.42 },
    { fecha: '2026-11-24', valor: null },
    { fecha: '2026-11-25', valor: 1.61 },
  ];
  it('draws each day against the meta, Spanish dates on the axis', () => {
    const option = buildConsumoOption({ dias, unidad: 'L/L', decimales: 2, meta: 1.5, rango: 1.5 })!;
    const series = option.series as { name: string; data: (number | null)[] }[];
    expect(series.map((s) => s.name)).toEqual(['Real', 'Meta']);
    expect(series[0]!.data).toEqual([1.42, null, 1.61]);
    expect(series[1]!.data).toEqual([1.5, 1.5, 1.5]);
    expect((option.xAxis as { data: string[] }).data).toEqual(['23 nov', '24 nov', '25 nov']);
    const tooltip = (option.tooltip as { formatter: (p: unknown) => string }).formatter([{ dataIndex: 2 }]);
    expect(tooltip).toContain('1.61 L/L');
    expect(tooltip).toContain('Todo el rango');
  });
  it('has no meta series without a meta, and no chart without figures', () => {
    const option = buildConsumoOption({ dias, unidad: 'L/L', decimales: 2, meta: null, rango: null })!;
    expect((option.series as unknown[]).length).toBe(1);
    expect(
      buildConsumoOption({
        dias: [{ fecha: '2026-11-25', valor: null }],
        unidad: 'L/L',
        decimales: 2,
        meta: 1,
        rango: null,
      }),
    ).toBeNull();
  });
});
