import { describe, expect, it } from 'vitest';
import {
  ajustarRango,
  instantesDe,
  intervaloPara,
  intervalosValidos,
  leerFiltros,
  MAX_DIAS_REPORTE,
} from './rango-reporte.ts';
import { buildReporteOption } from './reporte-option.ts';
import {
  encabezado,
  etiquetaEje,
  etiquetaFila,
  nombreCorto,
  paginaDe,
  type Reporte,
  resumenColumna,
  resumenes,
} from './tabla-reporte.ts';

const TZ = 'America/Lima';
const HOY = '2026-11-25';
const sinParams = { desde: null, hasta: null, intervalo: null };

describe('report filters from the URL', () => {
  it('defaults to the last 7 production days up to today, hourly', () => {
    expect(leerFiltros(sinParams, HOY)).toEqual({
      desde: '2026-11-19',
      hasta: HOY,
      intervalo: '1h',
      dias: 7,
      invalidos: [],
    });
  });

  it('keeps valid values (reload and shared links)', () => {
    const f = leerFiltros({ desde: '2026-11-01', hasta: '2026-11-03', intervalo: '15m' }, HOY);
    expect(f).toMatchObject({
      desde: '2026-11-01',
      hasta: '2026-11-03',
      intervalo: '15m',
      dias: 3,
      invalidos: [],
    });
  });

  it('falls back to the defaults for impossible, future, reversed or too long ranges, and names them', () => {
    expect(leerFiltros({ desde: '2026-02-30', hasta: null, intervalo: null }, HOY)).toMatchObject({
      desde: '2026-11-19',
      invalidos: ['desde'],
    });
    expect(leerFiltros({ desde: null, hasta: '2026-12-01', intervalo: null }, HOY)).toMatchObject({
      hasta: HOY,
      invalidos: ['hasta'],
    });
    expect(leerFiltros({ desde: '2026-11-10', hasta: '2026-11-05', intervalo: null }, HOY).invalidos).toEqual(
      ['desde'],
    );
    expect(leerFiltros({ desde: '2024-01-01', hasta: HOY, intervalo: null }, HOY).invalidos).toEqual([
      'desde',
    ]);
    expect(leerFiltros({ desde: '2026-11-2', hasta: null, intervalo: null }, HOY).invalidos).toEqual([
      'desde',
    ]);
  });

  it('never offers an interval over the row cap: minutes over a month become the default', () => {
    const f = leerFiltros({ desde: '2026-10-01', hasta: '2026-10-31', intervalo: '1m' }, HOY);
    expect(f).toMatchObject({ intervalo: '1h', invalidos: ['intervalo'] });
    expect(intervalosValidos(1)).toEqual(['1m', '5m', '15m', '1h', '1d']);
    expect(intervalosValidos(7)).toEqual(['5m', '15m', '1h', '1d']);
    expect(intervalosValidos(366)).toEqual(['1d', '7d']);
    expect(intervaloPara(30, '1m')).toBe('1h');
    expect(intervaloPara(30, '15m')).toBe('15m');
    expect(intervaloPara(200, '15m')).toBe('1d');
  });

  it('moves the other end when one end passes it or the range gets too long', () => {
    const r = { desde: '2026-11-10', hasta: '2026-11-12' };
    expect(ajustarRango(r, { desde: '2026-11-15' }, HOY)).toEqual({
      desde: '2026-11-15',
      hasta: '2026-11-15',
    });
    expect(ajustarRango(r, { hasta: '2026-11-01' }, HOY)).toEqual({
      desde: '2026-11-01',
      hasta: '2026-11-01',
    });
    expect(ajustarRango(r, { desde: '2024-01-01' }, HOY)).toEqual({
      desde: '2024-01-01',
      hasta: '2024-12-31',
    });
    const largo = ajustarRango(r, { hasta: HOY }, HOY);
    expect(largo).toEqual({ desde: '2026-11-10', hasta: HOY });
    const otroAnio = ajustarRango({ desde: '2025-01-01', hasta: '2025-01-02' }, { hasta: HOY }, HOY);
    expect(otroAnio.hasta).toBe(HOY);
    expect(Date.parse(otroAnio.hasta) - Date.parse(otroAnio.desde)).toBe((MAX_DIAS_REPORTE - 1) * 86_400_000);
  });

  it('reads the production days from 08:00 to 08:00 plant time', () => {
    expect(instantesDe('2026-11-19', HOY, TZ)).toEqual({
      inicio: '2026-11-19T13:00:00.000Z',
      fin: '2026-11-26T13:00:00.000Z',
    });
  });
});

