import { describe, expect, it } from 'vitest';
import { buildEnergiaOption, energiaPorHora, ETIQUETAS_HORA } from './energia-option.ts';

const TZ = 'America/Lima'; // UTC−5

describe('energía por hora del día de producción', () => {
  it('orders the hours 8…23, 0…7, keeps missing hours as gaps and rounds to 2 decimals', () => {
    const valores = energiaPorHora(
      [
        { fecha: '2026-11-25T12:00:00Z', energia: 70.005 }, // 07:00 next morning: last slot
        { fecha: '2026-11-24T13:00:00Z', energia: 120.456 }, // 08:00: first slot
        { fecha: '2026-11-25T05:00:00Z', energia: 90 }, // 00:00
      ],
      TZ,
    );
    expect(valores).toHaveLength(24);
    expect(valores[0]).toBe(120.46);
    expect(valores[16]).toBe(90);
    expect(valores[23]).toBe(70.01);
    expect(valores.filter((v) => v === null)).toHaveLength(21);
    expect(ETIQUETAS_HORA[0]).toBe('08:00');
    expect(ETIQUETAS_HORA[16]).toBe('00:00');
    expect(ETIQUETAS_HORA[23]).toBe('07:00');
  });

  it('draws a bar series per line, or nothing without values', () => {
    const vacio = Array<number | null>(24).fill(null);
    expect(buildEnergiaOption({ series: [{ nombre: 'Línea 1', linea: 1, valores: vacio }] })).toBeNull();
    const conDatos = [...vacio];
    conDatos[2] = 50;
    const option = buildEnergiaOption({
      series: [
        { nombre: 'Línea 1', linea: 1, valores: conDatos },
        { nombre: 'Línea 2', linea: 2, valores: vacio },
      ],
    })!;
    const series = option.series as { type: string; data: (number | null)[] }[];
    expect(series.map((s) => s.type)).toEqual(['bar', 'bar']);
    expect(series[0]!.data[2]).toBe(50);
  });
});
