import { COUNTER_MODULO, ESTADO, MAX_CODIGO_FALLA } from '@planta/domain';
import {
  productionDayOf,
  type DayData,
  type Paro,
  type PlantModel,
  type ScadaMinute,
  type VariableRef,
} from '@planta/plant-model';

const SECOND_MS = 1_000;
const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
export const PRODUCTION_LINES = [1, 2, 3, 4] as const;
/** Longest stop a test may force (a day, in seconds). */
export const MAX_FORCED_STOP_S = 86_400;
/** How long a forced fault stops the line, in seconds. */
export const FORCED_FAULT_S = 60;

export interface LineValues {
  velocidad: number;
  botellas: number;
  botellasLlenas: number;
  paquetes: number;
  formato: number;
  estado: number;
  /** PLC fault code of the current stop: 0 while running or when the stop has none. */
  codigoFalla: number;
}

export interface LiveSample {
  /** The whole second the values belong to (their sourceTimestamp). */
  t: number;
  /** Index 0 = line 1 … 3 = line 4. */
  lines: LineValues[];
  /** Same order as `LivePlant.variables`. */
  variables: number[];
}

interface CachedDay {
  start: number;
  end: number;
  parosByLine: Map<number, Paro[]>;
  /** Per variable (same order as `LivePlant.variables`): reading instants and values, by time. */
  readings: { t: number[]; valor: number[] }[];
}

interface Counts {
  botellas: number;
  botellasLlenas: number;
  paquetes: number;
}

/** A stop or a run forced by a test over [start, until): whole seconds (a run may have no end). */
interface Forced {
  start: number;
  until: number;
  codigoFalla: number;
  /** The counts (from the start, without the base) shown at `start`: held while stopped. */
  held: Counts;
  /** A forced run: the running minute whose pace and format the line keeps; null for a stop. */
  marcha: ScadaMinute | null;
}

interface LineState {
  linea: number;
  /** Counts of the minutes in [m0, accMinute): the part of each counter already complete. */
  accMinute: number;
  botellas: number;
  botellasLlenas: number;
  paquetes: number;
  /** The model row of the minute being served, cached so the model is asked once a minute. */
  current: { minute: number; row: ScadaMinute; estado: number; codigoFalla: number } | null;
  forced: Forced | null;
  /**
   * What forced stops kept the line from producing, less what forced runs made beyond the model:
   * subtracted so counters never jump back.
   */
  lost: Counts;
  /** When the last forced stop or run ended (the line's state changed then). */
  lastForcedEnd?: number;
}

const floorTo = (t: number, step: number) => Math.floor(t / step) * step;
const mod32 = (value: number) => ((value % COUNTER_MODULO) + COUNTER_MODULO) % COUNTER_MODULO;

/**
 * The plant's live values as the PLCs would show them, derived only from the plant model and the
 * clock so that what the collector reads adds up exactly to the model's minute rows (the demo
 * history is built from the same model, and live data must continue it without a seam).
 */
export class LivePlant {
  readonly variables: VariableRef[];
  private readonly lineStates: LineState[];
  private readonly days = new Map<string, CachedDay>();
  private readonly meters: number[];
  private readonly instant: number[];
  private meterTime: number;

  constructor(
    private readonly model: PlantModel,
    private readonly options: { timeZone: string; startMs: number; counterBase: number },
  ) {
    this.variables = model.reference.variables.filter((v) => v.opcNodeId !== null);
    const m0 = floorTo(options.startMs, MINUTE_MS);
    this.lineStates = PRODUCTION_LINES.map((linea) => ({
      linea,
      accMinute: m0,
      botellas: 0,
      botellasLlenas: 0,
      paquetes: 0,
      current: null,
      forced: null,
      lost: { botellas: 0, botellasLlenas: 0, paquetes: 0 },
    }));
    this.meters = this.variables.map(() => 0);
    this.instant = this.variables.map(() => 0);
    this.meterTime = floorTo(options.startMs, SECOND_MS);
  }

  /** Values at instant `now` (rounded down to its second). Call with non-decreasing times for meters to integrate. */
  sample(now: number): LiveSample {
    const t = floorTo(now, SECOND_MS);
    const lines = this.lineStates.map((state) => this.lineValues(state, t));
    if (t > this.meterTime) {
      this.integrateMeters(this.meterTime, t);
      this.meterTime = t;
    }
    const day = this.dayAt(t);
    const variables = this.variables.map((v, i) => {
      if (v.agregacion === 'SUMA') return this.meters[i] ?? 0;
      const readings = day.readings[i];
      const k = readings ? lastAtOrBefore(readings.t, t) : -1;
      // Between readings (or on a day without them) the instrument holds its last value.
      if (readings && k >= 0) this.instant[i] = readings.valor[k] ?? 0;
      return this.instant[i] ?? 0;
    });
    return { t, lines, variables };
  }

