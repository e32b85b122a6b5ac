import path from 'node:path';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Database } from './db/client.ts';
import { registerGraphQL } from './graphql/plugin.ts';
import { registerHealth } from './http/health.ts';
import { registerSecurity } from './http/security.ts';
import { registerStatic } from './http/static.ts';
import { AuditRepository } from './modules/audit/audit.repository.ts';
import { AuthRepository } from './modules/auth/auth.repository.ts';
import { AuthService } from './modules/auth/auth.service.ts';
import { LoginThrottle, type LoginThrottleOptions } from './modules/auth/login-throttle.ts';
import { TokenService } from './modules/auth/tokens.ts';
import { buildModules, registerModuleRoutes } from './modules/registry.ts';
import { LiveHub } from './live/hub.ts';
import { VERSION } from './version.ts';

export const DEFAULT_WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export interface AppDeps {
  database: Database;
  jwtSecret: string;
  /** pino instance; none means no logging (tests). */
  logger?: FastifyBaseLogger;
  graphqlIntrospection?: boolean;
  corsOrigins?: string[];
  trustProxy?: boolean;
  webDist?: string;
  loginThrottle?: LoginThrottleOptions;
  /** PLANT_TZ (default America/Lima). */
  plantTz?: string;
  /** Live values from the collector (one per process). */
  live?: LiveHub;
}

/** The HTTP application, wired from its dependencies; tests build it against a throwaway database. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    ...(deps.logger ? { loggerInstance: deps.logger } : { logger: false }),
    trustProxy: deps.trustProxy ?? false,
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
  });

  const { db } = deps.database;
  const audit = new AuditRepository(db);
  const authRepo = new AuthRepository(db);
  const auth = new AuthService(
    authRepo,
    audit,
    new TokenService(deps.jwtSecret),
    new LoginThrottle(deps.loginThrottle),
  );

  app.setErrorHandler((error, request, reply) => {
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status >= 500) request.log.error({ err: error }, 'error no controlado');
    const message =
      status === 413
        ? 'El cuerpo de la petición es demasiado grande'
        : status === 415
          ? 'Tipo de contenido no admitido'
          : status >= 400 && status < 500
            ? 'Petición no válida'
            : 'Error interno del servidor';
    return reply.code(status).send({ error: message });
  });

  await app.register(cookie);
  await registerSecurity(app, {
    corsOrigins: deps.corsOrigins ?? [],
    graphiql: deps.graphqlIntrospection ?? false,
  });
  const live = deps.live ?? new LiveHub();
  registerHealth(app, {
    version: VERSION,
    databaseKind: deps.database.kind,
    pingDatabase: () => deps.database.ping(),
    collector: () => live.health(),
  });
  const moduleDeps = { db, audit, auth, authRepo, plantTz: deps.plantTz ?? 'America/Lima', live };
  await registerGraphQL(app, {
    auth,
    audit,
    introspection: deps.graphqlIntrospection ?? false,
    resolvers: buildModules(moduleDeps),
    corsOrigins: deps.corsOrigins ?? [],
  });
  live.attach(app.graphql.pubsub);
  registerModuleRoutes(app, moduleDeps);
  await registerStatic(app, deps.webDist ?? DEFAULT_WEB_DIST);
  return app;
}
