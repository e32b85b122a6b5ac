import { ESTADO, type LineTag, productionDay, productionDayRange } from '@planta/domain';
import type { Logger } from 'pino';
import type { ParoEvento } from './stop-events.ts';

/** The line tags the detector reads. */
export const STOP_TAGS: readonly LineTag[] = ['Estado', 'CodigoFalla', 'Velocidad', 'Botellas'];

/** Without a state tag: speed 0 and the bottle counter still this long is a stop. */
export const CONTADOR_QUIETO_MS = 3_000;
/** The micro-stop threshold of a line whose own is not known yet (lineas.umbral_microparo_s default). */
export const UMBRAL_MICROPARO_S = 120;

interface Valor {
  v: number;
  /** Source time the value last changed (not merely repeated). */
  desde: number;
}

interface Abierto {
  inicio: number;
  estado: number;
  codigo: number;
  /** The micro-stop threshold in force when it started (a change applies to later stops). */
  umbralS: number;
  /**
   * When the production day it started in ends (ms), worked out once: the detector looks every
   * second, and the plant-time arithmetic (Intl) was most of an idle collector's own work.
   */
  finDelDia?: number;
}

interface Linea {
  tags: Partial<Record<LineTag, Valor>>;
  abierto: Abierto | null;
}

export interface StopDetectorOptions {
  timeZone: string;
  log: Logger;
  /** Hands events to the store-and-forward path (written at once, or kept on disk). */
  emit(eventos: ParoEvento[]): void;
}

/**
 * Turns each line's PLC state into stops: opened when the line stops (its state tag leaves
 * MARCHA; without a state tag, speed 0 with the bottle counter still), closed when it runs again,
 * both at the source time of the change. Runs after each batch of samples and every second, so a
 * stop is opened and closed within a second or two of the change. A stop still open at a production
 * day's start (08:00) is closed there and continued by a part with the same reason: no stop spans
 * two days. The open stops of an earlier run (a restart, another server) are adopted first, so a
 * stop is never opened twice.
 */
export class StopDetector {
  private readonly lines = new Map<number, Linea>();
  private umbrales = new Map<number, number>();
  private adopted = false;
  /** Source time of the newest sample, and when (server clock) it arrived: "now" in the PLC's clock. */
  private lastSource: number | null = null;
  private lastArrival = 0;

  constructor(private readonly options: StopDetectorOptions) {}

  /** The open stops to continue (from the database and the disk buffer), and the thresholds. */
  adopt(
    abiertos: readonly { linea: number; inicio: number; estado: number; codigo: number }[],
    umbrales: Map<number, number>,
  ): void {
    this.umbrales = umbrales;
    for (const a of abiertos) {
      const line = this.line(a.linea);
      // The newest open stop of a line is the one that goes on.
      if (!line.abierto || line.abierto.inicio < a.inicio) {
        line.abierto = {
          inicio: a.inicio,
          estado: a.estado,
          codigo: a.codigo,
          umbralS: this.umbral(a.linea),
        };
      }
    }
    this.adopted = true;
  }

  get isAdopted(): boolean {
    return this.adopted;
  }

  /** The link to the plant changed hands or was lost: adopt again before the next stop. */
  reset(): void {
    this.adopted = false;
    this.lines.clear();
  }

  setUmbrales(umbrales: Map<number, number>): void {
    this.umbrales = umbrales;
  }

  /** A sample of one of a line's STOP_TAGS. */
  sample(linea: number, tag: LineTag, t: number, v: number): void {
    const line = this.line(linea);
    const previous = line.tags[tag];
    if (!previous || previous.v !== v)
      line.tags[tag] = { v, desde: previous && t < previous.desde ? previous.desde : t };
    if (this.lastSource === null || t >= this.lastSource) {
      this.lastSource = t;
      this.lastArrival = Date.now();
    }
  }

  /** Source-clock "now": the newest sample's time plus what has passed since it arrived. */
  private now(): number {
    return this.lastSource === null ? Date.now() : this.lastSource + (Date.now() - this.lastArrival);
  }

