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

type Candidate = { nombre: string; area: string; nivel: string; estado: number; unidad: string };

const plantLevel = (v: Candidate) => v.nivel === 'GLOBAL' && v.estado === 1;

const byRank = (rank: (nombre: string) => number) => (a: { nombre: string }, b: { nombre: string }) =>
  rank(a.nombre) - rank(b.nombre) || a.nombre.localeCompare(b.nombre, 'es');

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
    const i = MATERIA_PRIMA_ORDEN.findIndex((m) => lower.includes(m));
    return i === -1 ? MATERIA_PRIMA_ORDEN.length : i;
  };
  const indicadorRank = (nombre: string) => {
    const i = (PLANIFICACION_ORDEN as readonly string[]).indexOf(nombre);
    return i === -1 ? PLANIFICACION_ORDEN.length : i;
  };
  return {
    materiaPrima: variables
      .filter((v) => plantLevel(v) && v.area === MATERIA_PRIMA_AREA && v.unidad !== '%')
      .sort(byRank(materiaRank)),
    indicadores: variables
      .filter((v) => plantLevel(v) && v.area === PLANIFICACION_AREA)
      .sort(byRank(indicadorRank)),
  };
}
