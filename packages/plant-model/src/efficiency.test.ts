import { describe, expect, it } from 'vitest';
import { efficiencies, type TimeModel, timeModel } from '@planta/domain';
import { createPlantModel } from './model.ts';
import { LITROS_POR_CU, PRODUCTION_LINES, productoPresentacionDeFormato } from './reference.ts';
import { dayIndex, fechaFromIndex } from './time.ts';
import type { DayData } from './types.ts';

/**
 * The whole default demo history (400 days, every line) through the one time model: the raw sums
 * the server derives from (minute rows, stops, shifts, nominal speeds) must give
 * eficiencia pagada ≤ OEE ≤ ETA ≤ 100 % for every line and day, every month (ratio of the sums)
 * and the plant, with every pack belonging to a product and no minute above its nominal.
 */
const DEMO_DAYS = 400;
const LAST_DAY = '2026-11-24';
const SEED = 561;
const MINUTE = 60_000;
const EPS = 1e-9;

type Sums = Omit<TimeModel, never>;
const ZERO: Sums = {
  paidMinutes: 0,
  plannedMinutes: 0,
  runMinutes: 0,
  nominalPaidCu: 0,
  nominalPlannedCu: 0,
  nominalRunCu: 0,
  goodCu: 0,
  totalCu: 0,
};
const add = (a: Sums, b: Sums): Sums =>
  Object.fromEntries(Object.keys(ZERO).map((k) => [k, a[k as keyof Sums] + b[k as keyof Sums]])) as Sums;

interface LineResult {
  model: TimeModel;
  /** Raw (uncapped) nominal CU of the run minutes, and the largest excess of a minute over it. */
  rawNominalRun: number;
  maxExcess: number;
  orphanPacks: number;
}

/** The raw sums of one line's day, exactly as the server's derivation reads them. */
function lineSums(day: DayData, linea: number, start: number): LineResult {
  const rows = day.scada.filter((r) => r.linea === linea);
  const elapsedMinutes = rows.length;
  const planned = day.paros.filter(
    (p) => p.linea === linea && (p.tipo === 'CIP' || p.tipo === 'PLANIFICADO'),
  );
  const inPlanned = (t: number) => planned.some((p) => t >= p.inicio && t < p.fin);
  let plannedStop = 0;
  for (const p of planned)
    plannedStop += (Math.min(p.fin, start + elapsedMinutes * MINUTE) - Math.max(p.inicio, start)) / MINUTE;
  let runMinutes = 0;
  let runInPlan = 0;
  let nominalRun = 0;
  let rawNominalRun = 0;
  let goodCu = 0;
  let totalCu = 0;
  let maxExcess = 0;
  let orphanPacks = 0;
  const idleRates: number[] = [];
  for (const r of rows) {
    const product = productoPresentacionDeFormato(linea, r.formato);
    if (!product && r.paquetes > 0) orphanPacks += r.paquetes;
    const rate = product ? (product.bpm * product.litros) / LITROS_POR_CU : 0;
    const good = product ? r.paquetes * product.factor : 0;
    const total = product ? (r.botellas * product.litros) / LITROS_POR_CU : 0;
    const run = r.velocidad > 0 || r.paquetes > 0 || r.botellas > 0 || r.botellasLlenas > 0;
    if (run) {
      runMinutes++;
      if (inPlanned(r.t)) runInPlan++;
      rawNominalRun += rate;
      nominalRun += Math.max(rate, good, total);
      maxExcess = Math.max(maxExcess, r.botellas - (product?.bpm ?? 0));
    } else if (rate > 0) idleRates.push(rate);
    goodCu += good;
    totalCu += total;
  }
  const turno = day.turnos.find((t) => t.linea === linea);
  const model = timeModel({
    paidMinutes: Math.min((turno?.horasProductividad ?? 0) * 60, elapsedMinutes),
    elapsedMinutes,
    plannedStopMinutes: plannedStop - runInPlan,
    runMinutes,
    nominalRunCu: nominalRun,
    idleRateCuMin: idleRates.length ? idleRates.reduce((a, b) => a + b, 0) / idleRates.length : 0,
    goodCu,
    totalCu,
  });
  return { model, rawNominalRun, maxExcess, orphanPacks };
}

