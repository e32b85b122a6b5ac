import { describe, expect, it } from 'vitest';
import { diasDelMes } from './periodo.ts';
import { buildVolumenDiarioOption, etiquetaDiaVisible, puntosDelMes } from './volumen-diario-option.ts';

const filas = [
  { fecha: '2026-11-03', diario: 170_000, meta: 160_000 },
  { fecha: '2026-11-01', diario: 0, meta: null }, // Sunday
  { fecha: '2026-11-02', diario: 150_000, meta: 160_000 },
  { fecha: '2026-10-31', diario: 99_999, meta: 1 }, // another month: ignored
];

describe('puntosDelMes', () => {
  const puntos = puntosDelMes(diasDelMes('2026-11-03'), filas);

  it('has one point per day of the month, days without data empty', () => {
    expect(puntos).toHaveLength(30);
    expect(puntos.slice(0, 4).map((p) => [p.fecha, p.real, p.meta])).toEqual([
      ['2026-11-01', 0, null],
      ['2026-11-02', 150_000, 160_000],
      ['2026-11-03', 170_000, 160_000],
      ['2026-11-04', null, null],
    ]);
  });

  it('accumulates real and meta from the 1st to the last day with data', () => {
    expect(puntos.slice(0, 4).map((p) => [p.realAcumulado, p.metaAcumulada])).toEqual([
      [0, null], // no meta yet
      [150_000, 160_000],
      [320_000, 320_000],
      [null, null], // after the last day with data
    ]);
  });

  it('keeps accumulating over a gap', () => {
    const conHueco = puntosDelMes(diasDelMes('2026-11-01'), [filas[0]!, filas[2]!]);
    expect(conHueco[1]?.realAcumulado).toBe(150_000);
    expect(conHueco[2]?.realAcumulado).toBe(320_000);
  });
});

type Serie = { name: string; type: string; yAxisIndex: number; data: (number | null)[] };
const series = (o: unknown) => (o as { series: Serie[] }).series;

describe('buildVolumenDiarioOption', () => {
  const puntos = puntosDelMes(diasDelMes('2026-11-03'), filas);

  it('draws daily bars against the meta, and the accumulated pair on the right axis', () => {
    const option = buildVolumenDiarioOption({ puntos })!;
    expect((option.xAxis as { data: string[] }).data.slice(0, 3)).toEqual(['01', '02', '03']);
    expect(series(option).map((s) => [s.name, s.type, s.yAxisIndex])).toEqual([
      ['Real', 'bar', 0],
      ['Meta', 'line', 0],
      ['Acumulado', 'line', 1],
      ['Meta acumulada', 'line', 1],
    ]);
    expect(series(option)[0]!.data.slice(0, 4)).toEqual([0, 150_000, 170_000, null]);
    expect((option.yAxis as { position?: string }[])[1]?.position).toBe('right');
  });

  it('fits a phone: short legend names and every 5th day labelled', () => {
    const option = buildVolumenDiarioOption({ puntos, compact: true })!;
    expect((option.legend as { data: string[] }).data).toEqual(['Real', 'Meta', 'Acum.', 'Meta acum.']);
    expect(series(option).map((s) => s.name)).toEqual(['Real', 'Meta', 'Acum.', 'Meta acum.']);
    expect([0, 1, 4, 5, 10].map((i) => etiquetaDiaVisible(i, true))).toEqual([
      true,
      false,
      false,
      true,
      true,
    ]);
    expect(etiquetaDiaVisible(3, false)).toBe(true);
  });

  it('tells the day in Spanish in the tooltip', () => {
    const option = buildVolumenDiarioOption({ puntos })!;
    const html = (option.tooltip as { formatter: (p: unknown) => string }).formatter([{ dataIndex: 2 }]);
    expect(html).toContain('martes, 3 de noviembre de 2026');
    expect(html).toContain('170,000 CU');
    expect(html).toContain('106.3 %');
    expect(html).toContain('320,000 CU');
  });

  it('is null when no day of the month has data', () => {
    expect(buildVolumenDiarioOption({ puntos: puntosDelMes(diasDelMes('2026-12-01'), filas) })).toBeNull();
  });
});
