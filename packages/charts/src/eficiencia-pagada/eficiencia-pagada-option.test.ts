import { describe, expect, it } from 'vitest';
import { buildEficienciaPagadaOption, SERIE_PAGADA, SERIE_SAP } from './eficiencia-pagada-option.ts';

describe('buildEficienciaPagadaOption', () => {
  const dias = [
    { fecha: '2026-03-01', pagada: 61.2, sap: 63 },
    { fecha: '2026-03-02', pagada: null, sap: null },
    { fecha: '2026-03-03', pagada: 70, sap: null },
  ];

  it('draws paid efficiency as bars and SAP as a dashed line per day, gaps kept, on 0–100 %', () => {
    const option = buildEficienciaPagadaOption(dias)!;
    const series = option.series as {
      name: string;
      type: string;
      data: (number | null)[];
      lineStyle?: { type: string };
    }[];
    expect(series.map((s) => [s.name, s.type])).toEqual([
      [SERIE_PAGADA, 'bar'],
      [SERIE_SAP, 'line'],
    ]);
    expect(series[0]!.data).toEqual([61.2, null, 70]);
    expect(series[1]!.data).toEqual([63, null, null]);
    expect(series[1]!.lineStyle?.type).toBe('dashed');
    expect((option.xAxis as { data: string[] }).data).toEqual(['01 mar', '02 mar', '03 mar']);
    expect(option.yAxis).toMatchObject({ min: 0, max: 100 });
  });

  it('writes the tooltip in Spanish with the gap in pp', () => {
    const option = buildEficienciaPagadaOption(dias)!;
    const formatter = (option.tooltip as { formatter: (p: unknown) => string }).formatter;
    const html = formatter([{ dataIndex: 0 }]);
    expect(html).toContain('domingo, 1 de marzo de 2026');
    expect(html).toContain('61.20 %');
    expect(html).toContain('63.00 %');
    expect(html).toContain('−1.80 pp');
  });

  it('is empty (Sin datos) when no day has a value', () => {
    expect(buildEficienciaPagadaOption([{ fecha: '2026-03-01', pagada: null, sap: null }])).toBeNull();
    expect(buildEficienciaPagadaOption([])).toBeNull();
  });
});
