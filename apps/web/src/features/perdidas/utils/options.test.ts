import { describe, expect, it } from 'vitest';
import { buildCascadaOption, type CascadaEntrada, pasosCascada } from './cascada-option.ts';
import { COLOR_ESTADO } from './clases.ts';
import {
  buildLineaTiempoOption,
  type LineaTiempoEntrada,
  rectanguloSegmento,
  segmentosTiempo,
} from './linea-tiempo-option.ts';
import { barrasPareto, buildParetoPerdidasOption, type MotivoPareto, OTROS } from './pareto-option.ts';

type Serie = { name?: string; type?: string; data: unknown[] };
const series = (option: unknown) => (option as { series: Serie[] }).series;
const valor = (d: unknown) =>
  typeof d === 'object' && d !== null ? (d as { value: number }).value : (d as number);

// A day of a line: 1,020 planned minutes; availability, performance and quality losses.
const dia: CascadaEntrada = {
  tiempo_planificado: 1020,
  tiempo_operativo: 1020 - 60.5 - 35 - 12.25 - 4,
  tiempo_neto: 1020 - 60.5 - 35 - 12.25 - 4 - 18 - 22.4,
  tiempo_productivo: 1020 - 60.5 - 35 - 12.25 - 4 - 18 - 22.4 - 7.1 - 3,
  perdidas: [
    { clase: 'FALLA', etiqueta: 'Fallas', grupo: 'DISPONIBILIDAD', minutos: 60.5 },
    { clase: 'CAMBIO_FORMATO', etiqueta: 'Cambios de formato', grupo: 'DISPONIBILIDAD', minutos: 35 },
    { clase: 'SIN_MOTIVO', etiqueta: 'Sin motivo', grupo: 'DISPONIBILIDAD', minutos: 12.25 },
    { clase: 'NO_REGISTRADO', etiqueta: 'Paro no registrado', grupo: 'DISPONIBILIDAD', minutos: 4 },
    { clase: 'MICROPARO', etiqueta: 'Microparos', grupo: 'RENDIMIENTO', minutos: 18 },
    { clase: 'VELOCIDAD', etiqueta: 'Velocidad reducida', grupo: 'RENDIMIENTO', minutos: 22.4 },
    { clase: 'CALIDAD', etiqueta: 'Calidad', grupo: 'CALIDAD', minutos: 7.1 },
    { clase: 'ARRANQUE', etiqueta: 'Arranque', grupo: 'CALIDAD', minutos: 3 },
  ],
};

describe('OEE waterfall', () => {
  it('goes planned → availability losses → operating → performance → net → quality → productive', () => {
    expect(pasosCascada(dia).map((p) => p.etiqueta)).toEqual([
      'Tiempo planificado',
      'Fallas',
      'Cambios de formato',
      'Sin motivo',
      'Paro no registrado',
      'Tiempo operativo',
      'Microparos',
      'Velocidad reducida',
      'Tiempo neto',
      'Calidad',
      'Arranque',
      'Tiempo productivo',
    ]);
  });

  it('adds up: each loss hangs from the level the previous bars left, and the times are the server’s', () => {
    const pasos = pasosCascada(dia);
    let nivel = dia.tiempo_planificado;
    for (const paso of pasos.slice(1)) {
      if (paso.tipo === 'perdida') {
        // The top of the loss is the previous level; its bottom the next.
        expect(paso.base + paso.valor).toBeCloseTo(nivel, 9);
        nivel = paso.base;
      } else {
        expect(paso.base).toBe(0);
        expect(paso.valor).toBeCloseTo(nivel, 9);
      }
    }
    expect(pasos.at(-1)!.valor).toBe(dia.tiempo_productivo);
    const perdidas = pasos.filter((p) => p.tipo === 'perdida').reduce((s, p) => s + p.valor, 0);
    expect(perdidas + dia.tiempo_productivo).toBeCloseTo(dia.tiempo_planificado, 9);
  });

  it('colours losses by class, "Sin motivo" its own, an unknown class by its group', () => {
    const pasos = pasosCascada(dia);
    const color = (etiqueta: string) => pasos.find((p) => p.etiqueta === etiqueta)!.color;
    expect(color('Fallas')).toBe(COLOR_ESTADO.FALLA);
    expect(color('Sin motivo')).toBe(COLOR_ESTADO.SIN_MOTIVO);
    expect(new Set(pasos.filter((p) => p.tipo === 'perdida').map((p) => p.color)).size).toBe(8);
  });

  it('draws a transparent base stacked under the visible bars; no planned time is "Sin datos"', () => {
    const option = buildCascadaOption(dia)!;
    const [base, minutos] = series(option);
    expect(base!.data).toEqual(pasosCascada(dia).map((p) => p.base));
    expect(minutos!.data.map(valor)).toEqual(pasosCascada(dia).map((p) => p.valor));
    expect(buildCascadaOption({ ...dia, tiempo_planificado: 0, perdidas: [] })).toBeNull();
  });
});

