import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from 'fastify';
import { saltosDeProxy } from './config.ts';
import type { Database } from './db/client.ts';
import { registerGraphQL } from './graphql/plugin.ts';
import { registerCompression } from './http/compression.ts';
import { errorParaLog } from './http/error-log.ts';
import { registerHealth } from './http/health.ts';
import { registerMetrics } from './http/metrics.ts';
import { registerRequestLog } from './http/request-log.ts';
import { handleFrameworkError, registerSecurity } from './http/security.ts';
import { GRAPHQL_LIMITS } from './graphql/limits.ts';
import { registerStatic } from './http/static.ts';
import { Correo } from './mail/correo.ts';
import { MotorAlarmas } from './modules/alarmas/motor.ts';
import { AuditRepository } from './modules/audit/audit.repository.ts';
import { AuthRepository } from './modules/auth/auth.repository.ts';
import { AuthService } from './modules/auth/auth.service.ts';
import {
  defaultLoginThrottle,
  LoginThrottle,
  type LoginThrottleOptions,
} from './modules/auth/login-throttle.ts';
import { AuditAggregator } from './modules/audit/audit-aggregator.ts';
import { TokenService } from './modules/auth/tokens.ts';
import { puertaOperador } from './modules/auth/operador.ts';
import { UsersRepository } from './modules/users/users.repository.ts';
import { COSTOS_GRAPHQL } from './modules/costos.ts';
import { buildModules, registerModuleRoutes } from './modules/registry.ts';
import { MantenimientoParticiones } from './db/particiones.ts';
import { respaldosResolvers } from './modules/respaldos/respaldos.resolvers.ts';
import { ServicioRespaldos } from './modules/respaldos/respaldos.service.ts';
import { LiveHub } from './live/hub.ts';
import { SocketSessions, type SocketSessionsOptions } from './live/socket-sessions.ts';
import type { ProgresoDemo } from './demo/progreso.ts';
import { VERSION } from './version.ts';

export const DEFAULT_WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export interface AppDeps {
  database: Database;
  jwtSecret: string;
  /** pino instance; none means no logging (tests). */
  logger?: FastifyBaseLogger;
  graphqlIntrospection?: boolean;
  corsOrigins?: string[];
  /** NODE_ENV=development: the Vite dev server's origin is allowed too. */
  allowViteDevOrigin?: boolean;
  /** TRUST_PROXY (config.ts): false, a hop count or the proxies' addresses (`true`, trusting every entry, is never configured). */
  trustProxy?: boolean | number | string[];
  webDist?: string;
  loginThrottle?: LoginThrottleOptions;
  /** PLANT_TZ (default America/Lima). */
  plantTz?: string;
  /** The clock of the day in progress (its ritmo); default Date.now. Tests fix it. */
  now?: () => number;
  /** Live values from the collector (one per process). */
  live?: LiveHub;
  /** The demo history this process writes in the background (its % on /healthz). */
  demo?: ProgresoDemo;
  /** DATA_DIR (exported files go to DATA_DIR/exports); none: a fresh temporary directory. */
  dataDir?: string;
  /**
   * Alarms and e-mail: SMTP_URL (unset: no e-mail), MAIL_FROM, PUBLIC_URL (the e-mails' links), the
   * pass period; `auto` starts the periodic pass when the server is ready (the server does; tests
   * call app.motorAlarmas.pasada()).
   */
  alarmas?: { smtpUrl?: string; mailFrom?: string; publicUrl?: string; intervaloMs?: number; auto?: boolean };
  /** Subscription sockets: connection_init timeout, subscriptions per socket, session check period. */
  sockets?: Omit<SocketSessionsOptions, 'liveSessions' | 'onError'>;
  /** METRICS_TOKEN: /metrics also answers to this bearer token (without it: loopback only). */
  metricsToken?: string;
  /**
   * Backups: BACKUP_DIR (default DATA_DIR/respaldos), BACKUP_KEEP, BACKUP_CRON (null: none),
   * PG_DUMP for PostgreSQL; `auto` starts the schedule (the server does).
   */
  respaldos?: { dir?: string; conservar?: number; cron?: string | null; pgDump?: string; auto?: boolean };
  /**
   * The reading tables' monthly partitions: RETENCION_MINUTOS_DIAS (null: raw minutes kept
   * forever); `auto` runs the daily pass (the server does).
   */
  particiones?: { retencionDias?: number | null; auto?: boolean };
}

