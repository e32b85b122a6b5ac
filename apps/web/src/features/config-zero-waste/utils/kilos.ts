import { errorNumero as errorNumeroEsPe, leerNumeroEsPe } from '../../../components/config/numero.ts';

/** A kg figure as typed (es-PE); null when it is not a number. */
export const leerNumero = leerNumeroEsPe;

/** The Spanish message of a kg figure that does not read; null when it does. */
export const errorNumero = (texto: string) => errorNumeroEsPe(texto, '100.5');

/** The Spanish message of a kg field as it is typed; null when it is fine (blank: no record). */
export function errorKg(texto: string, obligatorio: boolean): string | null {
  if (texto.trim() === '') return obligatorio ? 'Escriba los kg (0 si no hubo)' : null;
  const n = leerNumero(texto);
  if (n === null) return errorNumero(texto);
  if (n < 0) return 'No puede ser negativo';
  if (n > 1e12) return 'Demasiado grande';
  return null;
}

/** zwl = aprovechable / total × 100, 2 decimals; null without waste (as the server computes it). */
export function zwlDe(aprovechable: number, total: number): number | null {
  return total > 0 ? Math.round((aprovechable / total) * 100 * 100) / 100 : null;
}
