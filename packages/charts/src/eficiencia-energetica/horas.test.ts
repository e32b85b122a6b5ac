import { describe, expect, it } from 'vitest';
import {
  type ContadorHora,
  contadoresPorHora,
  ETIQUETAS_HORA,
  rangoHora,
  energiaDelDia,
  variablesEnergiaLinea,
} from './horas.ts';

const LIMA = 'America/Lima'; // UTC−5, no daylight saving

/** A counter of the hour starting at `hour` (Lima) on 2026-03-10 or, before 08:00, the 11th. */
const contador = (hour: number, extra: Partial<ContadorHora> = {}): ContadorHora => {
  const day = hour < 8 ? 11 : 10;
  const utc = new Date(Date.UTC(2026, 2, day, hour + 5));
  return { fecha: utc.toISOString(), energia: 100, eficiencia: 80, kpi_energia: 0.04, formato: 11, ...extra };
};

describe('contadoresPorHora', () => {
  it('orders the hours 8…23 then 0…7 in plant time, whatever order they arrive in', () => {
    const rows = [contador(3), contador(8), contador(23), contador(0), contador(7), contador(12)];
    const horas = contadoresPorHora(rows, LIMA);
    expect(horas.map((h) => h.hora)).toEqual([
      8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 0, 1, 2, 3, 4, 5, 6, 7,
    ]);
    expect(ETIQUETAS_HORA[0]).toBe('08');
    expect(ETIQUETAS_HORA[23]).toBe('07');
    const present = horas.flatMap((h, i) => (h.contador ? [i] : []));
    expect(present).toEqual([0, 4, 15, 16, 19, 23]); // 08, 12, 23, 00, 03, 07
  });

  it('keeps missing hours as gaps (null), not zeros', () => {
    const horas = contadoresPorHora([contador(9), contador(11)], LIMA);
    expect(horas[1]!.contador).not.toBeNull();
    expect(horas[2]!.contador).toBeNull();
    expect(horas[3]!.contador).not.toBeNull();
    expect(horas.filter((h) => h.contador === null)).toHaveLength(22);
  });

  it('rounds energy and efficiency to 2 decimals', () => {
    const [h] = contadoresPorHora([contador(8, { energia: 12.345, eficiencia: 79.996 })], LIMA);
    expect(h!.contador).toMatchObject({ energia: 12.35, eficiencia: 80 });
  });

  it('labels the hour a counter covers', () => {
    expect(rangoHora(7)).toBe('07:00 – 07:59');
  });
});

describe('the day’s energy figures', () => {
  it('sums the hours’ energy (2 decimals), none without counters', () => {
    const horas = contadoresPorHora(
      [contador(8, { energia: 100.006 }), contador(9, { energia: 300.006 })],
      LIMA,
    );
    expect(energiaDelDia(horas)).toBe(400.02);
    expect(energiaDelDia(contadoresPorHora([], LIMA))).toBeNull();
  });

  it('finds the line’s meter and kWh/L variables by line, not by another line’s suffix', () => {
    const vars = [
      { nombre: 'Energía eléctrica (kWh)', area: 'energia', linea: null },
      { nombre: 'Energía eléctrica (kWh)_561', area: 'energia', linea: { numero: 1 } },
      { nombre: 'KPI energía (kWh/L)_561', area: 'energia', linea: { numero: 1 } },
      { nombre: 'Energía eléctrica (kWh)_562', area: 'energia', linea: { numero: 2 } },
      { nombre: 'KPI energía (kWh/CU)_562', area: 'energia', linea: { numero: 2 } },
    ];
    expect(variablesEnergiaLinea(vars, 1)).toEqual({
      energia: 'Energía eléctrica (kWh)_561',
      kpi: 'KPI energía (kWh/L)_561',
    });
    expect(variablesEnergiaLinea(vars, 2)).toEqual({
      energia: 'Energía eléctrica (kWh)_562',
      kpi: undefined,
    });
    expect(variablesEnergiaLinea(vars, 4)).toEqual({ energia: undefined, kpi: undefined });
  });
});
