import { performance } from 'node:perf_hooks';
import path from 'node:path';
import { createPlantModel } from '@planta/plant-model';
import { startPlantSimulator } from '@planta/plant-sim';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { type Database, openDatabase } from '../src/db/client.ts';
import { restaurarRespaldo } from '../src/db/respaldo/restaurar.ts';
import { rowsOf } from '../src/db/rows.ts';
import { DEMO_SEED } from '../src/demo/start-demo.ts';
import { seedReference } from '../src/demo/seed-reference.ts';
import { createPostgresDatabase } from './harness.ts';
import { freePort, start, tmpDir, waitFor } from './processes.ts';
import { filasPorTabla } from './respaldo-fixture/huella.ts';

// In the timing project: it measures /healthz while the backup runs.
const pgInfo = inject('postgres');
const TZ = 'America/Lima';
const SPEED = 30; // plant time: one minute every two seconds
const silencio = pino({ level: 'silent' });
const limpiar: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const f of limpiar.splice(0).reverse()) await f();
});

const RESUMEN = `query($fecha: Date!) {
  resumenVariables(nombres: ["Producción (CU)", "Producción (hL)", "Eficiencia OEE"], fecha: $fecha) {
    fecha diario mensual anual meta
  }
}`;

/** Minutes per line, as epoch ms. */
async function minutos(database: Database): Promise<Map<number, number[]>> {
  const rows = await rowsOf<{ linea: number; t: string }>(
    database.db.execute(
      sql`select linea, (extract(epoch from fecha) * 1000)::bigint::text as t from scada_lecturas order by linea, fecha`,
    ),
  );
  const porLinea = new Map<number, number[]>();
  for (const r of rows) porLinea.set(r.linea, [...(porLinea.get(r.linea) ?? []), Number(r.t)]);
  return porLinea;
}

