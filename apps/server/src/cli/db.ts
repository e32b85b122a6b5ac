/**
 * npm run db:seed  — migrate, create roles and admin, and fill the demo history (DEMO_DAYS).
 * npm run db:reset — delete every row and table, then the same as db:seed.
 * Uses the same configuration as the server (DATABASE_URL or DATA_DIR); refuses a PGlite data dir
 * that a running server holds.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { ConfigError, loadConfig } from '../config.ts';
import { bootstrap } from '../db/bootstrap.ts';
import { openDatabase } from '../db/client.ts';
import { acquireDataDirLock, DataDirLockedError } from '../db/lock.ts';
import { startDemoHistory } from '../demo/start-demo.ts';

async function run(command: string | undefined): Promise<void> {
  if (command !== 'seed' && command !== 'reset') {
    throw new ConfigError('Uso: db.ts seed | reset');
  }
  const config = loadConfig();
  const logger = pino({ level: config.logLevel });
  if (command === 'reset' && !config.databaseUrl) {
    // Take the lock first: never delete a data dir a running server has open.
    const release = acquireDataDirLock(config.dataDir);
    fs.rmSync(path.join(config.dataDir, 'pg'), { recursive: true, force: true });
    release();
    logger.info({ dataDir: config.dataDir }, 'base de datos embebida eliminada');
  }
  const database = config.databaseUrl
    ? await openDatabase({ kind: 'postgres', url: config.databaseUrl }, logger)
    : await openDatabase({ kind: 'pglite', dataDir: config.dataDir }, logger);
  try {
    if (command === 'reset' && config.databaseUrl) {
      await database.db.execute(sql`drop schema if exists public cascade`);
      await database.db.execute(sql`drop schema if exists drizzle cascade`);
      await database.db.execute(sql`create schema public`);
      logger.info('esquema de PostgreSQL eliminado');
    }
    await database.migrate();
    await bootstrap(database.db, config.adminPassword, logger);
    await startDemoHistory(database.db, { days: config.demoDays, timeZone: config.plantTz, logger });
  } finally {
    await database.close();
  }
}

try {
  await run(process.argv[2]);
} catch (error) {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  throw error;
}
