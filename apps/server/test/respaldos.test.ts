import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { entradaServidor } from '../../../scripts/build-server.ts';
import { buildApp } from '../src/app.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { EsquemaMasNuevoError, estadoEsquema, migraciones } from '../src/db/esquema.ts';
import { acquireDataDirLock } from '../src/db/lock.ts';
import { NOMBRE_RESPALDO } from '../src/db/respaldo/crear.ts';
import { restaurarRespaldo, type DestinoRestauracion } from '../src/db/respaldo/restaurar.ts';
import { ServicioRespaldos } from '../src/modules/respaldos/respaldos.service.ts';
import { rowsOf } from '../src/db/rows.ts';
import { users } from '../src/db/schema/index.ts';
import { startDemoHistory } from '../src/demo/start-demo.ts';
import {
  createPostgresDatabase,
  createUser,
  describeEachDatabase,
  pgliteDeLaPlantilla,
  startTestServer,
  uniqueName,
} from './harness.ts';
import { freePort, start, tmpDir, waitFor } from './processes.ts';
import { filasPorTabla, type Huella, huellaDatos, USUARIOS_FIXTURE } from './respaldo-fixture/huella.ts';

const pgInfo = inject('postgres');
const root = path.resolve(import.meta.dirname, '../../..');
const FIXTURE = path.join(import.meta.dirname, 'respaldo-fixture/planta-0006.sql.gz');
const HUELLA_FIXTURE = JSON.parse(
  fs.readFileSync(path.join(import.meta.dirname, 'respaldo-fixture/planta-0006.json'), 'utf8'),
) as Huella;
const silencio = pino({ level: 'silent' });
const pendientes: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const limpiar of pendientes.splice(0).reverse()) await limpiar();
});

/** A fresh, empty restore target of each kind (PostgreSQL: a new database, dropped at the end). */
async function destinoVacio(kind: 'pglite' | 'postgres'): Promise<DestinoRestauracion> {
  if (kind === 'pglite') return { kind, dataDir: tmpDir() };
  const created = await createPostgresDatabase(pgInfo.url);
  pendientes.push(created.drop);
  return { kind, url: created.url };
}

async function abrir(destino: DestinoRestauracion): Promise<Database> {
  return destino.kind === 'pglite'
    ? openDatabase({ kind: 'pglite', dataDir: destino.dataDir }, silencio)
    : openDatabase({ kind: 'postgres', url: destino.url, poolSize: 2 }, silencio);
}

/** npm run db:restore / db:backup as an administrator types them; resolves with the exit code and output. */
function cli(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [entradaServidor('respaldo'), ...args], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/root', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('close', (code) => resolve({ code, out, err }));
  });
}

const kinds = (): ('pglite' | 'postgres')[] =>
  pgInfo.available || pgInfo.required ? ['pglite', 'postgres'] : ['pglite'];

