import { plantClockParts } from '@planta/domain';
import type { ParoTurnoCamposFragment } from '../api/paro-campos.generated.ts';

export type Paro = ParoTurnoCamposFragment;

/** How long a stop has lasted, in ms: to its end, or to `ahora` while it lasts. */
export function duracionMs(paro: Pick<Paro, 'inicio' | 'fin'>, ahora: number): number {
  const fin = paro.fin ? Date.parse(paro.fin) : ahora;
  return Math.max(0, fin - Date.parse(paro.inicio));
}

/**
 * A stop waiting for its reason: none given, not a micro-stop, and (when the line's micro-stop
 * threshold is known) lasting at least that long. These are the ones the operator must classify.
 */
export function esperaMotivo(
  paro: Pick<Paro, 'motivo' | 'clase' | 'inicio' | 'fin'>,
  ahora: number,
  umbralSegundos = 0,
): boolean {
  if (paro.motivo || paro.clase === 'MICROPARO') return false;
  return duracionMs(paro, ahora) >= umbralSegundos * 1000;
}

const dos = (n: number) => String(n).padStart(2, '0');

/** A running time as a stopwatch shows it: 4:05, 1:02:05. */
export function cronometro(ms: number): string {
  const total = Math.floor(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return h > 0 ? `${h}:${dos(m)}:${dos(s)}` : `${m}:${dos(s)}`;
}

/** A stop's minutes for its row: "12 min", "1 h 05 min", "< 1 min". */
export function minutosTexto(minutos: number): string {
  if (minutos < 1) return '< 1 min';
  const redondo = Math.round(minutos);
  if (redondo < 60) return `${redondo} min`;
  return `${Math.floor(redondo / 60)} h ${dos(redondo % 60)} min`;
}

/** The list after a stop changed: replaced in place (or added), newest first. */
export function fusionarParo(items: readonly Paro[], paro: Paro): Paro[] {
  const resto = items.filter((p) => p.id !== paro.id);
  return [...resto, paro].sort((a, b) => Date.parse(b.inicio) - Date.parse(a.inicio));
}

const MINUTO = 60_000;

/**
 * The instant inside a stop whose plant-local clock reads `hhmm` ("HH:MM"): the first one after its
 * start (a stop lasts less than a day). An error in Spanish when the time is not strictly inside
 * the stop (from its start + 1 s to its end, or now while it lasts).
 */
export function instanteDeCorte(
  hhmm: string,
  paro: Pick<Paro, 'inicio' | 'fin'>,
  timeZone: string,
  ahora: number,
): { en: Date } | { error: string } {
  const match = /^(\d{2}):(\d{2})$/.exec(hhmm);
  const h = Number(match?.[1]);
  const m = Number(match?.[2]);
  if (!match || h > 23 || m > 59) return { error: 'Escriba la hora de corte como HH:MM' };
  const inicio = Date.parse(paro.inicio);
  const fin = paro.fin ? Date.parse(paro.fin) : ahora;
  const reloj = plantClockParts(inicio, timeZone);
  const minutosInicio = Number(reloj.hour) * 60 + Number(reloj.minute);
  const delta = (h * 60 + m - minutosInicio + 1440) % 1440;
  const en = Math.floor(inicio / MINUTO) * MINUTO + delta * MINUTO;
  if (en <= inicio + 1000 || en >= fin) return { error: 'La hora de corte debe quedar dentro del paro' };
  return { en: new Date(en) };
}

/** A default cut: the middle of the stop, on the minute, as "HH:MM" plant time. */
export function corteSugerido(paro: Pick<Paro, 'inicio' | 'fin'>, timeZone: string, ahora: number): string {
  const inicio = Date.parse(paro.inicio);
  const fin = paro.fin ? Date.parse(paro.fin) : ahora;
  const medio = Math.ceil((inicio + (fin - inicio) / 2) / MINUTO) * MINUTO;
  const p = plantClockParts(medio, timeZone);
  return `${p.hour}:${p.minute}`;
}

/** The reasons a line may take, grouped by category (categories without any left out). */
export function motivosDeLinea<
  M extends { linea_ids: readonly string[] },
  C extends { motivos: readonly M[] },
>(categorias: readonly C[], lineaId: string): (C & { motivos: M[] })[] {
  return categorias
    .map((c) => ({
      ...c,
      motivos: c.motivos.filter((m) => m.linea_ids.length === 0 || m.linea_ids.includes(lineaId)),
    }))
    .filter((c) => c.motivos.length > 0);
}