describe('a backup of the embedded database while the plant runs and dashboards load', () => {
  it('answers /healthz < 200 ms and every dashboard request meanwhile, restores with every row into PGlite and PostgreSQL, and loses nothing written during it', async () => {
    const realStart = Date.now();
    const t0 = Math.floor(realStart / 60_000) * 60_000;
    const simulator = await startPlantSimulator({
      port: 0,
      seed: DEMO_SEED,
      timeZone: TZ,
      dataDir: tmpDir(),
      now: () => t0 + Math.floor(((Date.now() - realStart) * SPEED) / 60_000) * 60_000,
    });
    limpiar.push(() => simulator.stop());

    // The plant's reference data in a data dir on disk, then the server on it, collecting.
    const dataDir = tmpDir();
    const semilla = await openDatabase({ kind: 'pglite', dataDir }, silencio);
    await semilla.migrate();
    await seedReference(semilla.db, createPlantModel({ seed: DEMO_SEED, timeZone: TZ }).reference);
    await semilla.close();
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const server = start({
      DATA_DIR: dataDir,
      PORT: String(port),
      OPCUA_ENDPOINT: simulator.endpoint,
      ADMIN_PASSWORD: 'clave-inicial-1',
      JWT_SECRET: 'r'.repeat(40),
      PLANT_TZ: TZ,
      BACKUP_CRON: 'off',
    });
    const explicar = (paso: string) => (error: unknown) => {
      throw new Error(`${paso}: ${String(error)}\n${server.output().slice(-3000)}`);
    };
    await waitFor(async () => {
      const health = await fetch(`${url}/healthz`)
        .then((r) => r.json() as Promise<{ colector?: { retraso_segundos: number | null } }>)
        .catch(() => null);
      // A few plant minutes in the database already.
      return (health?.colector?.retraso_segundos ?? null) !== null && Date.now() - realStart > 8_000;
    }, 60_000).catch(explicar('el colector no escribió'));

    const gql = async (query: string, variables: Record<string, unknown>, token?: string) => {
      const r = await fetch(`${url}/graphql`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify({ query, variables }),
      });
      return {
        status: r.status,
        body: (await r.json()) as { data?: Record<string, any>; errors?: unknown[] },
      };
    };
    const login = await gql('mutation($i: LoginInput!) { login(input: $i) { access_token } }', {
      i: { username: 'admin', password: 'clave-inicial-1' },
    });
    const token = login.body.data!.login.access_token as string;
    const calendario = await gql('{ calendarioPlanta { dia_produccion } }', {}, token);
    const fecha = calendario.body.data!.calendarioPlanta.dia_produccion as string;

    // Dashboard load (4 clients in a loop) and a /healthz probe every 50 ms while the backup runs.
    let corriendo = true;
    const respuestas = { ok: 0, fallidas: [] as string[] };
    const carga = Array.from({ length: 4 }, async () => {
      while (corriendo) {
        const r = await gql(RESUMEN, { fecha }, token);
        if (r.status === 200 && !r.body.errors) respuestas.ok++;
        else respuestas.fallidas.push(JSON.stringify(r.body).slice(0, 200));
      }
    });
    const salud: number[] = [];
    const sonda = (async () => {
      while (corriendo) {
        const inicio = performance.now();
        const r = await fetch(`${url}/healthz`);
        await r.arrayBuffer();
        salud.push(performance.now() - inicio);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    const respaldo = await gql('mutation { crearRespaldo { archivo bytes } }', {}, token);
    corriendo = false;
    await Promise.all([...carga, sonda]);
    expect(respaldo.body.errors).toBeUndefined();
    const archivo = path.join(dataDir, 'respaldos', respaldo.body.data!.crearRespaldo.archivo as string);
    expect(respuestas.fallidas).toEqual([]);
    expect(respuestas.ok).toBeGreaterThan(4);
    expect(salud.length).toBeGreaterThan(3);
    expect(Math.max(...salud), `/healthz ms: ${salud.map((x) => x.toFixed(0)).join(' ')}`).toBeLessThan(200);

    // The plant goes on a few more minutes, then the server stops.
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);

    // The file into a fresh PGlite and a fresh PostgreSQL: every table's rows equal.
    const destinos = [{ kind: 'pglite' as const, dataDir: tmpDir() }];
    const conPostgres = pgInfo.available || pgInfo.required;
    let pgUrl = '';
    if (conPostgres) {
      if (!pgInfo.available) throw new Error(pgInfo.reason);
      const creada = await createPostgresDatabase(pgInfo.url);
      limpiar.push(creada.drop);
      pgUrl = creada.url;
    }
    const enPglite = await restaurarRespaldo(archivo, destinos[0]!, silencio);
    if (conPostgres) {
      const enPostgres = await restaurarRespaldo(archivo, { kind: 'postgres', url: pgUrl }, silencio);
      expect(enPostgres.filas).toEqual(enPglite.filas);
    }
    expect(enPglite.filas.scada_lecturas).toBeGreaterThan(0);

    // Nothing written during the backup is lost: the live database holds every row of the backup
    // and every minute of every line from its first to its last, through the backup.
    const vivo = await openDatabase({ kind: 'pglite', dataDir }, silencio);
    const restaurado = await openDatabase({ kind: 'pglite', dataDir: destinos[0]!.dataDir }, silencio);
    try {
      const filasVivas = await filasPorTabla(vivo.db);
      for (const [tabla, n] of Object.entries(enPglite.filas))
        expect(filasVivas[tabla], tabla).toBeGreaterThanOrEqual(n);
      const vivos = await minutos(vivo);
      const respaldados = await minutos(restaurado);
      for (const [linea, serie] of vivos) {
        const first = serie[0]!;
        const last = serie[serie.length - 1]!;
        expect(serie, `línea ${linea}`).toEqual(
          Array.from({ length: (last - first) / 60_000 + 1 }, (_, i) => first + i * 60_000),
        );
        const copia = respaldados.get(linea) ?? [];
        // The backup is the database at one instant: a prefix of the live series.
        expect(serie.slice(0, copia.length), `línea ${linea}`).toEqual(copia);
        expect(last, `línea ${linea}`).toBeGreaterThan(copia[copia.length - 1] ?? 0);
      }
    } finally {
      await vivo.close();
      await restaurado.close();
    }
  }, 240_000);
});