describeEachDatabase(
  'crearRespaldo: a backup of the running server, restored into both databases',
  (server) => {
    let admin: string;
    beforeAll(async () => {
      await startDemoHistory(server().database.db, { days: 2, timeZone: 'America/Lima', logger: silencio });
      admin = (await server().login()).access_token;
    }, 120_000);

    const CREAR = 'mutation { crearRespaldo { archivo bytes creado } }';

    it('is for admins only', async () => {
      const name = uniqueName('resp');
      await createUser(server(), admin, { username: name, password: 'clave-usuario-1' });
      const { access_token } = await server().login(name, 'clave-usuario-1');
      const res = await server().gql(CREAR, {}, { token: access_token });
      expect(res.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      expect(fs.existsSync(path.join(server().dataDir, 'respaldos'))).toBe(false);
    });

    it('writes one complete file (a double click gets the same one) that restores into PGlite and PostgreSQL with every row', async () => {
      const [a, b] = await Promise.all([
        server().gql(CREAR, {}, { token: admin }),
        server().gql(CREAR, {}, { token: admin }),
      ]);
      expect(a.errors).toBeUndefined();
      // Nothing else writes in this server (no collector, no alarm pass): the database as backed up.
      const origen = await huellaDatos(server().database.db);
      const respaldo = a.data!.crearRespaldo as { archivo: string; bytes: number; creado: string };
      expect(b.data!.crearRespaldo).toEqual(respaldo);
      // Made on demand: named apart from the scheduled ones (BACKUP_KEEP counts each kind apart).
      expect(respaldo.archivo).toMatch(/^planta-manual-\d{8}T\d{6}Z\.sql\.gz$/);
      const dir = path.join(server().dataDir, 'respaldos');
      // Only the finished file: no partial or copy left beside it.
      expect(fs.readdirSync(dir)).toEqual([respaldo.archivo]);
      const archivo = path.join(dir, respaldo.archivo);
      expect(fs.statSync(archivo).size).toBe(respaldo.bytes);
      const texto = zlib.gunzipSync(fs.readFileSync(archivo)).toString();
      expect(texto.startsWith('-- Planta respaldo {')).toBe(true);
      expect(texto.trimEnd().endsWith('-- Planta fin del respaldo')).toBe(true);

      for (const kind of kinds()) {
        const destino = await destinoVacio(kind);
        const resultado = await restaurarRespaldo(archivo, destino, silencio);
        expect(resultado.filas, kind).toEqual(origen.filas);
        const database = await abrir(destino);
        try {
          expect(await huellaDatos(database.db), kind).toEqual(origen);
          // Sequences continue: a new row gets a new id.
          const [maximo] = await rowsOf<{ id: number }>(
            database.db.execute(sql`select max(id)::int as id from users`),
          );
          const [nuevo] = await database.db
            .insert(users)
            .values({ name: 'Nuevo', username: uniqueName('nuevo'), passwordHash: 'x' })
            .returning({ id: users.id });
          expect(nuevo!.id).toBeGreaterThan(maximo!.id);
        } finally {
          await database.close();
        }
      }
    }, 180_000);
  },
);

describe('restore refuses what it cannot restore and leaves the data untouched', () => {
  let archivo: string;
  let dataDir: string;
  let antes: Record<string, number>;
  const dir = tmpDir();

  beforeAll(async () => {
    // A data dir restored from the fixture: the "current data" the refused restores must not touch.
    dataDir = tmpDir();
    await restaurarRespaldo(FIXTURE, { kind: 'pglite', dataDir }, silencio);
    const database = await abrir({ kind: 'pglite', dataDir });
    antes = await filasPorTabla(database.db);
    await database.close();
    archivo = FIXTURE;
  }, 120_000);

  const intacto = async () => {
    expect(fs.readdirSync(dataDir).sort()).toEqual(['pg']);
    const database = await abrir({ kind: 'pglite', dataDir });
    try {
      expect(await filasPorTabla(database.db)).toEqual(antes);
    } finally {
      await database.close();
    }
  };

  it('a truncated backup: one Spanish line, exit 1, nothing changed', async () => {
    const entero = fs.readFileSync(archivo);
    const cortado = path.join(dir, 'cortado.sql.gz');
    fs.writeFileSync(cortado, entero.subarray(0, Math.floor(entero.length * 0.6)));
    const r = await cli(['restaurar', cortado], { DATA_DIR: dataDir });
    expect(r.code).toBe(1);
    expect(r.err.trim().split('\n')).toHaveLength(1);
    expect(r.err).toMatch(/^No se restauró nada: el respaldo está incompleto/);
    await intacto();
  }, 60_000);

  it('a foreign file, a file that is not gzip, one from a newer Planta: refused the same way', async () => {
    const ajeno = path.join(dir, 'ajeno.sql.gz');
    fs.writeFileSync(ajeno, zlib.gzipSync('CREATE TABLE x (a int);\nDROP TABLE users;\n'));
    const noGzip = path.join(dir, 'texto.sql.gz');
    fs.writeFileSync(noGzip, 'hola');
    const nuevo = path.join(dir, 'nuevo.sql.gz');
    const texto = zlib.gunzipSync(fs.readFileSync(archivo)).toString();
    fs.writeFileSync(
      nuevo,
      zlib.gzipSync(
        texto.replace(/"esquema":\d+,"migracion":"[^"]+"/, '"esquema":99,"migracion":"0098_futuro"'),
      ),
    );
    const inyectado = path.join(dir, 'inyectado.sql.gz');
    fs.writeFileSync(
      inyectado,
      zlib.gzipSync(
        texto.replace('-- Planta fin del respaldo', 'DROP TABLE public.users;\n-- Planta fin del respaldo'),
      ),
    );
    for (const [file, motivo] of [
      [ajeno, /no es un respaldo de Planta/],
      [noGzip, /no es gzip válido/],
      [nuevo, /versión más nueva de Planta/],
      [inyectado, /instrucción no esperada: DROP TABLE/],
    ] as const) {
      const r = await cli(['restaurar', file], { DATA_DIR: dataDir });
      expect(r.code, file).toBe(1);
      expect(r.err.trim().split('\n'), file).toHaveLength(1);
      expect(r.err, file).toMatch(motivo);
    }
    await intacto();
  }, 90_000);

  it('a data dir a running server holds is refused', async () => {
    const liberar = acquireDataDirLock(dataDir);
    // The lock names this (live) process: the CLI sees a server holding it.
    try {
      const r = await cli(['restaurar', archivo], { DATA_DIR: dataDir });
      expect(r.code).toBe(1);
      expect(r.err).toMatch(/está en uso por otro proceso de Planta/);
      const b = await cli(['crear', path.join(dir, 'x.sql.gz')], { DATA_DIR: dataDir });
      expect(b.code).toBe(1);
      expect(b.err).toMatch(/crearRespaldo/);
    } finally {
      liberar();
    }
    await intacto();
  }, 60_000);

  it('a good restore over existing data keeps the previous data aside', async () => {
    const otro = tmpDir();
    fs.cpSync(dataDir, otro, { recursive: true });
    const r = await cli(['restaurar', archivo], { DATA_DIR: otro });
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/Restaurado el respaldo del .* filas en \d+ tablas/);
    const aparte = fs.readdirSync(otro).filter((f) => f.startsWith('pg-anterior-'));
    expect(aparte).toHaveLength(1);
    expect(r.out).toContain(aparte[0]);
  }, 90_000);
});

