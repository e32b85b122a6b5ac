import { MESES } from '@planta/domain';

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

/** The cells of a row or column copied from a spreadsheet: tab, line break or semicolon between them. */
export function celdas(texto: string): string[] {
  const limpio = texto.replace(/\r/g, '').replace(/^[\n\t;]+|[\n\t;\s]+$/g, '');
  if (limpio.trim() === '') return [];
  return limpio.split(/[\t\n;]/).map((c) => c.trim());
}

export interface MesPegado {
  mes: number;
  aop: number;
  negociado?: number;
}

export interface LecturaAnual {
  meses: MesPegado[];
  /** Spanish messages naming the month (or the list) that is wrong; empty when it can be saved. */
  errores: string[];
}

const nombreMes = (mes: number) => MESES[mes - 1] ?? `Mes ${mes}`;

/**
 * A year's AOP (and optionally negociado) pasted from a spreadsheet: one value per month from
 * January, at most 12. Every AOP cell must be a number ≥ 0; a negociado cell may be empty (the
 * month then takes its AOP when new, or keeps its negociado when it exists).
 */
export function leerPlanAnual(aopTexto: string, negociadoTexto: string): LecturaAnual {
  const errores: string[] = [];
  const aop = celdas(aopTexto);
  const negociado = celdas(negociadoTexto);
  if (aop.length === 0) errores.push('Pegue los valores del AOP (uno por mes, desde enero)');
  if (aop.length > 12) errores.push(`Se pegaron ${aop.length} valores de AOP: como máximo 12 (uno por mes)`);
  if (negociado.length > aop.length && aop.length > 0) {
    errores.push(
      `Se pegaron ${negociado.length} valores de negociado para ${aop.length} meses de AOP: sobran valores`,
    );
  }
  const meses: MesPegado[] = [];
  aop.slice(0, 12).forEach((celda, i) => {
    const mes = i + 1;
    const valor = leerNumero(celda);
    if (celda === '') errores.push(`${nombreMes(mes)}: falta el AOP`);
    else if (valor === null) errores.push(`${nombreMes(mes)}: el AOP «${celda}» no es un número`);
    else if (valor < 0) errores.push(`${nombreMes(mes)}: el AOP no puede ser negativo`);
    const celdaNeg = negociado[i] ?? '';
    const neg = celdaNeg === '' ? undefined : leerNumero(celdaNeg);
    if (neg === null) errores.push(`${nombreMes(mes)}: el negociado «${celdaNeg}» no es un número`);
    else if (neg !== undefined && neg < 0)
      errores.push(`${nombreMes(mes)}: el negociado no puede ser negativo`);
    if (valor !== null && valor >= 0) {
      meses.push({
        mes,
        aop: valor,
        ...(neg !== undefined && neg !== null && neg >= 0 ? { negociado: neg } : {}),
      });
    }
  });
  return { meses: errores.length ? [] : meses, errores };
}
