import { describe, expect, it } from 'vitest';
import { conFiltros, filtrosDeParams } from './filtros.ts';

const p = (q: string) => new URLSearchParams(q);

describe('filters in the URL', () => {
  it('a day by default (the date bar’s fecha), the plant and whole days', () => {
    expect(filtrosDeParams(p(''), '2026-11-20', '2026-11-28', [1, 2, 3], [1, 2])).toEqual({
      modo: 'dia',
      desde: '2026-11-20',
      hasta: '2026-11-20',
      turno: null,
      linea: null,
      aviso: null,
    });
  });

  it('a range, a known shift and line; unknown ones are dropped', () => {
    const f = filtrosDeParams(
      p('desde=2026-11-01&hasta=2026-11-10&turno=2&linea=3'),
      '2026-11-28',
      '2026-11-28',
      [1, 2, 3],
      [1, 3],
    );
    expect(f).toMatchObject({ modo: 'rango', desde: '2026-11-01', hasta: '2026-11-10', turno: 2, linea: 3 });
    expect(filtrosDeParams(p('turno=7&linea=x'), '2026-11-28', '2026-11-28', [1, 2, 3], [1])).toMatchObject({
      turno: null,
      linea: null,
    });
  });

  it('a reversed range is put in order; days after today become today', () => {
    expect(filtrosDeParams(p('desde=2026-11-10&hasta=2026-11-01'), 'x', '2026-11-28', [], [])).toMatchObject({
      desde: '2026-11-01',
      hasta: '2026-11-10',
    });
    expect(filtrosDeParams(p('desde=2026-11-10&hasta=2027-01-01'), 'x', '2026-11-28', [], []).hasta).toBe(
      '2026-11-28',
    );
  });

  it('changes keep the other parameters; back to a day drops the range', () => {
    const actual = p('fecha=2026-11-20&desde=2026-11-01&hasta=2026-11-10&linea=2');
    expect(conFiltros(actual, { rango: null }).toString()).toBe('fecha=2026-11-20&linea=2');
    expect(conFiltros(actual, { linea: null, turno: 3 }).toString()).toBe(
      'fecha=2026-11-20&desde=2026-11-01&hasta=2026-11-10&turno=3',
    );
  });
});