function checkIdentities(sums: Sums, where: string, oneDay = false) {
  const e = efficiencies(sums);
  for (const [k, v] of Object.entries(e)) {
    if (v === null) continue;
    expect(v, `${where} ${k}`).toBeGreaterThanOrEqual(0);
    expect(v, `${where} ${k}`).toBeLessThanOrEqual(100 + EPS);
  }
  if (e.oee !== null && e.eta !== null) expect(e.oee, `${where} OEE ≤ ETA`).toBeLessThanOrEqual(e.eta + EPS);
  if (e.pagada !== null && e.oee !== null)
    expect(e.pagada, `${where} pagada ≤ OEE`).toBeLessThanOrEqual(e.oee + EPS);
  // OEE = A × P × Q within a line-day (sums over days keep the order, not the product).
  if (oneDay && e.oee !== null && e.disponibilidad !== null && e.performance !== null && e.calidad !== null) {
    expect(e.oee, `${where} OEE = A×P×Q`).toBeCloseTo(
      (e.disponibilidad * e.performance * e.calidad) / 10_000,
      6,
    );
  }
  return e;
}

describe('time model over the whole demo history', () => {
  it('holds the identities for every line, day, month and the plant, in realistic ranges', () => {
    const model = createPlantModel({ seed: SEED, timeZone: 'America/Lima' });
    const last = dayIndex(LAST_DAY);
    const months = new Map<string, Map<number, Sums>>();
    let lineDays = 0;
    let unscheduled = 0;
    for (let index = last - DEMO_DAYS + 1; index <= last; index++) {
      const fecha = fechaFromIndex(index);
      const day = model.day(fecha);
      const start = Math.min(...day.scada.map((r) => r.t));
      const month = months.get(fecha.slice(0, 7)) ?? new Map<number, Sums>();
      months.set(fecha.slice(0, 7), month);
      for (const linea of PRODUCTION_LINES) {
        const r = lineSums(day, linea, start);
        const where = `${fecha} línea ${linea}`;
        // The model itself never runs above nominal and never counts a pack without a product.
        expect(r.maxExcess, `${where}: bottles above nominal`).toBeLessThanOrEqual(0);
        expect(r.model.goodCu, `${where}: good ≤ nominal(run)`).toBeLessThanOrEqual(r.rawNominalRun + EPS);
        expect(r.orphanPacks, `${where}: packs without a product`).toBe(0);
        const e = checkIdentities(r.model, where, true);
        if (r.model.plannedMinutes === 0) {
          unscheduled++;
          expect(e.oee, `${where}: not scheduled → no OEE`).toBeNull();
        }
        month.set(linea, add(month.get(linea) ?? ZERO, r.model));
        lineDays++;
      }
    }
    expect(lineDays).toBe(DEMO_DAYS * PRODUCTION_LINES.length);
    expect(unscheduled).toBeGreaterThan(0); // Sundays, holidays: "—", not 0 or 100
    for (const [ym, lines] of months) {
      let plant = ZERO;
      for (const [linea, sums] of lines) {
        checkIdentities(sums, `${ym} línea ${linea}`);
        plant = add(plant, sums);
      }
      const e = checkIdentities(plant, `${ym} planta`);
      // DOMAIN: beverage OEE about 50–85 %; paid efficiency 55–80 %.
      expect(e.oee, `${ym} planta OEE`).toBeGreaterThan(50);
      expect(e.oee, `${ym} planta OEE`).toBeLessThan(85);
      expect(e.pagada, `${ym} planta pagada`).toBeGreaterThan(45);
    }
  }, 240_000);
});

describe('daily production meta', () => {
  it('spreads the month’s plan over the scheduled capacity: all days sum to the plan, Sundays smaller, holidays none', () => {
    const model = createPlantModel({ seed: SEED, timeZone: 'America/Lima' });
    for (const [year, month] of [
      [2025, 12],
      [2026, 3],
      [2026, 7],
      [2026, 11],
    ] as const) {
      const plan = model.month(year, month).planificaciones.find((p) => p.variable === 'Producción (CU)');
      const days = Array.from(
        { length: new Date(Date.UTC(year, month, 0)).getUTCDate() },
        (_, i) => `${year}-${String(month).padStart(2, '0')}-${String(i + 1).padStart(2, '0')}`,
      );
      const metas = days.map((d) => ({ d, meta: model.meta('Producción (CU)', d) }));
      const total = metas.reduce((s, m) => s + (m.meta ?? 0), 0);
      expect(Math.abs(total - (plan?.negociado ?? 0))).toBeLessThanOrEqual(days.length);
      const weekday = (d: string) => new Date(`${d}T12:00:00Z`).getUTCDay();
      const sundays = metas.filter((m) => weekday(m.d) === 0 && m.meta !== null);
      const midweek = metas.filter((m) => [2, 3, 4].includes(weekday(m.d)) && m.meta !== null);
      for (const s of sundays) for (const w of midweek) expect(s.meta!).toBeLessThan(w.meta!);
    }
    expect(model.meta('Producción (CU)', '2025-12-25')).toBeNull();
  });
});
