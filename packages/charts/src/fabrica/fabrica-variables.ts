import { byReadingOrder, isPlantLevel, type VariableCandidate } from '../variable-order.ts';

/** The plant-level production variables of the Dashboard Fábrica, in the order a plant manager reads them. */
export const FABRICA_ORDEN = [
  'Producción (CU)',
  'Producción (hL)',
  'Cumplimiento de meta (%)',
  'ETA (%)',
  'Eficiencia pagada (%)',
  'OEE (%)',
  'Relación agua (L/L)',
  'Relación energía (MJ/L)',
  'ZWL (%)',
] as const;

/** The area of the variables shown on /fabrica. */
export const FABRICA_AREA = 'fabrica';

/**
 * The variables of the Dashboard Fábrica: active plant-level (GLOBAL) variables of the area
 * 'fabrica' — per-line variants (suffix _561…) belong to Lineas — the known ones in FABRICA_ORDEN
 * order, any other (added by an admin) after them by nombre.
 */
export function fabricaVariables<T extends VariableCandidate>(variables: readonly T[]): T[] {
  return variables
    .filter((v) => v.area === FABRICA_AREA && isPlantLevel(v))
    .sort(byReadingOrder(FABRICA_ORDEN));
}

/** The variable shown in the chart: the URL's one when it is on the screen, else the first. */
export function chartVariable<T extends { nombre: string }>(
  variables: readonly T[],
  found: T | Record<string, never>,
): T | undefined {
  const nombre = (found as Partial<T>).nombre;
  return variables.find((v) => v.nombre === nombre) ?? variables[0];
}
