import { lineConfig } from './line-config.ts';
import { conMotivo } from './motivos.ts';
import { LITROS_POR_CU, nominalCuHora, typicalCuHora } from './reference.ts';
import { hash, Rng, STREAM } from './rng.ts';
import { buildSchedule, ESTADO, type LineDaySchedule } from './schedule.ts';
import { MINUTE_MS } from './time.ts';
import type { ContadorHora, Lectura, Paro, ScadaMinute } from './types.ts';

/** The minute counters of one line-day, kept in typed arrays so a cached day stays small. */
export interface LineDay {
  schedule: LineDaySchedule;
  start: number; // epoch ms of 08:00
  velocidad: Int32Array;
  botellas: Int32Array;
  llenas: Int32Array;
  paquetes: Int32Array;
  formato: Int32Array;
}

export function simulateLineDay(
  seed: number,
  linea: number,
  index: number,
  start: number,
  minutes: number,
): LineDay {
  const schedule = buildSchedule(seed, linea, index, minutes);
  const rng = new Rng(hash(seed, linea, index, STREAM.minutes));
  const velocidad = new Int32Array(minutes);
  const botellas = new Int32Array(minutes);
  const llenas = new Int32Array(minutes);
  const paquetes = new Int32Array(minutes);
  const formato = new Int32Array(minutes);

  let runProduct = -1;
  let speedBase = 0.9;
  let rejectRate = 0.01;
  let drift = 0;
  let cumulative = 0; // good bottles since the run started
  let packed = 0; // packs closed since the run started
  // The PLC's Formato keeps the last product set up through changeovers, CIP and the hours off
  // shift (0 only before anything ran that day): every pack belongs to a product.
  let lastCode = 0;

  for (let i = 0; i < minutes; i++) {
    const estado = schedule.estado[i] ?? ESTADO.PLAN;
    const p = schedule.product[i] ?? -1;
    const product = p >= 0 ? schedule.products[p] : undefined;
    if (!product) {
      runProduct = -1;
      formato[i] = lastCode;
      continue;
    }
    formato[i] = product.codigo;
    lastCode = product.codigo;
    if (p !== runProduct) {
      // A new run: its own speed level and reject rate; pack counting restarts, so a run's packs
      // times bottles per pack never exceed its good bottles.
      runProduct = p;
      speedBase = rng.range(0.87, 0.95);
      rejectRate = rng.range(0.004, 0.016);
      drift = 0;
      cumulative = 0;
      packed = 0;
    }
    if (estado !== ESTADO.RUN) continue;
    drift = 0.85 * drift + 0.02 * rng.normal();
    let factor = Math.min(0.995, Math.max(0.6, speedBase + drift));
    // The first minute after a failure runs slowly while the line refills its buffers.
    if (schedule.estado[i - 1] === ESTADO.FALLA) factor *= 0.6;
    const bpm = Math.round(product.bpm * factor);
    const rejected = Math.min(bpm, Math.round(bpm * rejectRate * rng.range(0.4, 1.6)));
    velocidad[i] = bpm;
    botellas[i] = bpm;
    llenas[i] = bpm - rejected;
    cumulative += bpm - rejected;
    const packs = Math.floor(cumulative / product.numBotellas) - packed;
    paquetes[i] = packs;
    packed += packs;
  }

  return { schedule, start, velocidad, botellas, llenas, paquetes, formato };
}

export function minuteRows(day: LineDay, from = 0, to = day.schedule.minutes): ScadaMinute[] {
  const rows: ScadaMinute[] = [];
  for (let i = from; i < to; i++) {
    rows.push({
      linea: day.schedule.linea,
      t: day.start + i * MINUTE_MS,
      velocidad: day.velocidad[i] ?? 0,
      botellas: day.botellas[i] ?? 0,
      botellasLlenas: day.llenas[i] ?? 0,
      paquetes: day.paquetes[i] ?? 0,
      formato: day.formato[i] ?? 0,
    });
  }
  return rows;
}

/** The stops of a line-day, each with its reason (two draws per stop of a stream of their own). */
export function paros(seed: number, day: LineDay): Paro[] {
  const { linea, index } = day.schedule;
  const rng = new Rng(hash(seed, linea, index, STREAM.motivos));
  return day.schedule.events.map((e) => {
    const { equipo, causa, motivo, codigoFalla } = conMotivo(e, rng.next(), rng.next());
    return {
      linea,
      inicio: day.start + e.from * MINUTE_MS,
      fin: day.start + e.to * MINUTE_MS,
      equipo,
      causa,
      tipo: e.tipo,
      motivo: { ...motivo },
      codigoFalla,
    };
  });
}