  /**
   * Stops line `linea` for `seconds` from the second of `at` (tests only): speed 0, counters held,
   * Estado FALLA with `codigoFalla` (> 0) or PARADA without; then the model's values again. 0 seconds
   * ends a forced stop now. A new one during a forced stop replaces its end and code. What the model
   * would have produced meanwhile is never produced: the counters continue from where they held.
   */
  forceStop(linea: number, at: number, seconds: number, codigoFalla = 0): void {
    const state = this.lineState(linea);
    if (!Number.isInteger(seconds) || seconds < 0 || seconds > MAX_FORCED_STOP_S)
      throw new RangeError(`Duración de paro forzado fuera de rango: ${seconds}`);
    if (!Number.isInteger(codigoFalla) || codigoFalla < 0 || codigoFalla > MAX_CODIGO_FALLA)
      throw new RangeError(`Código de falla fuera de rango: ${codigoFalla}`);
    this.force(state, floorTo(at, SECOND_MS), seconds, codigoFalla, null);
  }

  /**
   * Keeps line `linea` running from the second of `at` for `seconds` (Infinity: for good; tests
   * that read the day in progress at any hour): Estado MARCHA at the pace and format of the model's
   * running minute nearest before (or else after) `at`, whatever the model's schedule says. The
   * counters grow at that pace and, once it ends, continue from where they got, never back.
   */
  forceRun(linea: number, at: number, seconds: number): void {
    const state = this.lineState(linea);
    if (seconds !== Infinity && (!Number.isInteger(seconds) || seconds < 0 || seconds > MAX_FORCED_STOP_S))
      throw new RangeError(`Duración de marcha forzada fuera de rango: ${seconds}`);
    const t = floorTo(at, SECOND_MS);
    this.force(state, t, seconds, 0, seconds === 0 ? null : this.runningMinuteNear(linea, t));
  }

  private lineState(linea: number): LineState {
    const state = this.lineStates[linea - 1];
    if (!state) throw new RangeError(`Línea de producción inexistente: ${linea}`);
    return state;
  }

  /** A forced stop (`marcha` null) or run from second `t`; 0 seconds ends what is forced now. */
  private force(
    state: LineState,
    t: number,
    seconds: number,
    codigoFalla: number,
    marcha: ScadaMinute | null,
  ): void {
    const forced = state.forced;
    if (forced && t >= forced.until) this.settle(state);
    // A clock set back before it began: as if it had never been forced.
    else if (forced && t < forced.start) state.forced = null;
    if (seconds === 0) {
      if (state.forced) state.forced.until = t;
      return;
    }
    const until = t + seconds * SECOND_MS;
    if (state.forced && (state.forced.marcha === null) === (marcha === null)) {
      // The same kind again: a new end (and code); a run keeps its pace.
      state.forced.until = until;
      state.forced.codigoFalla = codigoFalla;
      return;
    }
    if (state.forced) {
      // A run becomes a stop or the other way round: the first ends here.
      state.forced.until = t;
      this.settle(state);
    }
    const counts = this.modelAt(state, t).counts;
    state.forced = { start: t, until, codigoFalla, held: minus(counts, state.lost), marcha };
  }

  /** The model's running minute of `linea` nearest before `t` (two days back), else after (two days on). */
  private runningMinuteNear(linea: number, t: number): ScadaMinute {
    const m = floorTo(t, MINUTE_MS);
    const before = this.model.lineMinutes(linea, m - 2 * DAY_MS, m + MINUTE_MS);
    for (let i = before.length - 1; i >= 0; i--) {
      const row = before[i];
      if (row && row.velocidad > 0) return row;
    }
    const after = this.model.lineMinutes(linea, m, m + 2 * DAY_MS).find((r) => r.velocidad > 0);
    if (!after)
      throw new RangeError(`La línea ${linea} no marcha en el modelo en cuatro días: no se puede forzar`);
    return after;
  }