const motivos: MotivoPareto[] = [
  { motivo: 'Sin motivo', categoria: null, clase: 'SIN_MOTIVO', minutos: 40, paros: 9 },
  { motivo: 'Atasco de etiquetadora', categoria: 'Mecánica', clase: 'FALLA', minutos: 95.5, paros: 4 },
  { motivo: OTROS, categoria: null, clase: 'FALLA', minutos: 50, paros: 12 },
  {
    motivo: 'Cambio 500 ml → 1 L',
    categoria: 'Cambio de formato',
    clase: 'CAMBIO_FORMATO',
    minutos: 60,
    paros: 2,
  },
  { motivo: 'Corte de energía', categoria: 'Eléctrica', clase: 'FALLA', minutos: 0, paros: 0 },
];

describe('Pareto of unplanned stops', () => {
  it('sorts by minutes, keeps Otros last, and its cumulative % ends at 100', () => {
    const barras = barrasPareto(motivos, 'minutos');
    expect(barras.map((b) => b.motivo)).toEqual([
      'Atasco de etiquetadora',
      'Cambio 500 ml → 1 L',
      'Sin motivo',
      OTROS,
    ]);
    expect(barras.at(-1)!.acumulado).toBe(100);
    expect(barras[0]!.acumulado).toBeCloseTo((95.5 / 245.5) * 100, 9);
    const acumulados = barras.map((b) => b.acumulado);
    expect([...acumulados].sort((a, b) => a - b)).toEqual(acumulados);
    expect(barras.reduce((s, b) => s + b.porcentaje, 0)).toBeCloseTo(100, 9);
  });

  it('by occurrences sorts by stops and ends at 100 too', () => {
    const barras = barrasPareto(motivos, 'paros');
    expect(barras.map((b) => b.motivo)).toEqual([
      'Sin motivo',
      'Atasco de etiquetadora',
      'Cambio 500 ml → 1 L',
      OTROS,
    ]);
    expect(barras.map((b) => b.valor)).toEqual([9, 4, 2, 12]);
    expect(barras.at(-1)!.acumulado).toBe(100);
  });

  it('draws "Sin motivo" in its own colour, the cumulative line on the 0–100 axis', () => {
    const option = buildParetoPerdidasOption(motivos, 'minutos')!;
    const [barras, linea] = series(option);
    const colores = (barras!.data as { itemStyle: { color: string } }[]).map((d) => d.itemStyle.color);
    expect(colores[2]).toBe(COLOR_ESTADO.SIN_MOTIVO);
    expect(colores.filter((c) => c === COLOR_ESTADO.SIN_MOTIVO)).toHaveLength(1);
    expect(linea!.data.at(-1)).toBe(100);
    expect(buildParetoPerdidasOption([], 'minutos')).toBeNull();
  });
});

