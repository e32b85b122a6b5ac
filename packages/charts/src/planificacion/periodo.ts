import { productionDaysBetween } from '@planta/domain';

const ym = (fecha: string) => ({ y: Number(fecha.slice(0, 4)), m: Number(fecha.slice(5, 7)) });
const iso = (y: number, m: number, d: number) =>
  `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;

/** '2026-11-21' → '2026-11-01'. */
export function primerDiaMes(fecha: string): string {
  return `${fecha.slice(0, 7)}-01`;
}

/** '2026-02-10' → '2026-02-28' (leap years counted). */
export function ultimoDiaMes(fecha: string): string {
  const { y, m } = ym(fecha);
  return iso(y, m, new Date(Date.UTC(y, m, 0)).getUTCDate());
}

/** Every date of fecha's month, the 1st first. */
export function diasDelMes(fecha: string): string[] {
  return productionDaysBetween(primerDiaMes(fecha), ultimoDiaMes(fecha));
}