  /**
   * Since when line `linea` has been in the state it shows at second `t` (as a PLC's OPC server
   * stamps a value with the time it changed): a forced stop's or run's start; within a stop of the
   * model its start, or the end of what was forced if later; running, the end of the last stop before
   * (the model's or a forced one), at most a day back.
   */
  stateSince(linea: number, at: number): number {
    const state = this.lineState(linea);
    const t = floorTo(at, SECOND_MS);
    const forced = state.forced;
    if (forced && t >= forced.start && t < forced.until) return forced.start;
    const day = this.dayAt(t);
    const paros = [
      ...(this.dayAt(day.start - 1).parosByLine.get(linea) ?? []),
      ...(day.parosByLine.get(linea) ?? []),
    ];
    const { current } = this.modelAt(state, t);
    const paro = paros.find((p) => p.inicio <= t && t < p.fin);
    const endOfForced = forced && forced.until <= t ? forced.until : (state.lastForcedEnd ?? 0);
    const lastForced = endOfForced <= t ? endOfForced : 0;
    if (current.row.velocidad <= 0) return Math.max(paro?.inicio ?? floorTo(t, MINUTE_MS), lastForced);
    const ended = paros.filter((p) => p.fin <= t).map((p) => p.fin);
    return Math.max(day.start - 24 * 60 * MINUTE_MS, lastForced, ...ended);
  }

  /** The forced stop of `linea` at instant `at`: seconds left (rounded up) and its code; null if none. */
  forcedStop(linea: number, at: number): { seconds: number; codigoFalla: number } | null {
    const forced = this.lineStates[linea - 1]?.forced;
    const t = floorTo(at, SECOND_MS);
    if (!forced || forced.marcha || t < forced.start || t >= forced.until) return null;
    return { seconds: Math.ceil((forced.until - at) / SECOND_MS), codigoFalla: forced.codigoFalla };
  }

  private lineValues(state: LineState, t: number): LineValues {
    if (state.forced && t >= state.forced.until) this.settle(state);
    const { counts, current } = this.modelAt(state, t);
    const base = this.options.counterBase;
    const forced = state.forced && t >= state.forced.start ? state.forced : null;
    const shown = forced ? forcedCounts(forced, t) : minus(counts, state.lost);
    if (forced?.marcha) {
      return {
        velocidad: forced.marcha.velocidad,
        botellas: mod32(base + shown.botellas),
        botellasLlenas: mod32(base + shown.botellasLlenas),
        paquetes: mod32(base + shown.paquetes),
        formato: forced.marcha.formato,
        estado: ESTADO.MARCHA,
        codigoFalla: 0,
      };
    }
    const running = forced === null;
    return {
      velocidad: running ? current.row.velocidad : 0,
      botellas: mod32(base + shown.botellas),
      botellasLlenas: mod32(base + shown.botellasLlenas),
      paquetes: mod32(base + shown.paquetes),
      formato: current.row.formato,
      estado: running ? current.estado : forced.codigoFalla > 0 ? ESTADO.FALLA : ESTADO.PARADA,
      codigoFalla: running ? current.codigoFalla : forced.codigoFalla,
    };
  }

  /**
   * Ends a forced stop or run that is over: from its end on, the counters differ from the model by
   * what it lost (or gained).
   */
  private settle(state: LineState): void {
    const { forced } = state;
    if (!forced) return;
    state.lost = minus(this.modelAt(state, forced.until).counts, forcedCounts(forced, forced.until));
    state.lastForcedEnd = forced.until;
    state.forced = null;
  }

  /** The model's counts since the start (no base, no losses) at second `t` and its minute's row. */
  private modelAt(
    state: LineState,
    t: number,
  ): { counts: Counts; current: NonNullable<LineState['current']> } {
    const m = floorTo(t, MINUTE_MS);
    const m0 = floorTo(this.options.startMs, MINUTE_MS);
    this.advanceCounters(state, Math.max(m, m0));
    const current = this.currentMinute(state, m);
    const s = Math.floor((t - m) / SECOND_MS);
    const partial = (count: number) => Math.floor((count * s) / 60);
    const { row } = current;
    return {
      counts: {
        botellas: state.botellas + partial(row.botellas),
        botellasLlenas: state.botellasLlenas + partial(row.botellasLlenas),
        paquetes: state.paquetes + partial(row.paquetes),
      },
      current,
    };
  }

  /** Moves the completed-minutes sums to `target`, in either direction (a clock set back subtracts). */
  private advanceCounters(state: LineState, target: number): void {
    if (target === state.accMinute) return;
    const add = (rows: ScadaMinute[], sign: number) => {
      for (const r of rows) {
        state.botellas += sign * r.botellas;
        state.botellasLlenas += sign * r.botellasLlenas;
        state.paquetes += sign * r.paquetes;
      }
    };
    const { current } = state;
    if (target === state.accMinute + MINUTE_MS && current?.minute === state.accMinute) {
      add([current.row], 1); // the usual case: the minute just served is now complete
    } else if (target > state.accMinute) {
      add(this.model.lineMinutes(state.linea, state.accMinute, target), 1);
    } else {
      add(this.model.lineMinutes(state.linea, target, state.accMinute), -1);
    }
    state.accMinute = target;
  }

