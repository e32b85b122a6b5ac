import { addDays, productionDay, type TurnoHorarioEntrada, turnoDeInstante } from '@planta/domain';
import { Cron } from 'croner';

/** A shift of the plant (turnosHorario): its number and its 'HH:MM' ends, plant time. */
export type TurnoPrograma = TurnoHorarioEntrada & { numero: number };

export type Programa =
  | {
      periodicidad: 'DIARIA' | 'SEMANAL' | 'MENSUAL';
      hora: string;
      diaSemana: number | null;
      diaMes: number | null;
    }
  | {
      /** At each shift's end ("al cierre de cada turno"), reporting the shift just closed. */
      periodicidad: 'TURNO';
      /** The plant's shifts, in the order of the production day (they tile it from 08:00). */
      turnos: readonly TurnoPrograma[];
    };

/** A late slot (the server was down) is still sent within this window; older ones are skipped. */
export const GRACIA_MS = 12 * 3_600_000;

/**
 * The schedule as cron patterns (minute hour day-of-month month day-of-week): one, or for TURNO
 * one per distinct shift end (06:30 and 14:00 in one pattern would also fire at 06:00 and 14:30).
 */
export function patrones(p: Programa): string[] {
  if (p.periodicidad === 'TURNO') {
    const fines = [...new Set(p.turnos.map((t) => t.fin))];
    return fines.map((fin) => {
      const [h, m] = fin.split(':').map(Number);
      return `${m} ${h} * * *`;
    });
  }
  const [h, m] = p.hora.split(':').map(Number);
  if (p.periodicidad === 'DIARIA') return [`${m} ${h} * * *`];
  if (p.periodicidad === 'SEMANAL') return [`${m} ${h} * * ${(p.diaSemana ?? 1) % 7}`];
  return [`${m} ${h} ${p.diaMes ?? 1} * *`];
}

const crons = (p: Programa, timeZone: string) =>
  patrones(p).map((x) => new Cron(x, { timezone: timeZone, paused: true }));

/** The next instant it is sent, after `desde` (null: never, e.g. no shifts). */
export function proximo(p: Programa, timeZone: string, desde: Date): Date | null {
  let primero: Date | null = null;
  for (const c of crons(p, timeZone)) {
    const t = c.nextRun(desde);
    if (t && (!primero || t < primero)) primero = t;
  }
  return primero;
}

/** The latest scheduled instant ≤ ahora (null: none). */
function ultimoSlot(p: Programa, timeZone: string, ahora: Date): Date | null {
  let reciente: Date | null = null;
  for (const c of crons(p, timeZone)) {
    const [t] = c.previousRuns(1, new Date(ahora.getTime() + 1));
    if (t && t <= ahora && (!reciente || t > reciente)) reciente = t;
  }
  return reciente;
}

/**
 * The slot due at `ahora`: the latest scheduled instant ≤ ahora, when it is after the schedule was
 * created and within the grace window; null otherwise. Whether it already ran is the run log's
 * unique index's business.
 */
export function slotVencido(p: Programa, timeZone: string, ahora: Date, creado: Date): Date | null {
  const slot = ultimoSlot(p, timeZone, ahora);
  if (!slot || slot < creado || ahora.getTime() - slot.getTime() > GRACIA_MS) return null;
  return slot;
}

/**
 * What a run sent at `slot` reports: the production days closed by then — the last one (DIARIA),
 * the last 7 (SEMANAL), the previous calendar month (MENSUAL). Screens that show one day take
 * `fecha`; those that show a range take `desde`/`hasta`. TURNO: the shift that ends at `slot`
 * (sent by hand at any other instant: the shift in progress so far), `fecha` its production day.
 */
export function periodoDe(p: Programa, slot: Date, timeZone: string): Record<string, string> {
  if (p.periodicidad === 'TURNO') {
    const turno = turnoDeInstante(slot.getTime() - 1, p.turnos, timeZone);
    return { fecha: turno.fecha, turno: String(turno.numero) };
  }
  const cerrado = addDays(productionDay(slot, timeZone), -1);
  if (p.periodicidad === 'DIARIA') return { fecha: cerrado };
  if (p.periodicidad === 'SEMANAL') return { fecha: cerrado, desde: addDays(cerrado, -6), hasta: cerrado };
  const [y, m] = productionDay(slot, timeZone).split('-').map(Number) as [number, number];
  const anterior = m === 1 ? { y: y - 1, m: 12 } : { y, m: m - 1 };
  const mes = `${anterior.y}-${String(anterior.m).padStart(2, '0')}`;
  const ultimo = addDays(`${y}-${String(m).padStart(2, '0')}-01`, -1);
  return { fecha: ultimo, desde: `${mes}-01`, hasta: ultimo, mes };
}
