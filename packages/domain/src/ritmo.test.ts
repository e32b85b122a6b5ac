import { describe, expect, it } from 'vitest';
import { acumulaEnElDia, avanceProgramado, metaAlRitmo, ritmoPct } from './ritmo.ts';

// Two lines: 16 h at 2,000 CU/h and 8 h at 1,000 CU/h (capacity 32,000 + 8,000 CU).
const LINEAS = [
  { minutos: 16 * 60, peso: 2_000 },
  { minutos: 8 * 60, peso: 1_000 },
];

describe('avanceProgramado', () => {
  it('is the scheduled capacity gone by over the day’s scheduled capacity', () => {
    // 15:59 = 479 minutes after 08:00: both lines have run 479 minutes.
    expect(avanceProgramado(LINEAS, 479)).toBeCloseTo(((2_000 * 479 + 1_000 * 479) / 40_000 / 60) * 1, 10);
    // After 10 h the 8-hour line is over: 2,000 × 600 + 1,000 × 480 of 2,000 × 960 + 1,000 × 480.
    expect(avanceProgramado(LINEAS, 600)).toBeCloseTo(
      (2_000 * 600 + 1_000 * 480) / (2_000 * 960 + 1_000 * 480),
      10,
    );
  });

  it('is 0 before the production day starts and 1 once every shift is over', () => {
    expect(avanceProgramado(LINEAS, 0)).toBe(0);
    expect(avanceProgramado(LINEAS, -30)).toBe(0);
    expect(avanceProgramado(LINEAS, 16 * 60)).toBe(1);
    expect(avanceProgramado(LINEAS, 24 * 60)).toBe(1);
  });

  it('without scheduled time, is the share of the production day gone by', () => {
    expect(avanceProgramado([], 720)).toBe(0.5);
    expect(avanceProgramado([{ minutos: 0, peso: 5 }], 360)).toBe(0.25);
    expect(avanceProgramado([], 2_000)).toBe(1);
    // A 25-hour day (clocks going back).
    expect(avanceProgramado([], 750, 1_500)).toBe(0.5);
  });

  it('ignores nonsense (NaN, negative weights or minutes)', () => {
    expect(
      avanceProgramado(
        [
          { minutos: Number.NaN, peso: 1 },
          { minutos: 600, peso: -3 },
        ],
        300,
      ),
    ).toBeCloseTo(300 / 1440, 10);
    expect(avanceProgramado(LINEAS, Number.NaN)).toBe(0);
  });
});

describe('ritmo', () => {
  it('the issue’s 15:59: 73,872 of a 190,435 meta is on pace, not 38.8 %', () => {
    const todoElDia = [{ minutos: 24 * 60, peso: 1 }];
    const avance = avanceProgramado(todoElDia, 479);
    expect(ritmoPct(73_872, 190_435, 1, true)).toBeCloseTo(38.79, 2);
    expect(ritmoPct(73_872, 190_435, avance, true)).toBeCloseTo(
      (73_872 / (190_435 * (479 / 1440))) * 100,
      10,
    );
    expect(ritmoPct(73_872, 190_435, avance, true)!).toBeGreaterThan(100);
    expect(metaAlRitmo(190_435, avance, true)).toBeCloseTo(190_435 * (479 / 1440), 6);
  });

  it('identity: at the end of the production day ritmo = cumplimiento', () => {
    for (const [valor, meta] of [
      [190_000, 190_435],
      [0, 1_000],
      [55.5, 85],
    ] as const) {
      const avance = avanceProgramado(LINEAS, 24 * 60);
      expect(ritmoPct(valor, meta, avance, true)).toBeCloseTo((valor / meta) * 100, 10);
      expect(ritmoPct(valor, meta, avance, false)).toBeCloseTo((valor / meta) * 100, 10);
      expect(metaAlRitmo(meta, avance, true)).toBe(meta);
    }
  });

  it('a ratio (ETA, OEE) keeps its meta all day', () => {
    expect(metaAlRitmo(85, 0.3, false)).toBe(85);
    expect(ritmoPct(80, 85, 0.3, false)).toBeCloseTo((80 / 85) * 100, 10);
  });

  it('is empty without a value, a meta, or anything due yet', () => {
    expect(ritmoPct(null, 100, 0.5, true)).toBeNull();
    expect(ritmoPct(10, null, 0.5, true)).toBeNull();
    expect(ritmoPct(10, 100, 0, true)).toBeNull();
    expect(ritmoPct(10, 0, 1, true)).toBeNull();
    expect(metaAlRitmo(null, 0.5, true)).toBeNull();
    expect(metaAlRitmo(100, 0, true)).toBe(0);
  });

  it('prorates the figures that accumulate through the day', () => {
    expect(acumulaEnElDia({ nombre: 'Producción (CU)', agregacion: 'SUMA' })).toBe(true);
    expect(acumulaEnElDia({ nombre: 'Cumplimiento de meta (%)', agregacion: 'PROMEDIO' })).toBe(true);
    expect(acumulaEnElDia({ nombre: 'ETA (%)', agregacion: 'PROMEDIO' })).toBe(false);
    expect(acumulaEnElDia({ nombre: 'ZWL (%)', agregacion: 'ULTIMO' })).toBe(false);
  });
});
