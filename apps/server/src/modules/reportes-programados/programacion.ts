import { addDays, productionDay } from '@planta/domain';
import { Cron } from 'croner';

export interface Programa {
  periodicidad: 'DIARIA' | 'SEMANAL' | 'MENSUAL';
  hora: string;
  diaSemana: number | null;
  diaMes: number | null;
}

/** A late slot (the server was down) is still sent within this window; older ones are skipped. */
export const GRACIA_MS = 12 * 3_600_000;

/** The schedule as a cron pattern (minute hour day-of-month month day-of-week). */
export function patron(p: Programa): string {
  const [h, m] = p.hora.split(':').map(Number);
  if (p.periodicidad === 'DIARIA') return `${m} ${h} * * *`;
  if (p.periodicidad === 'SEMANAL') return `${m} ${h} * * ${(p.diaSemana ?? 1) % 7}`;
  return `${m} ${h} ${p.diaMes ?? 1} * *`;
}

const cron = (p: Programa, timeZone: string) => new Cron(patron(p), { timezone: timeZone, paused: true });

/** The next instant it is sent, after `desde`. */
export function proximo(p: Programa, timeZone: string, desde: Date): Date | null {
  return cron(p, timeZone).nextRun(desde);
}

/**
 * The slot due at `ahora`: the latest scheduled instant ≤ ahora, when it is after the schedule was
 * created and within the grace window; null otherwise. Whether it already ran is the run log's
 * unique index's business.
 */
export function slotVencido(p: Programa, timeZone: string, ahora: Date, creado: Date): Date | null {
  const [ultimo] = cron(p, timeZone).previousRuns(1, new Date(ahora.getTime() + 1));
  if (!ultimo || ultimo > ahora || ultimo < creado || ahora.getTime() - ultimo.getTime() > GRACIA_MS)
    return null;
  return ultimo;
}

/**
 * What a run sent at `slot` reports: the production days closed by then — the last one (DIARIA),
 * the last 7 (SEMANAL), the previous calendar month (MENSUAL). Screens that show one day take
 * `fecha`; those that show a range take `desde`/`hasta`.
 */
export function periodoDe(p: Programa, slot: Date, timeZone: string): Record<string, string> {
  const cerrado = addDays(productionDay(slot, timeZone), -1);
  if (p.periodicidad === 'DIARIA') return { fecha: cerrado };
  if (p.periodicidad === 'SEMANAL') return { fecha: cerrado, desde: addDays(cerrado, -6), hasta: cerrado };
  const [y, m] = productionDay(slot, timeZone).split('-').map(Number) as [number, number];
  const anterior = m === 1 ? { y: y - 1, m: 12 } : { y, m: m - 1 };
  const mes = `${anterior.y}-${String(anterior.m).padStart(2, '0')}`;
  const ultimo = addDays(`${y}-${String(m).padStart(2, '0')}-01`, -1);
  return { fecha: ultimo, desde: `${mes}-01`, hasta: ultimo, mes };
}
