import { byReadingOrder, isPlantLevel, type VariableCandidate } from '../variable-order.ts';

/** The area of the planning indicators (adherence to schedule, service level, stock). */
export const PLANIFICACION_AREA = 'planificacion';

/** The area whose quantities (not percentages) are the raw materials consumed: kg of sugar, CO₂… */
export const MATERIA_PRIMA_AREA = 'rendimiento';

/** The raw materials in the order of DOMAIN.md's yields (syrup, sugar, CO₂, preforms, caps, labels). */
const MATERIA_PRIMA_ORDEN = ['jarabe', 'azúcar', 'co₂', 'co2', 'preforma', 'tapa', 'etiqueta'];

/** The planning indicators in reading order. */
export const PLANIFICACION_ORDEN = [
  'Adherencia al programa (%)',
  'Nivel de servicio (%)',
  'Inventario producto terminado (CU)',
  'Días de inventario (d)',
] as const;

type Candidate = VariableCandidate & { unidad: string };

/**
 * The two variable sections of Planificación y M. Prima:
 * - materiaPrima: the raw materials consumed (active plant-level quantities of the yields' area,
 *   e.g. 'Consumo de azúcar (kg)'; the yields themselves, in %, are on Rendimientos y Consumo),
 *   syrup, sugar, CO₂, preforms, caps, labels first, others by nombre;
 * - indicadores: the active plant-level variables of the area 'planificacion', known ones first.
 */
export function planificacionSections<T extends Candidate>(
  variables: readonly T[],
): { materiaPrima: T[]; indicadores: T[] } {
  const materiaRank = (nombre: string) => {
    const lower = nombre.toLowerCase();
    return MATERIA_PRIMA_ORDEN.findIndex((m) => lower.includes(m));
  };
  return {
    materiaPrima: variables
      .filter((v) => isPlantLevel(v) && v.area === MATERIA_PRIMA_AREA && v.unidad !== '%')
      .sort(byReadingOrder(MATERIA_PRIMA_ORDEN, materiaRank)),
    indicadores: variables
      .filter((v) => isPlantLevel(v) && v.area === PLANIFICACION_AREA)
      .sort(byReadingOrder(PLANIFICACION_ORDEN)),
  };
}
