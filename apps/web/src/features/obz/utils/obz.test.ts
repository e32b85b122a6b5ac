import { describe, expect, it } from 'vitest';
import {
  debeRenovar,
  esFalloDeConexion,
  esKiosko,
  fechaLargaPlanta,
  horaPlanta,
  MARGEN_RENOVACION_MS,
  ultimaActualizacion,
} from './kiosko.ts';
import { buildObzOption } from './obz-option.ts';
import {
  desviacion,
  estadoDesviacion,
  filasObz,
  formatDesviacion,
  type ObzPaqueteDato,
  paginar,
  totalesPorMes,
  totalObz,
} from './obz-tablero.ts';

const round2 = (x: number) => Math.round(x * 100) / 100;

function paquete(id: string, montos: Record<number, [number, number | null]>): ObzPaqueteDato {
  const meses = Array.from({ length: 12 }, (_, i) => {
    const [presupuesto, real] = montos[i + 1] ?? [0, null];
    return { mes: i + 1, presupuesto, real, desviacion_pct: desviacion(real, presupuesto) };
  });
  const conReal = meses.filter((m) => m.real !== null);
  const real = conReal.length ? conReal.reduce((s, m) => s + (m.real ?? 0), 0) : null;
  const base = conReal.reduce((s, m) => s + m.presupuesto, 0);
  return {
    id,
    nombre: `Paquete ${id}`,
    area: 'Mantenimiento',
    responsable: 'Ana',
    meses,
    presupuesto_anual: meses.reduce((s, m) => s + m.presupuesto, 0),
    real_anual: real,
    presupuesto_a_la_fecha: base,
    cumplimiento_pct: real !== null && base > 0 ? round2((real / base) * 100) : null,
  };
}

// A: Jan 1000 → 1150, Feb 3000 → 2700, Mar 2000 → (no real yet). B: Mar 500 → 600.
const A = paquete('1', { 1: [1000, 1150], 2: [3000, 2700], 3: [2000, null] });
const B = paquete('2', { 3: [500, 600] });

describe('OBZ board figures', () => {
  it('gives each package the month and the year to date', () => {
    expect(filasObz([A, B], 2)).toEqual([
      {
        id: '1',
        nombre: 'Paquete 1',
        area: 'Mantenimiento',
        presupuestoMes: 3000,
        realMes: 2700,
        desviacionMes: -10,
        presupuestoAFecha: 4000,
        realAFecha: 3850,
        cumplimiento: 96.25,
      },
      {
        id: '2',
        nombre: 'Paquete 2',
        area: 'Mantenimiento',
        presupuestoMes: 0,
        realMes: null,
        desviacionMes: null,
        presupuestoAFecha: 500,
        realAFecha: 600,
        cumplimiento: 120,
      },
    ]);
  });

  it('totals from sums of amounts: a package without real does not weigh on the month deviation', () => {
    expect(totalObz([A, B], 3)).toEqual({
      presupuestoMes: 2500,
      realMes: 600,
      desviacionMes: 20, // B alone: (600 − 500) / 500, A has no real in March
      presupuestoAFecha: 4500,
      realAFecha: 4450,
      cumplimiento: round2((4450 / 4500) * 100),
    });
    expect(totalObz([], 3)).toMatchObject({ realMes: null, desviacionMes: null, cumplimiento: null });
  });

  it('adds the packages month by month for the chart', () => {
    const meses = totalesPorMes([A, B]);
    expect(meses.slice(0, 4)).toEqual([
      { mes: 1, presupuesto: 1000, real: 1150 },
      { mes: 2, presupuesto: 3000, real: 2700 },
      { mes: 3, presupuesto: 2500, real: 600 },
      { mes: 4, presupuesto: 0, real: null },
    ]);
    const option = buildObzOption({ meses, mesActual: 3 });
    const series = option?.series as { name: string; data: (number | null)[] }[];
    expect(series.map((s) => s.name)).toEqual(['Presupuesto', 'Real']);
    expect(series[1]!.data.slice(0, 4)).toEqual([1150, 2700, 600, null]);
    expect(buildObzOption({ meses: totalesPorMes([]), mesActual: 1 })).toBeNull();
  });

  it('reads the deviation: within budget, slightly over, over, without real', () => {
    expect([-3, 0, 2.5, 5, 5.01, null].map(estadoDesviacion)).toEqual([
      'ok',
      'ok',
      'alerta',
      'alerta',
      'exceso',
      'sin-dato',
    ]);
    const f = (v: number) => v.toFixed(1);
    expect([12.5, -3.2, 0, null].map((v) => formatDesviacion(v, f))).toEqual([
      '+12.5 %',
      '−3.2 %',
      '0.0 %',
      '—',
    ]);
  });

  it('cuts the packages into pages', () => {
    expect(paginar([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(paginar([], 8)).toEqual([[]]);
  });
});

describe('kiosk', () => {
  it('renews within the margin before expiry, or after it', () => {
    const now = 1_000_000;
    expect(debeRenovar(now + MARGEN_RENOVACION_MS + 1, now)).toBe(false);
    expect(debeRenovar(now + MARGEN_RENOVACION_MS, now)).toBe(true);
    expect(debeRenovar(now - 1, now)).toBe(true);
    expect(debeRenovar(null, now)).toBe(false);
  });

  it('reads ?kiosko=', () => {
    expect(['1', 'true', 'sí', 'SI'].every(esKiosko)).toBe(true);
    expect([null, '0', 'no', ''].some(esKiosko)).toBe(false);
  });

  it('treats no answer and 5xx as a lost connection, not a 4xx', () => {
    expect(esFalloDeConexion({ status: 0 })).toBe(true);
    expect(esFalloDeConexion({ status: 503 })).toBe(true);
    expect(esFalloDeConexion(new TypeError('Failed to fetch'))).toBe(true);
    expect(esFalloDeConexion({ status: 400 })).toBe(false);
    expect(esFalloDeConexion(null)).toBe(false);
  });

  it('writes the clock and the date in the plant time zone', () => {
    const instant = Date.UTC(2026, 10, 25, 16, 5, 9);
    expect(horaPlanta(instant, 'America/Lima')).toBe('11:05');
    expect(horaPlanta(instant, 'America/Lima', true)).toBe('11:05:09');
    expect(fechaLargaPlanta(instant, 'America/Lima')).toBe('Miércoles, 25 de noviembre de 2026');
    expect(ultimaActualizacion([0, 5, 3])).toBe(5);
  });
});
