import { hash, Rng, STREAM } from './rng.ts';
import type { Lectura, ValorDiario } from './types.ts';

/** What the plant's utilities see of the lines, hour by hour over one production day. */
export interface PlantHours {
  index: number;
  start: number; // epoch ms of 08:00
  litres: Float64Array; // good litres filled, all lines
  bottles: Float64Array; // bottles, all lines
  lineKwh: Float64Array; // Σ contadoresHora.energia
  blowKwh: Float64Array; // part of lines 1–2 energy spent by the blow moulders
  apNm3: Float64Array; // blowing air of lines 1–2 (Nm³ in the hour)
  cipMinutes: Float64Array; // minutes of CIP in the hour, any line
}

export interface UtilitiesDay {
  lecturas: Lectura[];
  valores: ValorDiario[];
  /** The day's water use ratio, exposed for tests and the plan. */
  waterUseRatio: number;
}

const HOUR_MS = 3_600_000;
/** Natural gas, MJ per m³ (higher heating value). */
export const MJ_POR_M3_GAS = 37.3;
/** Hour meter reference: the compressor had 18,000 h at 2024-01-01. */
const HOROMETRO_EPOCH = Date.UTC(2024, 0, 1);

const clamp = (v: number, min: number, max: number) => Math.min(max, Math.max(min, v));
const round = (value: number, decimals: number) => {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
};

/**
 * Water, compressed air, energy meters and wastewater for one day. Volumes come from the day's
 * production so that the daily ratios land inside DOMAIN's ranges: water use ratio 1.3–1.8 L/L,
 * PTA inflow ≈ (WUR − 1) × litres × 0.8, removal 90–98 %, sludge 0.3–0.5 kg SST/kg DQO removed.
 */