describe.skipIf(!pgInfo.available && !pgInfo.required)('restore into a PostgreSQL that has data', () => {
  it('is refused while a Planta server is connected; then keeps the previous schemas aside', async () => {
    if (!pgInfo.available) throw new Error(pgInfo.reason);
    const destino = await destinoVacio('postgres');
    if (destino.kind !== 'postgres') throw new Error('destino');
    await restaurarRespaldo(FIXTURE, destino, silencio);
    const servidor = await openDatabase({ kind: 'postgres', url: destino.url, poolSize: 1 }, silencio);
    await servidor.ping(); // a connection named 'planta', as a running server's
    await expect(restaurarRespaldo(FIXTURE, destino, silencio)).rejects.toThrow(
      /conexiones de servidores de Planta a esta base de datos: deténgalos/,
    );
    await servidor.close();
    const segunda = await restaurarRespaldo(FIXTURE, destino, silencio);
    expect(segunda.anterior).toMatch(/^planta_anterior_\d{8}_\d{6}, drizzle_anterior_\d{8}_\d{6}$/);
    const database = await abrir(destino);
    try {
      expect((await huellaDatos(database.db)).filas).toEqual(HUELLA_FIXTURE.filas);
      const esquemas = await rowsOf<{ nspname: string }>(
        database.db.execute(sql`select nspname from pg_namespace where nspname like '%anterior%' order by 1`),
      );
      expect(esquemas.map((e) => e.nspname)).toEqual(segunda.anterior!.split(', ').sort());
      const [aparte] = await rowsOf<{ n: number }>(
        database.db.execute(sql.raw(`select count(*)::int as n from ${esquemas[1]!.nspname}.users`)),
      );
      expect(aparte!.n).toBe(HUELLA_FIXTURE.filas.users);
    } finally {
      await database.close();
    }
  }, 90_000);
});

