import { beforeAll, describe, expect, it } from 'vitest';
import { createPlantModel } from './model.ts';
import { LITROS_POR_CU, productoPresentacionDeFormato } from './reference.ts';
import { isFeriado } from './time.ts';
import type { DayData, Lectura } from './types.ts';
import { VARIABLES } from './variables.ts';

/**
 * DOMAIN.md's ranges over 60 consecutive days, each KPI derived the way the backfill derives it
 * (sums of raw counts, ratios of sums).
 */
const FECHAS = Array.from({ length: 60 }, (_, i) =>
  new Date(Date.UTC(2024, 8, 1) + i * 86_400_000).toISOString().slice(0, 10),
);
let days: DayData[] = [];

beforeAll(() => {
  const model = createPlantModel({ seed: 2024, timeZone: 'America/Lima' });
  days = FECHAS.map((f) => model.day(f));
});

interface LineSums {
  goodCu: number;
  nominalCu: number;
  runningMin: number;
  paidCapacity: number;
  fallas: number;
  fallaMin: number;
  litres: number;
  kwh: number;
}

function lineSums(day: DayData, linea: number): LineSums {
  const sums: LineSums = {
    goodCu: 0,
    nominalCu: 0,
    runningMin: 0,
    paidCapacity: 0,
    fallas: 0,
    fallaMin: 0,
    litres: 0,
    kwh: 0,
  };
  // Minutes with the product set up: running, micro-stops and failures (not changeovers, CIP or
  // time off shift, where the PLC keeps showing the last product).
  const notSetUp = day.paros.filter(
    (p) => p.linea === linea && (p.tipo === 'CAMBIO_FORMATO' || p.tipo === 'CIP' || p.tipo === 'PLANIFICADO'),
  );
  for (const r of day.scada) {
    if (r.linea !== linea) continue;
    const product = productoPresentacionDeFormato(linea, r.formato);
    if (!product || notSetUp.some((p) => r.t >= p.inicio && r.t < p.fin)) continue;
    sums.runningMin++;
    sums.litres += r.botellasLlenas * product.litros;
    sums.goodCu += (r.botellasLlenas * product.litros) / LITROS_POR_CU;
    sums.nominalCu += (product.bpm * product.litros) / LITROS_POR_CU;
  }
  const paid = day.turnos.find((t) => t.linea === linea)?.horasProductividad ?? 0;
  if (sums.runningMin > 0) sums.paidCapacity = (sums.nominalCu / sums.runningMin) * 60 * paid;
  for (const p of day.paros) {
    if (p.linea !== linea || p.tipo !== 'FALLA') continue;
    sums.fallas++;
    sums.fallaMin += (p.fin - p.inicio) / 60_000;
  }
  sums.kwh = day.contadoresHora.filter((c) => c.linea === linea).reduce((s, c) => s + c.energia, 0);
  return sums;
}

function add(a: LineSums, b: LineSums): LineSums {
  return {
    goodCu: a.goodCu + b.goodCu,
    nominalCu: a.nominalCu + b.nominalCu,
    runningMin: a.runningMin + b.runningMin,
    paidCapacity: a.paidCapacity + b.paidCapacity,
    fallas: a.fallas + b.fallas,
    fallaMin: a.fallaMin + b.fallaMin,
    litres: a.litres + b.litres,
    kwh: a.kwh + b.kwh,
  };
}

const sumOf = (readings: Lectura[], variable: string) =>
  readings.filter((l) => l.variable === variable).reduce((s, l) => s + l.valor, 0);
const valuesOf = (readings: Lectura[], variable: string) =>
  readings.filter((l) => l.variable === variable).map((l) => l.valor);
const litresOf = (day: DayData) => [1, 2, 3, 4].reduce((s, l) => s + lineSums(day, l).litres, 0);

