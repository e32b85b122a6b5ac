/**
 * Numbers typed in the configuration forms. Two readings, one place:
 * - `leerNumeroEsPe`: a form field, es-PE as the plant writes it (decimal point, optional
 *   thousands commas: '1,234.5'); a lone decimal comma ('12,5') is refused rather than guessed,
 *   since in es-PE '1,200' is twelve hundred.
 * - `leerNumero`: figures pasted from a spreadsheet in es-PE or es-ES (the year's AOP) and hours,
 *   where both conventions arrive.
 */

/** A form field's number (es-PE); null when blank or not a number. */
export function leerNumeroEsPe(texto: string): number | null {
  const t = texto.trim().replace(/\s/g, '');
  if (t === '' || !/^-?(\d{1,3}(,\d{3})+|\d+)?(\.\d+)?$/.test(t) || !/\d/.test(t)) return null;
  const n = Number(t.replace(/,/g, ''));
  return Number.isFinite(n) ? n : null;
}

/**
 * A form field's optional number: null when blank, NaN when typed but not a number (so a form
 * schema can tell "not given" from "wrong").
 */
export function numeroOpcional(texto: string | undefined): number | null {
  const t = (texto ?? '').trim();
  return t === '' ? null : (leerNumeroEsPe(t) ?? Number.NaN);
}

/** A lone decimal comma ('12,5'): es-PE reads the comma as thousands, so the field asks for a point. */
export const comaDecimal = (texto: string) => /^-?\d+,\d{1,2}$/.test(texto.trim());

/** The Spanish message of a field that does not read as a number (`ejemplo`: a decimal for the hint); null when it does. */
export function errorNumero(texto: string, ejemplo = '12.5'): string | null {
  if (leerNumeroEsPe(texto) !== null) return null;
  return comaDecimal(texto) ? `Use punto decimal (p. ej. ${ejemplo})` : 'Escriba un número';
}

/**
 * Numbers as people type them or copy them from a spreadsheet in es-PE or es-ES: '1,234.5',
 * '1.234,5', '1 234,5', '1234', '1234,5', '7.5'. With both separators the last one is the decimal
 * one; one kind repeated ('1.234.567') groups thousands; a single one followed by exactly three
 * digits ('1,234' or '1.234') groups thousands too (plan figures are large), unless `decimalSolo`
 * (hours: '7,5' and '7.500' alike are decimals). Null when the text is not a number.
 */
export function leerNumero(texto: string, opciones: { decimalSolo?: boolean } = {}): number | null {
  let t = texto.replace(/[\s\u00a0\u202f']/g, '');
  if (t === '') return null;
  const negativo = /^[-\u2212]/.test(t);
  if (negativo) t = t.slice(1);
  if (!/^[\d.,]+$/.test(t) || !/\d/.test(t)) return null;
  const comas = (t.match(/,/g) ?? []).length;
  const puntos = (t.match(/\./g) ?? []).length;
  let normal: string;
  if (comas > 0 && puntos > 0) {
    const decimal = t.lastIndexOf(',') > t.lastIndexOf('.') ? ',' : '.';
    const miles = decimal === ',' ? '.' : ',';
    // The decimal separator once, after every thousands separator.
    if (t.split(decimal).length !== 2 || t.lastIndexOf(miles) > t.indexOf(decimal)) return null;
    if (!milesBienAgrupados(t.slice(0, t.indexOf(decimal)), miles)) return null;
    normal = t.split(miles).join('').replace(decimal, '.');
  } else if (comas + puntos === 0) {
    normal = t;
  } else {
    const sep = comas > 0 ? ',' : '.';
    const partes = t.split(sep);
    const miles =
      !opciones.decimalSolo && (partes.length > 2 || (partes[1]!.length === 3 && partes[0]!.length > 0));
    if (miles) {
      if (!milesBienAgrupados(t, sep)) return null;
      normal = partes.join('');
    } else {
      if (partes.length > 2) return null;
      normal = `${partes[0] || '0'}.${partes[1]}`;
    }
  }
  if (!/^\d+(\.\d+)?$/.test(normal)) return null;
  const valor = Number(normal);
  return Number.isFinite(valor) ? (negativo ? -valor : valor) : null;
}

/** '1.234.567': groups of three after the first (of one to three digits). */
function milesBienAgrupados(parteEntera: string, sep: string): boolean {
  const grupos = parteEntera.split(sep);
  return grupos[0]!.length >= 1 && grupos[0]!.length <= 3 && grupos.slice(1).every((g) => /^\d{3}$/.test(g));
}
