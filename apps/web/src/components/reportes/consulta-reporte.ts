/*
 * What the table reports of /reportes/aire and /reportes/agua share: the range and interval asked
 * (ConsultaReporte), their filters (reporte-filtros.tsx, use-filtros-reporte.ts) and the result's
 * chart and table (reporte-resultado.tsx). Each screen keeps its own query and export.
 */

/** How often a range that includes the day in progress reloads (the live readings grow). */
export const REFRESCO_HOY_MS = 60_000;

export interface ConsultaReporte {
  inicio: string;
  fin: string;
  intervalo: string;
}
