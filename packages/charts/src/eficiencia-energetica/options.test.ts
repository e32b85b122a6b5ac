import { describe, expect, it } from 'vitest';
import { buildContadoresOption } from './contadores-option.ts';
import { buildEtaOption } from './eta-option.ts';
import { contadoresPorHora } from './horas.ts';
import { linea4PorHora, totalesLinea4 } from './linea4.ts';
import { buildLinea4Option } from './linea4-option.ts';

const LIMA = 'America/Lima';
type Series = { name: string; data: (number | null)[] }[];
const seriesOf = (option: unknown) => (option as { series: Series }).series;
const xOf = (option: unknown) => (option as { xAxis: { data: string[] } }).xAxis.data;

describe('buildContadoresOption', () => {
  it('is empty (null) without counters', () => {
    expect(buildContadoresOption(contadoresPorHora([], LIMA))).toBeNull();
  });

  it('draws energy bars and efficiency on the hours 08…07, gaps kept', () => {
    const horas = contadoresPorHora(
      [
        { fecha: '2026-03-10T13:00:00Z', energia: 120.456, eficiencia: 81.5, kpi_energia: 0.04, formato: 11 },
        { fecha: '2026-03-11T12:00:00Z', energia: 30, eficiencia: 10, kpi_energia: 0.05, formato: 11 },
      ],
      LIMA,
    );
    const option = buildContadoresOption(horas);
    expect(xOf(option)[0]).toBe('08');
    expect(xOf(option).at(-1)).toBe('07');
    const [energia, eficiencia] = seriesOf(option);
    expect(energia!.name).toBe('Energía');
    expect(energia!.data[0]).toBe(120.46);
    expect(energia!.data[23]).toBe(30);
    expect(energia!.data[1]).toBeNull();
    expect(eficiencia!.data[0]).toBe(81.5);
  });
});

describe('buildEtaOption', () => {
  const dias = [
    { fecha: '2026-03-01', etaPlanta: 80, eta: null, pagada: null, sap: null },
    { fecha: '2026-03-02', etaPlanta: 82, eta: 85, pagada: 66, sap: 64 },
  ];

  it('draws the plant’s ETA and the line’s ETA, paid and SAP by day', () => {
    const option = buildEtaOption(dias, 'Línea 1');
    expect(seriesOf(option).map((s) => s.name)).toEqual([
      'ETA planta',
      'ETA Línea 1',
      'Pagada Línea 1',
      'SAP Línea 1',
    ]);
    expect(seriesOf(option)[1]!.data).toEqual([null, 85]);
    expect(xOf(option)).toEqual(['01 mar', '02 mar']);
  });

  it('shows every day’s symbol (a lone day has no line) and a two-row legend on phones', () => {
    const series = (buildEtaOption(dias, 'Línea 1', true) as { series: { showAllSymbol?: boolean }[] })
      .series;
    expect(series.every((s) => s.showAllSymbol === true)).toBe(true);
    const option = buildEtaOption(dias, 'Línea 1', true) as {
      legend: { type: string };
      grid: { top: number };
    };
    expect(option.legend.type).toBe('plain');
    expect(option.grid.top).toBe(64);
  });

  it('is empty (null) when no day has a value', () => {
    expect(buildEtaOption([{ ...dias[0]!, etaPlanta: null }], 'Línea 1')).toBeNull();
  });
});

describe('line 4', () => {
  const lecturas = [
    {
      fecha: '2026-03-10T13:00:00Z',
      velocidad: 400.126,
      botellas: 24000,
      botellas_llenas: 23900,
      paquetes: 1990,
      formato: 41,
    },
    {
      fecha: '2026-03-11T11:00:00Z',
      velocidad: 300,
      botellas: 18000,
      botellas_llenas: 17950,
      paquetes: 1495,
      formato: 41,
    },
  ];

  it('orders its hours 08…07 and sums the day', () => {
    const horas = linea4PorHora(lecturas, LIMA);
    expect(horas[0]!.lectura?.velocidad).toBe(400.13);
    expect(horas[22]!.hora).toBe(6);
    expect(horas[22]!.lectura?.botellas_llenas).toBe(17950);
    expect(totalesLinea4(horas)).toEqual({ botellasLlenas: 41850, paquetes: 3485 });
    expect(totalesLinea4(linea4PorHora([], LIMA))).toBeNull();
  });

  it('draws filled bottles and speed, null without readings', () => {
    expect(buildLinea4Option(linea4PorHora([], LIMA))).toBeNull();
    const option = buildLinea4Option(linea4PorHora(lecturas, LIMA));
    expect(seriesOf(option)[0]!.data[0]).toBe(23900);
    expect(seriesOf(option)[1]!.data[22]).toBe(300);
  });
});