/** Litres of good product filled in each minute. */
export function litresPerMinute(day: LineDay): Float64Array {
  const litres = new Float64Array(day.schedule.minutes);
  for (let i = 0; i < litres.length; i++) {
    const p = day.schedule.product[i] ?? -1;
    const product = day.schedule.products[p];
    if (product) litres[i] = (day.llenas[i] ?? 0) * product.litros;
  }
  return litres;
}

const round = (value: number, decimals: number) => {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
};

/**
 * Hourly counters. Energy = base load (in shift or off) + kWh per litre filled; efficiency = good
 * CU / nominal CU of the hour, the nominal being that of the product in each minute (or the hour's
 * main product for minutes without one).
 */
export function hourlyCounters(seed: number, day: LineDay, litres: Float64Array): ContadorHora[] {
  const { schedule } = day;
  const config = lineConfig(schedule.linea);
  const rng = new Rng(hash(seed, schedule.linea, schedule.index, STREAM.energy));
  const hours = Math.ceil(schedule.minutes / 60);
  const rows: ContadorHora[] = [];
  const counts = new Map<number, number>();
  for (let h = 0; h < hours; h++) {
    const from = h * 60;
    const to = Math.min(schedule.minutes, from + 60);
    counts.clear();
    let hourLitres = 0;
    let baseKwh = 0;
    for (let i = from; i < to; i++) {
      hourLitres += litres[i] ?? 0;
      baseKwh += (schedule.estado[i] === ESTADO.PLAN ? config.kwOff : config.kwShift) / 60;
      const p = schedule.product[i] ?? -1;
      if (p >= 0) counts.set(p, (counts.get(p) ?? 0) + 1);
    }
    let main = -1;
    let best = 0;
    for (const [p, n] of counts) {
      if (n > best) {
        best = n;
        main = p;
      }
    }
    const mainProduct = schedule.products[main];
    let capacity = 0;
    if (mainProduct) {
      for (let i = from; i < to; i++) {
        const product = schedule.products[schedule.product[i] ?? -1] ?? mainProduct;
        capacity += nominalCuHora(product) / 60;
      }
    }
    const energia = baseKwh + config.kwhPerLitre * hourLitres * (1 + 0.03 * rng.normal());
    rows.push({
      linea: schedule.linea,
      t: day.start + from * MINUTE_MS,
      energia: round(energia, 2),
      eficiencia: capacity > 0 ? round((hourLitres / LITROS_POR_CU / capacity) * 100, 2) : 0,
      kpiEnergia: hourLitres > 0 ? round(energia / hourLitres, 4) : 0,
      formato: mainProduct?.codigo ?? 0,
    });
  }
  return rows;
}

/**
 * Fraction of a line's typical blowing flow that leaks: sized so that flow with no production is
 * about a quarter of the day's mean flow (DOMAIN: leaks 20–30 %).
 */
const LEAK_FRACTION = 0.24;

/** Blowing air of a line every 5 minutes (Nm³/h, mean of the window), or [] without a blow moulder. */
export function airFlows(seed: number, day: LineDay, variable: string): Lectura[] {
  const { schedule } = day;
  const nl = lineConfig(schedule.linea).airNlPerBottle;
  if (nl === null) return [];
  const rng = new Rng(hash(seed, schedule.linea, schedule.index, STREAM.air));
  const typicalBph = (typicalCuHora(schedule.linea) * LITROS_POR_CU) / averageLitres(day);
  const leak = LEAK_FRACTION * ((typicalBph * nl) / 1000) * rng.range(0.9, 1.1);
  const readings: Lectura[] = [];
  for (let from = 0; from < schedule.minutes; from += 5) {
    const to = Math.min(schedule.minutes, from + 5);
    let bottles = 0;
    for (let i = from; i < to; i++) bottles += day.botellas[i] ?? 0;
    const productionFlow = ((bottles / (to - from)) * 60 * nl) / 1000;
    const valor = (leak + productionFlow) * (1 + 0.02 * rng.normal());
    readings.push({ variable, t: day.start + from * MINUTE_MS, valor: round(valor, 1) });
  }
  return readings;
}

function averageLitres(day: LineDay): number {
  const products = day.schedule.products;
  const total = products.reduce((s, p) => s + p.weight, 0);
  return products.reduce((s, p) => s + p.litros * p.weight, 0) / total;
}
