import { isOperador, ROLE_OPERADOR, ROLE_SUPER_ADMIN } from '@planta/domain';
import { z } from 'zod';
import { badInput, conflict, notFound } from '../../errors.ts';
import { id, optionalEmail, parseId, parseInput, password, requiredText } from '../../validation.ts';
import type { AuditRepository } from '../audit/audit.repository.ts';
import { registrarCambio } from '../audit/cambios.ts';
import type { AuthRepository } from '../auth/auth.repository.ts';
import type { ClientInfo, Viewer } from '../auth/auth.service.ts';
import { requireAdmin, requireSuperAdmin } from '../auth/guards.ts';
import { hashPassword } from '../auth/passwords.ts';
import { rolesOf, type UserRecord } from './user-record.ts';
import type { LineaOperadorRecord, UserChanges, UsersRepository } from './users.repository.ts';

const username = requiredText('username', 100).regex(
  /^[\p{L}\p{N}._@-]+$/u,
  'El campo "username" solo admite letras, números y . _ @ -',
);

const createSchema = z.object({
  name: requiredText('name'),
  username,
  password: password('password'),
  email: optionalEmail,
  deleted_at: z.date({ error: 'El campo "deleted_at" debe ser una fecha y hora' }).nullish(),
});

const updateSchema = z.object({
  name: requiredText('name').optional(),
  username: username.optional(),
  email: optionalEmail,
  password: password('password').optional(),
});

const roleSchema = z.object({
  user_id: id('user_id'),
  role: requiredText('role', 50),
});

/** Most lines one operator may be given (a plant has a handful; the list is read whole). */
export const MAX_LINEAS_OPERADOR = 50;

const lineasOperadorSchema = z.object({
  user_id: id('user_id'),
  linea_ids: z
    .array(id('linea_ids'), { error: 'El campo "linea_ids" debe ser una lista de líneas' })
    .max(MAX_LINEAS_OPERADOR, `El campo "linea_ids" admite como máximo ${MAX_LINEAS_OPERADOR} líneas`),
});

export class UsersService {
  constructor(
    private readonly users: UsersRepository,
    private readonly sessions: AuthRepository,
    private readonly audit: AuditRepository,
  ) {}

  list(viewer: Viewer): Promise<UserRecord[]> {
    requireAdmin(viewer);
    return this.users.list();
  }

  roles(viewer: Viewer): Promise<{ id: number; name: string }[]> {
    requireAdmin(viewer);
    return this.users.listRoles();
  }

  async create(viewer: Viewer, input: unknown, client: ClientInfo): Promise<UserRecord> {
    requireAdmin(viewer);
    const data = parseInput(createSchema, input);
    const passwordHash = await hashPassword(data.password);
    const user = await this.users.transaction(async (repo) => {
      if (await repo.usernameTaken(data.username)) throw usernameInUse(data.username);
      const newId = await repo.create({
        name: data.name,
        username: data.username,
        email: data.email ?? null,
        passwordHash,
        deletedAt: data.deleted_at ?? null,
      });
      return mustFind(repo, newId);
    });
    await this.audit.record({
      action: 'user_created',
      actorId: viewer.id,
      ip: client.ip,
      targetType: 'user',
      targetId: user.id,
      details: { username: user.username },
    });
    return user;
  }

  async update(viewer: Viewer, rawId: unknown, input: unknown, client: ClientInfo): Promise<UserRecord> {
    requireAdmin(viewer);
    const userId = parseId(rawId);
    const data = parseInput(updateSchema, input);
    const changes: UserChanges = {
      ...(data.name !== undefined && { name: data.name }),
      ...(data.username !== undefined && { username: data.username }),
      ...(data.email !== undefined && { email: data.email }),
      ...(data.password !== undefined && { passwordHash: await hashPassword(data.password) }),
    };
    const user = await this.users.transaction(async (repo) => {
      const target = await findTarget(repo, viewer, userId);
      if (changes.username !== undefined && (await repo.usernameTaken(changes.username, target.id))) {
        throw usernameInUse(changes.username);
      }
      if (Object.keys(changes).length > 0) await repo.update(target.id, changes);
      return mustFind(repo, target.id);
    });
    if (changes.passwordHash) await this.sessions.revokeUserSessions(user.id, 'password_changed');
    await this.audit.record({
      action: 'user_updated',
      actorId: viewer.id,
      ip: client.ip,
      targetType: 'user',
      targetId: user.id,
      details: { fields: Object.keys(data).filter((k) => data[k as keyof typeof data] !== undefined) },
    });
    return user;
  }

  async remove(viewer: Viewer, rawId: unknown, client: ClientInfo): Promise<UserRecord> {
    requireAdmin(viewer);
    const userId = parseId(rawId);
    const user = await this.users.transaction(async (repo) => {
      const target = await findTarget(repo, viewer, userId);
      if (target.deletedAt) return target;
      if (target.roleName === ROLE_SUPER_ADMIN && (await repo.countActiveWithRole(ROLE_SUPER_ADMIN)) <= 1) {
        throw conflict('No se puede eliminar al último super-admin');
      }
      if (target.id === viewer.id) throw conflict('No puede eliminar su propio usuario');
      await repo.setDeleted(target.id, true);
      return mustFind(repo, target.id);
    });
    await this.sessions.revokeUserSessions(user.id, 'user_deleted');
    await this.audit.record({
      action: 'user_deleted',
      actorId: viewer.id,
      ip: client.ip,
      targetType: 'user',
      targetId: user.id,
    });
    return user;
  }

