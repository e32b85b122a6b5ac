import { describe, expect, it } from 'vitest';
import { chartTable } from '../../../components/charts/chart-table.ts';
import {
  ajustarRango,
  ausentes,
  diasEntre,
  ETIQUETA_ESTADO,
  etiquetaEstado,
  filtrarAusencias,
  leerRango,
  porcentajes,
  totalPlanta,
  type FilaAreaAsistencia,
} from './asistencia.ts';
import {
  buildEstadosAreaOption,
  buildTendenciaAsistenciaOption,
  type DiaTendencia,
  tramoTendencia,
} from '@planta/charts/rrhh/asistencia-options';

function fila(area: string, c: Partial<FilaAreaAsistencia>): FilaAreaAsistencia {
  const base = {
    programados: 0,
    presentes: 0,
    faltas: 0,
    vacaciones: 0,
    incapacidades: 0,
    permisos: 0,
    ...c,
  };
  return { area, ...base, ...porcentajes(base) };
}

describe('porcentajes', () => {
  it('excludes vacations from the scheduled (DOMAIN: absenteeism over scheduled hours)', () => {
    // 20 scheduled, 2 on vacation: 18 due, 17 present → 94.44 % / 5.56 %.
    expect(porcentajes({ programados: 20, presentes: 17, vacaciones: 2 })).toEqual({
      asistencia_pct: 94.44,
      ausentismo_pct: 5.56,
    });
  });

  it('is null when nobody was due (everyone on vacation, or no records)', () => {
    expect(porcentajes({ programados: 3, presentes: 0, vacaciones: 3 })).toEqual({
      asistencia_pct: null,
      ausentismo_pct: null,
    });
    expect(porcentajes({ programados: 0, presentes: 0, vacaciones: 0 }).asistencia_pct).toBeNull();
  });
});

describe('totalPlanta', () => {
  it('sums the areas and takes the percentages from the sums, not the mean of the percentages', () => {
    const a = fila('Envasado', { programados: 10, presentes: 5, faltas: 5 }); // 50 %
    const b = fila('Mantenimiento', { programados: 90, presentes: 90 }); // 100 %
    const t = totalPlanta([a, b]);
    expect(t.programados).toBe(100);
    expect(t.presentes).toBe(95);
    expect(t.faltas).toBe(5);
    expect(t.asistencia_pct).toBe(95); // the mean of the percentages would say 75
    expect(t.ausentismo_pct).toBe(5);
  });

  it('keeps vacations out of the plant total as in each area', () => {
    const t = totalPlanta([
      fila('A', { programados: 10, presentes: 8, vacaciones: 2 }),
      fila('B', { programados: 12, presentes: 9, incapacidades: 1, permisos: 1, vacaciones: 1 }),
    ]);
    // 22 scheduled − 3 on vacation = 19 due; 17 present.
    expect(t).toMatchObject({ programados: 22, presentes: 17, vacaciones: 3, incapacidades: 1, permisos: 1 });
    expect(t.asistencia_pct).toBe(89.47);
    expect(t.ausentismo_pct).toBe(10.53);
    expect(ausentes(t)).toBe(5);
  });

  it('of no areas is all zeros without percentages', () => {
    expect(totalPlanta([])).toEqual({
      programados: 0,
      presentes: 0,
      faltas: 0,
      vacaciones: 0,
      incapacidades: 0,
      permisos: 0,
      asistencia_pct: null,
      ausentismo_pct: null,
    });
  });
});

describe('etiquetas', () => {
  it('names every state in Spanish', () => {
    expect(ETIQUETA_ESTADO).toEqual({
      PRESENTE: 'Presente',
      FALTA: 'Falta',
      VACACIONES: 'Vacaciones',
      INCAPACIDAD: 'Incapacidad',
      PERMISO: 'Permiso',
    });
    expect(etiquetaEstado('INCAPACIDAD')).toBe('Incapacidad');
    expect(etiquetaEstado('OTRO')).toBe('OTRO');
  });
});

describe('filtrarAusencias', () => {
  const lista = [
    {
      estado: 'FALTA',
      empleado: { codigo: 'E001', nombre: 'José Peña', area: 'Envasado', puesto: 'Operador' },
    },
    {
      estado: 'INCAPACIDAD',
      empleado: { codigo: 'E002', nombre: 'Ana Ruiz', area: 'Mantenimiento', puesto: 'Técnica' },
    },
    {
      estado: 'VACACIONES',
      empleado: { codigo: 'E003', nombre: 'Luis Soto', area: 'Envasado', puesto: 'Jefe' },
    },
  ];

  it('finds by name without accents or case, by code, area, puesto and the Spanish state', () => {
    expect(filtrarAusencias(lista, 'pena').map((a) => a.empleado.codigo)).toEqual(['E001']);
    expect(filtrarAusencias(lista, 'e002').map((a) => a.empleado.codigo)).toEqual(['E002']);
    expect(filtrarAusencias(lista, 'envasado').map((a) => a.empleado.codigo)).toEqual(['E001', 'E003']);
    expect(filtrarAusencias(lista, 'tecnica').map((a) => a.empleado.codigo)).toEqual(['E002']);
    expect(filtrarAusencias(lista, 'Incapacidad').map((a) => a.empleado.codigo)).toEqual(['E002']);
  });

  it('needs every word and returns everyone for an empty search', () => {
    expect(filtrarAusencias(lista, 'envasado vacaciones').map((a) => a.empleado.codigo)).toEqual(['E003']);
    expect(filtrarAusencias(lista, '  ')).toHaveLength(3);
    expect(filtrarAusencias(lista, 'nadie')).toEqual([]);
  });
});

