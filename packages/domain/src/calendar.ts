/** Spanish month names, January first. */
export const MESES = [
  'Enero',
  'Febrero',
  'Marzo',
  'Abril',
  'Mayo',
  'Junio',
  'Julio',
  'Agosto',
  'Septiembre',
  'Octubre',
  'Noviembre',
  'Diciembre',
] as const;

/** Spanish weekdays, Monday first (ISO weeks). */
export const DIAS_SEMANA = [
  'Lunes',
  'Martes',
  'Miércoles',
  'Jueves',
  'Viernes',
  'Sábado',
  'Domingo',
] as const;

const normalize = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .trim()
    .toLowerCase();

const MONTH_ALIASES: Record<string, number> = Object.fromEntries([
  ...MESES.map((name, i) => [normalize(name), i + 1] as const),
  ['setiembre', 9],
  ...MESES.map((name, i) => [normalize(name).slice(0, 3), i + 1] as const),
  ['set', 9],
]);

/** 1–12 for a Spanish month name (any case, accents optional, 'Setiembre' too, 3-letter forms), else null. */
export function monthNumber(name: string): number | null {
  return MONTH_ALIASES[normalize(name)] ?? null;
}

/** The Spanish name of month 1–12. */
export function monthName(month: number): string {
  const name = MESES[month - 1];
  if (!name) throw new RangeError(`Mes fuera de rango: ${month}`);
  return name;
}

/** Day of week with Monday = 0 … Sunday = 6, from a JavaScript day (Sunday = 0). */
export function mondayFirstIndex(jsDay: number): number {
  return (jsDay + 6) % 7;
}

/** The Monday starting the ISO week that contains a YYYY-MM-DD date, as YYYY-MM-DD. */
export function weekStart(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) throw new RangeError(`Fecha inválida: ${date}`);
  d.setUTCDate(d.getUTCDate() - mondayFirstIndex(d.getUTCDay()));
  return d.toISOString().slice(0, 10);
}

/** Minutes as HH:MM (hours keep growing past 24; negative values get a sign). */
export function minutesToHHMM(minutes: number): string {
  if (!Number.isFinite(minutes)) return '--:--';
  const sign = minutes < 0 ? '-' : '';
  const total = Math.round(Math.abs(minutes));
  const h = Math.floor(total / 60);
  const m = total % 60;
  return `${sign}${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}
