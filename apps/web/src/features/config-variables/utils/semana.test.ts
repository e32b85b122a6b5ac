import { describe, expect, it } from 'vitest';
import { diasDeSemana, filaDe, validarFila, weekStart } from './semana.ts';

describe('the week being edited', () => {
  it('is Monday to Sunday, whatever day was chosen', () => {
    expect(weekStart('2025-06-04')).toBe('2025-06-02');
    expect(weekStart('2025-06-08')).toBe('2025-06-02');
    expect(diasDeSemana('2025-06-30')).toEqual([
      '2025-06-30',
      '2025-07-01',
      '2025-07-02',
      '2025-07-03',
      '2025-07-04',
      '2025-07-05',
      '2025-07-06',
    ]);
  });

  it("a day's row: the stored figures, the meta from the metas when the day has none", () => {
    expect(filaDe({ diario: 5, mensual: 12.5, anual: null, meta: null }, 7)).toEqual({
      diario: '5',
      mensual: '12.5',
      anual: '',
      meta: '7',
    });
    expect(filaDe(undefined, undefined)).toEqual({ diario: '', mensual: '', anual: '', meta: '' });
  });

  it('a new day needs diario only; an existing day needs the five figures (SPEC §5)', () => {
    const fila = { diario: '3', mensual: '', anual: '', meta: '' };
    expect(validarFila(fila, false)).toEqual({});
    expect(validarFila(fila, true)).toEqual({
      mensual: 'Obligatorio',
      anual: 'Obligatorio',
      meta: 'Obligatorio',
    });
    expect(validarFila({ ...fila, diario: '' }, false)).toEqual({ diario: 'Obligatorio' });
    expect(validarFila({ ...fila, diario: 'x' }, false)).toEqual({ diario: 'Escriba un número' });
  });
});
