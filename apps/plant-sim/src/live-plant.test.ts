import { ESTADO } from '@planta/domain';
import { createPlantModel, productionDayOf } from '@planta/plant-model';
import { describe, expect, it } from 'vitest';
import { LivePlant } from './live-plant.ts';

const TZ = 'America/Lima';
const model = createPlantModel({ seed: 561, timeZone: TZ });
// A Wednesday, 09:00 in Lima (14:00 UTC): inside the production day that starts at 08:00.
const START = Date.UTC(2026, 10, 18, 14, 0, 0);
const MINUTE = 60_000;
const HOUR = 3_600_000;

describe('LivePlant', () => {
  it('accumulates each counter exactly as the model minutes, partial minute rounded down', () => {
    const live = new LivePlant(model, { timeZone: TZ, startMs: START + 17_000, counterBase: 1_000 });
    const rows = model.lineMinutes(2, START, START + 90 * MINUTE);
    let total = 0;
    for (let k = 0; k < 90; k += 7) {
      const t = START + k * MINUTE + 45_000;
      const row = rows[k];
      const sample = live.sample(t + 300); // a read within the second belongs to that second
      expect(sample.t).toBe(t);
      const sum = rows.slice(0, k).reduce((s, r) => s + r.botellas, 0);
      expect(sample.lines[1]?.botellas).toBe(1_000 + sum + Math.floor(((row?.botellas ?? 0) * 45) / 60));
      total = sum;
    }
    expect(total).toBeGreaterThan(0);
  });

  it('counts backwards exactly when the clock is set back', () => {
    const live = new LivePlant(model, { timeZone: TZ, startMs: START, counterBase: 0 });
    const later = live.sample(START + 30 * MINUTE).lines[0]?.paquetes;
    const earlier = live.sample(START + 10 * MINUTE).lines[0]?.paquetes;
    const rows = model.lineMinutes(1, START, START + 10 * MINUTE);
    expect(earlier).toBe(rows.reduce((s, r) => s + r.paquetes, 0));
    expect(later).toBeGreaterThanOrEqual(earlier ?? 0);
  });

  it('derives Estado from velocidad and the paro covering the minute', () => {
    const fecha = productionDayOf(START, TZ);
    const day = model.day(fecha);
    const live = new LivePlant(model, { timeZone: TZ, startMs: START, counterBase: 0 });
    const seen = new Set<number>();
    for (const row of day.scada.filter((r) => r.linea === 3)) {
      if (row.t < START) continue;
      const values = live.sample(row.t).lines[2];
      const paro = day.paros.find((p) => p.linea === 3 && p.inicio <= row.t && row.t < p.fin);
      const expected = row.velocidad > 0 ? ESTADO.MARCHA : paro ? ESTADO[paro.tipo] : ESTADO.PARADA;
      expect(values).toMatchObject({ velocidad: row.velocidad, formato: row.formato, estado: expected });
      seen.add(expected);
    }
    expect(seen.has(ESTADO.MARCHA)).toBe(true);
    expect(seen.size).toBeGreaterThan(1); // the day has stops too, so the lookup is exercised
  });

  it('integrates SUMA meters: an hour of readings adds exactly that hour, monotonically', () => {
    const live = new LivePlant(model, { timeZone: TZ, startMs: START, counterBase: 0 });
    const i = live.variables.findIndex((v) => v.opcNodeId === 'ns=2;s=Planta.Energia.Total');
    const reading = model
      .day(productionDayOf(START, TZ))
      .lecturas.find((l) => l.variable === live.variables[i]?.nombre && l.t === START);
    let previous = live.sample(START).variables[i] ?? NaN;
    expect(previous).toBe(0);
    for (let t = START + 1_000; t <= START + HOUR; t += 1_000) {
      const value = live.sample(t).variables[i] ?? NaN;
      expect(value).toBeGreaterThanOrEqual(previous);
      previous = value;
    }
    expect(reading?.valor).toBeGreaterThan(0);
    expect(previous).toBeCloseTo(reading?.valor ?? NaN, 6);
  });

  it('holds PROMEDIO values at the reading of the current interval', () => {
    const live = new LivePlant(model, { timeZone: TZ, startMs: START, counterBase: 0 });
    const i = live.variables.findIndex((v) => v.opcNodeId === 'ns=2;s=Planta.Linea1.FlujoAireAP');
    const readings = model
      .day(productionDayOf(START, TZ))
      .lecturas.filter((l) => l.variable === live.variables[i]?.nombre && l.t >= START);
    const [first, second] = readings;
    expect(live.sample((first?.t ?? 0) + 299_000).variables[i]).toBe(first?.valor);
    expect(live.sample(second?.t ?? 0).variables[i]).toBe(second?.valor);
  });

  it('crosses the 08:00 production-day boundary without a gap', () => {
    const boundary = Date.UTC(2026, 10, 19, 13, 0, 0); // 08:00 Lima
    const live = new LivePlant(model, { timeZone: TZ, startMs: boundary - 2 * MINUTE, counterBase: 0 });
    const rows = model.lineMinutes(4, boundary - 2 * MINUTE, boundary + 2 * MINUTE);
    const value = live.sample(boundary + 2 * MINUTE).lines[3]?.botellasLlenas;
    expect(value).toBe(rows.reduce((s, r) => s + r.botellasLlenas, 0));
  });
});
