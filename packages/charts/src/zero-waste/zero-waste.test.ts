import { MESES } from '@planta/domain';
import { describe, expect, it } from 'vitest';
import { buildDesgloseOption } from './desglose-option.ts';
import {
  aniosDisponibles,
  filasDesglose,
  filasZeroWaste,
  leerAnio,
  leerMes,
  type MesZeroWaste,
  totalProyeccion,
  ultimoMesConDatos,
  zwlAcumuladoPorMes,
} from './zero-waste.ts';
import { buildZwlOption, COLOR_BAJO_META, zwlAxisMin } from './zwl-option.ts';

/** Server-shaped months: January mid-sized, February tiny and poor, March huge and clean, the rest empty. */
function meses(kg: Record<number, [number, number]>): MesZeroWaste[] {
  return MESES.map((mes, i) => {
    const [a, n] = kg[i + 1] ?? [0, 0];
    const total = a + n;
    return {
      mes,
      numero_mes: i + 1,
      aprovechable: a,
      no_aprovechable: n,
      zwl: total > 0 ? Math.round((a / total) * 10000) / 100 : null,
    };
  });
}

const ANIO = meses({ 1: [900, 100], 2: [10, 10], 3: [10250.5, 1] });

describe('filasZeroWaste', () => {
  it('gives the twelve months, then Acumulado and Meta', () => {
    const filas = filasZeroWaste(ANIO);
    expect(filas.map((f) => f.etiqueta)).toEqual([...MESES, 'Acumulado', 'Meta']);
    expect(filas.map((f) => f.tipo).slice(-2)).toEqual(['acumulado', 'meta']);
  });

  it('computes Acumulado as the zwl of the sums, not the mean of the monthly zwl', () => {
    const acumulado = filasZeroWaste(ANIO).find((f) => f.tipo === 'acumulado');
    expect(acumulado).toMatchObject({
      aprovechable: 11160.5,
      noAprovechable: 111,
      total: 11271.5,
      zwl: 99.02, // 11160.5 / 11271.5 × 100
      cumple: true,
    });
    const mean = (90 + 50 + 99.99) / 3;
    expect(acumulado?.zwl).not.toBeCloseTo(mean, 1);
  });

  it('gives the target row Meta 99 % without kg, and flags each month against it', () => {
    const filas = filasZeroWaste(ANIO);
    expect(filas.at(-1)).toEqual({
      clave: 'meta',
      etiqueta: 'Meta',
      tipo: 'meta',
      aprovechable: null,
      noAprovechable: null,
      total: null,
      zwl: 99,
      cumple: null,
    });
    expect(filas.slice(0, 3).map((f) => [f.zwl, f.cumple])).toEqual([
      [90, false],
      [50, false],
      [99.99, true],
    ]);
  });

  it('leaves months without records empty ("—"), never 0 %', () => {
    const filas = filasZeroWaste(ANIO);
    for (const f of filas.slice(3, 12)) {
      expect(f).toMatchObject({
        aprovechable: null,
        noAprovechable: null,
        total: null,
        zwl: null,
        cumple: null,
      });
    }
    // A year without records: Acumulado empty too.
    const vacio = filasZeroWaste(meses({}));
    expect(vacio.find((f) => f.tipo === 'acumulado')?.zwl).toBeNull();
  });

  it('fills months missing from the answer and ignores the server Acumulado row', () => {
    const parcial: MesZeroWaste[] = [
      { mes: 'Mayo', numero_mes: 5, aprovechable: 99, no_aprovechable: 1, zwl: 99 },
      { mes: 'Acumulado', numero_mes: null, aprovechable: 1e9, no_aprovechable: 0, zwl: 100 },
    ];
    const filas = filasZeroWaste(parcial);
    expect(filas).toHaveLength(14);
    expect(filas[4]).toMatchObject({ etiqueta: 'Mayo', zwl: 99, cumple: true });
    expect(filas[12]).toMatchObject({ total: 100, zwl: 99 });
  });

  it('counts a month whose non-aprovechable is all of it as 0 %, a real figure', () => {
    expect(filasZeroWaste(meses({ 7: [0, 40] }))[6]).toMatchObject({ zwl: 0, total: 40, cumple: false });
  });
});

describe('zwlAcumuladoPorMes and ultimoMesConDatos', () => {
  it('runs the ratio of the sums through each month, up to the last month with records', () => {
    expect(ultimoMesConDatos(ANIO)).toBe(3);
    expect(zwlAcumuladoPorMes(ANIO)).toEqual([90, round2((910 / 1020) * 100), 99.02, ...Array(9).fill(null)]);
    expect(ultimoMesConDatos(meses({}))).toBeNull();
    // A gap in the middle keeps the running figure (the year's ratio so far).
    expect(zwlAcumuladoPorMes(meses({ 1: [99, 1], 3: [1, 1] })).slice(0, 4)).toEqual([
      99,
      99,
      round2((100 / 102) * 100),
      null,
    ]);
  });
});

const round2 = (x: number) => Math.round(x * 100) / 100;