  private currentMinute(state: LineState, m: number): NonNullable<LineState['current']> {
    if (state.current?.minute === m) return state.current;
    const row = this.model.lineMinutes(state.linea, m, m + MINUTE_MS)[0];
    if (!row)
      throw new Error(`El modelo no tiene el minuto ${new Date(m).toISOString()} de la línea ${state.linea}`);
    state.current = { minute: m, row, ...this.stateOf(row) };
    return state.current;
  }

  private stateOf(row: ScadaMinute): { estado: number; codigoFalla: number } {
    if (row.velocidad > 0) return { estado: ESTADO.MARCHA, codigoFalla: 0 };
    const paros = this.dayAt(row.t).parosByLine.get(row.linea) ?? [];
    const paro = paros.find((p) => p.inicio <= row.t && row.t < p.fin);
    if (!paro) return { estado: ESTADO.PARADA, codigoFalla: 0 };
    return { estado: ESTADO[paro.tipo], codigoFalla: codigoFallaOf(paro) };
  }

  /** Adds each SUMA variable's amount over [from, to): an interval's amount spread evenly over it. */
  private integrateMeters(from: number, to: number): void {
    let a = from;
    while (a < to) {
      const day = this.dayAt(a);
      const b = Math.min(to, day.end);
      this.variables.forEach((v, i) => {
        if (v.agregacion !== 'SUMA') return;
        const readings = day.readings[i];
        if (!readings) return;
        let added = 0;
        for (let k = 0; k < readings.t.length; k++) {
          const start = readings.t[k] ?? 0;
          const end = readings.t[k + 1] ?? day.end;
          const overlap = Math.min(b, end) - Math.max(a, start);
          if (overlap > 0) added += ((readings.valor[k] ?? 0) * overlap) / (end - start);
        }
        this.meters[i] = (this.meters[i] ?? 0) + added;
      });
      a = b;
    }
  }

  private dayAt(t: number): CachedDay {
    for (const day of this.days.values()) if (t >= day.start && t < day.end) return day;
    const fecha = productionDayOf(t, this.options.timeZone);
    const day = this.buildDay(this.model.day(fecha));
    // Live time only needs today (and yesterday across 08:00); keep the cache tiny.
    if (this.days.size >= 3) {
      const oldest = this.days.keys().next().value;
      if (oldest !== undefined) this.days.delete(oldest);
    }
    this.days.set(fecha, day);
    return day;
  }

  private buildDay(data: DayData): CachedDay {
    const line1 = data.scada.filter((r) => r.linea === 1);
    const start = line1[0]?.t ?? 0;
    const end = start + line1.length * MINUTE_MS;
    const parosByLine = new Map<number, Paro[]>();
    for (const p of data.paros) parosByLine.set(p.linea, [...(parosByLine.get(p.linea) ?? []), p]);
    const index = new Map(this.variables.map((v, i) => [v.nombre, i]));
    const readings = this.variables.map(() => ({ t: [] as number[], valor: [] as number[] }));
    const sorted = [...data.lecturas].sort((x, y) => x.t - y.t);
    for (const l of sorted) {
      const i = index.get(l.variable);
      const target = i === undefined ? undefined : readings[i];
      if (!target) continue;
      target.t.push(l.t);
      target.valor.push(l.valor);
    }
    return { start, end, parosByLine, readings };
  }
}

/** What a forced stop or run shows at second `t` (from `start`): held, or grown at the run's pace. */
function forcedCounts(forced: Forced, t: number): Counts {
  const { held, marcha } = forced;
  if (!marcha) return held;
  const s = Math.max(0, Math.floor((Math.min(t, forced.until) - forced.start) / SECOND_MS));
  const grown = (perMinute: number) => Math.floor((perMinute * s) / 60);
  return {
    botellas: held.botellas + grown(marcha.botellas),
    botellasLlenas: held.botellasLlenas + grown(marcha.botellasLlenas),
    paquetes: held.paquetes + grown(marcha.paquetes),
  };
}

const minus = (a: Counts, b: Counts): Counts => ({
  botellas: a.botellas - b.botellas,
  botellasLlenas: a.botellasLlenas - b.botellasLlenas,
  paquetes: a.paquetes - b.paquetes,
});

/** A stop's PLC fault code, 0 if it has none (read loosely: older models' stops carry no code). */
function codigoFallaOf(paro: Paro): number {
  const codigo = (paro as { codigoFalla?: number | null }).codigoFalla ?? 0;
  return Number.isInteger(codigo) && codigo > 0 && codigo <= MAX_CODIGO_FALLA ? codigo : 0;
}

/** Index of the last instant ≤ t in an ascending list, -1 if none. */
function lastAtOrBefore(times: number[], t: number): number {
  let lo = 0;
  let hi = times.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if ((times[mid] ?? Infinity) <= t) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}