export function utilitiesDay(seed: number, hours: PlantHours): UtilitiesDay {
  const rng = new Rng(hash(seed, 0, hours.index, STREAM.utilities));
  const pta = new Rng(hash(seed, 0, hours.index, STREAM.pta));
  const n = hours.litres.length;
  const lecturas: Lectura[] = [];
  const push = (variable: string, h: number, valor: number, decimals: number) =>
    lecturas.push({ variable, t: hours.start + h * HOUR_MS, valor: round(valor, decimals) });

  const dayLitres = hours.litres.reduce((s, v) => s + v, 0);
  const dayCip = hours.cipMinutes.reduce((s, v) => s + v, 0);
  const meanLitres = dayLitres / n;

  // Water: the day's ratio is drawn, then spread over the hours by activity (CIP uses a lot).
  const waterUseRatio = clamp(rng.range(1.35, 1.72) + (dayCip > 0 ? 0.05 : 0), 1.3, 1.8);
  const waterWeights = hours.litres.map((l, h) => l + 0.12 * meanLitres + (hours.cipMinutes[h] ?? 0) * 150);
  const weightSum = waterWeights.reduce((s, v) => s + v, 0);
  const withdrawn = (h: number) =>
    dayLitres > 0 ? ((waterUseRatio * dayLitres) / 1000) * ((waterWeights[h] ?? 0) / weightSum) : 1.5;

  // Wastewater: an equalisation tank smooths half of the inflow over the day.
  const inflowDay = dayLitres > 0 ? ((waterUseRatio - 1) * dayLitres * 0.8) / 1000 : 30;
  const inflow = (h: number) =>
    inflowDay * (0.5 / n + (dayLitres > 0 ? (0.5 * (waterWeights[h] ?? 0)) / weightSum : 0.5 / n));

  const specificAir = rng.range(0.1, 0.12);
  const cisternaPhase = rng.range(0, 2 * Math.PI);
  const dqoBase = pta.range(2300, 4200);
  let dqoWeighted = 0;
  let dqoOutSum = 0;
  let inflowSum = 0;
  let removedKg = 0;
  let maxKwh = 0;

  for (let h = 0; h < n; h++) {
    const litres = hours.litres[h] ?? 0;
    const cip = (hours.cipMinutes[h] ?? 0) > 0 || (hours.cipMinutes[h - 1] ?? 0) > 0;
    const water = withdrawn(h);
    const treated = water * rng.range(0.7, 0.8);
    push('Agua extraída (m³)', h, water, 2);
    push('Agua tratada (m³)', h, treated, 2);
    push('Rechazo ósmosis (m³)', h, treated * rng.range(0.2, 0.3), 2);
    push(
      'Nivel cisterna (%)',
      h,
      clamp(72 + 14 * Math.sin(cisternaPhase + (2 * Math.PI * h) / 24) + 3 * rng.normal(), 35, 98),
      1,
    );

    const bpFlow = (380 + (hours.bottles[h] ?? 0) * 0.004) * (1 + 0.03 * rng.normal());
    const compressorKwh = ((hours.apNm3[h] ?? 0) + bpFlow) * specificAir;
    push('Flujo aire BP (Nm³/h)', h, bpFlow, 1);
    push('Presión de red (bar)', h, clamp(7.2 - bpFlow / 3000 + 0.06 * rng.normal(), 6.6, 7.4), 2);
    push('Energía compresores (kWh)', h, compressorKwh, 1);
    // Pure function of time, so the counter keeps rising across days whatever the order asked.
    const t = hours.start + h * HOUR_MS;
    push('Horómetro compresor 1 (h)', h, 18_000 + ((t - HOROMETRO_EPOCH) / HOUR_MS) * 0.92, 1);

    // PTA hourly sensors.
    const qIn = inflow(h);
    const qOut = qIn * pta.range(0.96, 0.99);
    const dqoIn = clamp(dqoBase * (1 + 0.12 * pta.normal()) * (cip ? 1.3 : 1), 1500, 6000);
    const dqoOut = clamp(dqoIn * (1 - pta.range(0.92, 0.975)), 55, 195);
    let phIn = 7.2 + 0.9 * pta.normal();
    if (cip)
      phIn += pta.range(1.5, 3); // caustic CIP
    else if (pta.chance(0.05)) phIn -= pta.range(1.5, 2.5); // syrup room rinse
    const ptaKwh = 30 + 0.35 * qIn;
    push('Caudal afluente (m³)', h, qIn, 2);
    push('Caudal efluente (m³)', h, qOut, 2);
    push('DQO entrada (mg/L)', h, dqoIn, 0);
    push('DQO salida (mg/L)', h, dqoOut, 0);
    push('SST entrada (mg/L)', h, pta.range(250, 700), 0);
    push('SST salida (mg/L)', h, pta.range(25, 70), 0);
    push('pH entrada', h, clamp(phIn, 4, 11), 2);
    push('pH salida', h, clamp(7.4 + 0.3 * pta.normal(), 6.6, 8.4), 2);
    push('Temperatura entrada (°C)', h, clamp(29 + 2 * pta.normal() + (cip ? 5 : 0), 25, 40), 1);
    push('OD reactor (mg/L)', h, clamp(2.3 + 0.3 * pta.normal(), 1.6, 3.5), 2);
    push('SSLM reactor (mg/L)', h, clamp(3200 + 250 * pta.normal(), 2500, 4000), 0);
    push('Energía PTA (kWh)', h, ptaKwh, 1);
    dqoWeighted += qIn * dqoIn;
    dqoOutSum += dqoOut;
    inflowSum += qIn;
    removedKg += (qIn * (dqoIn - dqoOut)) / 1000;

    // Energy meters: lines + compressors + PTA + services (refrigeration, CO₂, lighting, offices).
    const services = 110 + 0.014 * litres * (1 + 0.04 * rng.normal());
    const plantKwh = (hours.lineKwh[h] ?? 0) + compressorKwh + ptaKwh + services;
    maxKwh = Math.max(maxKwh, plantKwh);
    push('Energía eléctrica (kWh)', h, plantKwh, 1);
    push('Energía de sopladora (kWh)', h, hours.blowKwh[h] ?? 0, 1);
    // Boiler gas: bottle warmers and syrup room, plus hot caustic for CIP.
    const gasMj = 60 + 0.19 * litres + (hours.cipMinutes[h] ?? 0) * 8;
    push('Consumo de gas (m³)', h, (gasMj / MJ_POR_M3_GAS) * (1 + 0.03 * rng.normal()), 2);
  }

  const dqoInMean = dqoWeighted / inflowSum;
  const valores: ValorDiario[] = [
    { variable: 'Demanda máxima (kW)', valor: Math.round(maxKwh * rng.range(1.04, 1.1)) },
    { variable: 'DBO₅ entrada (mg/L)', valor: Math.round(0.6 * dqoInMean * pta.range(0.92, 1.08)) },
    {
      variable: 'DBO₅ salida (mg/L)',
      valor: Math.round(clamp((0.35 * dqoOutSum * pta.range(0.9, 1.1)) / n, 20, 80)),
    },
    { variable: 'Grasas y aceites salida (mg/L)', valor: round(pta.range(4, 15), 1) },
    { variable: 'Lodos generados (kg/d)', valor: Math.round(removedKg * pta.range(0.3, 0.5)) },
  ];
  return { lecturas, valores, waterUseRatio };
}
