import type { IResolvers } from 'mercurius';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { AuditRepository } from './audit/audit.repository.ts';
import type { AuthRepository } from './auth/auth.repository.ts';
import type { AuthService } from './auth/auth.service.ts';
import { authResolvers } from './auth/auth.resolvers.ts';
import { UsersRepository } from './users/users.repository.ts';
import { usersResolvers } from './users/users.resolvers.ts';
import { UsersService } from './users/users.service.ts';

/** What every module may need; each module takes only what it uses. */
export interface ModuleDeps {
  db: Db;
  audit: AuditRepository;
  auth: AuthService;
  authRepo: AuthRepository;
  /** Plant time zone (PLANT_TZ): every "day" and "hour 8" is plant local time. */
  plantTz: Config['plantTz'];
}

/** The resolvers of every area, wired to their services and repositories. */
export function buildModules(deps: ModuleDeps): IResolvers[] {
  return [
    authResolvers(deps.auth),
    usersResolvers(new UsersService(new UsersRepository(deps.db), deps.authRepo, deps.audit)),
  ];
}
