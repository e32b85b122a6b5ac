import { ESTADO } from '@planta/domain';
import { createPlantModel, productionDayOf } from '@planta/plant-model';
import { describe, expect, it } from 'vitest';
import { FORCED_FAULT_S, LivePlant, type LineValues } from './live-plant.ts';

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
      // Read loosely: the model's stops may carry no code.
      const codigo = (paro as { codigoFalla?: number | null } | undefined)?.codigoFalla ?? 0;
      expect(values).toMatchObject({
        velocidad: row.velocidad,
        formato: row.formato,
        estado: expected,
        codigoFalla: row.velocidad > 0 ? 0 : codigo,
      });
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

describe('LivePlant forced stops (test controls)', () => {
  const counts = (v: LineValues | undefined) => [v?.botellas, v?.botellasLlenas, v?.paquetes];
  /** Line 2's model counts from START to t (no base): what the line has produced by then. */
  const produced = (t: number) => {
    const m = Math.floor(t / MINUTE) * MINUTE;
    const rows = model.lineMinutes(2, START, m + MINUTE);
    const s = Math.floor((t - m) / 1000);
    const sum = (f: 'botellas' | 'botellasLlenas' | 'paquetes') =>
      rows.slice(0, -1).reduce((acc, r) => acc + r[f], 0) + Math.floor(((rows.at(-1)?.[f] ?? 0) * s) / 60);
    return [sum('botellas'), sum('botellasLlenas'), sum('paquetes')];
  };

  it('stops one line for N seconds, counters held, then runs on without producing the gap', () => {
    const live = new LivePlant(model, { timeZone: TZ, startMs: START, counterBase: 500 });
    const stopAt = START + 50_000;
    const resumeAt = stopAt + 90_000; // across a minute boundary
    expect(model.lineMinutes(2, START, START + 5 * MINUTE).every((r) => r.velocidad > 0)).toBe(true);
    const before = live.sample(stopAt - 1_000);
    live.forceStop(2, stopAt + 400, 90);
    let previous = counts(before.lines[1]);
    for (let t = stopAt; t < START + 4 * MINUTE; t += 1_000) {
      const sample = live.sample(t);
      const line = sample.lines[1];
      const now = counts(line);
      now.forEach((c, i) => expect(c).toBeGreaterThanOrEqual(previous[i] ?? Infinity));
      previous = now;
      const stopped = t < resumeAt;
      expect(line?.velocidad === 0).toBe(stopped);
      expect(line?.estado).toBe(stopped ? ESTADO.PARADA : ESTADO.MARCHA);
      expect(line?.codigoFalla).toBe(0);
      expect(live.forcedStop(2, t)?.seconds ?? 0).toBe(stopped ? (resumeAt - t) / 1_000 : 0);
      // The other lines keep to the model.
      const minute = Math.floor(t / MINUTE) * MINUTE;
      expect(sample.lines[0]?.velocidad).toBe(model.lineMinutes(1, minute, minute + MINUTE)[0]?.velocidad);
      const held = produced(stopAt);
      const expected = stopped
        ? held
        : produced(t).map((p, i) => (held[i] ?? 0) + p - (produced(resumeAt)[i] ?? 0));
      expect(now).toEqual(expected.map((c) => 500 + c));
    }
  });

  it('a forced fault shows its code for its duration; 0 seconds ends a forced stop at once', () => {
    const live = new LivePlant(model, { timeZone: TZ, startMs: START, counterBase: 0 });
    const at = START + 10_000;
    live.forceStop(3, at, FORCED_FAULT_S, 4242);
    expect(live.sample(at).lines[2]).toMatchObject({ velocidad: 0, estado: ESTADO.FALLA, codigoFalla: 4242 });
    const last = at + (FORCED_FAULT_S - 1) * 1_000;
    expect(live.sample(last).lines[2]).toMatchObject({ estado: ESTADO.FALLA, codigoFalla: 4242 });
    expect(live.sample(last + 1_000).lines[2]).toMatchObject({ estado: ESTADO.MARCHA, codigoFalla: 0 });

    const again = START + 3 * MINUTE;
    live.forceStop(3, again, 600);
    const held = live.sample(again + 5_000).lines[2];
    live.forceStop(3, again + 5_000, 0);
    const resumed = live.sample(again + 5_000).lines[2];
    expect(resumed?.estado).toBe(ESTADO.MARCHA);
    expect(counts(resumed)).toEqual(counts(held));
    expect(live.forcedStop(3, again + 5_000)).toBeNull();
  });

  it('settles a forced stop whose end the samples skipped, and refuses bad values', () => {
    const live = new LivePlant(model, { timeZone: TZ, startMs: START, counterBase: 0 });
    live.forceStop(2, START + 20_000, 30);
    const held = live.sample(START + 20_000).lines[1];
    // No sample between 20 s and 10 min: the counters lag the model by exactly the 30 s lost.
    const later = live.sample(START + 10 * MINUTE).lines[1];
    const lost = produced(START + 50_000).map((p, i) => p - (produced(START + 20_000)[i] ?? 0));
    expect(counts(later)).toEqual(produced(START + 10 * MINUTE).map((p, i) => p - (lost[i] ?? 0)));
    expect(counts(later).every((c, i) => (c ?? 0) >= (counts(held)[i] ?? Infinity))).toBe(true);

    expect(() => live.forceStop(2, START, -1)).toThrow(RangeError);
    expect(() => live.forceStop(2, START, 86_401)).toThrow(RangeError);
    expect(() => live.forceStop(2, START, 1.5)).toThrow(RangeError);
    expect(() => live.forceStop(2, START, 60, 65_536)).toThrow(RangeError);
    expect(() => live.forceStop(5, START, 60)).toThrow(RangeError);
  });
});

