import { describe, expect, it } from 'vitest';
import {
  celdas,
  instantes,
  intervalosValidos,
  leerFiltros,
  MAX_VARIABLES,
  moverRango,
  variablesIniciales,
} from './filtros.ts';
import { buildScadaOption } from './scada-option.ts';

const TZ = 'America/Lima';
const HOY = '2026-11-25';

describe('filtros del reporte SCADA', () => {
  it('defaults to today, hourly, no variable', () => {
    expect(leerFiltros(new URLSearchParams(), HOY)).toEqual({
      desde: HOY,
      hasta: HOY,
      intervalo: 'HORA',
      variables: [],
      aviso: null,
    });
  });

  it('keeps at most 20 numeric ids and the next larger interval within 50,000 cells', () => {
    const ids = Array.from({ length: 25 }, (_, i) => String(i + 1));
    const f = leerFiltros(
      new URLSearchParams(
        `desde=2026-10-01&hasta=2026-11-25&intervalo=MINUTO&variables=${ids.join(',')},abc`,
      ),
      HOY,
    );
    expect(f.variables).toHaveLength(20);
    // 56 days × 20 variables: per minute and per 15 min are over the cap, per hour fits.
    expect(f.intervalo).toBe('HORA');
    expect(celdas(56, 20, 'HORA')).toBe(56 * 24 * 20);
    expect(intervalosValidos(1, 20)).toEqual(['MINUTO', 'QUINCE_MINUTOS', 'HORA', 'DIA']);
    expect(intervalosValidos(366, 20)).toEqual(['DIA']);
  });

  it('moves the other end of the range when needed (at most 366 days)', () => {
    expect(moverRango({ desde: '2026-11-01', hasta: '2026-11-10' }, { hasta: '2026-10-01' })).toEqual({
      desde: '2026-10-01',
      hasta: '2026-10-01',
    });
    expect(moverRango({ desde: '2024-01-01', hasta: '2024-01-02' }, { hasta: '2026-01-01' }).desde).toBe(
      '2025-01-01',
    );
  });

  it('spans production days from 08:00 plant time, cut at the current minute', () => {
    expect(instantes('2026-11-24', '2026-11-25', TZ, Number.POSITIVE_INFINITY)).toEqual({
      inicio: '2026-11-24T13:00:00.000Z',
      fin: '2026-11-26T13:00:00.000Z',
    });
    expect(instantes(HOY, HOY, TZ, Date.parse('2026-11-25T15:30:20Z')).fin).toBe('2026-11-25T15:31:00.000Z');
  });
});

describe('buildScadaOption', () => {
  const columnas = [
    { nombre: 'Agua (m³)', unidad: 'm³', decimales: 2 },
    { nombre: 'Aire (Nm³/h)', unidad: 'Nm³/h', decimales: 1 },
    { nombre: 'Agua 2 (m³)', unidad: 'm³', decimales: 2 },
  ];

  it('is null when no cell has a value', () => {
    expect(
      buildScadaOption({ columnas, filas: [{ inicio: 'a', valores: [null, null, null] }], etiquetas: ['a'] }),
    ).toBeNull();
  });

  it('draws a line per variable on the axis of its unit, gaps kept', () => {
    const o = buildScadaOption({
      columnas,
      filas: [
        { inicio: 'a', valores: [1, 100, null] },
        { inicio: 'b', valores: [2, null, 3] },
      ],
      etiquetas: ['08:00', '09:00'],
    }) as {
      yAxis: { name: string; show: boolean }[];
      series: { name: string; yAxisIndex: number; data: (number | null)[] }[];
      xAxis: { data: string[] };
    };
    expect(o.xAxis.data).toEqual(['08:00', '09:00']);
    expect(o.yAxis.map((a) => a.name)).toEqual(['m³', 'Nm³/h']);
    expect(o.series.map((s) => [s.name, s.yAxisIndex, s.data])).toEqual([
      ['Agua (m³)', 0, [1, 2]],
      ['Aire (Nm³/h)', 1, [100, null]],
      ['Agua 2 (m³)', 0, [null, 3]],
    ]);
  });
});

describe('variablesIniciales (the report opens with variables, issue 31 item 16)', () => {
  const catalogo = [
    { id: '1', linea: null },
    { id: '2', linea: 2 },
    { id: '3', linea: 1 },
    { id: '4', linea: 1 },
    { id: '5', linea: null },
  ];

  it("opens with the user's last choice, dropping variables that no longer exist", () => {
    expect(variablesIniciales(catalogo, ['4', '99', '1'])).toEqual(['4', '1']);
  });

  it("the first time (or when none of them exists any more): the first line's variables", () => {
    expect(variablesIniciales(catalogo, null)).toEqual(['3', '4']);
    expect(variablesIniciales(catalogo, ['99'])).toEqual(['3', '4']);
  });

  it('without line variables, the first three of the catalogue; an empty catalogue gives none', () => {
    const planta = catalogo.filter((v) => v.linea === null);
    expect(variablesIniciales([...planta, { id: '6' }, { id: '7' }], [])).toEqual(['1', '5', '6']);
    expect(variablesIniciales([], ['1'])).toEqual([]);
  });

  it('never more than the report takes', () => {
    const muchas = Array.from({ length: 30 }, (_, i) => ({ id: String(i + 1), linea: 1 }));
    expect(variablesIniciales(muchas, null)).toHaveLength(MAX_VARIABLES);
    expect(
      variablesIniciales(
        muchas,
        muchas.map((v) => v.id),
      ),
    ).toHaveLength(MAX_VARIABLES);
  });
});
