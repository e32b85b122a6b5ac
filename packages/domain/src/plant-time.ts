/**
 * Dates and times of an instant as the plant's wall clock shows them (PLANT_TZ, 24 h), whatever
 * the zone of the server or the browser. The one formatter of plant time: the server's texts
 * (alarm mails, PDF reports, error messages) and the charts' labels read their digits here.
 */

/** The plant's wall clock at an instant, as 2-digit strings (year: 4 digits). */
export interface PlantClockParts {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, format);
  }
  return format;
}

/** The plant-local date and time of an instant (a Date, ms or an ISO string); RangeError when invalid. */
export function plantClockParts(instant: Date | number | string, timeZone: string): PlantClockParts {
  const date = instant instanceof Date ? instant : new Date(instant);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Instante inválido: ${String(instant)}`);
  const parts: Record<string, string> = {};
  for (const part of formatterOf(timeZone).formatToParts(date)) parts[part.type] = part.value;
  return {
    year: parts.year ?? '',
    month: parts.month ?? '',
    day: parts.day ?? '',
    // h23 never says 24, but an engine with an old ICU did for midnight.
    hour: parts.hour === '24' ? '00' : (parts.hour ?? ''),
    minute: parts.minute ?? '',
  };
}

/** 'DD/MM/AAAA HH:mm' of an instant in plant time. */
export function fechaHoraPlanta(instant: Date | number | string, timeZone: string): string {
  const p = plantClockParts(instant, timeZone);
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;
}

/** 'HH:mm' of an instant in plant time, or 'DD/MM HH:mm' with `conDia`. */
export function horaPlanta(instant: Date | number | string, timeZone: string, conDia = false): string {
  const p = plantClockParts(instant, timeZone);
  return conDia ? `${p.day}/${p.month} ${p.hour}:${p.minute}` : `${p.hour}:${p.minute}`;
}