describe('timeline per line', () => {
  const desde = Date.parse('2026-11-20T13:00:00Z'); // 08:00 in Lima
  const hasta = Date.parse('2026-11-21T13:00:00Z');
  const lineas: LineaTiempoEntrada[] = [
    {
      linea_id: '1',
      linea: 1,
      linea_nombre: 'Línea 1',
      tramos: [
        {
          inicio: '2026-11-20T12:30:00Z',
          fin: '2026-11-20T14:00:00Z',
          estado: 'MARCHA',
          motivo: null,
          motivo_por: null,
        },
        {
          inicio: '2026-11-20T14:00:00Z',
          fin: '2026-11-20T14:12:30Z',
          estado: 'FALLA',
          motivo: 'Atasco',
          motivo_por: 'Ana',
        },
        {
          inicio: '2026-11-20T14:12:30Z',
          fin: '2026-11-20T14:12:30Z',
          estado: 'MICROPARO',
          motivo: null,
          motivo_por: null,
        },
        {
          inicio: '2026-11-20T14:12:30Z',
          fin: '2026-11-21T13:30:00Z',
          estado: 'MARCHA',
          motivo: null,
          motivo_por: null,
        },
      ],
    },
    {
      linea_id: '2',
      linea: 2,
      linea_nombre: 'Línea 2',
      tramos: [
        {
          inicio: '2026-11-20T13:00:00Z',
          fin: '2026-11-20T15:00:00Z',
          estado: 'SIN_MOTIVO',
          motivo: null,
          motivo_por: null,
        },
      ],
    },
  ];

  it('cuts the stretches to the window, drops empty ones, one row per line', () => {
    const s = segmentosTiempo(lineas, desde, hasta);
    expect(s.map((x) => [x.fila, x.estado, x.minutos])).toEqual([
      [0, 'MARCHA', 60],
      [0, 'FALLA', 12.5],
      [0, 'MARCHA', 1367.5],
      [1, 'SIN_MOTIVO', 120],
    ]);
    // A line's stretches tile the window.
    const linea1 = s.filter((x) => x.fila === 0);
    expect(linea1[0]!.inicio).toBe(desde);
    expect(linea1.at(-1)!.fin).toBe(hasta);
    linea1.slice(1).forEach((x, i) => expect(x.inicio).toBe(linea1[i]!.fin));
  });

  it('gives each stretch its class colour and a custom series over a time axis', () => {
    const option = buildLineaTiempoOption(lineas, { desde, hasta }, 'America/Lima')!;
    const [serie] = series(option);
    expect(serie!.type).toBe('custom');
    const data = serie!.data as { value: number[]; itemStyle: { color: string } }[];
    expect(data.map((d) => d.itemStyle.color)).toEqual([
      COLOR_ESTADO.MARCHA,
      COLOR_ESTADO.FALLA,
      COLOR_ESTADO.MARCHA,
      COLOR_ESTADO.SIN_MOTIVO,
    ]);
    expect(data[1]!.value).toEqual([
      0,
      Date.parse('2026-11-20T14:00:00Z'),
      Date.parse('2026-11-20T14:12:30Z'),
    ]);
    const eje = (
      option as { xAxis: { min: number; max: number; axisLabel: { formatter: (v: number) => string } } }
    ).xAxis;
    expect([eje.min, eje.max]).toEqual([desde, hasta]);
    expect(eje.axisLabel.formatter(desde)).toBe('08:00');
    expect(buildLineaTiempoOption([], { desde, hasta }, 'America/Lima')).toBeNull();
  });

  it('tooltip: reason, times in plant time, duration and who gave it', () => {
    const option = buildLineaTiempoOption(lineas, { desde, hasta }, 'America/Lima')!;
    const formatter = (option as { tooltip: { formatter: (p: unknown) => string } }).tooltip.formatter;
    const html = formatter({ dataIndex: 1 });
    expect(html).toContain('Línea 1 · Falla');
    expect(html).toContain('Atasco');
    expect(html).toContain('09:00 – 09:12');
    expect(html).toContain('12.5 min');
    expect(html).toContain('Ana');
    expect(formatter({ dataIndex: 3 })).toContain('Sin motivo');
  });

  it('clips a rectangle to the plot and keeps a sliver visible', () => {
    const plot = { x: 10, y: 0, width: 100, height: 50 };
    expect(rectanguloSegmento(0, 50, 25, 10, plot)).toEqual({ x: 10, y: 20, width: 40, height: 10 });
    expect(rectanguloSegmento(60, 60.2, 25, 10, plot)!.width).toBe(1);
    expect(rectanguloSegmento(120, 130, 25, 10, plot)).toBeNull();
  });
});
