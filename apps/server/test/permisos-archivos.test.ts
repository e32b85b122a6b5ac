// Issue 31 item 2: backups, report PDFs, the embedded database and everything else the server
// writes under DATA_DIR or BACKUP_DIR hold personal data: folders 0700, files 0600, whatever the
// umask the server was started with (here 0, the most permissive).
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { proximo } from '../src/modules/reportes-programados/programacion.ts';
import { createPostgresDatabase, describeEachDatabase } from './harness.ts';
import { freePort, start, tmpDir, waitFor } from './processes.ts';
import { smtpDePrueba } from './smtp.ts';

const pgInfo = inject('postgres');
const smtp = await smtpDePrueba();
const limpiar: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const f of limpiar.splice(0).reverse()) await f();
  await smtp.close();
});

const modo = (ruta: string) => (fs.statSync(ruta).mode & 0o777).toString(8);

/** Every folder not 0700 and every file not 0600 under `raiz` (itself included); sockets aside. */
function abiertos(raiz: string): string[] {
  const malos: string[] = [];
  const visitar = (ruta: string) => {
    const info = fs.lstatSync(ruta, { throwIfNoEntry: false });
    if (!info) return; // removed meanwhile (a temporary file)
    const m = info.mode & 0o777;
    if (info.isDirectory()) {
      if (m !== 0o700) malos.push(`${path.relative(raiz, ruta) || '.'}/ ${m.toString(8)}`);
      for (const entrada of fs.readdirSync(ruta)) visitar(path.join(ruta, entrada));
    } else if (info.isFile() && m !== 0o600) {
      malos.push(`${path.relative(raiz, ruta)} ${m.toString(8)}`);
    }
  };
  visitar(raiz);
  return malos;
}

describeEachDatabase(
  'files the server writes are its user only, under umask 0',
  (server) => {
    let umaskAnterior: number;
    let admin: string;
    beforeAll(async () => {
      umaskAnterior = process.umask(0);
      admin = (await server().login()).access_token;
    });
    afterAll(() => {
      process.umask(umaskAnterior);
    });

    it('a backup made from the app: its folder 0700, the file 0600', async () => {
      const res = await server().gql<{ crearRespaldo: { archivo: string } }>(
        'mutation { crearRespaldo { archivo } }',
        {},
        { token: admin },
      );
      expect(res.errors).toBeUndefined();
      const dir = path.join(server().dataDir, 'respaldos');
      expect(modo(dir)).toBe('700');
      expect(modo(path.join(dir, res.data!.crearRespaldo.archivo))).toBe('600');
      expect(abiertos(dir)).toEqual([]);
    }, 90_000);

    it('a scheduled report PDF: its folder 0700, the file 0600', async () => {
      const creado = await server().gql<{ crearReporteProgramado: { id: string } }>(
        `mutation($i: ReporteProgramadoInput!) { crearReporteProgramado(input: $i) { id } }`,
        {
          i: {
            nombre: 'Producción diaria',
            ruta: '/fabrica',
            periodicidad: 'DIARIA',
            hora: '08:05',
            destinatarios: [`gerente-${process.pid}@planta.test`],
            activo: true,
          },
        },
        { token: admin },
      );
      expect(creado.errors).toBeUndefined();
      const slot = proximo(
        { periodicidad: 'DIARIA', hora: '08:05', diaSemana: null, diaMes: null },
        'America/Lima',
        new Date(),
      ) as Date;
      await server().app.motorAlarmas.pasada(new Date(slot.getTime() + 30_000));
      const ejecuciones = await server().gql<{ ejecucionesReporte: { estado: string; archivo: string }[] }>(
        `query($id: ID) { ejecucionesReporte(reporte_id: $id) { estado archivo } }`,
        { id: creado.data!.crearReporteProgramado.id },
        { token: admin },
      );
      const [ejecucion] = ejecuciones.data!.ejecucionesReporte;
      expect(ejecucion?.archivo).toBeTruthy();
      const dir = path.join(server().dataDir, 'reportes-programados');
      const pdfs = fs.readdirSync(dir).filter((f) => f.endsWith('.pdf'));
      expect(pdfs.length).toBeGreaterThan(0);
      expect(modo(dir)).toBe('700');
      expect(abiertos(dir)).toEqual([]);
    }, 90_000);
  },
  { alarmas: { smtpUrl: smtp.url } },
);

const kinds = (): ('pglite' | 'postgres')[] =>
  pgInfo.available || pgInfo.required ? ['pglite', 'postgres'] : ['pglite'];

describe.each(kinds())('npm start under umask 0: DATA_DIR and everything in it [%s]', (kind) => {
  it('folders 0700 and files 0600 (the database, its pg_hba.conf and pg_control, certificates, the secret, backups)', async () => {
    const dataDir = tmpDir();
    fs.chmodSync(dataDir, 0o755); // as an administrator's mkdir leaves it
    const port = await freePort();
    const env: Record<string, string> = {
      DATA_DIR: dataDir,
      PORT: String(port),
      ADMIN_PASSWORD: 'clave-inicial-1',
      BACKUP_CRON: 'off',
    };
    if (kind === 'postgres') {
      if (!pgInfo.available) throw new Error(pgInfo.reason);
      const creada = await createPostgresDatabase(pgInfo.url);
      limpiar.push(creada.drop);
      env.DATABASE_URL = creada.url;
    } else {
      // As `npm start`: the built-in plant simulator (its certificates in DATA_DIR) and the collector.
      env.SIMULATOR = 'on';
      env.OPCUA_ENDPOINT = `opc.tcp://127.0.0.1:${await freePort()}`;
    }
    const anterior = process.umask(0);
    const servidor = (() => {
      try {
        return start(env);
      } finally {
        process.umask(anterior);
      }
    })();
    const url = `http://127.0.0.1:${port}`;
    const explicar = (paso: string) => (error: unknown) => {
      throw new Error(`${paso}: ${String(error)}\n${servidor.output().slice(-3000)}`);
    };
    await waitFor(async () => {
      const salud = await fetch(`${url}/healthz`)
        .then((r) => r.json() as Promise<unknown>)
        .catch(() => null);
      // Listening: the simulator's certificates and the database are written by then.
      return salud !== null;
    }, 150_000).catch(explicar('el servidor no arrancó'));
    const login = (await (
      await fetch(`${url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          query:
            'mutation { login(input: { username: "admin", password: "clave-inicial-1" }) { access_token } }',
        }),
      })
    ).json()) as { data: { login: { access_token: string } } };
    const respaldo = (await (
      await fetch(`${url}/graphql`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${login.data.login.access_token}`,
        },
        body: JSON.stringify({ query: 'mutation { crearRespaldo { archivo } }' }),
      })
    ).json()) as { data?: { crearRespaldo: { archivo: string } }; errors?: unknown };
    expect(respaldo.errors).toBeUndefined();
    servidor.child.kill('SIGTERM');
    expect(await servidor.exited).toBe(0);

    expect(fs.existsSync(path.join(dataDir, 'jwt-secret'))).toBe(true);
    expect(fs.existsSync(path.join(dataDir, 'respaldos', respaldo.data!.crearRespaldo.archivo))).toBe(true);
    if (kind === 'pglite') {
      for (const archivo of ['pg/pg_hba.conf', 'pg/global/pg_control', 'pg/PG_VERSION'])
        expect(fs.existsSync(path.join(dataDir, archivo)), archivo).toBe(true);
      expect(fs.existsSync(path.join(dataDir, 'pki'))).toBe(true);
    }
    expect(abiertos(dataDir)).toEqual([]);
  }, 240_000);
});
