import { EMPLEADOS, hrDay } from './hr.ts';
import {
  airFlows,
  hourlyCounters,
  litresPerMinute,
  minuteRows,
  paros as parosOf,
  simulateLineDay,
  type LineDay,
} from './lines.ts';
import { buildMonth, metaOf, OBZ_PAQUETES, projection } from './monthly.ts';
import {
  LINEAS,
  LITROS_POR_CU,
  nominalCuHora,
  PLANTA,
  PRESENTACIONES,
  PRODUCTO_PRESENTACIONES,
  PRODUCTOS,
  PRODUCTION_LINES,
  SIN_AZUCAR,
  SIN_GAS,
  typicalCuHora,
  VELOCIDADES_NOMINALES,
  ZW_CLASIFICACIONES,
} from './reference.ts';
import { hash, hashUnit, Rng, STREAM } from './rng.ts';
import { ESTADO } from './schedule.ts';
import { dateParts, dayIndex, fechaFromIndex, MINUTE_MS, PlantCalendar } from './time.ts';
import type {
  ContadorHora,
  DayData,
  Lectura,
  PlantModel,
  PlantModelOptions,
  ReferenceData,
  ScadaMinute,
  ValorDiario,
} from './types.ts';
import { utilitiesDay, type PlantHours } from './utilities.ts';
import { nombreLinea, VARIABLES } from './variables.ts';

const REFERENCE: ReferenceData = {
  planta: PLANTA,
  lineas: LINEAS,
  productos: PRODUCTOS,
  presentaciones: PRESENTACIONES,
  productoPresentaciones: PRODUCTO_PRESENTACIONES,
  velocidadesNominales: VELOCIDADES_NOMINALES,
  variables: VARIABLES,
  zwClasificaciones: ZW_CLASIFICACIONES,
  empleados: EMPLEADOS,
  obzPaquetes: OBZ_PAQUETES.map(({ nombre, area, responsable }) => ({ nombre, area, responsable })),
};

/** Share of lines 1–2's variable energy spent by the blow moulders (DOMAIN: up to 70 %). */
const BLOW_SHARE = 0.6;
const HOUR_MS = 3_600_000;

/** Per line-day sums the daily values are built from. */
interface LineTotals {
  linea: number;
  paidHours: number;
  goodCu: number;
  runningMinutes: number;
  /** Σ nominal CU over running minutes (minutes with a product set up). */
  nominalCu: number;
  botellas: number;
  llenas: number;
  litres: number;
  litresSugar: number;
  litresCo2: number;
  litresSyrup: number;
  lostLitres: number;
  runs: number;
}

function lineTotals(day: LineDay): LineTotals {
  const { schedule } = day;
  const totals: LineTotals = {
    linea: schedule.linea,
    paidHours: schedule.paidMinutes / 60,
    goodCu: 0,
    runningMinutes: 0,
    nominalCu: 0,
    botellas: 0,
    llenas: 0,
    litres: 0,
    litresSugar: 0,
    litresCo2: 0,
    litresSyrup: 0,
    lostLitres: 0,
    runs: 0,
  };
  let previous = -1;
  for (let i = 0; i < schedule.minutes; i++) {
    const p = schedule.product[i] ?? -1;
    const product = schedule.products[p];
    if (p !== previous && product) totals.runs++;
    previous = p;
    if (!product) continue;
    const llenas = day.llenas[i] ?? 0;
    const litres = llenas * product.litros;
    totals.runningMinutes++;
    totals.nominalCu += nominalCuHora(product) / 60;
    totals.botellas += day.botellas[i] ?? 0;
    totals.llenas += llenas;
    totals.litres += litres;
    totals.goodCu += litres / LITROS_POR_CU;
    totals.lostLitres += ((day.botellas[i] ?? 0) - llenas) * product.litros;
    if (!SIN_AZUCAR.has(product.productoKey)) totals.litresSugar += litres;
    if (!SIN_GAS.has(product.productoKey)) totals.litresCo2 += litres;
    if (!product.productoKey.startsWith('agua')) totals.litresSyrup += litres;
  }
  return totals;
}

const round = (value: number, decimals: number) => {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
};

/** A yield: standard over real consumption, real drawn so the yield lands in [min, max] %. */
function yieldValue(rng: Rng, variable: string, standard: number, min: number, max: number): ValorDiario {
  const real = standard / (rng.range(min, max) / 100);
  return {
    variable,
    valor: round((standard / real) * 100, 2),
    numerador: round(standard, 2),
    denominador: round(real, 2),
  };
}

function ratio(variable: string, numerador: number, denominador: number): ValorDiario {
  return { variable, valor: round((numerador / denominador) * 100, 2), numerador, denominador };
}