describe('report table', () => {
  it('totals a column as its variable aggregates, ignoring intervals without a reading', () => {
    expect(resumenColumna([1, null, 2.5], 'SUMA')).toBe(3.5);
    expect(resumenColumna([100, null, 110], 'PROMEDIO')).toBe(105);
    expect(resumenColumna([5, 7, null], 'ULTIMO')).toBe(7);
    expect(resumenColumna([null, null], 'SUMA')).toBeNull();
    expect(resumenColumna([], 'PROMEDIO')).toBeNull();
  });

  it('summarises every row, not only the page shown', () => {
    const reporte: Reporte = {
      intervalo_minutos: 60,
      columnas: [
        { variable: 'Agua extraída (m³)', unidad: 'm³', decimales: 1, agregacion: 'SUMA' },
        { variable: 'Nivel', unidad: '%', decimales: 0, agregacion: 'PROMEDIO' },
      ],
      filas: Array.from({ length: 100 }, (_, i) => ({ fecha: `t${i}`, valores: [1, i % 2 === 0 ? 50 : 70] })),
    };
    expect(resumenes(reporte)).toEqual([100, 60]);
    expect(paginaDe(reporte.filas, 0, 24).filas).toHaveLength(24);
    expect(paginaDe(reporte.filas, 4, 24)).toMatchObject({ pagina: 4 });
    expect(paginaDe(reporte.filas, 4, 24).filas).toHaveLength(4);
    expect(paginaDe(reporte.filas, 99, 24).pagina).toBe(4);
    expect(paginaDe([], 3, 24)).toEqual({ filas: [], pagina: 0 });
  });

  it('puts the unit in the header once', () => {
    expect(encabezado({ variable: 'Flujo aire BP (Nm³/h)', unidad: 'Nm³/h' })).toBe('Flujo aire BP (Nm³/h)');
    expect(encabezado({ variable: 'Nivel', unidad: '%' })).toBe('Nivel (%)');
    expect(encabezado({ variable: 'Flujo aire AP soplado (Nm³/h)_561', unidad: 'Nm³/h' })).toBe(
      'Flujo aire AP soplado 561 (Nm³/h)',
    );
    expect(nombreCorto({ variable: 'Flujo aire BP (Nm³/h)', unidad: 'Nm³/h' })).toBe('Flujo aire BP');
    expect(nombreCorto({ variable: 'Flujo aire AP soplado (Nm³/h)_561', unidad: 'Nm³/h' })).toBe(
      'Flujo aire AP soplado 561',
    );
  });

  it('labels the periods in plant time: minute rows, production days and weeks', () => {
    const t = '2026-11-19T13:15:00.000Z'; // 08:15 in Lima
    expect(etiquetaFila(t, 15, TZ)).toBe('19/11/2026 08:15');
    expect(etiquetaFila('2026-11-20T12:00:00.000Z', 60, TZ)).toBe('20/11/2026 07:00');
    // The daily bucket starting at 08:00 on the 19th is production day 19/11.
    expect(etiquetaFila('2026-11-19T13:00:00.000Z', 1440, TZ)).toBe('19/11/2026');
    expect(etiquetaFila('2026-11-16T13:00:00.000Z', 10080, TZ)).toBe('Semana del 16/11/2026');
    expect(etiquetaEje(t, 15, TZ, false)).toBe('08:15');
    expect(etiquetaEje(t, 15, TZ, true)).toBe('19/11 08:15');
    expect(etiquetaEje('2026-11-19T13:00:00.000Z', 1440, TZ, true)).toBe('19/11');
  });
});

