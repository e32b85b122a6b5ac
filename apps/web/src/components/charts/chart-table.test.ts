import { describe, expect, it } from 'vitest';
import { CHART_TABLE_MAX_ROWS, chartTable } from './chart-table.ts';

describe('chartTable: the numbers of a chart as a table', () => {
  it('gives one row per category and one column per named series, numbers the Spanish way', () => {
    const table = chartTable({
      xAxis: { type: 'category', name: 'Día', data: ['01/11', '02/11', '03/11'] },
      yAxis: { type: 'value' },
      series: [
        { type: 'bar', name: 'Producción', data: [45_123.456, null, { value: 40_000 }] },
        { type: 'line', name: 'Meta', data: [44_000, 44_000, 44_000] },
      ],
    });
    expect(table).toEqual({
      columns: ['Día', 'Producción', 'Meta'],
      rows: [
        ['01/11', '45,123.46', '44,000'],
        ['02/11', '—', '44,000'],
        ['03/11', '40,000', '44,000'],
      ],
      omitted: 0,
    });
  });

  it('reads horizontal bars (categories on the y axis, Pareto) and [x, y] pairs', () => {
    const table = chartTable({
      xAxis: { type: 'value' },
      yAxis: { type: 'category', data: ['Atasco', 'Etiqueta'] },
      series: [
        {
          type: 'bar',
          name: 'Minutos',
          data: [
            [90, 0],
            [30, 1],
          ],
        },
      ],
    });
    expect(table?.columns).toEqual(['Categoría', 'Minutos']);
    expect(table?.rows).toEqual([
      ['Atasco', '90'],
      ['Etiqueta', '30'],
    ]);
  });

  it('gives nothing for charts on a time axis only, without named series or without data', () => {
    expect(
      chartTable({ xAxis: { type: 'time' }, series: [{ type: 'line', name: 'Velocidad', data: [[0, 1]] }] }),
    ).toBeNull();
    expect(
      chartTable({ xAxis: { type: 'category', data: ['a'] }, series: [{ type: 'bar', data: [1] }] }),
    ).toBeNull();
    expect(chartTable(null)).toBeNull();
  });

  it('keeps at most CHART_TABLE_MAX_ROWS rows and says how many are left out', () => {
    const data = Array.from({ length: CHART_TABLE_MAX_ROWS + 10 }, (_, i) => String(i));
    const table = chartTable({
      xAxis: { type: 'category', data },
      series: [{ type: 'line', name: 'Serie', data: data.map(Number) }],
    });
    expect(table?.rows).toHaveLength(CHART_TABLE_MAX_ROWS);
    expect(table?.omitted).toBe(10);
  });
});
