/** Role names as stored in the database and sent by the API (SPEC §3, §6). */
export const ROLE_SUPER_ADMIN = 'super-admin';
export const ROLE_ADMIN = 'admin';
export const ROLE_HUMAN_RESOURCES = 'human-resources';
/** An operator at the line: /menu, /paros and /fabrica/lineas for their lines, nothing else. */
export const ROLE_OPERADOR = 'operador';

export const ROLE_NAMES = [ROLE_SUPER_ADMIN, ROLE_ADMIN, ROLE_HUMAN_RESOURCES, ROLE_OPERADOR] as const;
export type RoleName = (typeof ROLE_NAMES)[number];

export interface HasRoles {
  roles: ReadonlyArray<{ name: string }>;
}

function hasRole(user: HasRoles | null | undefined, role: RoleName): boolean {
  return user?.roles.some((r) => r.name === role) ?? false;
}

/** Super admin: has the role super-admin. */
export function isSuperAdmin(user: HasRoles | null | undefined): boolean {
  return hasRole(user, ROLE_SUPER_ADMIN);
}

/** Admin: admin or super-admin. */
export function isAdmin(user: HasRoles | null | undefined): boolean {
  return hasRole(user, ROLE_ADMIN) || isSuperAdmin(user);
}

/** Human-resources permission: super-admin or human-resources (SPEC §6). */
export function hasHumanResources(user: HasRoles | null | undefined): boolean {
  return hasRole(user, ROLE_HUMAN_RESOURCES) || isSuperAdmin(user);
}

/** Operator: the role operador (one role per user: an operator has no other). */
export function isOperador(user: HasRoles | null | undefined): boolean {
  return hasRole(user, ROLE_OPERADOR);
}

export function isRoleName(name: string): name is RoleName {
  return (ROLE_NAMES as readonly string[]).includes(name);
}

/** Spanish labels for the role names. */
export const ROLE_LABELS: Record<RoleName, string> = {
  'super-admin': 'Super administrador',
  admin: 'Administrador',
  'human-resources': 'Recursos humanos',
  operador: 'Operador',
};

export function roleLabel(name: string): string {
  return isRoleName(name) ? ROLE_LABELS[name] : name;
}

/**
 * May this user open a screen with the given access level? Never an operator: they open only the
 * screens marked for them (routes.ts `operador`, see canOpen).
 */
export function canAccess(
  user: HasRoles | null | undefined,
  access: 'user' | 'admin' | 'human-resources',
): boolean {
  if (!user || isOperador(user)) return false;
  if (access === 'admin') return isAdmin(user);
  if (access === 'human-resources') return hasHumanResources(user);
  return true;
}
