import { describe, expect, it } from 'vitest';
import { alturaPareto, type Barra, buildParetoOption, etiquetaCorta } from './pareto-option.ts';

const barras: Barra[] = [
  {
    nombre: 'Falla en molde de soplado',
    equipo: 'Sopladora',
    minutos: 60,
    paros: 2,
    porcentaje: 60,
    porcentaje_acumulado: 60,
  },
  {
    nombre: 'Etiqueta mal aplicada',
    equipo: 'Etiquetadora',
    minutos: 30,
    paros: 5,
    porcentaje: 30,
    porcentaje_acumulado: 90,
  },
  { nombre: 'Otros', equipo: 'Otros', minutos: 10, paros: 4, porcentaje: 10, porcentaje_acumulado: 100 },
];

describe('buildParetoOption', () => {
  it('has no option without downtime', () => {
    expect(buildParetoOption({ barras: [], agrupar: 'CAUSA' })).toBeNull();
  });

  it('draws the minutes as bars (largest on top) and the running % on a 0–100 axis with the 80 % mark', () => {
    const option = buildParetoOption({ barras, agrupar: 'CAUSA' })!;
    const y = option.yAxis as { inverse: boolean; data: string[] };
    expect(y.inverse).toBe(true);
    expect(y.data).toEqual(barras.map((b) => b.nombre));
    const [bar, line] = option.series as {
      type: string;
      data: number[];
      xAxisIndex: number;
      markLine?: unknown;
    }[];
    expect(bar!.type).toBe('bar');
    expect(bar!.data).toEqual([60, 30, 10]);
    expect(line!.type).toBe('line');
    expect(line!.xAxisIndex).toBe(1);
    expect(line!.data).toEqual([60, 90, 100]);
    expect((option.xAxis as { max?: number }[])[1]!.max).toBe(100);
    expect(JSON.stringify(line!.markLine)).toContain('"xAxis":80');
  });

  it('keeps the axes readable on a phone: fewer minute ticks, the running % every 50', () => {
    const option = buildParetoOption({ barras, agrupar: 'CAUSA', compact: true })!;
    const [minutos, pct] = option.xAxis as { splitNumber?: number; interval?: number; name?: string }[];
    expect(minutos!.splitNumber).toBe(3);
    expect(minutos!.name).toBe('');
    expect(pct!.interval).toBe(50);
  });

  it('shortens long causes on the axis and grows with the bars', () => {
    expect(etiquetaCorta('Atasco de envases en estrella de entrada', 16)).toBe('Atasco de envas…');
    expect(etiquetaCorta('Corta', 16)).toBe('Corta');
    expect(alturaPareto(0)).toBe(220);
    expect(alturaPareto(16)).toBe(550);
  });
});
