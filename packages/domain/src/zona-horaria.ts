import { plantClockParts } from './plant-time.ts';

// Offsets come from the IANA database through Intl (plant-time.ts, the one formatter of plant
// time): a hand-written offset breaks twice a year in plants with daylight saving time (Chile,
// Spain) and silently when a country changes its rules. No date library: the web app's screens
// carry these helpers, and each kilobyte of script counts (DESIGN §8).

const MINUTO_MS = 60_000;

/** The zone's offset from UTC at instant `ms`, in whole minutes (−180 for America/Santiago in summer). */
function desfase(ms: number, timeZone: string): number {
  const p = plantClockParts(ms, timeZone);
  const comoUtc = Date.UTC(
    Number(p.year),
    Number(p.month) - 1,
    Number(p.day),
    Number(p.hour),
    Number(p.minute),
  );
  return (comoUtc - (ms - (((ms % MINUTO_MS) + MINUTO_MS) % MINUTO_MS))) / MINUTO_MS;
}

/** The plant-local calendar date (YYYY-MM-DD) and hour of an instant; RangeError when it is not one. */
export function partesLocales(instant: Date | number, timeZone: string): { fecha: string; hour: number } {
  const p = plantClockParts(instant, timeZone);
  return { fecha: `${p.year}-${p.month}-${p.day}`, hour: Number(p.hour) };
}

const DIA_MS = 86_400_000;

/**
 * The instant at which the plant-local wall-clock time `minutos` (minutes after midnight) of the
 * date `fecha` (YYYY-MM-DD, already validated) occurs. As PostgreSQL reads a local time: one the
 * clocks skip (the hour lost when summer time starts) takes the offset from before the change, one
 * they repeat (the hour seen twice when it ends) the offset from after it, so both take the
 * smaller of the two offsets around it.
 */
export function instanteLocal(fecha: string, minutos: number, timeZone: string): Date {
  const [y, m, d] = fecha.split('-').map(Number) as [number, number, number];
  const local = Date.UTC(y, m - 1, d, 0, minutos);
  // The offsets a day before and after (a zone changes its offset at most once in two days).
  const antes = desfase(local - DIA_MS, timeZone);
  const despues = desfase(local + DIA_MS, timeZone);
  const validos = [...new Set([antes, despues])].filter(
    (o) => desfase(local - o * MINUTO_MS, timeZone) === o,
  );
  const offset = validos.length === 1 ? validos[0]! : Math.min(antes, despues);
  return new Date(local - offset * MINUTO_MS);
}
