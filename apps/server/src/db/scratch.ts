import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * A new empty PostgreSQL database next to `adminUrl`'s (tests and benchmarks): its URL, and `drop`
 * to remove it (connections still open are closed by the drop). Rejects when PostgreSQL is not
 * reachable within 2 s.
 */
export async function createPostgresDatabase(
  adminUrl: string,
  prefix = 'planta_t',
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2_000 });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}
