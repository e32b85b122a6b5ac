/**
 * The server the browser benches open: a database migrated, bootstrapped with the benches' admin
 * and `dias` demo days, served with the built web app on a free local port.
 */
import { randomBytes } from 'node:crypto';
import pino from 'pino';
import { buildApp } from '../apps/server/src/app.ts';
import { bootstrap } from '../apps/server/src/db/bootstrap.ts';
import type { Database } from '../apps/server/src/db/client.ts';
import { startDemoHistory } from '../apps/server/src/demo/start-demo.ts';
import { BENCH_PASSWORD, loginAdmin } from './sesion.ts';

export async function servirConDemo(
  database: Database,
  opciones: { dias: number; webDist: string; timeZone: string },
) {
  const logger = pino({ level: 'silent' });
  await database.migrate();
  await bootstrap(database.db, BENCH_PASSWORD, logger);
  await startDemoHistory(database.db, { days: opciones.dias, timeZone: opciones.timeZone, logger });
  const app = await buildApp({
    database,
    jwtSecret: randomBytes(32).toString('hex'),
    webDist: opciones.webDist,
    plantTz: opciones.timeZone,
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, address, token: await loginAdmin(app) };
}
