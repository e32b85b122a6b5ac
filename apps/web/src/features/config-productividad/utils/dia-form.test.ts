import { describe, expect, it } from 'vitest';
import { leerDia } from './dia-form.ts';

const l1 = { id: '1', nombre: 'Línea 1' };
const l2 = { id: '2', nombre: 'Línea 2' };
const l3 = { id: '3', nombre: 'Línea 3' };

describe('leerDia', () => {
  it('new lines without id, stored ones with id and version; hours with comma or point', () => {
    const r = leerDia(
      [{ linea: l1, turno: { id: '9', horas_productividad: 8, version: 3 } }, { linea: l2 }, { linea: l3 }],
      {
        '1': '7,5',
        '2': '16.25',
        '3': '',
      },
    );
    expect(r.errores).toEqual({});
    expect(r.entradas).toEqual([
      { id: '9', linea_id: '1', horas_productividad: 7.5, version: 3 },
      { linea_id: '2', horas_productividad: 16.25 },
    ]);
  });

  it('Spanish errors by line', () => {
    const r = leerDia(
      [{ linea: l1, turno: { id: '9', horas_productividad: 8, version: 1 } }, { linea: l2 }, { linea: l3 }],
      {
        '1': '',
        '2': '25',
        '3': 'ocho',
      },
    );
    expect(r.errores).toEqual({
      '1': 'Escriba las horas: el turno ya está guardado',
      '2': 'Las horas deben estar entre 0 y 24',
      '3': 'Escriba un número de horas (p. ej. 7,5 o 7.5)',
    });
    expect(leerDia([{ linea: l1 }], {}).general).toBe('Escriba las horas de al menos una línea');
  });
});
