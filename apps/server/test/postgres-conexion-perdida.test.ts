// A PostgreSQL connection that dies while checked out of the pool (a transaction between two
// statements, when PostgreSQL restarts or an administrator ends the session) fails that
// transaction and nothing else: before, the client's 'error' had no listener, an uncaught exception
// that closed the whole server (seen in collector-outage.test.ts: "cerrando por un error").
import { sql } from 'drizzle-orm';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/client.ts';
import { rowsOf } from '../src/db/rows.ts';
import { createPostgresDatabase } from './harness.ts';

const pgInfo = inject('postgres');

describe.skipIf(!pgInfo.available && !pgInfo.required)('a pooled connection lost mid-transaction', () => {
  let database: Database;
  let url: string;
  let drop = async () => {};
  const avisos: string[] = [];

  beforeAll(async () => {
    if (!pgInfo.available) throw new Error(pgInfo.reason);
    const scratch = await createPostgresDatabase(pgInfo.url, 'planta_conexion');
    url = scratch.url;
    drop = scratch.drop;
    const logger = pino({ level: 'warn' }, { write: (linea: string) => avisos.push(JSON.parse(linea).msg) });
    database = await openDatabase({ kind: 'postgres', url }, logger);
  });
  afterAll(async () => {
    await database?.close();
    await drop();
  });

  it('fails that transaction with the error, is logged, and the next statement gets a live connection', async () => {
    let pidListo!: (pid: number) => void;
    const pid = new Promise<number>((resolve) => (pidListo = resolve));
    let seguir!: () => void;
    const terminada = new Promise<void>((resolve) => (seguir = resolve));
    const transaccion = database.db.transaction(async (tx) => {
      const [fila] = await rowsOf<{ pid: number }>(tx.execute(sql`select pg_backend_pid() as pid`));
      pidListo(fila!.pid);
      // Between two statements, the client checked out and idle: its connection ends now.
      await terminada;
      await tx.execute(sql`select 1`);
    });
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query('select pg_terminate_backend($1)', [await pid]);
    } finally {
      await admin.end();
    }
    await expect.poll(() => avisos).toContain('conexión a PostgreSQL perdida durante una consulta');
    seguir();
    await expect(transaccion).rejects.toThrow();
    const [fila] = await rowsOf<{ uno: number }>(database.db.execute(sql`select 1 as uno`));
    expect(fila!.uno).toBe(1);
  });
});
