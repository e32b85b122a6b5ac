import { lineConfig, type StopCause } from './line-config.ts';
import { CAUSA_FUERA_DE_TURNO, CAUSA_SIN_PROGRAMA, MOTIVOS } from './motivos.ts';
import { lineProductsOf, type LineProduct } from './reference.ts';
import { hash, Rng, STREAM } from './rng.ts';
import { dateParts, fechaFromIndex, isPlantClosed } from './time.ts';
import type { MotivoParo, TipoParo } from './types.ts';

/** What a line is doing in one minute. */
export const ESTADO = { RUN: 0, MICRO: 1, FALLA: 2, CAMBIO: 3, CIP: 4, PLAN: 5 } as const;

/** A stop, in minute offsets from the start of the production day. */
export interface ScheduleEvent {
  from: number;
  to: number;
  tipo: TipoParo;
  equipo: string;
  causa: string;
  motivo: MotivoParo;
}

export interface LineDaySchedule {
  linea: number;
  index: number;
  minutes: number;
  shifts: number;
  /** Minutes paid to the crews (shifts × 480, or the whole day with three shifts). */
  paidMinutes: number;
  estado: Uint8Array;
  /** Index into `products` per minute, −1 when no product is set up (changeover, CIP, off). */
  product: Int16Array;
  products: LineProduct[];
  events: ScheduleEvent[];
}

const MINUTES_PER_SHIFT = 480;

/** Summer (December–March) is the peak season in Lima: more shifts. */
function isVerano(month: number): boolean {
  return month === 12 || month <= 3;
}

/** Shifts (0–3) a line works on a production day. */
export function shiftsOn(linea: number, index: number): number {
  if (isPlantClosed(fechaFromIndex(index))) return 0;
  const { month, weekday } = dateParts(index);
  const pattern = lineConfig(linea).shifts[isVerano(month) ? 'verano' : 'normal'];
  return pattern[weekday] ?? 0;
}

/** Paid minutes of a line's day: three shifts cover the whole (possibly DST-shortened) day. */
export function paidMinutesOf(shifts: number, minutesInDay: number): number {
  return shifts >= 3 ? minutesInDay : shifts * MINUTES_PER_SHIFT;
}

/**
 * The product a line has set up at 08:00 of a day. It depends only on (seed, line, day), and each
 * day's last run is this product of the next day, so the line never changes over at 08:00.
 */
function firstProduct(seed: number, linea: number, index: number, products: LineProduct[]): number {
  const rng = new Rng(hash(seed, linea, index, STREAM.firstProduct));
  return rng.weighted(products.map((p) => p.weight));
}

function pickOther(rng: Rng, products: LineProduct[], exclude: number): number {
  return rng.weighted(products.map((p, i) => (i === exclude ? 0 : p.weight)));
}

function pickCause(rng: Rng, causes: StopCause[]): StopCause {
  const cause = causes[rng.weighted(causes.map((c) => c.weight))];
  if (!cause) throw new Error('Lista de causas vacía');
  return cause;
}

function isFree(estado: Uint8Array, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (estado[i] !== ESTADO.RUN) return false;
  return true;
}

