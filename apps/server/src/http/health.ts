import type { FastifyInstance } from 'fastify';

import type { CollectorHealth } from '../collector/types.ts';

export interface HealthDeps {
  version: string;
  /** The collector's state in this process (null when it does not run here). */
  collector(): CollectorHealth | null;
  databaseKind: 'pglite' | 'postgres';
  pingDatabase(): Promise<void>;
  /** The demo history this process is writing, in % (null: none being written). */
  demo?(): number | null;
}

/** How long /healthz waits for the database's answer before answering from what it knows. */
export const HEALTH_PING_WAIT_MS = 50;
/**
 * A ping still pending after this long means the database does not answer. Until then it is busy
 * (a long query or transaction ahead of the ping: PGlite runs one statement at a time, and a
 * PostgreSQL statement ends within its 30 s statement_timeout).
 */
export const HEALTH_BUSY_LIMIT_MS = 30_000;

/**
 * /healthz: the database state and the version; 503 when the database does not answer. It answers
 * within ~50 ms whatever the database is doing: one ping is in flight at a time, and a request
 * waits up to 50 ms for the ping it started (an idle database answers in a few), not at all for
 * one already pending. A ping not back yet means the database is busy (still `ok`, with `ocupada_ms`) until it has been pending for
 * 30 s, or when the previous ping failed.
 */
export function registerHealth(app: FastifyInstance, deps: HealthDeps): void {
  let inflight: { since: number; done: Promise<boolean> } | undefined;
  let lastFailed = false;
  const ping = () => {
    if (inflight) return inflight;
    const current = {
      since: Date.now(),
      done: deps.pingDatabase().then(
        () => true,
        (err: unknown) => {
          app.log.warn({ err }, 'healthz: la base de datos no responde');
          return false;
        },
      ),
    };
    inflight = current;
    void current.done.then((ok) => {
      lastFailed = !ok;
      if (inflight === current) inflight = undefined;
    });
    return current;
  };

  app.get('/healthz', async (_request, reply) => {
    const alreadyPending = inflight !== undefined;
    const current = ping();
    let timer: NodeJS.Timeout | undefined;
    const answered = await Promise.race([
      current.done,
      new Promise<'pending'>((resolve) => {
        timer = setTimeout(() => resolve('pending'), alreadyPending ? 0 : HEALTH_PING_WAIT_MS);
      }),
    ]);
    clearTimeout(timer);
    let database: 'ok' | 'error';
    let busyMs: number | undefined;
    if (answered === 'pending') {
      busyMs = Date.now() - current.since;
      database = !lastFailed && busyMs < HEALTH_BUSY_LIMIT_MS ? 'ok' : 'error';
    } else {
      database = answered ? 'ok' : 'error';
    }
    const ok = database === 'ok';
    const colector = deps.collector();
    const demo = deps.demo?.();
    // Degraded: serving, but plant data is not arriving or has been lost.
    const degraded =
      colector !== null && (colector.estado === 'DESCONECTADO' || colector.filas_descartadas > 0);
    return reply
      .code(ok ? 200 : 503)
      .header('Cache-Control', 'no-store')
      .send({
        status: ok ? (degraded ? 'degraded' : 'ok') : 'error',
        version: deps.version,
        database: {
          status: database,
          kind: deps.databaseKind,
          ...(busyMs !== undefined ? { ocupada_ms: busyMs } : {}),
        },
        ...(colector ? { colector } : {}),
        // Answered from memory: the database is busy writing that very history.
        ...(demo !== null && demo !== undefined ? { demo: { porcentaje: demo } } : {}),
      });
  });
}
