import { hasHumanResources, type HasRoles } from '@planta/domain';
import { forbidden } from '../../errors.ts';

/**
 * Who may read a variable's data, by the variable's area: the human-resources area (overtime,
 * attendance, absenteeism) needs the human-resources permission, as /recursos-humanos does; the
 * other areas are open to every logged-in user. Applied wherever a variable's data can be read.
 */
export const HR_AREA_NAMES = ['rrhh', 'recursos-humanos', 'recursos humanos'] as const;
const HR_AREAS = new Set<string>(HR_AREA_NAMES);

export function isHumanResourcesArea(area: string): boolean {
  return HR_AREAS.has(area.trim().toLowerCase());
}

export function canReadVariable(viewer: HasRoles, variable: { area: string }): boolean {
  return !isHumanResourcesArea(variable.area) || hasHumanResources(viewer);
}

export const HR_VARIABLE_FORBIDDEN =
  'Se requiere el permiso de recursos humanos para ver los datos de esta variable.';

export function requireReadableVariable(viewer: HasRoles, variable: { area: string } | undefined): void {
  if (variable && !canReadVariable(viewer, variable)) throw forbidden(HR_VARIABLE_FORBIDDEN);
}
