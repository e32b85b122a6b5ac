import { beforeAll, describe, expect, it } from 'vitest';
import { createPlantModel } from './model.ts';
import { productoPresentacionDeFormato } from './reference.ts';
import type { DayData, ScadaMinute } from './types.ts';

const MINUTE = 60_000;
let days: DayData[] = [];

beforeAll(() => {
  const model = createPlantModel({ seed: 11, timeZone: 'America/Lima' });
  // A week with a Sunday, a summer day and a closed holiday (2024-12-25).
  days = [
    '2024-12-21',
    '2024-12-22',
    '2024-12-23',
    '2024-12-24',
    '2024-12-25',
    '2024-12-26',
    '2024-07-14',
  ].map((f) => model.day(f));
});

const rowsOf = (day: DayData, linea: number) => day.scada.filter((r) => r.linea === linea);

/** Contiguous minutes with the same formato ≠ 0: one run of one product. */
function runsOf(rows: ScadaMinute[]): ScadaMinute[][] {
  const runs: ScadaMinute[][] = [];
  let current: ScadaMinute[] = [];
  for (const r of rows) {
    if (r.formato === 0 || r.formato !== current[0]?.formato) {
      if (current.length) runs.push(current);
      current = [];
    }
    if (r.formato !== 0) current.push(r);
  }
  if (current.length) runs.push(current);
  return runs;
}

describe('minute counters', () => {
  it('keeps good bottles ≤ bottles, and speed equal to the minute’s bottles', () => {
    const bad = days
      .flatMap((d) => d.scada)
      .filter((r) => r.botellasLlenas > r.botellas || r.botellasLlenas < 0 || r.velocidad !== r.botellas);
    expect(bad).toEqual([]);
  });

  it('closes packs from the run’s cumulative good bottles (within one pack)', () => {
    let checked = 0;
    for (const day of days) {
      for (const linea of [1, 2, 3, 4]) {
        for (const run of runsOf(rowsOf(day, linea))) {
          const product = productoPresentacionDeFormato(linea, run[0]?.formato ?? 0);
          expect(product).not.toBeNull();
          const n = product?.numBotellas ?? 1;
          const llenas = run.reduce((s, r) => s + r.botellasLlenas, 0);
          const packed = run.reduce((s, r) => s + r.paquetes, 0) * n;
          expect(packed).toBeLessThanOrEqual(llenas);
          expect(llenas - packed).toBeLessThan(n);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(20);
  });

  it('runs only near nominal speed', () => {
    const bad = days
      .flatMap((d) => d.scada)
      .filter((r) => {
        if (r.velocidad === 0) return false;
        const bpm = productoPresentacionDeFormato(r.linea, r.formato)?.bpm ?? 0;
        return r.velocidad > bpm || r.velocidad < bpm * 0.3;
      });
    expect(bad).toEqual([]);
  });
});

describe('paros', () => {
  it('match the minute rows: speed 0 inside, the product set up kept (formato ≠ 0 in a failure or micro-stop)', () => {
    for (const day of days) {
      const stopped = new Set<string>();
      for (const p of day.paros) {
        const rows = rowsOf(day, p.linea).filter((r) => r.t >= p.inicio && r.t < p.fin);
        expect(rows).toHaveLength((p.fin - p.inicio) / MINUTE);
        const withProduct = p.tipo === 'FALLA' || p.tipo === 'MICROPARO';
        for (const r of rows) stopped.add(`${r.linea}:${r.t}`);
        const bad = rows.filter(
          (r) => r.velocidad !== 0 || r.paquetes !== 0 || (withProduct && r.formato === 0),
        );
        expect(bad).toEqual([]);
      }
      // And the other way round: every minute without speed lies inside a paro.
      const uncovered = day.scada.filter((r) => r.velocidad === 0 && !stopped.has(`${r.linea}:${r.t}`));
      expect(uncovered).toEqual([]);
    }
  });

  it('have durations by type and never overlap on a line', () => {
    for (const day of days) {
      for (const linea of [1, 2, 3, 4]) {
        const paros = day.paros.filter((p) => p.linea === linea).sort((a, b) => a.inicio - b.inicio);
        paros.forEach((p, i) => {
          const min = (p.fin - p.inicio) / MINUTE;
          expect(p.fin).toBeGreaterThan(p.inicio);
          if (p.tipo === 'MICROPARO') expect(min).toBeLessThan(5);
          if (p.tipo === 'FALLA') expect(min).toBeGreaterThan(5);
          if (p.tipo === 'CAMBIO_FORMATO') expect(min).toBeGreaterThanOrEqual(20);
          if (p.tipo === 'CAMBIO_FORMATO') expect(min).toBeLessThanOrEqual(60);
          if (p.tipo === 'CIP') expect(min).toBeGreaterThanOrEqual(120);
          if (p.tipo === 'CIP') expect(min).toBeLessThanOrEqual(240);
          expect(p.equipo).not.toBe('');
          expect(p.causa).not.toBe('');
          const next = paros[i + 1];
          if (next) expect(next.inicio).toBeGreaterThanOrEqual(p.fin);
        });
      }
    }
  });

  it('closes the plant on 25 December and leaves lines off on Sundays', () => {
    const christmas = days.find((d) => d.fecha === '2024-12-25');
    expect(christmas?.scada.every((r) => r.formato === 0 && r.velocidad === 0)).toBe(true);
    expect(christmas?.turnos.every((t) => t.horasProductividad === 0)).toBe(true);
    expect(christmas?.sap).toEqual([]);
    const winterSunday = days.find((d) => d.fecha === '2024-07-14');
    expect(winterSunday?.turnos).toEqual([
      { linea: 1, horasProductividad: 16 },
      { linea: 2, horasProductividad: 0 },
      { linea: 3, horasProductividad: 0 },
      { linea: 4, horasProductividad: 0 },
    ]);
  });

  it('only produces inside paid shifts', () => {
    for (const day of days) {
      for (const t of day.turnos) {
        const producing = rowsOf(day, t.linea).filter((r) => r.velocidad > 0 || r.paquetes > 0).length;
        expect(producing).toBeLessThanOrEqual(t.horasProductividad * 60);
      }
    }
  });
});

describe('hourly counters', () => {
  it('report the formato that ran most of the hour and efficiency from good output', () => {
    for (const day of days) {
      for (const c of day.contadoresHora) {
        const rows = rowsOf(day, c.linea).filter((r) => r.t >= c.t && r.t < c.t + 3_600_000);
        const produced = rows.reduce((s, r) => s + r.botellasLlenas, 0);
        if (produced === 0) expect(c.kpiEnergia).toBe(0);
        if (c.formato === 0) {
          expect(c.formato).toBe(0);
          expect(c.eficiencia).toBe(0);
        } else {
          expect(rows.some((r) => r.formato === c.formato)).toBe(true);
          expect(c.eficiencia).toBeGreaterThanOrEqual(0);
          expect(c.eficiencia).toBeLessThanOrEqual(100);
        }
        expect(c.energia).toBeGreaterThan(0);
      }
    }
  });
});
