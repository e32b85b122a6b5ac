/** What the dashboards need of a variable to choose and order their cards. */
export interface VariableCandidate {
  nombre: string;
  area: string;
  nivel: string;
  estado: number;
}

/** An active plant-level variable (per-line variants, nivel LINEA, belong to Lineas). */
export const isPlantLevel = (v: Pick<VariableCandidate, 'nivel' | 'estado'>) =>
  v.nivel === 'GLOBAL' && v.estado === 1;

/**
 * A sort comparator: the names of `orden` first in that order (`rankOf` decides each name's place,
 * by default its index in `orden`), then any other variable (added by an admin) by nombre.
 */
export function byReadingOrder(
  orden: readonly string[],
  rankOf: (nombre: string) => number = (nombre) => orden.indexOf(nombre),
): (a: { nombre: string }, b: { nombre: string }) => number {
  const rank = (nombre: string) => {
    const i = rankOf(nombre);
    return i === -1 ? orden.length : i;
  };
  return (a, b) => rank(a.nombre) - rank(b.nombre) || a.nombre.localeCompare(b.nombre, 'es');
}