/** Runs, changeovers, CIP, failures and micro-stops of one line on one production day. */
export function buildSchedule(seed: number, linea: number, index: number, minutes: number): LineDaySchedule {
  const config = lineConfig(linea);
  const products = lineProductsOf(linea);
  const rng = new Rng(hash(seed, linea, index, STREAM.schedule));
  const shifts = shiftsOn(linea, index);
  const shiftEnd = Math.min(minutes, paidMinutesOf(shifts, minutes));
  const estado = new Uint8Array(minutes).fill(ESTADO.PLAN);
  const product = new Int16Array(minutes).fill(-1);
  const events: ScheduleEvent[] = [];
  const base = { linea, index, minutes, shifts, paidMinutes: shiftEnd, estado, product, products, events };

  if (shiftEnd === 0) {
    events.push({
      from: 0,
      to: minutes,
      tipo: 'PLANIFICADO',
      equipo: 'Línea',
      causa: isPlantClosed(fechaFromIndex(index)) ? 'Feriado: planta cerrada' : CAUSA_SIN_PROGRAMA,
      motivo: MOTIVOS.sinOrdenes,
    });
    return base;
  }

  // Product sequence: today's first product, a few others, tomorrow's first product last.
  const seq = [firstProduct(seed, linea, index, products)];
  const middle = shifts >= 2 ? rng.weighted([0.3, 0.45, 0.25]) : rng.chance(0.25) ? 1 : 0;
  for (let i = 0; i < middle; i++) seq.push(pickOther(rng, products, seq[seq.length - 1] ?? -1));
  const last = firstProduct(seed, linea, index + 1, products);
  if (last !== seq[seq.length - 1]) seq.push(last);
  // A short day cannot hold many runs: drop middle products until runs average 3 h.
  while (seq.length > 2 && shiftEnd / seq.length < 180) seq.splice(1, 1);

  const cip = (index + linea) % config.cipEveryDays === 0 && shiftEnd >= 960;
  const runs = cip && seq.length === 1 ? [seq[0] ?? 0, seq[0] ?? 0] : seq;
  const cipAt = cip ? rng.int(0, runs.length - 2) : -1;
  // Separators between runs: optional CIP, then a flavour change (short) or format change (long).
  const separators = runs.slice(1).map((next, i) => {
    const prev = products[runs[i] ?? 0];
    const cipMin = i === cipAt ? rng.int(120, 240) : 0;
    const sameFormat = prev?.presentacionKey === products[next]?.presentacionKey;
    const changeMin = next === runs[i] ? 0 : sameFormat ? rng.int(20, 35) : rng.int(35, 60);
    return { cipMin, changeMin, sameFormat };
  });
  const fixed = separators.reduce((s, x) => s + x.cipMin + x.changeMin, 0);
  const available = shiftEnd - fixed;
  const weights = runs.map(() => rng.range(0.6, 1.4));
  const totalWeight = weights.reduce((s, w) => s + w, 0);

  let cursor = 0;
  const runRanges: [from: number, to: number][] = [];
  runs.forEach((p, i) => {
    const isLast = i === runs.length - 1;
    const separator = separators[i];
    const len = isLast ? shiftEnd - cursor : Math.floor((available * (weights[i] ?? 1)) / totalWeight);
    estado.fill(ESTADO.RUN, cursor, cursor + len);
    product.fill(p, cursor, cursor + len);
    runRanges.push([cursor, cursor + len]);
    cursor += len;
    if (!separator) return;
    if (separator.cipMin > 0) {
      estado.fill(ESTADO.CIP, cursor, cursor + separator.cipMin);
      events.push({
        from: cursor,
        to: cursor + separator.cipMin,
        tipo: 'CIP',
        equipo: 'Sistema CIP',
        causa: 'Limpieza CIP programada',
        motivo: MOTIVOS.cip,
      });
      cursor += separator.cipMin;
    }
    if (separator.changeMin > 0) {
      estado.fill(ESTADO.CAMBIO, cursor, cursor + separator.changeMin);
      events.push({
        from: cursor,
        to: cursor + separator.changeMin,
        tipo: 'CAMBIO_FORMATO',
        equipo: 'Línea',
        causa: separator.sameFormat ? MOTIVOS.sabor.nombre : MOTIVOS.presentacion.nombre,
        motivo: separator.sameFormat ? MOTIVOS.sabor : MOTIVOS.presentacion,
      });
      cursor += separator.changeMin;
    }
  });

  if (shiftEnd < minutes) {
    events.push({
      from: shiftEnd,
      to: minutes,
      tipo: 'PLANIFICADO',
      equipo: 'Línea',
      causa: CAUSA_FUERA_DE_TURNO,
      motivo: MOTIVOS.sinOrdenes,
    });
  }

  for (const [from, to] of runRanges) {
    const len = to - from;
    if (len <= 0) continue;
    const failures = rng.poisson(len / config.mttfMin);
    for (let k = 0; k < failures; k++) {
      const start = from + rng.int(0, len - 1);
      const duration = Math.min(150, 6 + Math.round(rng.exponential(config.repairExtraMin)), to - start);
      const cause = pickCause(rng, config.fallas);
      // Failures are over 5 minutes by definition; one cut short by the run's end is dropped.
      if (duration < 6 || !isFree(estado, start, start + duration)) continue;
      estado.fill(ESTADO.FALLA, start, start + duration);
      events.push({
        from: start,
        to: start + duration,
        tipo: 'FALLA',
        equipo: cause.equipo,
        causa: cause.causa,
        motivo: cause.motivo,
      });
    }
    const meanGap = 60 / config.microPerHour;
    let t = from + rng.exponential(meanGap);
    while (t < to) {
      const start = Math.floor(t);
      const duration = rng.int(1, 4);
      const cause = pickCause(rng, config.microparos);
      if (start + duration <= to && isFree(estado, start, start + duration)) {
        estado.fill(ESTADO.MICRO, start, start + duration);
        events.push({
          from: start,
          to: start + duration,
          tipo: 'MICROPARO',
          equipo: cause.equipo,
          causa: cause.causa,
          motivo: cause.motivo,
        });
      }
      t = start + duration + rng.exponential(meanGap);
    }
  }

  events.sort((a, b) => a.from - b.from);
  return base;
}