describe.each(kinds())(
  'upgrade: a backup made by the release of 2026-11-27, started by this code [%s]',
  (kind) => {
    let destino: DestinoRestauracion;
    let database: Database;
    let url: string;
    let close = async () => {};

    beforeAll(async () => {
      if (kind === 'postgres' && !pgInfo.available) throw new Error(pgInfo.reason);
      destino = await destinoVacio(kind);
      await restaurarRespaldo(FIXTURE, destino, silencio);
      database = await abrir(destino);
      // What the server does at start: every later migration, forward.
      await database.migrate();
      const app = await buildApp({ database, jwtSecret: 'z'.repeat(40), dataDir: tmpDir() });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      close = async () => {
        await app.close();
        await database.close();
      };
    }, 120_000);
    afterAll(() => close());

    it('keeps every row, reading, daily value, meta and plan', async () => {
      const ahora = await huellaDatos(database.db);
      for (const [tabla, n] of Object.entries(HUELLA_FIXTURE.filas))
        expect(ahora.filas[tabla], tabla).toBe(n);
      expect(ahora.sumas).toEqual(HUELLA_FIXTURE.sumas);
      expect(ahora.usuarios).toEqual(HUELLA_FIXTURE.usuarios);
      expect((await estadoEsquema(database.db)).version).toBe(migraciones().length);
    });

    it('its users log in with their passwords; the soft-deleted one does not', async () => {
      const login = async (u: { username: string; password: string }) => {
        const response = await fetch(`${url}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            query: 'mutation($input: LoginInput!) { login(input: $input) { user { name } } }',
            variables: { input: u },
          }),
        });
        return (await response.json()) as {
          data?: { login: { user: { name: string } } };
          errors?: unknown[];
        };
      };
      expect((await login(USUARIOS_FIXTURE.admin)).data?.login.user.name).toBe('Administrador');
      expect((await login(USUARIOS_FIXTURE.operador)).data?.login.user.name).toBe('operador');
      const retirado = await login(USUARIOS_FIXTURE.retirado);
      expect(retirado.data?.login ?? null).toBeNull();
      expect(retirado.errors?.length).toBeGreaterThan(0);
    });
  },
);

describe('scheduled backups', () => {
  it('are written on the schedule, reported to the metrics, and only the newest BACKUP_KEEP of ours are kept', async () => {
    const database = await pgliteDeLaPlantilla(silencio);
    const dir = tmpDir();
    fs.writeFileSync(path.join(dir, 'copia-del-administrador.sql.gz'), 'no es nuestro');
    // A scheduled backup of an earlier day (ours by its name): the oldest, so the first to go.
    const antiguo = 'planta-20200101T030000Z.sql.gz';
    fs.writeFileSync(path.join(dir, antiguo), 'un respaldo de 2020');
    const escritos: Date[] = [];
    // Every second (croner's 6-field form) instead of the daily 03:00, to see several slots.
    const servicio = new ServicioRespaldos(database, {
      dir,
      conservar: 2,
      cron: '* * * * * *',
      timeZone: 'America/Lima',
      alEscribir: (creado) => escritos.push(creado),
    });
    try {
      servicio.iniciar();
      // Two slots, one after another (a PGlite dump: ≈ 4 s alone, over 25 s in a full run on a
      // loaded machine): with the one of 2020, three of ours for BACKUP_KEEP = 2.
      await waitFor(() => escritos.length >= 2, 150_000);
    } finally {
      // Resolves once a slot already running has ended.
      await servicio.detener();
    }
    const archivos = fs.readdirSync(dir).sort();
    const nuestros = archivos.filter((f) => NOMBRE_RESPALDO.test(f));
    expect(nuestros).toHaveLength(2);
    expect(nuestros).not.toContain(antiguo);
    expect(archivos).toContain('copia-del-administrador.sql.gz');
    expect(archivos.filter((f) => f.includes('.parcial'))).toEqual([]);
    expect((await servicio.ultimo())?.getTime()).toBe(
      fs.statSync(path.join(dir, nuestros[1]!)).mtime.getTime(),
    );
    await database.close();
  }, 180_000);
});

describe('a backup directory that cannot be written', () => {
  it('answers SERVICE_UNAVAILABLE with the reason in Spanish, and the server keeps serving', async () => {
    const archivo = path.join(tmpDir(), 'un-archivo');
    fs.writeFileSync(archivo, 'no soy un directorio');
    const server = await startTestServer('pglite', { respaldos: { dir: path.join(archivo, 'respaldos') } });
    try {
      const { access_token } = await server.login();
      const res = await server.gql('mutation { crearRespaldo { archivo } }', {}, { token: access_token });
      // A server-side failure, not the request's: 503 with the reason (never a 500).
      expect(res.status).toBe(503);
      expect(res.errors?.[0]?.extensions?.code).toBe('SERVICE_UNAVAILABLE');
      expect(res.errors?.[0]?.message).toMatch(/^No se pudo crear el respaldo: no se puede escribir en /);
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});

describe('a database newer than this code', () => {
  it('is refused at start, with a clear message, and nothing runs on it', async () => {
    const dataDir = tmpDir();
    const database = await openDatabase({ kind: 'pglite', dataDir }, silencio);
    await database.migrate();
    const ultima = migraciones()[migraciones().length - 1]!;
    await database.db.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('de-una-version-futura', ${ultima.when + 86_400_000})`,
    );
    await expect(database.migrate()).rejects.toBeInstanceOf(EsquemaMasNuevoError);
    await database.close();

    const server = start({
      DATA_DIR: dataDir,
      PORT: String(await freePort()),
      ADMIN_PASSWORD: 'clave-inicial-1',
    });
    const code = await server.exited;
    expect(code).toBe(1);
    expect(server.output()).toMatch(/esquema más nuevo que esta versión de Planta/);
  }, 60_000);
});