  /** Checks every line; emits what changed. */
  evaluate(): void {
    if (!this.adopted) return;
    const now = this.now();
    const eventos: ParoEvento[] = [];
    for (const [linea, line] of this.lines) this.evaluateLine(linea, line, now, eventos);
    if (eventos.length > 0) this.options.emit(eventos);
  }

  private evaluateLine(linea: number, line: Linea, now: number, eventos: ParoEvento[]): void {
    const state = this.stateOf(line, now);
    if (state === undefined) return; // nothing read of this line yet
    const codigo = line.tags.CodigoFalla?.v ?? 0;
    let abierto = line.abierto;
    // A stop that reaches the next production day is closed at its start and goes on in a new part.
    while (abierto) {
      const boundary = (abierto.finDelDia ??= productionDayRange(
        productionDay(abierto.inicio, this.options.timeZone),
        this.options.timeZone,
      ).end.getTime());
      const endsAt = state.parado ? now : state.desde;
      if (boundary > endsAt) break;
      eventos.push({
        k: 'cerrar',
        linea,
        inicio: abierto.inicio,
        fin: boundary,
        estado: abierto.estado,
        codigo: abierto.codigo,
        micro: false,
      });
      const part: Abierto = { ...abierto, inicio: boundary, finDelDia: undefined };
      eventos.push({
        k: 'abrir',
        linea,
        inicio: boundary,
        estado: part.estado,
        codigo: part.codigo,
        continua: abierto.inicio,
      });
      abierto = line.abierto = part;
    }
    if (state.parado) {
      if (!abierto) {
        line.abierto = { inicio: state.desde, estado: state.estado, codigo, umbralS: this.umbral(linea) };
        eventos.push({ k: 'abrir', linea, inicio: state.desde, estado: state.estado, codigo });
        this.options.log.info({ linea, inicio: new Date(state.desde).toISOString(), codigo }, 'paro abierto');
      } else if (abierto.codigo === 0 && codigo > 0) {
        // The fault code arrived after the state: the stop takes it (and the reason it maps to).
        abierto.codigo = codigo;
        eventos.push({ k: 'abrir', linea, inicio: abierto.inicio, estado: abierto.estado, codigo });
      }
      return;
    }
    if (abierto) {
      const fin = Math.max(state.desde, abierto.inicio + 1000);
      const micro = fin - abierto.inicio < abierto.umbralS * 1000;
      eventos.push({
        k: 'cerrar',
        linea,
        inicio: abierto.inicio,
        fin,
        estado: abierto.estado,
        codigo: abierto.codigo,
        micro,
      });
      this.options.log.info(
        {
          linea,
          inicio: new Date(abierto.inicio).toISOString(),
          segundos: Math.round((fin - abierto.inicio) / 1000),
          micro,
        },
        'paro cerrado',
      );
      line.abierto = null;
    }
  }

  /**
   * Whether the line is stopped and since when: its state tag (anything but MARCHA is a stop), or
   * without one its speed and bottle counter.
   */
  private stateOf(line: Linea, now: number): { parado: boolean; desde: number; estado: number } | undefined {
    const estado = line.tags.Estado;
    if (estado) return { parado: estado.v !== ESTADO.MARCHA, desde: estado.desde, estado: estado.v };
    const velocidad = line.tags.Velocidad;
    if (!velocidad) return undefined;
    const botellas = line.tags.Botellas;
    const quieto = botellas === undefined ? velocidad.desde : botellas.desde;
    if (velocidad.v === 0 && now - quieto >= CONTADOR_QUIETO_MS) {
      return { parado: true, desde: Math.max(velocidad.desde, quieto), estado: ESTADO.PARADA };
    }
    const marcha = velocidad.v > 0 ? velocidad.desde : Math.max(quieto, velocidad.desde);
    return { parado: false, desde: marcha, estado: ESTADO.MARCHA };
  }

  private umbral(linea: number): number {
    return this.umbrales.get(linea) ?? UMBRAL_MICROPARO_S;
  }

  private line(linea: number): Linea {
    let line = this.lines.get(linea);
    if (!line) {
      line = { tags: {}, abierto: null };
      this.lines.set(linea, line);
    }
    return line;
  }
}
