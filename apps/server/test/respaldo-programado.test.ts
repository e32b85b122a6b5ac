import fs from 'node:fs';
import path from 'node:path';
import { createPlantModel } from '@planta/plant-model';
import { startPlantSimulator } from '@planta/plant-sim';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Collector } from '../src/collector/collector.ts';
import { NOMBRE_RESPALDO, NOMBRE_RESPALDO_MANUAL, nombreRespaldo } from '../src/db/respaldo/crear.ts';
import { DEMO_SEED } from '../src/demo/start-demo.ts';
import { seedReference } from '../src/demo/seed-reference.ts';
import { describeEachDatabase, startTestServer } from './harness.ts';
import { tmpDir, waitFor } from './processes.ts';

const TZ = 'America/Lima';
const silencio = pino({ level: 'silent' });
const FIXTURE = path.join(import.meta.dirname, 'respaldo-fixture/planta-0006.sql.gz');

/** Files of the backup directory matching a name pattern. */
const archivos = (dir: string, patron: RegExp) =>
  fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => patron.test(f)) : [];

describeEachDatabase(
  'scheduled backups while the collector runs (the production setup, issue 31)',
  (server) => {
    let simulator: Awaited<ReturnType<typeof startPlantSimulator>> | undefined;
    let collector: Collector | undefined;
    /** The name a backup started the second after the collector's election would have. */
    let trasEleccion: string;

    beforeAll(async () => {
      await seedReference(
        server().database.db,
        createPlantModel({ seed: DEMO_SEED, timeZone: TZ }).reference,
      );
      simulator = await startPlantSimulator({ port: 0, seed: DEMO_SEED, timeZone: TZ, dataDir: tmpDir() });
      collector = new Collector({
        database: server().database,
        endpoint: simulator.endpoint,
        timeZone: TZ,
        dataDir: tmpDir(),
        logger: silencio,
        publishLine: () => {},
        publishConnection: () => {},
      });
      collector.start();
      // The collector holds its election lock (on PostgreSQL a session advisory lock) and reads.
      await waitFor(() => {
        const salud = collector!.health();
        return salud.lider && salud.estado === 'CONECTADO';
      }, 40_000);
      trasEleccion = nombreRespaldo(new Date(Date.now() + 1_000));
    }, 90_000);

    afterAll(async () => {
      await collector?.stop();
      await simulator?.stop();
    });

    it('a scheduled backup is written while the collector holds its lock, and /metrics says so', async () => {
      const dir = path.join(server().dataDir, 'respaldos');
      // Named by when it started: begun (lock taken) while the collector held its own.
      const escritoConColector = () => archivos(dir, NOMBRE_RESPALDO).some((f) => f >= trasEleccion);
      // A PGlite backup runs pg_dump in its own WebAssembly instance at the lowest CPU priority:
      // seconds on a quiet machine, minutes while the other suites keep both cores busy (a slow
      // 2-core machine's full run: one begun after the election still partial 90 s later).
      await waitFor(escritoConColector, 240_000).catch(() => {
        throw new Error(
          `ningún respaldo programado en 240 s con el colector en marcha (${server().kind}); en ${dir}: ` +
            JSON.stringify(fs.existsSync(dir) ? fs.readdirSync(dir) : []),
        );
      });
      expect(collector!.health().lider).toBe(true);
      const metricas = await (await fetch(`${server().url}/metrics`)).text();
      const ultimo = /^planta_backup_last_success_timestamp_seconds (\S+)$/m.exec(metricas);
      expect(Number(ultimo?.[1])).toBeGreaterThan(0);
    }, 270_000);
  },
  // Every five seconds (croner's 6-field form) instead of the daily 03:00.
  { respaldos: { cron: '*/5 * * * * *', conservar: 2, auto: true } },
);

