import { describe, expect, it } from 'vitest';
import { buildContadoresOption, cifraDe } from './contadores-option.ts';
import { etiquetaEje, etiquetaPeriodo } from './etiquetas.ts';
import { leerFiltros, moverRango } from './filtros.ts';

const TZ = 'America/Lima';
const HOY = '2026-11-25';

describe('filtros del reporte de contadores', () => {
  it('defaults to today by hour for every line', () => {
    expect(leerFiltros(new URLSearchParams(), HOY)).toEqual({
      desde: HOY,
      hasta: HOY,
      agrupacion: 'HORA',
      lineas: [],
      aviso: null,
    });
  });

  it('reads the URL: reversed ranges swap, future days become today, lines are deduplicated and sorted', () => {
    const f = leerFiltros(
      new URLSearchParams('desde=2026-11-30&hasta=2026-11-20&agrupacion=DIA&lineas=3,1,1,x,0'),
      HOY,
    );
    expect(f).toMatchObject({
      desde: '2026-11-20',
      hasta: HOY,
      agrupacion: 'DIA',
      lineas: [1, 3],
      aviso: null,
    });
  });

  it('cuts a range longer than the grouping allows to its last days, with a note', () => {
    const f = leerFiltros(new URLSearchParams('desde=2026-01-01&hasta=2026-11-25&agrupacion=TURNO'), HOY);
    expect(f.desde).toBe('2026-08-26'); // 92 days ending on 25/11
    expect(f.aviso).toMatch(/92 días/);
    expect(leerFiltros(new URLSearchParams('desde=2026-02-30'), HOY)).toMatchObject({
      desde: HOY,
      aviso: 'La fecha "desde" de la dirección no es válida',
    });
  });

  it('moves the other end when the range would be reversed or too long', () => {
    const actual = { desde: '2026-11-01', hasta: '2026-11-10' };
    expect(moverRango(actual, { desde: '2026-11-12' }, 31)).toEqual({
      desde: '2026-11-12',
      hasta: '2026-11-12',
    });
    expect(moverRango(actual, { hasta: '2026-12-20' }, 31)).toEqual({
      desde: '2026-11-20',
      hasta: '2026-12-20',
    });
    expect(moverRango(actual, { desde: '2026-09-01' }, 31)).toEqual({
      desde: '2026-09-01',
      hasta: '2026-10-01',
    });
  });
});

describe('etiquetas', () => {
  const p = { fecha: '2026-11-25', turno: 2, inicio: '2026-11-25T21:00:00Z' };
  it('labels hours in plant time, shifts by their hours, days by date', () => {
    expect(etiquetaPeriodo(p, 'HORA', TZ)).toBe('25/11/2026 16:00');
    expect(etiquetaPeriodo(p, 'TURNO', TZ)).toBe('25/11/2026 T2 16–24');
    expect(etiquetaPeriodo(p, 'DIA', TZ)).toBe('25/11/2026');
    expect(etiquetaEje(p, 'HORA', TZ, true)).toBe('16:00');
    expect(etiquetaEje(p, 'HORA', TZ, false)).toBe('25/11 16:00');
    expect(etiquetaEje(p, 'TURNO', TZ, false)).toBe('25/11 T2');
  });
});

describe('buildContadoresOption', () => {
  const fila = (linea: number, inicio: string, paquetes: number) => ({
    linea,
    linea_nombre: `Línea ${linea}`,
    inicio,
    botellas: paquetes * 12,
    botellas_llenas: paquetes * 12,
    paquetes,
    producto_terminado: paquetes * 12,
    velocidad_media: paquetes > 0 ? 30_000 : null,
    minutos_marcha: paquetes > 0 ? 60 : 0,
  });

  it('is null without rows', () => {
    expect(buildContadoresOption({ filas: [], cifra: 'paquetes', etiqueta: (i) => i })).toBeNull();
  });

  it('draws a bar series per line over the buckets in time order, a missing bucket as a gap', () => {
    const o = buildContadoresOption({
      filas: [fila(1, 'b', 10), fila(1, 'a', 5), fila(2, 'b', 7)],
      cifra: 'paquetes',
      etiqueta: (i) => i.toUpperCase(),
    }) as {
      xAxis: { data: string[] };
      series: { name: string; data: (number | null)[] }[];
      yAxis: { name: string };
    };
    expect(o.xAxis.data).toEqual(['A', 'B']);
    expect(o.series.map((s) => [s.name, s.data])).toEqual([
      ['Línea 1', [5, 10]],
      ['Línea 2', [null, 7]],
    ]);
    expect(o.yAxis.name).toBe('Paquetes (paquetes)');
  });

  it('falls back to finished product for an unknown series', () => {
    expect(cifraDe('x').clave).toBe('producto_terminado');
    expect(cifraDe('velocidad_media').unidad).toBe('bph');
  });
});