describe('line efficiency and maintenance', () => {
  it('keeps ETA 65–90 %, paid 55–80 % and paid ≤ ETA per line over 30 days', () => {
    for (const linea of [1, 2, 3, 4]) {
      for (const month of [days.slice(0, 30), days.slice(30)]) {
        const s = month.map((d) => lineSums(d, linea)).reduce(add);
        const eta = (s.goodCu / s.nominalCu) * 100;
        const paid = (s.goodCu / s.paidCapacity) * 100;
        expect(eta).toBeGreaterThan(65);
        expect(eta).toBeLessThan(90);
        expect(paid).toBeGreaterThan(55);
        expect(paid).toBeLessThan(80);
        expect(paid).toBeLessThanOrEqual(eta);
      }
    }
  });

  it('keeps paid ≤ ETA every day and SAP within a few points of paid', () => {
    for (const day of days) {
      for (const linea of [1, 2, 3, 4]) {
        const s = lineSums(day, linea);
        if (s.runningMin === 0) continue;
        const eta = (s.goodCu / s.nominalCu) * 100;
        const paid = (s.goodCu / s.paidCapacity) * 100;
        expect(paid).toBeLessThanOrEqual(eta + 1e-9);
        const sap = day.sap.find((x) => x.linea === linea)?.eficiencia ?? NaN;
        expect(Math.abs(sap - paid)).toBeLessThanOrEqual(4.01);
      }
    }
  });

  it('keeps failures 10–60 per month, MTTR 15–60 min and MTTF 300–2,400 min per line', () => {
    for (const linea of [1, 2, 3, 4]) {
      for (const month of [days.slice(0, 30), days.slice(30)]) {
        const s = month.map((d) => lineSums(d, linea)).reduce(add);
        expect(s.fallas).toBeGreaterThanOrEqual(10);
        expect(s.fallas).toBeLessThanOrEqual(60);
        const mttr = s.fallaMin / s.fallas;
        const mttf = (s.runningMin - s.fallaMin) / s.fallas;
        expect(mttr).toBeGreaterThanOrEqual(15);
        expect(mttr).toBeLessThanOrEqual(60);
        expect(mttf).toBeGreaterThanOrEqual(300);
        expect(mttf).toBeLessThanOrEqual(2400);
      }
    }
  });

  it('keeps the plant OEE (good CU over paid capacity minus CIP) around 55–75 %', () => {
    let good = 0;
    let capacity = 0;
    for (const day of days) {
      for (const linea of [1, 2, 3, 4]) {
        const s = lineSums(day, linea);
        if (s.runningMin === 0) continue;
        const cip = day.paros
          .filter((p) => p.linea === linea && p.tipo === 'CIP')
          .reduce((m, p) => m + (p.fin - p.inicio) / 60_000, 0);
        const paidMin = (day.turnos.find((t) => t.linea === linea)?.horasProductividad ?? 0) * 60;
        good += s.goodCu;
        capacity += (s.nominalCu / s.runningMin) * (paidMin - cip);
      }
    }
    const oee = (good / capacity) * 100;
    expect(oee).toBeGreaterThan(55);
    expect(oee).toBeLessThan(78);
  });
});