describeEachDatabase(
  'backups on demand never push the scheduled ones out (issue 31)',
  (server) => {
    let admin: string;
    const dir = () => path.join(server().dataDir, 'respaldos');
    const programados = ['planta-20260101T080000Z.sql.gz', 'planta-20260102T080000Z.sql.gz'];

    beforeAll(async () => {
      admin = (await server().login()).access_token;
      // The scheduled backups already there (more than BACKUP_KEEP of them): real backup files.
      fs.mkdirSync(dir(), { recursive: true });
      for (const nombre of programados) fs.copyFileSync(FIXTURE, path.join(dir(), nombre));
    });

    it('more crearRespaldo calls than BACKUP_KEEP keep every scheduled backup and the newest BACKUP_KEEP of their own', async () => {
      const hechos: string[] = [];
      for (let i = 0; i < 2; i++) {
        const res = await server().gql<{ crearRespaldo: { archivo: string } }>(
          'mutation { crearRespaldo { archivo } }',
          {},
          { token: admin },
        );
        expect(res.errors).toBeUndefined();
        hechos.push(res.data!.crearRespaldo.archivo);
        // Each file its own second: distinct backups.
        await waitFor(() => new Date().toISOString().slice(0, 19) !== ultimoSegundo(hechos), 5_000);
      }
      // The scheduled ones, untouched.
      expect(archivos(dir(), NOMBRE_RESPALDO).sort()).toEqual(programados);
      for (const nombre of programados)
        expect(fs.readFileSync(path.join(dir(), nombre))).toEqual(fs.readFileSync(FIXTURE));
      for (const nombre of hechos) expect(nombre).toMatch(NOMBRE_RESPALDO_MANUAL);
      expect(new Set(hechos).size).toBe(2);
      // The manual ones: the newest BACKUP_KEEP (1).
      expect(archivos(dir(), NOMBRE_RESPALDO_MANUAL).sort()).toEqual(hechos.slice(-1).sort());
    }, 240_000);
  },
  // BACKUP_KEEP 1: two calls are already more than it (each PGlite backup runs pg_dump in WebAssembly).
  { respaldos: { conservar: 1 } },
);

const pgInfo = inject('postgres');

describe.skipIf(!pgInfo.available && !pgInfo.required)('a server closing while a backup is written', () => {
  it('stops the backup: its pg_dump killed, no partial file, no backup under a real name, the close quick', async () => {
    if (!pgInfo.available) throw new Error(pgInfo.reason);
    // A pg_dump that would take a minute (as a real one at the lowest priority on a busy machine).
    const lento = path.join(tmpDir(), 'pg_dump_lento');
    fs.writeFileSync(lento, '#!/bin/sh\nexec sleep 60\n', { mode: 0o700 });
    const server = await startTestServer('postgres', { respaldos: { conservar: 1, pgDump: lento } });
    const dir = path.join(server.dataDir, 'respaldos');
    const admin = (await server.login()).access_token;
    const respuesta = server
      .gql<{ crearRespaldo: { archivo: string } | null }>(
        'mutation { crearRespaldo { archivo } }',
        {},
        { token: admin },
      )
      .catch(() => null);
    try {
      await waitFor(() => archivos(dir, /\.parcial$/).length > 0, 30_000);
      const inicio = Date.now();
      await server.app.close();
      expect(Date.now() - inicio).toBeLessThan(20_000);
      // Killed, not finished: the request, when its answer arrives, says so.
      const r = await respuesta;
      if (r) expect(r.errors?.[0]?.message).toContain('el servidor se está cerrando');
      expect(fs.readdirSync(dir)).toEqual([]);
    } finally {
      // The app closed above (a second close is a no-op): the database and the data dir.
      await server.close();
    }
  }, 60_000);
});

/** The UTC second a backup name carries, in toISOString's form. */
function ultimoSegundo(nombres: string[]): string {
  const m = /(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z/.exec(nombres[nombres.length - 1]!)!;
  return `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}`;
}
