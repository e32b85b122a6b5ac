import { plantClock } from '@planta/charts';
import { nominalDe, type PresentacionesPorFormato } from '@planta/charts/lineas/produccion';
import type { SpeedSlot } from './velocidad-option.ts';

/** A line's speed series as columns (scadaLinea's `columnas`): the i-th item of each is one point. */
export interface ColumnasVelocidad {
  /** Each point's start, in minutes after the production day's start. */
  minuto: readonly number[];
  velocidad: readonly number[];
  formato: readonly number[];
}

/**
 * The production day cut in slots of `intervalo` minutes from its 08:00 start, each with its
 * reading or null: minutes the collector has no row for (down, or still to come today) stay gaps
 * instead of being joined. The nominal speed is that of the slot's product.
 */
export function speedSlots(
  { minuto, velocidad, formato }: ColumnasVelocidad,
  inicio: Date,
  fin: Date,
  intervalo: number,
  presentaciones: PresentacionesPorFormato,
): SpeedSlot[] {
  const paso = Math.max(1, Math.round(intervalo));
  const step = paso * 60_000;
  const start = inicio.getTime();
  const count = Math.max(0, Math.ceil((fin.getTime() - start) / step));
  const slots: SpeedSlot[] = Array.from({ length: count }, (_, i) => ({
    t: start + i * step,
    velocidad: null,
    nominal: null,
  }));
  for (const [i, m] of minuto.entries()) {
    const slot = slots[Math.floor(m / paso)];
    if (!slot) continue;
    slot.velocidad = Math.round(velocidad[i]! * 10) / 10;
    slot.nominal = nominalDe(formato[i]!, presentaciones);
  }
  return slots;
}

/** 'HH:MM' plant time of each slot. */
export function slotLabels(slots: readonly SpeedSlot[], timeZone: string): string[] {
  return slots.map((s) => plantClock(s.t, timeZone));
}

export interface SpeedStats {
  /** Mean over the slots where the line ran (speed > 0). */
  mediaEnMarcha: number | null;
  maxima: number | null;
  /** Slots with speed > 0 × intervalo. */
  minutosEnMarcha: number;
}

/** The day's speed figures from the detailed series. */
export function speedStats(slots: readonly SpeedSlot[], intervalo: number): SpeedStats {
  let suma = 0;
  let n = 0;
  let maxima: number | null = null;
  for (const s of slots) {
    if (s.velocidad === null || s.velocidad <= 0) continue;
    suma += s.velocidad;
    n++;
    maxima = maxima === null ? s.velocidad : Math.max(maxima, s.velocidad);
  }
  return { mediaEnMarcha: n > 0 ? suma / n : null, maxima, minutosEnMarcha: n * intervalo };
}

/**
 * How many points to ask the server for, for a chart `pixels` wide: about 2 per pixel (DESIGN §8),
 * never more than the day's minutes, never under the API's minimum of 10.
 */
export function detailMaxPoints(pixels: number, dayMinutes = 1440): number {
  return Math.max(10, Math.min(dayMinutes, Math.floor(2 * Math.max(0, pixels))));
}
