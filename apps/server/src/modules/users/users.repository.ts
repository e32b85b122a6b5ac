import { and, asc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { lineas, operadorLineas, roles, userRoles, users } from '../../db/schema/index.ts';
import { type UserRecord, userRecordQuery } from './user-record.ts';
import { CANDADOS } from '../../db/candados.ts';

export interface NewUser {
  name: string;
  username: string;
  email: string | null;
  passwordHash: string;
  deletedAt: Date | null;
}

/** A line an operator works on. */
export interface LineaOperadorRecord {
  id: number;
  numero: number;
  nombre: string;
}

export interface UserChanges {
  name?: string;
  username?: string;
  email?: string | null;
  passwordHash?: string;
}

/** Transaction-scoped repository: every write of a user-management command runs inside one. */
export class UsersRepository {
  constructor(private readonly db: Db) {}

  /** Runs fn in a transaction serialised with every other user-management command. */
  transaction<T>(fn: (repo: UsersRepository) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${CANDADOS.usuarios})`);
      return fn(new UsersRepository(tx as unknown as Db));
    });
  }

  list(): Promise<UserRecord[]> {
    return userRecordQuery(this.db).orderBy(asc(users.id));
  }

  async findById(id: number): Promise<UserRecord | undefined> {
    const [row] = await userRecordQuery(this.db).where(eq(users.id, id));
    return row;
  }

  async usernameTaken(username: string, exceptId?: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          sql`lower(${users.username}) = lower(${username})`,
          exceptId === undefined ? undefined : ne(users.id, exceptId),
        ),
      );
    return row !== undefined;
  }

  async create(user: NewUser): Promise<number> {
    const [row] = await this.db.insert(users).values(user).returning({ id: users.id });
    if (!row) throw new Error('insert into users returned no row');
    return row.id;
  }

  async update(id: number, changes: UserChanges): Promise<void> {
    await this.db
      .update(users)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(users.id, id));
  }

  async setDeleted(id: number, deleted: boolean): Promise<void> {
    await this.db
      .update(users)
      .set({ deletedAt: deleted ? sql`now()` : null, updatedAt: sql`now()` })
      .where(eq(users.id, id));
  }

  async listRoles(): Promise<{ id: number; name: string }[]> {
    return this.db.select({ id: roles.id, name: roles.name }).from(roles).orderBy(asc(roles.id));
  }

  async findRoleByName(name: string): Promise<{ id: number; name: string } | undefined> {
    const [row] = await this.db
      .select({ id: roles.id, name: roles.name })
      .from(roles)
      .where(eq(roles.name, name));
    return row;
  }

  /** One role per user: assigning replaces whatever the user had. */
  async setRole(userId: number, roleId: number): Promise<void> {
    await this.db
      .insert(userRoles)
      .values({ userId, roleId })
      .onConflictDoUpdate({
        target: userRoles.userId,
        set: { roleId, assignedAt: sql`now()` },
      });
  }

  async countActiveWithRole(roleName: string): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .innerJoin(userRoles, eq(userRoles.userId, users.id))
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(and(eq(roles.name, roleName), isNull(users.deletedAt)));
    return row?.n ?? 0;
  }

  /** The transaction's handle (the audit row goes in the same transaction). */
  get handle(): Db {
    return this.db;
  }

  /** An operator's lines, by numero. */
  lineasDeOperador(userId: number): Promise<LineaOperadorRecord[]> {
    return this.db
      .select({ id: lineas.id, numero: lineas.numero, nombre: lineas.nombre })
      .from(operadorLineas)
      .innerJoin(lineas, eq(lineas.id, operadorLineas.lineaId))
      .where(eq(operadorLineas.userId, userId))
      .orderBy(asc(lineas.numero));
  }

  /** Of these ids, the production lines (never 'Planta', numero 0). */
  lineasProduccion(ids: readonly number[]): Promise<LineaOperadorRecord[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .select({ id: lineas.id, numero: lineas.numero, nombre: lineas.nombre })
      .from(lineas)
      .where(and(inArray(lineas.id, [...ids]), gt(lineas.numero, 0)))
      .orderBy(asc(lineas.numero));
  }

  /** Replaces an operator's set of lines. */
  async reemplazarLineasOperador(userId: number, lineaIds: readonly number[]): Promise<void> {
    await this.db.delete(operadorLineas).where(eq(operadorLineas.userId, userId));
    if (lineaIds.length > 0) {
      await this.db.insert(operadorLineas).values(lineaIds.map((lineaId) => ({ userId, lineaId })));
    }
  }
}
