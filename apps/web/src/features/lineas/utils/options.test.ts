import { describe, expect, it } from 'vitest';
import { buildBottleCountOption } from './botellas-option.ts';
import { PALETAS_LINEA } from './paletas.ts';
import { horasDelDia, type LecturaHora } from '@planta/charts/lineas/produccion';
import { buildHourlySpeedOption } from './velocidad-option.ts';

const LIMA = 'America/Lima';
const presentaciones = new Map([
  [103, { num_botellas: 12, velocidad_nominal: { velocidad_botellas_minuto: 667 } }],
]);
const lectura = (utc: string, velocidad: number, formato = 103): LecturaHora => ({
  fecha: utc,
  velocidad,
  botellas: Math.round(velocidad * 60),
  botellas_llenas: Math.round(velocidad * 59),
  paquetes: Math.floor((velocidad * 59) / 12),
  formato,
});
const horas = horasDelDia(
  [
    lectura('2026-11-20T13:00:00Z', 550.44), // 08
    lectura('2026-11-20T15:00:00Z', 600), // 10 (09 missing)
    lectura('2026-11-21T12:00:00Z', 0, 0), // 07, stopped
  ],
  LIMA,
  presentaciones,
);

type Series = {
  name: string;
  data: (number | null)[];
  connectNulls?: boolean;
  yAxisIndex?: number;
  lineStyle?: { type?: string; color?: string };
  itemStyle?: { color?: string };
};

describe('buildHourlySpeedOption', () => {
  const option = buildHourlySpeedOption({ horas, paleta: PALETAS_LINEA[3] })!;
  const series = option.series as Series[];

  it('puts the hours 08 … 07 on the axis', () => {
    const labels = (option.xAxis as { data: string[] }).data;
    expect(labels[0]).toBe('08');
    expect(labels[16]).toBe('00');
    expect(labels[23]).toBe('07');
  });

  it('draws the real speed in the line\u2019s colour with gaps kept, the nominal dashed', () => {
    expect(series[0]!.name).toBe('Velocidad');
    expect(series[0]!.data.slice(0, 3)).toEqual([550.4, null, 600]);
    expect(series[0]!.data[23]).toBe(0);
    expect(series[0]!.connectNulls).toBe(false);
    expect(series[0]!.lineStyle?.color).toBe(PALETAS_LINEA[3].principal);
    expect(series[1]!.name).toBe('Nominal');
    expect(series[1]!.lineStyle?.type).toBe('dashed');
    expect(series[1]!.data.slice(0, 3)).toEqual([667, null, 667]);
    expect(series[1]!.data[23]).toBeNull(); // no product: no nominal
  });

  it('shows the hour, the speeds and the % of nominal in the tooltip', () => {
    const formatter = (option.tooltip as { formatter: (p: unknown) => string }).formatter;
    const html = formatter([{ dataIndex: 2 }]);
    expect(html).toContain('10:00 – 10:59');
    expect(html).toContain('600 bpm');
    expect(html).toContain('667 bpm');
    expect(html).toContain('90.0 %');
    expect(formatter([{ dataIndex: 1 }])).toContain('Sin lecturas');
  });

  it('is null for a day without readings (the chart shows \u2018Sin datos\u2019)', () => {
    expect(
      buildHourlySpeedOption({ horas: horasDelDia([], LIMA, presentaciones), paleta: PALETAS_LINEA[1] }),
    ).toBeNull();
  });
});

describe('buildBottleCountOption', () => {
  const option = buildBottleCountOption({ horas, paleta: PALETAS_LINEA[1], compact: true })!;
  const series = option.series as Series[];

  it('bars filled bottles, packs on the right axis, gaps kept', () => {
    expect(series.map((s) => s.name)).toEqual(['Botellas llenas', 'Paquetes']);
    expect(series[0]!.data[0]).toBe(Math.round(550.44 * 59));
    expect(series[0]!.data[1]).toBeNull();
    expect(series[1]!.data[0]).toBe(Math.floor((550.44 * 59) / 12));
    expect(series[1]!.yAxisIndex).toBe(1);
    expect(series[1]!.connectNulls).toBe(false);
    expect(series[0]!.itemStyle?.color).toMatchObject({
      colorStops: [{ color: PALETAS_LINEA[1].principal }, { color: PALETAS_LINEA[1].oscuro }],
    });
  });

  it('adds bottles counted and finished product (bottles per pack × packs) to the tooltip', () => {
    const formatter = (option.tooltip as { formatter: (p: unknown) => string }).formatter;
    const html = formatter([{ dataIndex: 0 }]);
    expect(html).toContain('08:00 – 08:59');
    expect(html).toContain('Producto terminado');
    expect(html).toContain((Math.floor((550.44 * 59) / 12) * 12).toLocaleString('es-PE'));
  });

  it('hides axis names on a phone and is null without readings', () => {
    expect((option.yAxis as { name?: string }[]).every((a) => a.name === undefined)).toBe(true);
    expect(
      buildBottleCountOption({ horas: horasDelDia([], LIMA, presentaciones), paleta: PALETAS_LINEA[1] }),
    ).toBeNull();
  });
});

describe('a line stopped all day', () => {
  it('keeps a readable 0–100 bpm axis', () => {
    const parada = horasDelDia([lectura('2026-11-20T13:00:00Z', 0, 0)], LIMA, presentaciones);
    const option = buildHourlySpeedOption({ horas: parada, paleta: PALETAS_LINEA[2] })!;
    expect(option.yAxis).toMatchObject({ min: 0, max: 100 });
    expect(
      (buildHourlySpeedOption({ horas, paleta: PALETAS_LINEA[2] })!.yAxis as { max?: number }).max,
    ).toBeUndefined();
  });
});
