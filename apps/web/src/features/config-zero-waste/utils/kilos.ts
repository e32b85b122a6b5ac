/**
 * A number typed es-PE style, as the other configuration forms read it: decimal point, optional
 * thousands commas ('1,234.5'); null when it is not a number. A lone comma ('100,5') is refused
 * rather than guessed (in es-PE '1,200' is twelve hundred).
 */
export function leerNumero(texto: string): number | null {
  const t = texto.trim().replace(/\s/g, '');
  if (t === '' || !/^-?(\d{1,3}(,\d{3})+|\d+)?(\.\d+)?$/.test(t) || !/\d/.test(t)) return null;
  const n = Number(t.replace(/,/g, ''));
  return Number.isFinite(n) ? n : null;
}

/** The Spanish message of a number that does not read; null when it does. */
export function errorNumero(texto: string): string | null {
  if (leerNumero(texto) !== null) return null;
  return /^-?\d+,\d{1,2}$/.test(texto.trim()) ? 'Use punto decimal (p. ej. 100.5)' : 'Escriba un número';
}

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
