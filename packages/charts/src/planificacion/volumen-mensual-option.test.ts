import { describe, expect, it } from 'vitest';
import { buildVolumenMensualOption, MESES_CORTOS } from './volumen-mensual-option.ts';

const meses = [
  { mes: 1, negociado: 5_000_000, aop: 5_100_000, real: 5_150_000 },
  { mes: 2, negociado: 4_800_000, aop: 4_700_000, real: 4_560_000 },
  { mes: 3, negociado: 5_200_000, aop: 5_300_000, real: 2_600_000 },
  ...Array.from({ length: 9 }, (_, i) => ({ mes: i + 4, negociado: 5_000_000, aop: 5_000_000, real: null })),
];

type Serie = {
  name: string;
  type: string;
  data: (number | null | { value: number | null; itemStyle?: { opacity?: number } })[];
  label?: { show: boolean; formatter: (p: { dataIndex: number }) => string };
};
const series = (o: unknown) => (o as { series: Serie[] }).series;
const tooltip = (o: unknown, dataIndex: number) =>
  (o as { tooltip: { formatter: (p: unknown) => string } }).tooltip.formatter([{ dataIndex }]);

describe('buildVolumenMensualOption', () => {
  it('draws the twelve months: real as bars, negociado and AOP as lines', () => {
    const option = buildVolumenMensualOption({ meses, anio: 2026, fecha: '2026-03-15' })!;
    expect((option.xAxis as { data: string[] }).data).toEqual(MESES_CORTOS);
    expect(MESES_CORTOS.slice(0, 3)).toEqual(['Ene', 'Feb', 'Mar']);
    const [real, negociado, aop] = series(option);
    expect(real).toMatchObject({ name: 'Real', type: 'bar' });
    expect(real!.data.slice(0, 4).map((d) => (d as { value: number | null }).value)).toEqual([
      5_150_000,
      4_560_000,
      2_600_000,
      null,
    ]);
    expect(negociado).toMatchObject({ name: 'Negociado', type: 'line' });
    expect(negociado!.data[1]).toBe(4_800_000);
    expect(aop).toMatchObject({ name: 'AOP', type: 'line' });
    expect(aop!.data[0]).toBe(5_100_000);
  });

  it('labels each bar with its compliance against the negociado', () => {
    const [real] = series(buildVolumenMensualOption({ meses, anio: 2026, fecha: '2026-03-15' }));
    expect([0, 1, 3].map((dataIndex) => real!.label!.formatter({ dataIndex }))).toEqual([
      '103 %',
      '95 %',
      '',
    ]);
    const [phone] = series(
      buildVolumenMensualOption({ meses, anio: 2026, fecha: '2026-03-15', compact: true }),
    );
    expect(phone!.label!.show).toBe(false);
  });

  it('draws the month in progress lighter and says so in its tooltip', () => {
    const [real] = series(buildVolumenMensualOption({ meses, anio: 2026, fecha: '2026-03-15' }));
    expect((real!.data[2] as { itemStyle?: { opacity?: number } }).itemStyle?.opacity).toBeLessThan(1);
    expect((real!.data[1] as { itemStyle?: unknown }).itemStyle).toBeUndefined();
    const option = buildVolumenMensualOption({ meses, anio: 2026, fecha: '2026-03-15' });
    expect(tooltip(option, 2)).toContain('Marzo 2026 (al 15/03/2026)');
    expect(tooltip(option, 1)).toContain('Febrero 2026<');
    // A closed month (its last day chosen) and another year are whole.
    const [cerrado] = series(buildVolumenMensualOption({ meses, anio: 2026, fecha: '2026-03-31' }));
    expect((cerrado!.data[2] as { itemStyle?: unknown }).itemStyle).toBeUndefined();
    const [otroAnio] = series(buildVolumenMensualOption({ meses, anio: 2025, fecha: '2026-03-15' }));
    expect((otroAnio!.data[2] as { itemStyle?: unknown }).itemStyle).toBeUndefined();
  });

  it("shows the month's figures and compliances in Spanish in the tooltip", () => {
    const html = tooltip(buildVolumenMensualOption({ meses, anio: 2026, fecha: '2026-03-15' }), 0);
    expect(html).toContain('Enero 2026');
    expect(html).toContain('5,150,000 CU');
    expect(html).toContain('5,000,000 CU');
    expect(html).toContain('103.0 %'); // of the negociado
    expect(html).toContain('101.0 %'); // of the AOP
  });

  it('fills missing months and is null for a year without plan or production', () => {
    const option = buildVolumenMensualOption({ meses: [meses[0]!], anio: 2026, fecha: '2026-03-15' });
    expect(series(option)[0]!.data).toHaveLength(12);
    const vacio = Array.from({ length: 12 }, (_, i) => ({
      mes: i + 1,
      negociado: null,
      aop: null,
      real: null,
    }));
    expect(buildVolumenMensualOption({ meses: vacio, anio: 2026, fecha: '2026-03-15' })).toBeNull();
    expect(buildVolumenMensualOption({ meses: [], anio: 2026, fecha: '2026-03-15' })).toBeNull();
  });
});
