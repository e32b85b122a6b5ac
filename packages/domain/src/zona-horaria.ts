// Offsets come from the IANA database through Intl: a hand-written offset breaks twice a year in
// plants with daylight saving time (Chile, Spain) and silently when a country changes its rules.
// Intl alone (no date library): the web app's screens carry these helpers, and each kilobyte of
// script counts (DESIGN §8).

const formatos = new Map<string, Intl.DateTimeFormat>();

/** One formatter per zone (building one costs far more than using it). Throws RangeError for an unknown zone. */
function formato(timeZone: string): Intl.DateTimeFormat {
  let f = formatos.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatos.set(timeZone, f);
  }
  return f;
}

interface Partes {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function partes(ms: number, timeZone: string): Partes {
  const p: Partes = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const { type, value } of formato(timeZone).formatToParts(ms)) {
    if (type in p) p[type as keyof Partes] = Number(value);
  }
  return p;
}

/** The zone's offset from UTC at instant `ms`, in minutes (−180 for America/Santiago in summer). */
function desfase(ms: number, timeZone: string): number {
  const p = partes(ms, timeZone);
  const comoUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return (comoUtc - (ms - (((ms % 1000) + 1000) % 1000))) / 60_000;
}

/** The plant-local calendar date (YYYY-MM-DD) and hour of an instant. */
export function partesLocales(instant: Date | number, timeZone: string): { fecha: string; hour: number } {
  const ms = typeof instant === 'number' ? instant : instant.getTime();
  if (!Number.isFinite(ms)) throw new RangeError(`Instante inválido: ${String(instant)}`);
  const p = partes(ms, timeZone);
  const fecha = `${String(p.year).padStart(4, '0')}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
  return { fecha, hour: p.hour };
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
  const validos = [...new Set([antes, despues])].filter((o) => desfase(local - o * 60_000, timeZone) === o);
  const offset = validos.length === 1 ? validos[0]! : Math.min(antes, despues);
  return new Date(local - offset * 60_000);
}