  async restore(viewer: Viewer, rawId: unknown, client: ClientInfo): Promise<UserRecord> {
    requireAdmin(viewer);
    const userId = parseId(rawId);
    const user = await this.users.transaction(async (repo) => {
      const target = await findTarget(repo, viewer, userId);
      if (target.deletedAt) await repo.setDeleted(target.id, false);
      return mustFind(repo, target.id);
    });
    await this.audit.record({
      action: 'user_restored',
      actorId: viewer.id,
      ip: client.ip,
      targetType: 'user',
      targetId: user.id,
    });
    return user;
  }

  async assignRole(viewer: Viewer, input: unknown, client: ClientInfo): Promise<UserRecord> {
    requireAdmin(viewer);
    const { user_id, role } = parseInput(roleSchema, input);
    if (role === ROLE_SUPER_ADMIN) {
      requireSuperAdmin(viewer, 'Solo un super-admin puede asignar el rol super-admin.');
    }
    const { before, user } = await this.users.transaction(async (repo) => {
      const found = await repo.findRoleByName(role);
      if (!found) throw badInput(`El rol "${role}" no existe`, 'role');
      const target = await findTarget(repo, viewer, user_id);
      if (target.roleId === found.id) return { before: target, user: target };
      if (
        target.roleName === ROLE_SUPER_ADMIN &&
        !target.deletedAt &&
        (await repo.countActiveWithRole(ROLE_SUPER_ADMIN)) <= 1
      ) {
        throw conflict('No se puede quitar el rol al último super-admin');
      }
      await repo.setRole(target.id, found.id);
      return { before: target, user: await mustFind(repo, target.id) };
    });
    if (before.roleId !== user.roleId) {
      await this.sessions.revokeUserSessions(user.id, 'role_changed');
      await this.audit.record({
        action: 'role_changed',
        actorId: viewer.id,
        ip: client.ip,
        targetType: 'user',
        targetId: user.id,
        details: { from: before.roleName, to: user.roleName },
      });
    }
    return user;
  }

  /** The lines of a user: an operator's (by numero), none for other roles. */
  async lineas(user: Pick<UserRecord, 'id' | 'roleId' | 'roleName'>): Promise<LineaOperadorRecord[]> {
    if (!isOperador({ roles: rolesOf(user) })) return [];
    return this.users.lineasDeOperador(user.id);
  }

  /**
   * Sets an operator's lines, replacing the set (admin): the user must have the role operador and
   * every id be a production line. Audited with the lines before and after.
   */
  async asignarLineasOperador(viewer: Viewer, input: unknown, client: ClientInfo): Promise<UserRecord> {
    requireAdmin(viewer);
    const data = parseInput(lineasOperadorSchema, input);
    const ids = [...new Set(data.linea_ids)];
    return this.users.transaction(async (repo) => {
      const target = await findTarget(repo, viewer, data.user_id);
      if (target.roleName !== ROLE_OPERADOR) {
        throw badInput(
          `El campo "user_id": ${target.name} no tiene el rol operador; asígnele ese rol antes de darle líneas`,
          'user_id',
        );
      }
      const encontradas = await repo.lineasProduccion(ids);
      if (encontradas.length !== ids.length) {
        const faltan = ids.filter((i) => !encontradas.some((l) => l.id === i));
        throw badInput(
          `El campo "linea_ids" nombra líneas de producción que no existen: ${faltan.join(', ')}`,
          'linea_ids',
        );
      }
      const antes = await repo.lineasDeOperador(target.id);
      await repo.reemplazarLineasOperador(target.id, ids);
      await registrarCambio(repo.handle, {
        actorId: viewer.id,
        ip: client.ip,
        entidad: 'operador_lineas',
        id: target.id,
        operacion: 'modificar',
        antes: { user_id: target.id, linea_ids: antes.map((l) => l.id) },
        despues: { user_id: target.id, linea_ids: encontradas.map((l) => l.id) },
      });
      return target;
    });
  }
}

const usernameInUse = (name: string) => conflict(`El nombre de usuario "${name}" ya está en uso`, 'username');

async function mustFind(repo: UsersRepository, userId: number): Promise<UserRecord> {
  const user = await repo.findById(userId);
  if (!user) throw notFound('El usuario no existe');
  return user;
}

/** The user to act on; a super-admin can only be changed by a super-admin. */
async function findTarget(repo: UsersRepository, viewer: Viewer, userId: number): Promise<UserRecord> {
  const target = await mustFind(repo, userId);
  if (target.roleName === ROLE_SUPER_ADMIN) {
    requireSuperAdmin(viewer, 'Solo un super-admin puede modificar a otro super-admin.');
  }
  return target;
}