export function createPlantModel(options: PlantModelOptions): PlantModel {
  const seed = Math.trunc(options.seed) | 0;
  const calendar = new PlantCalendar(options.timeZone);
  // Small cache so day() and lineMinutes() over the same day do not simulate it twice.
  const cache = new Map<string, LineDay>();

  function lineDay(linea: number, index: number): LineDay {
    if (!PRODUCTION_LINES.includes(linea as (typeof PRODUCTION_LINES)[number])) {
      throw new RangeError(`Línea de producción inexistente: ${linea}`);
    }
    const key = `${linea}:${index}`;
    let day = cache.get(key);
    if (!day) {
      day = simulateLineDay(seed, linea, index, calendar.startOf(index), calendar.minutesOf(index));
      if (cache.size >= 16) {
        const oldest = cache.keys().next().value;
        if (oldest !== undefined) cache.delete(oldest);
      }
      cache.set(key, day);
    }
    return day;
  }

  function day(fecha: string): DayData {
    const index = dayIndex(fecha);
    const start = calendar.startOf(index);
    const minutes = calendar.minutesOf(index);
    const hours = Math.ceil(minutes / 60);
    const lines = PRODUCTION_LINES.map((l) => lineDay(l, index));

    const scada: ScadaMinute[] = [];
    const contadoresHora: ContadorHora[] = [];
    const lecturas: Lectura[] = [];
    const plantHours: PlantHours = {
      index,
      start,
      litres: new Float64Array(hours),
      bottles: new Float64Array(hours),
      lineKwh: new Float64Array(hours),
      blowKwh: new Float64Array(hours),
      apNm3: new Float64Array(hours),
      cipMinutes: new Float64Array(hours),
    };

    for (const line of lines) {
      const { linea } = line.schedule;
      scada.push(...minuteRows(line));
      const litres = litresPerMinute(line);
      const counters = hourlyCounters(seed, line, litres);
      contadoresHora.push(...counters);
      for (let i = 0; i < minutes; i++) {
        const h = Math.floor(i / 60);
        plantHours.litres[h] = (plantHours.litres[h] ?? 0) + (litres[i] ?? 0);
        plantHours.bottles[h] = (plantHours.bottles[h] ?? 0) + (line.botellas[i] ?? 0);
        if (line.schedule.estado[i] === ESTADO.CIP)
          plantHours.cipMinutes[h] = (plantHours.cipMinutes[h] ?? 0) + 1;
      }
      const energyVariable = nombreLinea('Energía eléctrica (kWh)', linea);
      counters.forEach((c, h) => {
        plantHours.lineKwh[h] = (plantHours.lineKwh[h] ?? 0) + c.energia;
        lecturas.push({ variable: energyVariable, t: c.t, valor: c.energia });
      });
      const air = airFlows(seed, line, nombreLinea('Flujo aire AP soplado (Nm³/h)', linea));
      if (air.length > 0) {
        counters.forEach((c, h) => {
          plantHours.blowKwh[h] = (plantHours.blowKwh[h] ?? 0) + c.energia * BLOW_SHARE;
        });
        for (const reading of air) {
          const h = Math.floor((reading.t - start) / HOUR_MS);
          plantHours.apNm3[h] = (plantHours.apNm3[h] ?? 0) + (reading.valor * 5) / 60;
        }
        lecturas.push(...air);
      }
    }

    const utilities = utilitiesDay(seed, plantHours);
    lecturas.push(...utilities.lecturas);

    const totals = lines.map(lineTotals);
    const valores: ValorDiario[] = [...utilities.valores];
    const turnos = totals.map((t) => ({ linea: t.linea, horasProductividad: t.paidHours }));
    const sap: DayData['sap'] = [];
    const rng = new Rng(hash(seed, 0, index, STREAM.values));
    for (const t of totals) {
      if (t.paidHours === 0) continue;
      // Capacity of the paid hours at the day's mix of products (the line's usual mix if none ran).
      const nominalCuHoraDia =
        t.runningMinutes > 0 ? (t.nominalCu / t.runningMinutes) * 60 : typicalCuHora(t.linea);
      const capacity = nominalCuHoraDia * t.paidHours;
      const paid = (t.goodCu / capacity) * 100;
      // The ERP confirms production late and by pallet: its figure strays a few points.
      const sapEff = Math.max(0, paid + Math.max(-4, Math.min(4, 1.5 * rng.normal())));
      sap.push({ linea: t.linea, eficiencia: round(sapEff, 2) });
      valores.push({
        variable: nombreLinea('Eficiencia SAP (%)', t.linea),
        valor: round(sapEff, 2),
        numerador: round((capacity * sapEff) / 100, 2),
        denominador: round(capacity, 2),
      });
    }

    const litres = totals.reduce((s, t) => s + t.litres, 0);
    const goodCu = totals.reduce((s, t) => s + t.goodCu, 0);
    if (litres > 0) {
      const petBottles = totals.filter((t) => t.linea <= 2).reduce((s, t) => s + t.llenas, 0);
      const allBottles = totals.reduce((s, t) => s + t.llenas, 0);
      const labelled = totals.filter((t) => t.linea !== 3).reduce((s, t) => s + t.llenas, 0);
      const syrup = totals.reduce((s, t) => s + t.litresSyrup, 0) * 0.2; // 1 + 5 throw
      const sugar = totals.reduce((s, t) => s + t.litresSugar, 0) * 0.105; // kg per litre
      const co2 = (totals.reduce((s, t) => s + t.litresCo2, 0) * 7.8) / 1000; // ≈ 4 volumes
      const sugarYield = yieldValue(rng, 'Rendimiento de azúcar (%)', sugar, 97.3, 99.3);
      const co2Yield = yieldValue(rng, 'Rendimiento de CO₂ (%)', co2, 67, 83);
      const lost = totals.reduce((s, t) => s + t.lostLitres, 0) + litres * rng.range(0.003, 0.009);
      valores.push(
        yieldValue(rng, 'Rendimiento de jarabe (%)', syrup, 97.3, 99.3),
        sugarYield,
        co2Yield,
        yieldValue(rng, 'Rendimiento de preformas (%)', petBottles, 97.5, 99.4),
        yieldValue(rng, 'Rendimiento de tapas (%)', allBottles, 97.5, 99.4),
        yieldValue(rng, 'Rendimiento de etiquetas (%)', labelled, 97.2, 99.2),
        { variable: 'Consumo de azúcar (kg)', valor: Math.round(sugarYield.denominador ?? 0) },
        { variable: 'Consumo de CO₂ (kg)', valor: Math.round(co2Yield.denominador ?? 0) },
        {
          variable: 'Merma de bebida (%)',
          valor: round((lost / (litres + lost)) * 100, 2),
          numerador: round(lost, 2),
          denominador: round(litres + lost, 2),
        },
      );
      const ordered = goodCu * rng.range(0.95, 1.1);
      valores.push(
        ratio('Nivel de servicio (%)', Math.round(ordered * rng.range(0.95, 0.995)), Math.round(ordered)),
      );
    }

    const { weekday } = dateParts(index);
    if (weekday < 6) {
      const planned = rng.int(3, 9);
      valores.push(
        ratio(
          'Cumplimiento de mantenimiento preventivo (%)',
          planned - rng.weighted([0.7, 0.25, 0.05]),
          planned,
        ),
      );
    }
    const runs = totals.reduce((s, t) => s + t.runs, 0);
    if (runs > 0) valores.push(ratio('Adherencia al programa (%)', runs - (rng.chance(0.2) ? 1 : 0), runs));

    // Finished-goods stock: a smooth function of the date so consecutive days look continuous.
    const dailySales = PRODUCTION_LINES.reduce((s, l) => s + typicalCuHora(l) * 18 * 0.7, 0);
    const stockDays = 7 + 2 * Math.sin((2 * Math.PI * index) / 45) + (hashUnit(seed, index, 5) - 0.5);
    valores.push(
      { variable: 'Inventario producto terminado (CU)', valor: Math.round(dailySales * stockDays) },
      { variable: 'Días de inventario (d)', valor: round(stockDays, 1) },
    );

    const hr = hrDay(seed, index, fecha, goodCu);
    valores.push(...hr.valores);

    return {
      fecha,
      scada,
      paros: lines.flatMap((line) => parosOf(seed, line)),
      contadoresHora,
      lecturas,
      valores,
      turnos,
      sap,
      asistencias: hr.asistencias,
      horasExtra: hr.horasExtra,
    };
  }

  function lineMinutes(linea: number, fromMs: number, toMs: number): ScadaMinute[] {
    const rows: ScadaMinute[] = [];
    if (!(toMs > fromMs)) return rows;
    for (let index = calendar.indexAt(fromMs); calendar.startOf(index) < toMs; index++) {
      const line = lineDay(linea, index);
      const from = Math.max(0, Math.ceil((fromMs - line.start) / MINUTE_MS));
      const to = Math.min(line.schedule.minutes, Math.ceil((toMs - line.start) / MINUTE_MS));
      if (to > from) rows.push(...minuteRows(line, from, to));
    }
    return rows;
  }

  return {
    reference: REFERENCE,
    day,
    lineMinutes,
    month: (year, month) => buildMonth(seed, year, month),
    zeroWasteProjection: (year) => projection(seed, year),
    meta: (variable, fecha) => metaOf(seed, variable, fecha),
  };
}

/** The production day ('YYYY-MM-DD') containing an instant, in a plant time zone. */
export function productionDayOf(t: number, timeZone: string): string {
  return fechaFromIndex(new PlantCalendar(timeZone).indexAt(t));
}
