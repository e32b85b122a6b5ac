import type pg from 'pg';
import type { Logger } from 'pino';

/**
 * A connection of `pool` that dies never crashes the process, idle or checked out. The pool listens
 * to its idle clients only ('error' on the pool); a checked-out client (a transaction between two
 * statements) had no listener, so its 'error' was an uncaught exception that closed the server when
 * PostgreSQL restarted. With one: the statement in flight fails with the error, a warning is
 * logged, and the dead client is dropped when released.
 */
export function avisarConexionesPerdidas(pool: pg.Pool, logger: Logger | undefined, mensaje: string): void {
  pool.on('error', (error) => logger?.warn({ err: error }, mensaje));
  pool.on('connect', (client) =>
    client.on('error', (error) => {
      // Said once: an idle client's loss by the pool's listener (above), a lock holder's by its own.
      if (client.listenerCount('error') === 1)
        logger?.warn({ err: error }, `${mensaje} durante una consulta`);
    }),
  );
}
