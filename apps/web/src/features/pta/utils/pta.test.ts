import { describe, expect, it } from 'vitest';
import { buildAcumuladosOption } from './acumulados-option.ts';
import {
  carga,
  estadoLimite,
  leerDias,
  rangoTendencia,
  remocion,
  remocionDeSumas,
  seriesTendencia,
  sinUnidad,
  textoLimite,
} from './pta.ts';
import { buildTendenciaOption, COLOR_FUERA } from './tendencia-option.ts';

const variable = (nombre: string, unidad: string, extra: { minimo?: number; maximo?: number } = {}) => ({
  nombre,
  unidad,
  decimales: 0,
  minimo: extra.minimo ?? null,
  maximo: extra.maximo ?? null,
});

describe('pta rules', () => {
  it('load kg/d = Q m³/d × C mg/L / 1000', () => {
    expect(carga(500, 3000)).toBe(1500);
    expect(carga(0.5, 2)).toBe(0.001);
    expect(carga(null, 3000)).toBeNull();
    expect(carga(500, undefined)).toBeNull();
  });

  it('removal % = (in − out) / in × 100, none without both or with in ≤ 0', () => {
    expect(remocion(3000, 150)).toBeCloseTo(95, 10);
    expect(remocion(400, 40)).toBeCloseTo(90, 10);
    expect(remocion(0, 0)).toBeNull();
    expect(remocion(3000, null)).toBeNull();
  });

  it("a range's removal is the ratio of the sums, not the mean of the daily removals", () => {
    // Day 1: 100 m³, 2000 → 400 (80 %); day 2: 900 m³, 4000 → 100 (97.5 %); day 3 has no outlet.
    const r = remocionDeSumas([100, 900, 700], [2000, 4000, 3000], [400, 100, null]);
    const esperado = ((100 * 1600 + 900 * 3900) / (100 * 2000 + 900 * 4000)) * 100;
    expect(r).toBeCloseTo(esperado, 10);
    expect(r).not.toBeCloseTo((80 + 97.5) / 2, 1);
    expect(remocionDeSumas([null], [1], [1])).toBeNull();
  });

  it('judges against minimo/maximo and says so in words', () => {
    expect(estadoLimite(7, 6.5, 8.5)).toBe('CUMPLE');
    expect(estadoLimite(9.1, 6.5, 8.5)).toBe('NO_CUMPLE');
    expect(estadoLimite(6, 6.5, null)).toBe('NO_CUMPLE');
    expect(estadoLimite(3000, null, null)).toBe('SIN_LIMITE');
    expect(estadoLimite(null, 6.5, 8.5)).toBe('SIN_DATO');
    expect(textoLimite(6.5, 8.5, 'pH', 2)).toBe('6.50 – 8.50 pH');
    expect(textoLimite(null, 250, 'mg/L', 0)).toBe('≤ 250 mg/L');
    expect(textoLimite(90, null, '%', 1)).toBe('≥ 90.0 %');
    expect(textoLimite(null, null, 'm³', 1)).toBe('—');
    expect(sinUnidad('DQO salida (mg/L)')).toBe('DQO salida');
  });

  it('reads the range of the trend from the URL', () => {
    expect(leerDias(null)).toBe(30);
    expect(leerDias('7')).toBe(7);
    expect(leerDias('12')).toBe(30);
    expect(rangoTendencia('2026-03-02', 7)).toEqual({ desde: '2026-02-24', hasta: '2026-03-02' });
  });
});

describe('pta trend series', () => {
  const api = [
    { variable: variable('Caudal afluente (m³)', 'm³'), valores: [100, 900, null] },
    { variable: variable('DQO entrada (mg/L)', 'mg/L'), valores: [2000, 4000, 3000] },
    { variable: variable('DQO salida (mg/L)', 'mg/L', { maximo: 250 }), valores: [400, 100, 150] },
  ];

  it('adds each removal and inlet load day by day, with the range figure', () => {
    const s = seriesTendencia(api, { minimo: 90, maximo: 100 });
    expect(s.map((x) => x.clave)).toEqual([
      'Caudal afluente (m³)',
      'DQO entrada (mg/L)',
      'DQO salida (mg/L)',
      'remocion-DQO',
      'carga-DQO',
    ]);
    const rem = s.find((x) => x.clave === 'remocion-DQO')!;
    expect(rem.valores[0]).toBeCloseTo(80, 10);
    expect(rem.valores[1]).toBeCloseTo(97.5, 10);
    expect(rem.minimo).toBe(90);
    expect(rem.rango).toBeCloseTo(
      remocionDeSumas([100, 900, null], [2000, 4000, 3000], [400, 100, 150])!,
      10,
    );
    const cargaDqo = s.find((x) => x.clave === 'carga-DQO')!;
    expect(cargaDqo.valores).toEqual([200, 3600, null]);
    expect(cargaDqo.rango).toBe(3800);
  });

  it('draws the limits and marks the points outside them; no chart without values', () => {
    const s = seriesTendencia(api);
    const salida = s.find((x) => x.clave === 'DQO salida (mg/L)')!;
    const option = buildTendenciaOption({
      fechas: ['2026-01-01', '2026-01-02', '2026-01-03'],
      serie: salida,
    });
    const series = option!.series as { name: string; data: unknown[] }[];
    expect(series.map((x) => x.name)).toEqual(['Valor', 'Máximo']);
    expect(series[0]!.data[0]).toMatchObject({ value: 400, itemStyle: { color: COLOR_FUERA } });
    expect(series[0]!.data[1]).toBe(100);
    expect(series[1]!.data).toEqual([250, 250, 250]);
    const vacia = { ...salida, valores: [null, null] };
    expect(buildTendenciaOption({ fechas: ['2026-01-01', '2026-01-02'], serie: vacia })).toBeNull();
  });
});

describe('pta month-by-month chart', () => {
  it('draws the months with data and leaves months without data empty (never 0)', () => {
    const option = buildAcumuladosOption([
      { nombreMes: 'Enero', afluenteM3: 15000, dqoRemovidaKg: 42000, energiaKwhM3: 0.41 },
      { nombreMes: 'Febrero', afluenteM3: null, dqoRemovidaKg: null, energiaKwhM3: null },
    ]);
    const series = option!.series as { name: string; data: unknown[] }[];
    expect(series[0]!.data).toEqual([15000, null]);
    expect(series[1]!.data).toEqual([42000, null]);
    expect(series[2]!.data).toEqual([0.41, null]);
    expect(
      buildAcumuladosOption([
        { nombreMes: 'Enero', afluenteM3: null, dqoRemovidaKg: null, energiaKwhM3: null },
      ]),
    ).toBeNull();
  });
});
