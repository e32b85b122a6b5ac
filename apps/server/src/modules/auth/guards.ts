import { hasHumanResources, isAdmin, isSuperAdmin } from '@planta/domain';
import { forbidden } from '../../errors.ts';
import type { Viewer } from './auth.service.ts';

export function requireAdmin(viewer: Viewer): void {
  if (!isAdmin(viewer)) throw forbidden('Se requiere el rol admin para esta acción.');
}

export function requireSuperAdmin(viewer: Viewer, message: string): void {
  if (!isSuperAdmin(viewer)) throw forbidden(message);
}

export function requireHumanResources(viewer: Viewer): void {
  if (!hasHumanResources(viewer)) throw forbidden('Se requiere el permiso de recursos humanos.');
}