/** The HTTP application, wired from its dependencies; tests build it against a throwaway database. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    ...(deps.logger ? { loggerInstance: deps.logger } : { logger: false }),
    trustProxy:
      typeof deps.trustProxy === 'number' ? saltosDeProxy(deps.trustProxy) : (deps.trustProxy ?? false),
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
    // One line per request instead of Fastify's two: http/request-log.ts.
    logController: new LogController({ disableRequestLogging: true }),
    forceCloseConnections: 'idle',
    frameworkErrors: handleFrameworkError,
  });

  const { db } = deps.database;
  const audit = new AuditRepository(db);
  const authRepo = new AuthRepository(db);
  const throttleOptions = { ...defaultLoginThrottle, ...deps.loginThrottle };
  const throttledAudit = new AuditAggregator(audit, {
    windowMs: (throttleOptions.auditWindowSeconds ?? 60) * 1000,
    onError: (err) => app.log.warn({ err }, 'no se pudo registrar la auditoría'),
  });
  app.addHook('onClose', () => throttledAudit.flush());
  // Closing: a response still streaming (a download) leaves its keep-alive socket open once it
  // finishes, after the server's one pass over idle sockets; without this the close would wait for
  // the keep-alive timeout (72 s). Idle sockets are closed as they become idle.
  app.addHook('preClose', async () => {
    const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
    sweep.unref();
    app.server.once('close', () => clearInterval(sweep));
  });
  const sockets = new SocketSessions({
    ...deps.sockets,
    liveSessions: (ids) => authRepo.liveSessionIds(ids),
    onError: (err) => app.log.warn({ err }, 'no se pudieron comprobar las sesiones de los websockets'),
  });
  // Logout, password change, soft delete, role change: their sockets close at once.
  authRepo.onRevoked((scope) =>
    'sessionId' in scope
      ? sockets.endSession(scope.sessionId)
      : sockets.endUserSessions(scope.userId, scope.keepSessionId),
  );
  const auth = new AuthService(
    authRepo,
    audit,
    new TokenService(deps.jwtSecret),
    new LoginThrottle(throttleOptions),
    throttledAudit,
  );

  app.setErrorHandler((error, request, reply) => {
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status >= 500) request.log.error({ err: errorParaLog(error) }, 'error no controlado');
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

  registerRequestLog(app);
  const live = deps.live ?? new LiveHub();
  registerMetrics(app, {
    token: deps.metricsToken,
    collector: () => live.health(),
    liveSubscriptions: () => sockets.subscriptionCount(),
  });

  await app.register(cookie);
  // Before any route: it hooks the GraphQL and REST routes as they are added.
  await registerCompression(app);
  await registerSecurity(app, {
    origins: { allowList: deps.corsOrigins ?? [], allowViteDevOrigin: deps.allowViteDevOrigin ?? false },
    graphiql: deps.graphqlIntrospection ?? false,
    graphqlBodyLimit: GRAPHQL_LIMITS.maxBodyBytes,
  });
  registerHealth(app, {
    version: VERSION,
    databaseKind: deps.database.kind,
    pingDatabase: () => deps.database.ping(),
    collector: () => live.health(),
    demo: () => deps.demo?.porcentaje ?? null,
  });
  const dataDir = deps.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'planta-')));
  const plantTz = deps.plantTz ?? 'America/Lima';
  const motorAlarmas = new MotorAlarmas(db, {
    timeZone: plantTz,
    correo: new Correo(db, {
      smtpUrl: deps.alarmas?.smtpUrl,
      from: deps.alarmas?.mailFrom ?? 'Planta <planta@localhost>',
      logger: app.log,
    }),
    publicUrl: deps.alarmas?.publicUrl ?? 'http://localhost:8081',
    intervaloMs: deps.alarmas?.intervaloMs ?? 10_000,
    logger: app.log,
    avisar: (usuarios) => live.publishNotificaciones(usuarios),
  });
  app.decorate('motorAlarmas', motorAlarmas);
  if (deps.alarmas?.auto) app.addHook('onReady', async () => motorAlarmas.start());
  app.addHook('onClose', () => motorAlarmas.stop());
  // A mutation may have changed what the rules watch (a daily value, a shift, a stop): evaluate soon.
  app.addHook('onResponse', async (request) => {
    const query = (request.body as { query?: unknown } | undefined)?.query;
    if (request.method === 'POST' && typeof query === 'string' && /^\s*mutation\b/.test(query))
      motorAlarmas.pedir();
  });
  const respaldos = new ServicioRespaldos(deps.database, {
    dir: deps.respaldos?.dir ?? path.join(dataDir, 'respaldos'),
    conservar: deps.respaldos?.conservar ?? 14,
    cron: deps.respaldos?.cron ?? null,
    timeZone: plantTz,
    pgDump: deps.respaldos?.pgDump,
    logger: app.log,
    alEscribir: (creado) => app.metricas.respaldoExitoso(creado),
  });
  app.addHook('onReady', async () => {
    const ultimo = await respaldos.ultimo();
    if (ultimo) app.metricas.respaldoExitoso(ultimo);
    if (deps.respaldos?.auto) respaldos.iniciar();
  });
  // Before Fastify waits for the requests in flight: a crearRespaldo running would hold the close.
  app.addHook('preClose', async () => respaldos.detener());
  const particiones = new MantenimientoParticiones(db, {
    retencionDias: deps.particiones?.retencionDias ?? null,
    timeZone: plantTz,
    logger: app.log,
  });
  app.decorate('particiones', particiones);
  if (deps.particiones?.auto) app.addHook('onReady', async () => particiones.iniciar());
  app.addHook('onClose', async () => particiones.detener());
  const moduleDeps = { db, audit, auth, authRepo, plantTz, live, dataDir, motorAlarmas, now: deps.now };
  await registerGraphQL(app, {
    auth,
    audit,
    introspection: deps.graphqlIntrospection ?? false,
    resolvers: [...buildModules(moduleDeps), respaldosResolvers(respaldos)],
    costos: COSTOS_GRAPHQL,
    sockets,
    puerta: puertaOperador(new UsersRepository(moduleDeps.db)),
  });
  live.attach(app.graphql.pubsub);
  registerModuleRoutes(app, moduleDeps);
  await registerStatic(app, deps.webDist ?? DEFAULT_WEB_DIST);
  return app;
}