describe('energy, air and water', () => {
  it('keeps kpi_energia 0.02–0.06 kWh/L in hours that ran most of the time', () => {
    let checked = 0;
    for (const day of days) {
      for (const c of day.contadoresHora) {
        const running = day.scada.filter(
          (r) => r.linea === c.linea && r.t >= c.t && r.t < c.t + 3_600_000 && r.velocidad > 0,
        ).length;
        if (running < 45) continue;
        checked++;
        expect(c.kpiEnergia).toBeGreaterThanOrEqual(0.02);
        expect(c.kpiEnergia).toBeLessThanOrEqual(0.06);
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });

  it('keeps each line’s daily kWh/L and the plant energy ratio realistic', () => {
    let mj = 0;
    let litres = 0;
    for (const day of days) {
      for (const linea of [1, 2, 3, 4]) {
        const s = lineSums(day, linea);
        if (s.litres > 100_000) {
          expect(s.kwh / s.litres).toBeGreaterThan(0.02);
          expect(s.kwh / s.litres).toBeLessThan(0.06);
        }
      }
      const kwh = sumOf(day.lecturas, 'Energía eléctrica (kWh)');
      const lineKwh = [1, 2, 3, 4].reduce((s, l) => s + lineSums(day, l).kwh, 0);
      expect(kwh).toBeGreaterThan(lineKwh);
      mj += kwh * 3.6 + sumOf(day.lecturas, 'Consumo de gas (m³)') * 37.3;
      litres += litresOf(day);
    }
    expect(mj / litres).toBeGreaterThan(0.3);
    expect(mj / litres).toBeLessThan(0.5);
  });

  it('keeps the water use ratio 1.3–1.8 L/L every producing day', () => {
    for (const day of days) {
      const litres = litresOf(day);
      if (litres === 0) continue;
      const ratio = (sumOf(day.lecturas, 'Agua extraída (m³)') * 1000) / litres;
      expect(ratio).toBeGreaterThanOrEqual(1.29);
      expect(ratio).toBeLessThanOrEqual(1.81);
    }
  });

  it('reads blowing air every 5 minutes with leaks of 20–30 % of the mean flow', () => {
    for (const linea of [1, 2]) {
      const name = `Flujo aire AP soplado (Nm³/h)_56${linea}`;
      let idle = 0;
      let idleCount = 0;
      let all = 0;
      let count = 0;
      for (const day of days) {
        const flows = day.lecturas.filter((l) => l.variable === name);
        expect(flows).toHaveLength(288);
        for (const f of flows) {
          const bottles = day.scada
            .filter((r) => r.linea === linea && r.t >= f.t && r.t < f.t + 300_000)
            .reduce((s, r) => s + r.botellas, 0);
          if (bottles === 0) {
            idle += f.valor;
            idleCount++;
          }
          all += f.valor;
          count++;
        }
      }
      const leak = idle / idleCount / (all / count);
      expect(leak).toBeGreaterThan(0.2);
      expect(leak).toBeLessThan(0.3);
      // Specific power of the compressors: kWh per Nm³ of all air.
      expect(all / count).toBeGreaterThan(200);
    }
  });

  it('keeps the compressors’ specific power at 0.094–0.13 kWh/Nm³', () => {
    for (const day of days) {
      const kwh = sumOf(day.lecturas, 'Energía compresores (kWh)');
      const nm3 =
        sumOf(day.lecturas, 'Flujo aire BP (Nm³/h)') +
        (sumOf(day.lecturas, 'Flujo aire AP soplado (Nm³/h)_561') +
          sumOf(day.lecturas, 'Flujo aire AP soplado (Nm³/h)_562')) /
          12;
      expect(kwh / nm3).toBeGreaterThan(0.094);
      expect(kwh / nm3).toBeLessThan(0.13);
    }
  });
});

describe('wastewater (PTA)', () => {
  it('keeps inflow ≈ (WUR − 1) × litres × 0.8 and concentrations inside DOMAIN ranges', () => {
    for (const day of days) {
      const litres = litresOf(day);
      if (litres === 0) continue;
      const wur = (sumOf(day.lecturas, 'Agua extraída (m³)') * 1000) / litres;
      const inflow = sumOf(day.lecturas, 'Caudal afluente (m³)');
      expect(inflow).toBeCloseTo(((wur - 1) * litres * 0.8) / 1000, -1);
      const range = (variable: string, min: number, max: number) => {
        for (const v of valuesOf(day.lecturas, variable)) {
          expect(v).toBeGreaterThanOrEqual(min);
          expect(v).toBeLessThanOrEqual(max);
        }
      };
      range('DQO entrada (mg/L)', 1500, 6000);
      range('DQO salida (mg/L)', 50, 200);
      range('SST entrada (mg/L)', 200, 800);
      range('SST salida (mg/L)', 20, 80);
      range('pH entrada', 4, 11);
      range('pH salida', 6.5, 8.5);
      range('Temperatura entrada (°C)', 25, 40);
      expect(valuesOf(day.lecturas, 'DQO entrada (mg/L)')).toHaveLength(24);
    }
  });

  it('removes 90–98 % of DQO and makes 0.3–0.5 kg of sludge per kg removed', () => {
    for (const day of days) {
      const q = valuesOf(day.lecturas, 'Caudal afluente (m³)');
      const dqoIn = valuesOf(day.lecturas, 'DQO entrada (mg/L)');
      const dqoOut = valuesOf(day.lecturas, 'DQO salida (mg/L)');
      const loadIn = q.reduce((s, v, i) => s + (v * (dqoIn[i] ?? 0)) / 1000, 0);
      const loadOut = q.reduce((s, v, i) => s + (v * (dqoOut[i] ?? 0)) / 1000, 0);
      const removal = ((loadIn - loadOut) / loadIn) * 100;
      expect(removal).toBeGreaterThanOrEqual(90);
      expect(removal).toBeLessThanOrEqual(98);
      const sludge = day.valores.find((v) => v.variable === 'Lodos generados (kg/d)')?.valor ?? 0;
      expect(sludge / (loadIn - loadOut)).toBeGreaterThan(0.29);
      expect(sludge / (loadIn - loadOut)).toBeLessThan(0.51);
    }
  });
});

describe('daily values', () => {
  it('holds only catalogued MANUAL variables and the RR.HH. figures, with consistent ratios', () => {
    const byName = new Map(VARIABLES.map((v) => [v.nombre, v]));
    for (const day of days) {
      for (const v of day.valores) {
        const ref = byName.get(v.variable);
        expect(ref, v.variable).toBeDefined();
        expect(ref?.fuente === 'MANUAL' || ref?.area === 'rrhh').toBe(true);
        if (v.numerador !== undefined && v.denominador !== undefined && ref?.unidad === '%') {
          expect(v.valor).toBeCloseTo((v.numerador / v.denominador) * 100, 1);
        }
      }
    }
    const seen = new Set(days.flatMap((d) => d.valores.map((v) => v.variable)));
    const manual = VARIABLES.filter((v) => v.fuente === 'MANUAL').map((v) => v.nombre);
    expect(manual.filter((n) => !seen.has(n))).toEqual([]);
  });

  it('keeps yields in DOMAIN ranges', () => {
    for (const day of days) {
      for (const v of day.valores) {
        if (!v.variable.startsWith('Rendimiento')) continue;
        const [min, max] = v.variable.includes('CO₂') ? [65, 85] : [97, 99.5];
        expect(v.valor).toBeGreaterThanOrEqual(min);
        expect(v.valor).toBeLessThanOrEqual(max);
      }
    }
  });
});

describe('human resources', () => {
  it('keeps absenteeism 5–8 % and overtime 5–15 % over the period, TRIPLE only on Sundays and holidays', () => {
    let lost = 0;
    let scheduled = 0;
    let overtime = 0;
    let ordinary = 0;
    for (const day of days) {
      const get = (name: string) => day.valores.find((v) => v.variable === name);
      lost += get('Ausentismo (%)')?.numerador ?? 0;
      scheduled += get('Ausentismo (%)')?.denominador ?? 0;
      overtime += day.horasExtra.reduce((s, h) => s + h.horas, 0);
      ordinary += day.asistencias.filter((a) => a.estado === 'PRESENTE').length * 8;
      const triple = new Date(`${day.fecha}T12:00:00Z`).getUTCDay() === 0 || isFeriado(day.fecha);
      expect(day.horasExtra.filter((h) => h.tipo !== (triple ? 'TRIPLE' : 'DOBLE'))).toEqual([]);
      for (const a of day.asistencias) {
        if (a.estado === 'PRESENTE') expect(a.entrada).toMatch(/^\d{2}:\d{2}$/);
        else expect(a.entrada).toBeNull();
      }
    }
    expect((lost / scheduled) * 100).toBeGreaterThan(5);
    expect((lost / scheduled) * 100).toBeLessThan(8);
    expect((overtime / ordinary) * 100).toBeGreaterThan(5);
    expect((overtime / ordinary) * 100).toBeLessThan(15);
    const tipos = days.flatMap((d) => d.horasExtra.map((h) => h.tipo));
    expect(tipos.filter((t) => t === 'DOBLE').length).toBeGreaterThan(
      tipos.filter((t) => t === 'TRIPLE').length * 3,
    );
  });
});