describe('LivePlant forced runs (lines kept running for tests)', () => {
  const counts = (v: LineValues | undefined) => [
    v?.botellas ?? NaN,
    v?.botellasLlenas ?? NaN,
    v?.paquetes ?? NaN,
  ];
  // A Sunday, 10:00 in Lima: line 2 has no shift on Sundays (outside summer), so the model has it stopped.
  const SUNDAY = Date.UTC(2026, 10, 22, 15, 0, 0);

  it('runs a line the model has stopped, at the pace of its last running minute, then holds the counters', () => {
    const stopped = model.lineMinutes(2, SUNDAY - HOUR, SUNDAY + HOUR);
    expect(stopped.every((r) => r.velocidad === 0)).toBe(true);
    const live = new LivePlant(model, { timeZone: TZ, startMs: SUNDAY - MINUTE, counterBase: 7 });
    const before = live.sample(SUNDAY - 1_000).lines[1];
    expect(before?.estado).not.toBe(ESTADO.MARCHA);
    const until = SUNDAY + 10 * MINUTE;
    live.forceRun(2, SUNDAY + 200, 600);
    const ran = model
      .lineMinutes(2, SUNDAY - 2 * 24 * HOUR, SUNDAY)
      .filter((r) => r.velocidad > 0)
      .at(-1);
    expect(ran?.velocidad).toBeGreaterThan(0);
    let previous = counts(before);
    for (let t = SUNDAY; t <= until + 2 * MINUTE; t += 5_000) {
      const line = live.sample(t).lines[1];
      const now = counts(line);
      now.forEach((c, i) => expect(c).toBeGreaterThanOrEqual(previous[i] ?? Infinity));
      previous = now;
      const running = t < until;
      expect(line).toMatchObject(
        running
          ? { velocidad: ran?.velocidad, formato: ran?.formato, estado: ESTADO.MARCHA, codigoFalla: 0 }
          : { velocidad: 0, estado: before?.estado }, // the model's planned stop again
      );
      const s = Math.floor((Math.min(t, until) - SUNDAY) / 1_000);
      const grown = [ran?.botellas ?? 0, ran?.botellasLlenas ?? 0, ran?.paquetes ?? 0].map((perMinute) =>
        Math.floor((perMinute * s) / 60),
      );
      expect(now).toEqual(counts(before).map((c, i) => c + (grown[i] ?? NaN)));
      expect(live.forcedStop(2, t)).toBeNull();
      expect(live.stateSince(2, t)).toBe(running ? SUNDAY : until);
    }
  });

  it('runs for good through the production day’s end; a forced stop replaces the run where it was', () => {
    const boundary = Date.UTC(2026, 10, 23, 13, 0, 0); // Monday 08:00 Lima
    const live = new LivePlant(model, { timeZone: TZ, startMs: boundary - HOUR, counterBase: 0 });
    live.forceRun(1, boundary - HOUR, Infinity);
    const a = live.sample(boundary - MINUTE).lines[0];
    const b = live.sample(boundary + HOUR).lines[0];
    expect(a?.estado).toBe(ESTADO.MARCHA);
    expect(b?.estado).toBe(ESTADO.MARCHA);
    expect(b?.botellas).toBeGreaterThan(a?.botellas ?? Infinity);

    live.forceStop(1, boundary + HOUR, 120, 17);
    const held = live.sample(boundary + HOUR + MINUTE).lines[0];
    expect(held).toMatchObject({ velocidad: 0, estado: ESTADO.FALLA, codigoFalla: 17 });
    expect(counts(held)).toEqual(counts(b));
    // After the stop the model's Monday runs on from the held counters, never back.
    const after = live.sample(boundary + 2 * HOUR).lines[0];
    counts(after).forEach((c, i) => expect(c).toBeGreaterThanOrEqual(counts(held)[i] ?? Infinity));

    expect(() => live.forceRun(1, boundary, -1)).toThrow(RangeError);
    expect(() => live.forceRun(1, boundary, 2.5)).toThrow(RangeError);
    expect(() => live.forceRun(5, boundary, 60)).toThrow(RangeError);
  });
});
