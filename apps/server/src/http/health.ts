import type { FastifyInstance } from 'fastify';

import type { CollectorHealth } from '../collector/collector.ts';

export interface HealthDeps {
  version: string;
  /** The collector's state in this process (null when it does not run here). */
  collector(): CollectorHealth | null;
  databaseKind: 'pglite' | 'postgres';
  pingDatabase(): Promise<void>;
}

/** /healthz: the database state and the version; 503 when the database does not answer. */
export function registerHealth(app: FastifyInstance, deps: HealthDeps): void {
  app.get('/healthz', async (_request, reply) => {
    let database: 'ok' | 'error' = 'ok';
    try {
      await Promise.race([
        deps.pingDatabase(),
        new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 2_000).unref()),
      ]);
    } catch (err) {
      app.log.warn({ err }, 'healthz: la base de datos no responde');
      database = 'error';
    }
    const ok = database === 'ok';
    const colector = deps.collector();
    // Degraded: serving, but plant data is not arriving or has been lost.
    const degraded =
      colector !== null && (colector.estado === 'DESCONECTADO' || colector.filas_descartadas > 0);
    return reply
      .code(ok ? 200 : 503)
      .header('Cache-Control', 'no-store')
      .send({
        status: ok ? (degraded ? 'degraded' : 'ok') : 'error',
        version: deps.version,
        database: { status: database, kind: deps.databaseKind },
        ...(colector ? { colector } : {}),
      });
  });
}
