import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { roles, userRoles, users } from '../../db/schema/index.ts';

/** A user as the API sees it, with its single role (or none). */
export interface UserRecord {
  id: number;
  name: string;
  username: string;
  email: string | null;
  deletedAt: Date | null;
  roleId: number | null;
  roleName: string | null;
}

export const userColumns = {
  id: users.id,
  name: users.name,
  username: users.username,
  email: users.email,
  deletedAt: users.deletedAt,
  roleId: roles.id,
  roleName: roles.name,
};

/** select … from users left join the user's role; callers add where/order. */
export function userRecordQuery(db: Db) {
  return db
    .select(userColumns)
    .from(users)
    .leftJoin(userRoles, eq(userRoles.userId, users.id))
    .leftJoin(roles, eq(roles.id, userRoles.roleId));
}

/** The same, with the password hash: only for login. */
export function loginCandidateQuery(db: Db) {
  return db
    .select({ ...userColumns, passwordHash: users.passwordHash })
    .from(users)
    .leftJoin(userRoles, eq(userRoles.userId, users.id))
    .leftJoin(roles, eq(roles.id, userRoles.roleId));
}

export function rolesOf(user: Pick<UserRecord, 'roleId' | 'roleName'>): { id: number; name: string }[] {
  return user.roleId !== null && user.roleName !== null ? [{ id: user.roleId, name: user.roleName }] : [];
}