describe('report chart option', () => {
  const reporte: Reporte = {
    intervalo_minutos: 60,
    columnas: [
      { variable: 'Flujo aire BP (Nm³/h)', unidad: 'Nm³/h', decimales: 1, agregacion: 'PROMEDIO' },
      { variable: 'Agua extraída (m³)', unidad: 'm³', decimales: 1, agregacion: 'SUMA' },
      { variable: 'Otra (kWh)', unidad: 'kWh', decimales: 0, agregacion: 'SUMA' },
    ],
    filas: [
      { fecha: '2026-11-19T13:00:00.000Z', valores: [100.25, 3, null] },
      { fecha: '2026-11-19T14:00:00.000Z', valores: [null, 4, 10] },
    ],
  };
  const etiquetas = ['08:00', '09:00'];

  it('draws means as lines and sums as bars, one axis per unit, gaps kept', () => {
    const o = buildReporteOption({ reporte, etiquetas })!;
    const series = o.series as { type: string; name: string; data: unknown[]; yAxisIndex: number }[];
    expect(series.map((s) => [s.type, s.name, s.yAxisIndex])).toEqual([
      ['line', 'Flujo aire BP', 0],
      ['bar', 'Agua extraída', 1],
      ['bar', 'Otra', 2],
    ]);
    expect(series[0]!.data).toEqual([100.25, null]);
    const ejes = o.yAxis as { show: boolean; position: string; name?: string; min?: number }[];
    expect(ejes.map((e) => [e.show, e.position, e.name])).toEqual([
      [true, 'left', 'Nm³/h'],
      [true, 'right', 'm³'],
      [false, 'right', 'kWh'],
    ]);
    expect(ejes[1]!.min).toBe(0);
    expect((o.xAxis as { data: string[] }).data).toEqual(etiquetas);
  });

  it("writes the tooltip with each variable's decimals and unit", () => {
    const o = buildReporteOption({ reporte, etiquetas, titulos: ['19/11/2026 08:00', '19/11/2026 09:00'] })!;
    const formatter = (o.tooltip as { formatter: (p: unknown) => string }).formatter;
    const html = formatter([{ dataIndex: 0 }]);
    expect(html).toContain('19/11/2026 08:00');
    expect(html).toContain('100.3 Nm³/h');
    expect(html).toContain('3.0 m³');
    expect(html).toContain('—');
  });

  it('leaves out the columns without any value (no empty legend entry or axis)', () => {
    const conVacia: Reporte = {
      ...reporte,
      columnas: [
        ...reporte.columnas,
        { variable: 'Fugas de aire (%)_561', unidad: '%', decimales: 1, agregacion: 'PROMEDIO' },
      ],
      filas: reporte.filas.map((f) => ({ ...f, valores: [...f.valores, null] })),
    };
    const o = buildReporteOption({ reporte: conVacia, etiquetas })!;
    expect((o.series as { name: string }[]).map((s) => s.name)).toEqual([
      'Flujo aire BP',
      'Agua extraída',
      'Otra',
    ]);
    expect((o.yAxis as { name: string }[]).map((e) => e.name)).toEqual(['Nm³/h', 'm³', 'kWh']);
  });

  it('has nothing to draw without values (Sin datos)', () => {
    expect(buildReporteOption({ reporte: { ...reporte, filas: [] }, etiquetas: [] })).toBeNull();
    expect(
      buildReporteOption({
        reporte: { ...reporte, filas: [{ fecha: 'x', valores: [null, null, null] }] },
        etiquetas: ['a'],
      }),
    ).toBeNull();
  });

  it('zooms long reports and keeps phones compact', () => {
    const filas = Array.from({ length: 168 }, (_, i) => ({ fecha: String(i), valores: [i, i, i] }));
    const o = buildReporteOption({
      reporte: { ...reporte, filas },
      etiquetas: filas.map((f) => f.fecha),
      compact: true,
    })!;
    expect((o.dataZoom as unknown[]).length).toBe(2);
    expect((o.yAxis as { name?: string }[])[0]!.name).toBeUndefined();
  });
});