describe('buildZwlOption', () => {
  it('draws the monthly zwl (gaps for empty months), the running Acumulado and the 99 % line', () => {
    const option = buildZwlOption({ meses: ANIO });
    const series = option?.series as { name: string; data: unknown[] }[];
    expect(series.map((s) => s.name)).toEqual(['ZWL del mes', 'Acumulado', 'Meta']);
    const barras = series[0]!.data as ({ value: number; itemStyle: { color: string } } | null)[];
    expect(barras.slice(0, 4).map((b) => b?.value ?? null)).toEqual([90, 50, 99.99, null]);
    expect(barras[0]?.itemStyle.color).toBe(COLOR_BAJO_META);
    expect(barras[2]?.itemStyle.color).not.toBe(COLOR_BAJO_META);
    expect(series[2]!.data).toEqual(Array(12).fill(99));
    expect((option?.xAxis as { data: string[] }).data.slice(0, 3)).toEqual(['Ene', 'Feb', 'Mar']);
    expect((option?.yAxis as { min: number }).min).toBe(45);
  });

  it('gives no chart for a year without records', () => {
    expect(buildZwlOption({ meses: meses({}) })).toBeNull();
  });

  it('starts the axis 5 points under the lowest value or the target, on a multiple of 5', () => {
    expect(zwlAxisMin([99.5, 98.2, null])).toBe(90);
    expect(zwlAxisMin([99.5])).toBe(90);
    expect(zwlAxisMin([3])).toBe(0);
  });
});

describe('filasDesglose and buildDesgloseOption', () => {
  const anio = [
    { clasificacion_id: '3', descripcion: 'Lodos PTA', aprovechable: true, kg: 7000, porcentaje: 62.1 },
    { clasificacion_id: '1', descripcion: 'Cartón/papel', aprovechable: true, kg: 2160.5, porcentaje: 19.17 },
    { clasificacion_id: '4', descripcion: 'Ordinarios', aprovechable: false, kg: 111, porcentaje: 0.98 },
  ];
  const enero = [
    { clasificacion_id: '1', descripcion: 'Cartón/papel', aprovechable: true, kg: 900, porcentaje: 90 },
    { clasificacion_id: '4', descripcion: 'Ordinarios', aprovechable: false, kg: 100, porcentaje: 10 },
  ];

  it('puts the year and the month side by side, "—" where a period has nothing', () => {
    expect(filasDesglose(anio, enero)).toEqual([
      {
        clasificacionId: '3',
        descripcion: 'Lodos PTA',
        aprovechable: true,
        kgAnio: 7000,
        pctAnio: 62.1,
        kgMes: null,
        pctMes: null,
      },
      {
        clasificacionId: '1',
        descripcion: 'Cartón/papel',
        aprovechable: true,
        kgAnio: 2160.5,
        pctAnio: 19.17,
        kgMes: 900,
        pctMes: 90,
      },
      {
        clasificacionId: '4',
        descripcion: 'Ordinarios',
        aprovechable: false,
        kgAnio: 111,
        pctAnio: 0.98,
        kgMes: 100,
        pctMes: 10,
      },
    ]);
    const soloMes = filasDesglose([], enero);
    expect(soloMes.map((f) => [f.descripcion, f.kgAnio, f.kgMes])).toEqual([
      ['Cartón/papel', null, 900],
      ['Ordinarios', null, 100],
    ]);
  });

  it('draws the shares with the heaviest on top and marks the non-aprovechable', () => {
    const option = buildDesgloseOption({ filas: filasDesglose(anio, enero), etiquetaMes: 'Enero' });
    expect((option?.yAxis as { data: string[] }).data).toEqual([
      'Ordinarios (no aprov.)',
      'Cartón/papel',
      'Lodos PTA',
    ]);
    const series = option?.series as { name: string; data: (number | null)[] }[];
    expect(series.map((s) => s.name)).toEqual(['Año', 'Enero']);
    expect(series[0]!.data).toEqual([0.98, 19.17, 62.1]);
    expect(series[1]!.data).toEqual([10, 90, null]);
    expect(buildDesgloseOption({ filas: [], etiquetaMes: null })).toBeNull();
  });
});

describe('totalProyeccion and the selectors', () => {
  it('totals the projection as the zwl of its sums', () => {
    expect(
      totalProyeccion([
        {
          clasificacion: { id: '1', descripcion: 'PET' },
          aprovechables: 24000,
          no_aprovechables: 0,
          zero_waste: 100,
        },
        {
          clasificacion: { id: '2', descripcion: 'Ordinarios' },
          aprovechables: 0,
          no_aprovechables: 1200,
          zero_waste: 0,
        },
      ]),
    ).toEqual({ aprovechables: 24000, noAprovechables: 1200, zeroWaste: round2((24000 / 25200) * 100) });
    expect(totalProyeccion([]).zeroWaste).toBeNull();
  });

  it('reads ?anio= and ?mes= strictly and offers a bounded list of years', () => {
    expect(leerAnio('2025', 2026)).toBe(2025);
    for (const bad of [null, '', '1999', '2101', '20x5', '2025.5']) expect(leerAnio(bad, 2026)).toBe(2026);
    expect(leerMes('3')).toBe(3);
    for (const bad of [null, '0', '13', 'x', '1.5']) expect(leerMes(bad)).toBeNull();
    const anios = aniosDisponibles(2026, 2026);
    expect(anios[0]).toBe(2027);
    expect(anios).toHaveLength(15);
    expect(aniosDisponibles(2026, 2003)).toContain(2003);
  });
});
