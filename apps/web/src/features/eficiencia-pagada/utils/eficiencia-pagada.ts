/** URL parameters: the line chosen (`?linea=2`; absent = the plant) and the day (`?fecha=`). */
export const LINEA_PARAM = 'linea';

/** The line number in `?linea=` (1–99), or null for the plant / a bad value. */
export function parseLineaParam(raw: string | null): number | null {
  if (raw === null || !/^\d{1,2}$/.test(raw)) return null;
  const n = Number(raw);
  return n >= 1 ? n : null;
}

export { formatBrecha } from '@planta/charts';

/** Colour of a gap: at or above SAP is fine, up to 2 pp below a warning, more an error. */
export function brechaColor(pp: number | null | undefined): 'success' | 'warning' | 'error' | 'default' {
  if (pp === null || pp === undefined || !Number.isFinite(pp)) return 'default';
  if (pp >= 0) return 'success';
  return pp >= -2 ? 'warning' : 'error';
}

/**
 * Validates SAP's figure typed by an admin (es-PE: '.' decimal point; a ',' is taken as one too).
 * Returns the number or the Spanish error naming the field.
 */
export function parseSap(text: string): { valor: number } | { error: string } {
  const clean = text.trim().replace(',', '.');
  if (clean === '') return { error: 'Ingrese la eficiencia SAP (%)' };
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(clean)) {
    return { error: 'La eficiencia SAP debe ser un número con hasta 2 decimales' };
  }
  const valor = Number(clean);
  if (valor < 0 || valor > 100) return { error: 'La eficiencia SAP debe estar entre 0 y 100 %' };
  return { valor };
}

/**
 * True when SAP's figure covers only part of the paid capacity (some lines or days have none): the
 * screen says so, since SAP and the gap are then computed over that part only.
 */
export function coberturaParcial(cobertura: number | null | undefined): cobertura is number {
  return cobertura !== null && cobertura !== undefined && cobertura < 99.5;
}
