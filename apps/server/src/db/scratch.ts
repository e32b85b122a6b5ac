import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The PostgreSQL the tests use unless DATABASE_URL_TEST names another (trust auth, database `test`). */
export const DEFAULT_POSTGRES_TEST_URL = 'postgres://postgres@127.0.0.1:5432/test';

/**
 * A new PostgreSQL database next to `adminUrl`'s (tests and benchmarks), empty or a copy of
 * `template`: its URL, and `drop` to remove it (connections still open are closed by the drop).
 * Rejects when PostgreSQL is not reachable within 2 s.
 */
export async function createPostgresDatabase(
  adminUrl: string,
  prefix = 'planta_t',
  template?: string,
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
  if (template === undefined) await run(`create database ${name}`);
  else {
    // A copy waits while another session is still connected to the template (55006: it only
    // happens while the template is being closed after its migration).
    for (let attempt = 0; ; attempt++) {
      try {
        await run(`create database ${name} template ${pg.escapeIdentifier(template)}`);
        break;
      } catch (error) {
        if ((error as { code?: string }).code !== '55006' || attempt >= 20) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}
