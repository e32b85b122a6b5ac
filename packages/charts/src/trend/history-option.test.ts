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

  it('leaves far limits off the chart so the line keeps its detail', () => {
    const option = buildHistoryOption({ ...base, unidad: 'kWh/CU', rows, minimo: 0, maximo: 200 })!;
    expect((option.series as Series[])[0]!.markLine).toBeUndefined();
    expect(option.yAxis).not.toHaveProperty('min');
    expect(option.yAxis).not.toHaveProperty('max');
  });

  it('draws a share (0–100 %, e.g. OEE) on a 0–100 axis, never below 0', () => {
    const oee = [
      { fecha: '2026-11-01', diario: 5, meta: 75 },
      { fecha: '2026-11-02', diario: 82, meta: 75 },
    ];
    const option = buildHistoryOption({ ...base, rows: oee, minimo: 0, maximo: 100 })!;
    expect(option.yAxis).toMatchObject({ min: 0, max: 100 });
    expect((option.series as Series[])[0]!.markLine!.data).toEqual([{ name: 'Máximo', yAxis: 100 }]);
    // An impossible value above 100 stays in view.
    const over = buildHistoryOption({
      ...base,
      rows: [{ fecha: '2026-11-01', diario: 119, meta: 75 }],
      minimo: 0,
      maximo: 100,
    })!;
    expect(over.yAxis).toMatchObject({ min: 0 });
    expect(over.yAxis).not.toHaveProperty('max');
  });

  it('never widens a percentage axis below 0 to show a limit', () => {
    const low = [
      { fecha: '2026-11-01', diario: 2, meta: 3 },
      { fecha: '2026-11-02', diario: 8, meta: 3 },
    ];
    const option = buildHistoryOption({ ...base, rows: low, minimo: 0, maximo: null })!;
    expect((option.yAxis as { min: number }).min).toBe(0);
  });

  it('draws a monthly figure (ZWL on each month’s first day) as joined points over a year', () => {
    const zwl = ['2025-12-01', '2026-01-01', '2026-02-01', '2026-03-01'].map((fecha, i) => ({
      fecha,
      diario: 97.5 + i * 0.5,
      meta: 99,
    }));
    const option = buildHistoryOption({
      ...base,
      rows: zwl,
      desde: '2025-11-05',
      hasta: '2026-03-10',
      minimo: 0,
      maximo: 100,
    })!;
    const [diario] = option.series as (Series & { showSymbol: boolean; connectNulls: boolean })[];
    expect(diario!.showSymbol).toBe(true);
    expect((diario as { showAllSymbol?: unknown }).showAllSymbol).toBe(true);
    expect(diario!.connectNulls).toBe(true);
    expect(diario!.data.filter((v) => v !== null)).toEqual([97.5, 98, 98.5, 99]);
  });

  it('keeps the gaps of a daily series whose history is shorter than the period', () => {
    const recent = ['2026-11-01', '2026-11-02', '2026-11-04'].map((fecha) => ({
      fecha,
      diario: 70,
      meta: 75,
    }));
    const option = buildHistoryOption({ ...base, rows: recent, desde: '2025-11-05', hasta: '2026-11-04' })!;
    const [diario] = option.series as (Series & { showSymbol: boolean; connectNulls: boolean })[];
    expect(diario!.connectNulls).toBe(false);
    expect(diario!.showSymbol).toBe(false);
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
