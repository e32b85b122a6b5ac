import { plantClockParts, productionDay } from '@planta/domain';
import { formatFecha } from '../format.ts';

/** A report's column and row as the API sends them (reporteAire / reporteAgua). */
export interface ColumnaReporte {
  variable: string;
  unidad: string;
  decimales: number;
  agregacion: 'SUMA' | 'PROMEDIO' | 'ULTIMO';
}
export interface FilaReporte {
  fecha: string;
  valores: readonly (number | null)[];
}
export interface Reporte {
  intervalo_minutos: number;
  columnas: readonly ColumnaReporte[];
  filas: readonly FilaReporte[];
}

/** Rows per page of the report table (a day of hours); the table never renders more at once. */
export const FILAS_POR_PAGINA = [24, 48, 96] as const;

/**
 * The column's header with its unit once, at the end: 'Flujo aire BP (Nm³/h)' as is,
 * 'Flujo aire AP soplado (Nm³/h)_561' → 'Flujo aire AP soplado 561 (Nm³/h)', 'Nivel' → 'Nivel (%)'.
 */
export function encabezado(c: Pick<ColumnaReporte, 'variable' | 'unidad'>): string {
  return c.unidad ? `${nombreCorto(c)} (${c.unidad})` : c.variable;
}

/**
 * The name without its '(unidad)' (chart legends, where the unit is on the axis); a line suffix
 * after the unit stays: 'Flujo aire AP soplado (Nm³/h)_561' → 'Flujo aire AP soplado 561'.
 */
export function nombreCorto(c: Pick<ColumnaReporte, 'variable' | 'unidad'>): string {
  if (!c.unidad) return c.variable;
  const sufijo = `(${c.unidad})`;
  const i = c.variable.lastIndexOf(sufijo);
  if (i < 0) return c.variable;
  const resto = c.variable.slice(i + sufijo.length).replace(/^_/, ' ');
  return `${c.variable.slice(0, i).trimEnd()}${resto}`.trim();
}

export const ETIQUETA_RESUMEN: Record<ColumnaReporte['agregacion'], string> = {
  SUMA: 'Total',
  PROMEDIO: 'Promedio',
  ULTIMO: 'Último',
};

/**
 * The range's summary of a column as its variable aggregates: the sum of the intervals for SUMA
 * (volumes, energy), the mean of the intervals with a value for PROMEDIO (flows, levels), the last
 * value for ULTIMO (counters). Null when no interval has a value.
 */
export function resumenColumna(
  valores: readonly (number | null)[],
  agregacion: ColumnaReporte['agregacion'],
): number | null {
  const presentes = valores.filter((v): v is number => v !== null && Number.isFinite(v));
  if (presentes.length === 0) return null;
  if (agregacion === 'SUMA') return presentes.reduce((a, v) => a + v, 0);
  if (agregacion === 'ULTIMO') return presentes[presentes.length - 1]!;
  return presentes.reduce((a, v) => a + v, 0) / presentes.length;
}

/** Each column's summary over all the rows (not only the page shown). */
export function resumenes(reporte: Reporte): (number | null)[] {
  return reporte.columnas.map((c, i) =>
    resumenColumna(
      reporte.filas.map((f) => f.valores[i] ?? null),
      c.agregacion,
    ),
  );
}

function partes(instante: string, timeZone: string) {
  const p = plantClockParts(instante, timeZone);
  return {
    dia: `${p.day}/${p.month}/${p.year}`,
    diaMes: `${p.day}/${p.month}`,
    hora: `${p.hour}:${p.minute}`,
  };
}

/**
 * A row's period in plant time: 'DD/MM/AAAA HH:mm' for intervals under a day, the production day
 * 'DD/MM/AAAA' for daily ones, 'Semana del DD/MM/AAAA' for weekly ones.
 */
export function etiquetaFila(fecha: string, intervaloMinutos: number, timeZone: string): string {
  if (intervaloMinutos >= 1440) {
    const dia = formatFecha(productionDay(new Date(fecha), timeZone));
    return intervaloMinutos >= 10080 ? `Semana del ${dia}` : dia;
  }
  const p = partes(fecha, timeZone);
  return `${p.dia} ${p.hora}`;
}

/** The chart's axis label: 'HH:mm' within one day, 'DD/MM HH:mm' over several, the day for daily rows. */
export function etiquetaEje(
  fecha: string,
  intervaloMinutos: number,
  timeZone: string,
  variosDias: boolean,
): string {
  if (intervaloMinutos >= 1440) {
    const dia = productionDay(new Date(fecha), timeZone);
    return `${dia.slice(8, 10)}/${dia.slice(5, 7)}`;
  }
  const p = partes(fecha, timeZone);
  return variosDias ? `${p.diaMes} ${p.hora}` : p.hora;
}

/** The rows of page `pagina` (0-based) of `porPagina` rows; the page is clamped to the last one. */
export function paginaDe<T>(
  filas: readonly T[],
  pagina: number,
  porPagina: number,
): { filas: T[]; pagina: number } {
  const ultima = Math.max(0, Math.ceil(filas.length / porPagina) - 1);
  const p = Math.min(Math.max(0, Math.floor(pagina)), ultima);
  return { filas: filas.slice(p * porPagina, (p + 1) * porPagina), pagina: p };
}