describe('rango de la tendencia', () => {
  it('defaults to the 30 days ending on the day', () => {
    expect(leerRango(null, null, '2026-11-25', '2026-11-25')).toEqual({
      desde: '2026-10-27',
      hasta: '2026-11-25',
      porDefecto: true,
    });
    expect(diasEntre('2026-10-27', '2026-11-25')).toBe(30);
  });

  it('keeps a valid range from the URL and rejects bad, reversed, future or too long ones', () => {
    expect(leerRango('2026-11-01', '2026-11-10', '2026-11-25', '2026-11-25')).toEqual({
      desde: '2026-11-01',
      hasta: '2026-11-10',
      porDefecto: false,
    });
    for (const [d, h] of [
      ['2026-11-10', '2026-11-01'],
      ['2026-02-30', '2026-03-10'],
      ['2026-11-01', '2026-11-26'],
      ['2025-01-01', '2026-11-01'],
      ['x', '2026-11-01'],
    ] as const)
      expect(leerRango(d, h, '2026-11-25', '2026-11-25').porDefecto).toBe(true);
  });

  it('moves the other end to keep the range ordered, ≤ 366 days and not after today', () => {
    const r = { desde: '2026-11-01', hasta: '2026-11-10' };
    expect(ajustarRango(r, { desde: '2026-11-05' })).toEqual({ desde: '2026-11-05', hasta: '2026-11-10' });
    expect(ajustarRango(r, { desde: '2026-11-15' })).toEqual({ desde: '2026-11-15', hasta: '2026-11-15' });
    expect(ajustarRango(r, { hasta: '2026-10-20' })).toEqual({ desde: '2026-10-20', hasta: '2026-10-20' });
    expect(ajustarRango(r, { desde: '2025-01-01' })).toEqual({ desde: '2025-01-01', hasta: '2026-01-01' });
    expect(ajustarRango(r, { hasta: '2026-11-25' }, '2026-11-20')).toEqual({
      desde: '2026-11-01',
      hasta: '2026-11-20',
    });
  });
});

describe('gráficos', () => {
  const filas = [
    fila('Envasado', { programados: 10, presentes: 7, faltas: 1, vacaciones: 1, incapacidades: 1 }),
    fila('Calidad', { programados: 4, presentes: 3, permisos: 1 }),
  ];

  it('stacks each area’s states with the first area on top, and tells them in its table', () => {
    const option = buildEstadosAreaOption({ filas })!;
    const series = option.series as { name: string; stack: string; data: number[] }[];
    expect(series.map((s) => s.name)).toEqual([
      'Presentes',
      'Faltas',
      'Vacaciones',
      'Incapacidad',
      'Permiso',
    ]);
    expect(new Set(series.map((s) => s.stack)).size).toBe(1);
    expect((option.yAxis as { data: string[] }).data).toEqual(['Calidad', 'Envasado']);
    expect(series[0]!.data).toEqual([3, 7]);
    const tabla = chartTable(option)!;
    expect(tabla.columns).toEqual([
      'Categoría',
      'Presentes',
      'Faltas',
      'Vacaciones',
      'Incapacidad',
      'Permiso',
    ]);
    expect(tabla.rows[1]).toEqual(['Envasado', '7', '1', '1', '1', '0']);
    expect(buildEstadosAreaOption({ filas: [] })).toBeNull();
  });

  it('draws days without records as gaps, never zeros, and nothing when no day has records', () => {
    const dia = (fecha: string, presentes: number | null): DiaTendencia => {
      const c = { programados: presentes === null ? 0 : 10, presentes: presentes ?? 0, vacaciones: 0 };
      return { fecha, faltas: 0, incapacidades: 0, permisos: 0, ...c, ...porcentajes(c) };
    };
    const dias = [dia('2026-11-01', 9), dia('2026-11-02', null), dia('2026-11-03', 10)];
    const option = buildTendenciaAsistenciaOption({ dias })!;
    const series = option.series as {
      name: string;
      type: string;
      data: (number | null)[];
      connectNulls?: boolean;
    }[];
    expect(series.map((s) => [s.name, s.type])).toEqual([
      ['Asistencia', 'line'],
      ['Ausentismo', 'bar'],
    ]);
    expect(series[0]!.data).toEqual([90, null, 100]);
    expect(series[1]!.data).toEqual([10, null, 0]);
    expect(series[0]!.connectNulls).toBe(false);
    expect(chartTable(option)!.rows[1]).toEqual(['02 nov', '—', '—']);
    expect(buildTendenciaAsistenciaOption({ dias: [dia('2026-11-02', null)] })).toBeNull();
  });

  it('keeps the attendance line in the upper half and the absenteeism bars in the lower half', () => {
    const c = (asistencia_pct: number | null) => ({
      ...fila('x', {}),
      asistencia_pct,
      ausentismo_pct: asistencia_pct === null ? null : 100 - asistencia_pct,
    });
    expect(tramoTendencia([c(95), c(null)])).toBe(10); // never below the typical 8 %, rounded to 5
    expect(tramoTendencia([c(95), c(86.5)])).toBe(15);
    expect(tramoTendencia([c(0)])).toBe(50);
    const dias = [{ ...c(86.5), fecha: '2026-11-01' }];
    const [izq, der] = buildTendenciaAsistenciaOption({ dias })!.yAxis as { min: number; max: number }[];
    expect([izq!.min, izq!.max, der!.min, der!.max]).toEqual([70, 100, 0, 30]);
  });
});
