import { MESES } from '@planta/domain';
import { leerNumero } from '../../../components/config/numero.ts';

export { leerNumero };

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
