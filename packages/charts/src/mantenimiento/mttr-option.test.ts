import { describe, expect, it } from 'vitest';
import { buildMttrOption, ejeMaximo, type SerieLinea, tieneValores } from './mttr-option.ts';

const dias = ['2026-11-01', '2026-11-02', '2026-11-03'];
const serie = (linea: number, valores: (number | null)[]): SerieLinea => ({
  nombre: `Línea ${linea}`,
  linea,
  puntos: valores.map((diario, i) => ({ fecha: dias[i]!, diario })),
});
const yMax = (option: ReturnType<typeof buildMttrOption>) => (option?.yAxis as { max: number }).max;

describe('MTTR/MTTF axis (SPEC §9)', () => {
  it('is 50 for MTTR and 1200 for MTTF without data', () => {
    expect(ejeMaximo({ tipo: 'mttr', dias, series: [] })).toBe(50);
    expect(ejeMaximo({ tipo: 'mttf', dias, series: [serie(1, [null, null, null])] })).toBe(1200);
  });

  it('is the highest value of any line × 1.1 rounded up with data', () => {
    const series = [serie(1, [12, null, 31.4]), serie(2, [20, 8, null])];
    expect(ejeMaximo({ tipo: 'mttr', dias, series })).toBe(35); // 34.54 → 35
    expect(yMax(buildMttrOption({ tipo: 'mttr', dias, series }))).toBe(35);
    const mttf = [serie(1, [1500, 800, null])];
    expect(yMax(buildMttrOption({ tipo: 'mttf', dias, series: mttf }))).toBe(1650);
    // 100 × 1.1 is 110, not 111 (floating point).
    expect(ejeMaximo({ tipo: 'mttr', dias, series: [serie(1, [100, null, null])] })).toBe(110);
  });

  it('ignores values outside the days shown', () => {
    const fuera: SerieLinea = { nombre: 'Línea 1', linea: 1, puntos: [{ fecha: '2026-10-31', diario: 900 }] };
    expect(ejeMaximo({ tipo: 'mttr', dias, series: [fuera, serie(2, [10, null, null])] })).toBe(11);
  });
});

describe('buildMttrOption', () => {
  it('draws the empty axes up to 50 (MTTR) and 1200 (MTTF) when no line has a value (SPEC §9)', () => {
    const vacias = [serie(1, [null, null, null]), serie(2, [])];
    const mttr = buildMttrOption({ tipo: 'mttr', dias, series: vacias });
    expect(mttr).not.toBeNull();
    expect(mttr.yAxis).toMatchObject({ type: 'value', min: 0, max: 50 });
    expect((mttr.xAxis as { data: string[] }).data).toEqual(['01 nov', '02 nov', '03 nov']);
    expect((mttr.series as { data: (number | null)[] }[]).map((s) => s.data)).toEqual([
      [null, null, null],
      [null, null, null],
    ]);
    expect(buildMttrOption({ tipo: 'mttf', dias, series: vacias }).yAxis).toMatchObject({
      min: 0,
      max: 1200,
    });
    // No line at all (none configured): the axes still.
    expect(buildMttrOption({ tipo: 'mttf', dias, series: [] }).yAxis).toMatchObject({ max: 1200 });
    expect(tieneValores({ dias, series: vacias })).toBe(false);
    expect(tieneValores({ dias, series: [serie(1, [null, 0, null])] })).toBe(true);
  });

  it('draws one series per line over every day, gaps kept as null', () => {
    const option = buildMttrOption({
      tipo: 'mttr',
      dias,
      series: [serie(1, [10, null, 30]), serie(2, [5])],
    })!;
    const series = option.series as { name: string; data: (number | null)[] }[];
    expect(series.map((s) => s.name)).toEqual(['Línea 1', 'Línea 2']);
    expect(series[0]!.data).toEqual([10, null, 30]);
    expect(series[1]!.data).toEqual([5, null, null]);
    expect((option.xAxis as { data: string[] }).data).toEqual(['01 nov', '02 nov', '03 nov']);
  });
});
