import { DIAS_SEMANA, MESES, mondayFirstIndex } from '@planta/domain';

/**
 * Spanish number and date formatting for charts, KPI cards and tables. Numbers use the plant's
 * Latin-American convention (1,234.5), whatever the browser's language. Dates are the plant's
 * calendar dates as 'YYYY-MM-DD' strings and are formatted as text, never through a Date in the
 * browser's time zone (which would move them a day in western zones).
 */
export const NUMBER_LOCALE = 'es-PE';

/** Shown for a missing value. */
export const SIN_VALOR = '—';

const numberFormats = new Map<number, Intl.NumberFormat>();
function numberFormat(decimales: number): Intl.NumberFormat {
  const d = Math.min(Math.max(Math.trunc(decimales), 0), 6);
  let format = numberFormats.get(d);
  if (!format) {
    format = new Intl.NumberFormat(NUMBER_LOCALE, { minimumFractionDigits: d, maximumFractionDigits: d });
    numberFormats.set(d, format);
  }
  return format;
}

const isNumber = (value: number | null | undefined): value is number =>
  value != null && Number.isFinite(value);

/** 1234.5 → '1,234.50' with `decimales` fraction digits; '—' when missing. Never '-0'. */
export function formatNumber(value: number | null | undefined, decimales = 0): string {
  if (!isNumber(value)) return SIN_VALOR;
  const text = numberFormat(decimales).format(value);
  return /^-0(\.0+)?$/.test(text) ? text.slice(1) : text;
}

const compactMantissa = new Intl.NumberFormat(NUMBER_LOCALE, { maximumFractionDigits: 1 });
const COMPACT_STEPS: [number, string][] = [
  [1e9, 'mil M'],
  [1e6, 'M'],
  [1e3, 'mil'],
];

/**
 * Short axis labels: 1,250,000 → '1.3 M', 25,000 → '25 mil', 12.5 → '12.5'. Spelled out here
 * rather than with Intl's compact notation, whose Spanish words differ between ICU versions.
 */
export function formatCompact(value: number | null | undefined): string {
  if (!isNumber(value)) return SIN_VALOR;
  const abs = Math.abs(value);
  for (const [step, word] of COMPACT_STEPS) {
    if (abs >= step) return `${compactMantissa.format(value / step)} ${word}`;
  }
  return formatNumber(value, Number.isInteger(value) ? 0 : abs < 10 ? 2 : 1);
}

/** A value with its unit: '25,340 CU', '85.20 %'; '—' when missing. */
export function formatValue(value: number | null | undefined, unidad: string, decimales = 0): string {
  if (!isNumber(value)) return SIN_VALOR;
  return unidad ? `${formatNumber(value, decimales)} ${unidad}` : formatNumber(value, decimales);
}

/** A percentage: 97.46 → '97.5 %'. */
export function formatPercent(value: number | null | undefined, decimales = 1): string {
  return formatValue(value, '%', decimales);
}

const FECHA = /^(\d{4})-(\d{2})-(\d{2})$/;

function parts(fecha: string): { y: number; m: number; d: number } {
  const match = FECHA.exec(fecha);
  if (!match) throw new RangeError(`Fecha inválida: ${fecha}`);
  return { y: Number(match[1]), m: Number(match[2]), d: Number(match[3]) };
}

const pad = (n: number) => String(n).padStart(2, '0');
const mesCorto = (m: number) => MESES[m - 1]!.slice(0, 3).toLowerCase();

/** '2026-11-21' → '21/11/2026'. */
export function formatFecha(fecha: string): string {
  const { y, m, d } = parts(fecha);
  return `${pad(d)}/${pad(m)}/${y}`;
}

/** '2026-11-21' → 'sábado, 21 de noviembre de 2026'. */
export function formatFechaLarga(fecha: string): string {
  const { y, m, d } = parts(fecha);
  const weekday = DIAS_SEMANA[mondayFirstIndex(new Date(Date.UTC(y, m - 1, d)).getUTCDay())]!;
  return `${weekday.toLowerCase()}, ${d} de ${MESES[m - 1]!.toLowerCase()} de ${y}`;
}

/** '2026-11-01' → '01 nov' (daily axis labels). */
export function formatDiaMes(fecha: string): string {
  const { m, d } = parts(fecha);
  return `${pad(d)} ${mesCorto(m)}`;
}

/** '2026-11-21' → '21/11/26' (long daily axes). */
export function formatFechaCorta(fecha: string): string {
  const { y, m, d } = parts(fecha);
  return `${pad(d)}/${pad(m)}/${String(y).slice(2)}`;
}

/** '2026-09-01' → 'sep 2026' (monthly axis labels). */
export function formatMesAnio(fecha: string): string {
  const { y, m } = parts(fecha);
  return `${mesCorto(m)} ${y}`;
}

/** '2026-09-01' → 'Septiembre 2026'. */
export function formatMesAnioLargo(fecha: string): string {
  const { y, m } = parts(fecha);
  return `${MESES[m - 1]} ${y}`;
}

/** Escapes text for the HTML of ECharts tooltips (variable names and units are stored text). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
