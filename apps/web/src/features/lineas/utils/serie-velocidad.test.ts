import { describe, expect, it } from 'vitest';
import { PALETAS_LINEA } from './paletas.ts';
import { detailMaxPoints, slotLabels, speedSlots, speedStats } from './serie-velocidad.ts';
import { buildSpeedDetailOption, detailLabelStep } from './velocidad-option.ts';

const LIMA = 'America/Lima';
const inicio = new Date('2026-11-20T13:00:00Z'); // 08:00 Lima
const fin = new Date('2026-11-21T13:00:00Z');
const presentaciones = new Map([
  [103, { num_botellas: 12, velocidad_nominal: { velocidad_botellas_minuto: 667 } }],
]);
/** Points as the server's columns. */
const columnas = (puntos: { minuto: number; velocidad: number; formato: number }[]) => ({
  minuto: puntos.map((p) => p.minuto),
  velocidad: puntos.map((p) => p.velocidad),
  formato: puntos.map((p) => p.formato),
});
const SIN_PUNTOS = columnas([]);

describe('speedSlots', () => {
  const lecturas = columnas([
    { minuto: 0, velocidad: 600, formato: 103 },
    { minuto: 1, velocidad: 620.04, formato: 103 },
    // minute 2 missing
    { minuto: 3, velocidad: 0, formato: 0 },
    { minuto: 1439, velocidad: 500, formato: 103 },
    { minuto: 1440, velocidad: 1, formato: 103 }, // next day: ignored
    { minuto: -5, velocidad: 2, formato: 103 }, // a bucket begun before the day: ignored
  ]);

  it('cuts the day in minute slots from 08:00, keeping missing minutes as gaps', () => {
    const slots = speedSlots(lecturas, inicio, fin, 1, presentaciones);
    expect(slots).toHaveLength(1440);
    expect(slots[0]).toEqual({ t: inicio.getTime(), velocidad: 600, nominal: 667 });
    expect(slots[1]?.velocidad).toBe(620);
    expect(slots[2]).toMatchObject({ velocidad: null, nominal: null });
    expect(slots[3]).toMatchObject({ velocidad: 0, nominal: null });
    expect(slots[1439]?.velocidad).toBe(500);
    expect(slotLabels(slots, LIMA).slice(0, 2)).toEqual(['08:00', '08:01']);
    expect(slotLabels(slots, LIMA).at(-1)).toBe('07:59');
  });

  it('uses buckets when the server downsampled', () => {
    const slots = speedSlots(
      columnas([{ minuto: 5, velocidad: 610, formato: 103 }]),
      inicio,
      fin,
      5,
      presentaciones,
    );
    expect(slots).toHaveLength(288);
    expect(slots[1]?.velocidad).toBe(610);
    expect(slots[0]?.velocidad).toBeNull();
  });

  it('gives the mean running speed, the maximum and the running minutes', () => {
    const stats = speedStats(speedSlots(lecturas, inicio, fin, 1, presentaciones), 1);
    expect(stats).toEqual({ mediaEnMarcha: (600 + 620 + 500) / 3, maxima: 620, minutosEnMarcha: 3 });
    expect(speedStats([], 1)).toEqual({ mediaEnMarcha: null, maxima: null, minutosEnMarcha: 0 });
  });

  it('asks for about 2 points per pixel, within the day and the API minimum', () => {
    expect(detailMaxPoints(1100)).toBe(1440);
    expect(detailMaxPoints(330)).toBe(660);
    expect(detailMaxPoints(0)).toBe(10);
  });
});

describe('buildSpeedDetailOption', () => {
  const slots = speedSlots(
    columnas([
      { minuto: 0, velocidad: 600, formato: 103 },
      { minuto: 2, velocidad: 610, formato: 103 },
    ]),
    inicio,
    fin,
    1,
    presentaciones,
  );
  const labels = slotLabels(slots, LIMA);

  it('draws the speed with gaps and the nominal dashed, zoomable over the whole day', () => {
    const option = buildSpeedDetailOption({ slots, labels, intervalo: 1, paleta: PALETAS_LINEA[2] })!;
    const series = option.series as {
      name: string;
      data: (number | null)[];
      connectNulls: boolean;
      lineStyle: { type?: string; color: string };
    }[];
    expect(series.map((s) => s.name)).toEqual(['Velocidad', 'Nominal']);
    expect(series[0]!.data.slice(0, 3)).toEqual([600, null, 610]);
    expect(series[0]!.connectNulls).toBe(false);
    expect(series[0]!.lineStyle.color).toBe(PALETAS_LINEA[2].principal);
    expect(series[1]!.lineStyle.type).toBe('dashed');
    expect(series[1]!.data[0]).toBe(667);
    const zoom = option.dataZoom as { start: number; end: number }[];
    expect(zoom[0]).toMatchObject({ start: 0, end: 100 });
    expect((option.xAxis as { data: string[] }).data[0]).toBe('08:00');
  });

  it('is null without any reading', () => {
    const empty = speedSlots(SIN_PUNTOS, inicio, fin, 1, presentaciones);
    expect(
      buildSpeedDetailOption({ slots: empty, labels, intervalo: 1, paleta: PALETAS_LINEA[1] }),
    ).toBeNull();
  });

  it('labels the axis every 2 hours (4 on a phone)', () => {
    expect(detailLabelStep(1440, 1, false)).toBe(120);
    expect(detailLabelStep(288, 5, true)).toBe(48);
    expect(detailLabelStep(10, 60, false)).toBe(2);
  });
});
