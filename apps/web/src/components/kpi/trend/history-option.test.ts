import { describe, expect, it } from 'vitest';
import { buildHistoryOption, limitsInView } from './history-option.ts';

type Series = {
  name: string;
  data: (number | null)[];
  markLine?: { data: { name: string; yAxis: number }[] };
};

const base = {
  desde: '2026-11-01',
  hasta: '2026-11-04',
  unidad: '%',
  decimales: 2,
  minimo: null,
  maximo: null,
};

describe('buildHistoryOption', () => {
  const rows = [
    { fecha: '2026-11-01', diario: 84, meta: 85 },
    { fecha: '2026-11-03', diario: 88, meta: 85 },
    { fecha: '2026-11-04', diario: 90, meta: null },
    { fecha: '2026-10-31', diario: 1, meta: 1 }, // outside: ignored
  ];

  it('puts every day of the period on the axis, with gaps for days without data', () => {
    const option = buildHistoryOption({ ...base, rows })!;
    expect((option.xAxis as { data: string[] }).data).toEqual([
      '01/11/26',
      '02/11/26',
      '03/11/26',
      '04/11/26',
    ]);
    const [diario, meta] = option.series as Series[];
    expect(diario!.data).toEqual([84, null, 88, 90]);
    expect(meta!.data).toEqual([85, null, 85, null]);
    expect(diario!.markLine).toBeUndefined();
    expect(option.dataZoom).toEqual([]);
  });

  it('draws the configured limits near the values and widens the axis to a round number past them', () => {
    const option = buildHistoryOption({ ...base, rows, minimo: 82, maximo: 95 })!;
    const [diario] = option.series as Series[];
    expect(diario!.markLine!.data).toEqual([
      { name: 'Mínimo', yAxis: 82 },
      { name: 'Máximo', yAxis: 95 },
    ]);
    expect(option.yAxis).toMatchObject({ min: 80, max: 100 });
  });

  it('leaves far limits (0 and 100 % around 84–90 %) off the chart so the line keeps its detail', () => {
    const option = buildHistoryOption({ ...base, rows, minimo: 0, maximo: 100 })!;
    expect((option.series as Series[])[0]!.markLine).toBeUndefined();
    expect(option.yAxis).not.toHaveProperty('min');
    expect(option.yAxis).not.toHaveProperty('max');
  });

  it('limitsInView: inside the values a limit is drawn without widening the axis', () => {
    expect(limitsInView(1.3, 1.9, null, 1.8)).toEqual({ minimo: null, maximo: 1.8 });
    expect(limitsInView(97.5, 99.5, 97, null)).toEqual({ minimo: 97, maximo: null, yMin: 96.5 });
  });

  it('a year of days gets a zoom opened on the last three months', () => {
    const option = buildHistoryOption({ ...base, rows, desde: '2025-11-05', hasta: '2026-11-04' })!;
    expect((option.xAxis as { data: string[] }).data).toHaveLength(365);
    expect(option.dataZoom).toHaveLength(2);
    expect((option.dataZoom as { start: number }[])[0]!.start).toBe(74);
  });

  it('is null when no day of the period has a value', () => {
    expect(buildHistoryOption({ ...base, rows: [] })).toBeNull();
  });
});
