import { describe, expect, it } from 'vitest';
import { chartTable } from '../../../components/charts/chart-table.ts';
import { buildSemanasOption, buildTendenciaOption } from '@planta/charts/rrhh/horas-extra-option';
import {
  etiquetaSemana,
  type FigurasSemana,
  filasAreaSemana,
  numeroSemanaIso,
  porcentaje,
  porcentajeTriples,
  sobrePresupuesto,
  sumarSemanas,
} from '@planta/charts/rrhh/semanas';

const fila = (
  semana: string,
  area: string,
  horas: number,
  extra: Partial<FigurasSemana> = {},
): FigurasSemana => ({
  semana,
  area,
  horas,
  horas_dobles: horas,
  horas_triples: 0,
  presupuesto: 0,
  porcentaje_presupuesto: null,
  horas_ordinarias: 0,
  porcentaje_ordinarias: null,
  ...extra,
});

describe('ISO weeks', () => {
  it('numbers weeks by their Thursday (ISO 8601)', () => {
    expect(numeroSemanaIso('2025-11-17')).toBe(47);
    expect(numeroSemanaIso('2025-11-23')).toBe(47); // Sunday: still the week of Monday 17
    expect(numeroSemanaIso('2026-11-16')).toBe(47);
    // 1 January 2021 is a Friday: it belongs to week 53 of 2020.
    expect(numeroSemanaIso('2021-01-01')).toBe(53);
    expect(numeroSemanaIso('2021-01-04')).toBe(1);
    // 29 December 2025 (Monday) starts week 1 of 2026 (its Thursday is 1 January).
    expect(numeroSemanaIso('2025-12-29')).toBe(1);
    expect(numeroSemanaIso('2026-01-01')).toBe(1);
    expect(numeroSemanaIso('2024-12-30')).toBe(1);
    expect(numeroSemanaIso('2026-12-31')).toBe(53);
  });

  it('labels a week with its number and its Monday', () => {
    expect(etiquetaSemana('2025-11-17')).toBe('Sem. 47 (17/11)');
    expect(etiquetaSemana('2025-11-20')).toBe('Sem. 47 (17/11)');
    expect(etiquetaSemana('2026-01-01')).toBe('Sem. 1 (29/12)');
  });
});

describe('overtime figures', () => {
  it('percentages with 2 decimals, null without a base', () => {
    expect(porcentaje(10, 80)).toBe(12.5);
    expect(porcentaje(1, 3)).toBe(33.33);
    expect(porcentaje(5, 0)).toBeNull();
    expect(porcentajeTriples({ horas: 8, horas_triples: 2 })).toBe(25);
    expect(porcentajeTriples({ horas: 0, horas_triples: 0 })).toBeNull();
  });

  it('sums the areas per week and recomputes the percentages from the sums', () => {
    const semanas = sumarSemanas([
      fila('2026-11-16', 'Producción', 30, {
        horas_dobles: 20,
        horas_triples: 10,
        presupuesto: 20,
        horas_ordinarias: 200,
        porcentaje_presupuesto: 150,
        porcentaje_ordinarias: 15,
      }),
      fila('2026-11-09', 'Producción', 4, { presupuesto: 10, horas_ordinarias: 100 }),
      fila('2026-11-16', 'Almacén', 10, { presupuesto: 60, horas_ordinarias: 200 }),
    ]);
    expect(semanas.map((s) => s.semana)).toEqual(['2026-11-09', '2026-11-16']);
    expect(semanas[1]).toEqual({
      semana: '2026-11-16',
      horas: 40,
      horas_dobles: 30,
      horas_triples: 10,
      presupuesto: 80,
      porcentaje_presupuesto: 50, // 40 / 80, not the mean of 150 % and 16.67 %
      horas_ordinarias: 400,
      porcentaje_ordinarias: 10,
    });
    expect(semanas[0]!.porcentaje_presupuesto).toBe(40);
    // Floating sums are rounded as the server rounds (0.1 + 0.2).
    expect(sumarSemanas([fila('2026-11-16', 'A', 0.1), fila('2026-11-16', 'B', 0.2)])[0]!.horas).toBe(0.3);
  });

  it('over budget only with a budget', () => {
    expect(sobrePresupuesto({ horas: 10.5, presupuesto: 10 })).toBe(true);
    expect(sobrePresupuesto({ horas: 10, presupuesto: 10 })).toBe(false);
    expect(sobrePresupuesto({ horas: 10, presupuesto: 0 })).toBe(false);
  });

  it('orders the area-week table by week then area', () => {
    const filas = filasAreaSemana([
      fila('2026-11-16', 'Producción', 1),
      fila('2026-11-09', 'Mantenimiento', 1),
      fila('2026-11-16', 'Almacén', 1),
    ]);
    expect(filas.map((f) => `${f.semana} ${f.area}`)).toEqual([
      '2026-11-09 Mantenimiento',
      '2026-11-16 Almacén',
      '2026-11-16 Producción',
    ]);
  });
});

describe('overtime charts', () => {
  const semanas = sumarSemanas([
    fila('2026-11-09', 'A', 12, {
      horas_dobles: 9,
      horas_triples: 3,
      presupuesto: 10,
      horas_ordinarias: 120,
    }),
    fila('2026-11-16', 'A', 6, { horas_dobles: 6, horas_triples: 0, presupuesto: 0, horas_ordinarias: 80 }),
  ]);

  it('nothing to draw without weeks', () => {
    expect(buildSemanasOption({ semanas: [] })).toBeNull();
    expect(buildTendenciaOption({ semanas: [] })).toBeNull();
  });

  it('stacks doble and triple hours per week with the budget as a line', () => {
    const option = buildSemanasOption({ semanas })!;
    const series = option.series as { name: string; type: string; stack?: string; data: unknown[] }[];
    expect(series.map((s) => [s.name, s.type, s.stack])).toEqual([
      ['Dobles', 'bar', 'horas'],
      ['Triples', 'bar', 'horas'],
      ['Presupuesto', 'line', undefined],
    ]);
    expect(series[0]!.data).toEqual([9, 6]);
    expect(series[1]!.data).toEqual([3, 0]);
    // A week without a budget has no budget point (a gap, not 0).
    expect(series[2]!.data).toEqual([10, null]);
    // The text alternative: one row per week.
    expect(chartTable(option)).toEqual({
      columns: ['Categoría', 'Dobles', 'Triples', 'Presupuesto'],
      rows: [
        ['Sem. 46 (09/11)', '9', '3', '10'],
        ['Sem. 47 (16/11)', '6', '0', '—'],
      ],
      omitted: 0,
    });
  });

  it('the tooltip shows the week and its figures', () => {
    const option = buildSemanasOption({ semanas })!;
    const formatter = (option.tooltip as { formatter: (p: unknown) => string }).formatter;
    const html = formatter([{ dataIndex: 0 }]);
    expect(html).toContain('Sem. 46 (09/11)');
    expect(html).toContain('12.0 h');
    expect(html).toContain('120.0 %');
  });

  it('the trend draws % of ordinary hours and % of budget per week, 100 % marked', () => {
    const option = buildTendenciaOption({ semanas, compact: true })!;
    const series = option.series as { name: string; data: unknown[]; markLine?: { data: unknown[] } }[];
    expect(series[0]!.name).toBe('% de horas ordinarias');
    expect(series[0]!.data).toEqual([10, 7.5]);
    expect(series[1]!.data).toEqual([120, null]);
    expect(series[1]!.markLine!.data).toEqual([{ yAxis: 100 }]);
  });
});
