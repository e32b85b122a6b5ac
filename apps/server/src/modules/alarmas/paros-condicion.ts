/**
 * The rules on a line's stops (fuente PAROS): a stop left without a reason too long, and too many
 * micro-stops in the last hour. Pure: the evaluation (evaluacion.ts) and the 30-day preview
 * (alarmas.service.ts) read the stops and ask these.
 */

export const CONDICIONES_PAROS = ['PARO_SIN_MOTIVO', 'MICROPAROS_HORA'] as const;
export type CondicionParos = (typeof CONDICIONES_PAROS)[number];

export const esCondicionParos = (c: string): c is CondicionParos =>
  (CONDICIONES_PAROS as readonly string[]).includes(c);

/** The window MICROPAROS_HORA counts over. */
export const VENTANA_MICROPAROS_MS = 60 * 60_000;
/** How far back a closed stop still alarms when its threshold is crossed (a stop still open always does). */
export const ALCANCE_SIN_MOTIVO_MS = 24 * 3_600_000;

/** Whole minutes from `desde` to `hasta`. */
export const minutosEntre = (desde: Date, hasta: Date) =>
  Math.max(0, Math.floor((hasta.getTime() - desde.getTime()) / 60_000));

export interface ParoPrevia {
  inicio: Date;
  /** Its loss class (its own, else that of its tipo). */
  clase: string;
  motivoId: number | null;
  /** When a person gave its reason (null: none, or given by its fault code or the demo). */
  motivoEn: Date | null;
  motivoUsuarioId: number | null;
}

/**
 * The stops that would have alarmed as PARO_SIN_MOTIVO with `minutos`: still without a reason
 * more than that after their start, or given one by a person later than that. A stop classified
 * by its fault code (or by the demo) never waited. `valor` is the minutes it went without one.
 */
export function ocurrenciasSinMotivo(
  paros: readonly ParoPrevia[],
  minutos: number,
  ahora: Date,
): { inicio: Date; valor: number }[] {
  const limiteMs = minutos * 60_000;
  const salida: { inicio: Date; valor: number }[] = [];
  for (const p of paros) {
    if (p.clase === 'MICROPARO') continue;
    const hasta = p.motivoId === null ? ahora : p.motivoUsuarioId !== null ? p.motivoEn : null;
    if (!hasta || hasta.getTime() - p.inicio.getTime() <= limiteMs) continue;
    salida.push({ inicio: p.inicio, valor: minutosEntre(p.inicio, hasta) });
  }
  return salida;
}

/**
 * Replays MICROPAROS_HORA over micro-stops' starts (oldest first): the count of the last hour rises
 * at each start and falls an hour after it; more than `maximo` opens an occurrence (at the start
 * that made it, with that count), `maximo − histeresis` or fewer ends it.
 */
export function ocurrenciasMicroparos(
  inicios: readonly Date[],
  maximo: number,
  histeresis = 0,
): { inicio: Date; valor: number }[] {
  const salida: { inicio: Date; valor: number }[] = [];
  const ventana: number[] = [];
  let abierta = false;
  for (const inicio of inicios) {
    const t = inicio.getTime();
    while (ventana.length > 0 && (ventana[0] as number) <= t - VENTANA_MICROPAROS_MS) {
      ventana.shift();
      if (abierta && ventana.length <= maximo - histeresis) abierta = false;
    }
    ventana.push(t);
    if (!abierta && ventana.length > maximo) {
      abierta = true;
      salida.push({ inicio, valor: ventana.length });
    }
  }
  return salida;
}
