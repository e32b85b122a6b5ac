import { leerNumero } from '../../../components/config/numero.ts';

export interface LineaDia {
  linea: { id: string; nombre: string };
  /** The day's stored shift of the line, if any. */
  turno?: { id: string; horas_productividad: number; version: number };
}

export interface EntradaDia {
  id?: string;
  linea_id: string;
  horas_productividad: number;
  version?: number;
}

/**
 * The day's form as the API's entries: a line with hours typed and no shift is created, one with
 * a shift is sent with its id and the version read. Errors by line id, in Spanish.
 */
export function leerDia(
  lineas: readonly LineaDia[],
  textos: Readonly<Record<string, string>>,
): { entradas: EntradaDia[]; errores: Record<string, string>; general: string | null } {
  const entradas: EntradaDia[] = [];
  const errores: Record<string, string> = {};
  for (const { linea, turno } of lineas) {
    const texto = (textos[linea.id] ?? '').trim();
    if (texto === '') {
      if (turno) errores[linea.id] = 'Escriba las horas: el turno ya está guardado';
      continue;
    }
    const horas = leerNumero(texto, { decimalSolo: true });
    if (horas === null) errores[linea.id] = 'Escriba un número de horas (p. ej. 7,5 o 7.5)';
    else if (horas < 0 || horas > 24) errores[linea.id] = 'Las horas deben estar entre 0 y 24';
    else
      entradas.push(
        turno
          ? { id: turno.id, linea_id: linea.id, horas_productividad: horas, version: turno.version }
          : { linea_id: linea.id, horas_productividad: horas },
      );
  }
  const general =
    entradas.length === 0 && Object.keys(errores).length === 0
      ? 'Escriba las horas de al menos una línea'
      : null;
  return { entradas, errores, general };
}
