// The per-minute reading tables partitioned by month on PostgreSQL (issue 21, db/particiones.ts):
// the months around now exist, rows of other months wait in the default partition until a pass
// moves them (once, with several passes at once). PGlite keeps plain tables. On both, a retention
// horizon removes whole old months of raw minutes (dropped partitions; deleted rows on PGlite)
// while the rollups stay and a day without its minutes is never derived again.
import { productionDayRange } from '@planta/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import {
  consultarDe,
  inicioMes,
  mantenerParticiones,
  mesesConParticion,
  TABLAS_PARTICIONADAS,
} from '../src/db/particiones.ts';
import { rowsOf } from '../src/db/rows.ts';
import { deriveProductionDay } from '../src/derivations/production-day.ts';
import { type PlantFixture, seedPlant, TZ, writeLine1Day } from './fixtures.ts';
import { describeEachDatabase, startTestServer, type TestServer } from './harness.ts';

const pgInfo = inject('postgres');

const CREATE_TURNO = `mutation($input: TurnoInput!) { createTurno(input: $input) { id } }`;

/** Rows of `tabla` by the partition that holds them. */
async function porParticion(db: Db, tabla: string): Promise<Record<string, number>> {
  const filas = await rowsOf<{ particion: string; n: number }>(
    db.execute(
      sql.raw(`select tableoid::regclass::text as particion, count(*)::int as n from ${tabla} group by 1`),
    ),
  );
  return Object.fromEntries(filas.map((f) => [f.particion, f.n]));
}

/** Minutes of line 1 in [desde, hasta). */
async function minutosLinea1(db: Db, desde: string, hasta: string): Promise<number> {
  const [fila] = await rowsOf<{ n: number }>(
    db.execute(sql`select count(*)::int as n from scada_lecturas
      where linea = 1 and fecha >= ${desde}::timestamptz and fecha < ${hasta}::timestamptz`),
  );
  return fila!.n;
}

describeEachDatabase('reading tables by month', (server) => {
  let db: Db;
  let plant: PlantFixture;
  /** PostgreSQL partitions them; PGlite keeps plain tables. */
  let particionada: boolean;

  beforeAll(async () => {
    db = server().database.db;
    plant = await seedPlant(db);
    particionada = server().database.kind === 'postgres';
  });

  /** An admin types 8 paid hours for line 1 on `fecha` (saving it derives the day again). */
  const turnoDelDia = async (fecha: string) =>
    server().gql(
      CREATE_TURNO,
      { input: { linea_id: String(plant.lineaId.get(1)), fecha, horas_productividad: 8 } },
      { token: (await server().login()).access_token },
    );

  it('are partitioned on PostgreSQL, with a default partition and the months around now created at start; plain on PGlite', async () => {
    const q = consultarDe(db);
    const ahora = inicioMes(new Date());
    for (const tabla of TABLAS_PARTICIONADAS) {
      const [p] = await q(
        `select exists (select 1 from pg_partitioned_table where partrelid = 'public.${tabla}'::regclass) as si,
                to_regclass('public.${tabla}_default') is not null as defecto`,
      );
      expect(p).toEqual({ si: particionada, defecto: particionada });
      if (!particionada) {
        expect(await mesesConParticion(q, tabla)).toEqual([]);
        continue;
      }
      const meses = (await mesesConParticion(q, tabla)).map((m) => m.toISOString());
      const siguiente = (n: number) =>
        new Date(Date.UTC(ahora.getUTCFullYear(), ahora.getUTCMonth() + n, 1)).toISOString();
      expect(meses).toEqual(expect.arrayContaining([siguiente(0), siguiente(1), siguiente(2)]));
    }
  });

  it('rows of a month without its partition wait in the default one; passes at once move them into their month once (PGlite: one table)', async () => {
    const { start } = productionDayRange('2021-05-10', TZ);
    await writeLine1Day(db, '2021-05-10', 30);
    const variableId = plant.variableId.get('Energía eléctrica (kWh)_561')!;
    await db.execute(sql`insert into lecturas (variable_id, fecha, valor)
      select ${variableId}, ${start.toISOString()}::timestamptz + n * interval '1 minute', n from generate_series(0, 99) n`);
    const lecturas = particionada ? 'lecturas_p2021_05' : 'lecturas';
    if (particionada) {
      expect(await porParticion(db, 'lecturas')).toMatchObject({ lecturas_default: 100 });
      expect((await porParticion(db, 'scada_lecturas')).scada_lecturas_default).toBe(1440);
    }

    const pasadas = await Promise.all([1, 2, 3].map(() => server().app.particiones.pasada()));
    expect(pasadas.flatMap((p) => p.creadas).sort()).toEqual(
      particionada ? ['lecturas_p2021_05', 'scada_lecturas_p2021_05'] : [],
    );
    expect(await porParticion(db, 'lecturas')).toEqual({ [lecturas]: 100 });
    expect(await porParticion(db, 'scada_lecturas')).toEqual({
      [particionada ? 'scada_lecturas_p2021_05' : 'scada_lecturas']: 1440,
    });
    // The partition took the parent's keys: a minute written twice is still refused.
    await expect(
      db.execute(
        sql`insert into lecturas (variable_id, fecha, valor) values (${variableId}, ${start.toISOString()}::timestamptz, 1)`,
      ),
    ).rejects.toThrow();
    // A later write of that month goes straight to its partition.
    await db.execute(sql`insert into lecturas (variable_id, fecha, valor)
      values (${variableId}, ${new Date(start.getTime() + 86_400_000).toISOString()}::timestamptz, 1)`);
    expect(await porParticion(db, 'lecturas')).toEqual({ [lecturas]: 101 });
  });

  it('a production day that lost only the minutes of its first calendar month is not derived again either', async () => {
    // 31/01/2020 08:00 in Lima is 13:00 UTC: its minutes until midnight UTC are January's, the rest February's.
    const fecha = '2020-01-31';
    await writeLine1Day(db, fecha, 1440);
    await mantenerParticiones(db, { desde: new Date('2020-01-01T00:00:00Z') });
    await deriveProductionDay(db, fecha, TZ);
    const horizonte = Date.parse('2020-02-15T00:00:00Z');
    const dias = Math.floor((Date.now() - horizonte) / 86_400_000);
    const enero = () => minutosLinea1(db, '2020-01-01T00:00:00Z', '2020-02-01T00:00:00Z');
    const febrero = () => minutosLinea1(db, '2020-02-01T00:00:00Z', '2020-03-01T00:00:00Z');
    expect(await enero()).toBeGreaterThan(0);
    const retirada = await mantenerParticiones(db, { retencionDias: dias });
    if (particionada) {
      expect(retirada.eliminadas).toEqual(expect.arrayContaining(['scada_lecturas_p2020_01']));
      expect(retirada.eliminadas).not.toContain('scada_lecturas_p2020_02');
    } else {
      expect(retirada.filasRetiradas).toBeGreaterThan(0);
    }
    expect(await enero()).toBe(0);
    expect(await febrero()).toBeGreaterThan(0);
    const r = await turnoDelDia(fecha);
    expect(r.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(r.errors?.[0]?.message).toMatch(/^Los minutos del día 31\/01\/2020 ya no se conservan/);
  });

  it('retention drops whole months of raw minutes older than the horizon, keeps the rollups, and refuses to derive such a day again', async () => {
    const fecha = '2022-03-15';
    await writeLine1Day(db, fecha, 600);
    await mantenerParticiones(db, { desde: new Date('2022-03-01T00:00:00Z') });
    await deriveProductionDay(db, fecha, TZ);
    const diarios = () =>
      rowsOf<{ variable_id: number; diario: number }>(
        db.execute(
          sql`select variable_id, diario from historicos where fecha = ${fecha}::date order by variable_id`,
        ),
      );
    const antes = await diarios();
    expect(antes.length).toBeGreaterThan(0);
    const horas = await rowsOf<{ n: number }>(
      db.execute(sql`select count(*)::int as n from scada_hora where linea = 1`),
    );

    // 400 days: 2021-05 and 2022-03 are past it, the months around now are not.
    const resultado = await server().app.particiones.pasada();
    expect(resultado.eliminadas).toEqual([]); // this server keeps minutes forever (no RETENCION_MINUTOS_DIAS)
    const recientes = () => minutosLinea1(db, inicioMes(new Date()).toISOString(), '9999-01-01T00:00:00Z');
    await writeLine1Day(db, new Date().toISOString().slice(0, 10), 30);
    const hoy = await recientes();
    expect(hoy).toBeGreaterThan(0);
    const retirada = await mantenerParticiones(db, { retencionDias: 400 });
    if (particionada) {
      expect(retirada.eliminadas).toEqual(
        expect.arrayContaining(['scada_lecturas_p2021_05', 'scada_lecturas_p2022_03', 'lecturas_p2021_05']),
      );
      expect(
        retirada.eliminadas.some((n) =>
          n.endsWith(
            `_p${new Date().getUTCFullYear()}_${String(new Date().getUTCMonth() + 1).padStart(2, '0')}`,
          ),
        ),
      ).toBe(false);
    } else {
      // At least May 2021 (1,440 minutes, 101 readings) and the day of March 2022 (1,440 minutes).
      expect(retirada.filasRetiradas).toBeGreaterThanOrEqual(1440 + 101 + 1440);
    }
    expect(await recientes()).toBe(hoy);
    const [minutos] = await rowsOf<{ n: number }>(
      db.execute(sql`select count(*)::int as n from scada_lecturas where fecha < '2023-01-01'`),
    );
    expect(minutos!.n).toBe(0);
    expect(
      await rowsOf<{ n: number }>(db.execute(sql`select count(*)::int as n from scada_hora where linea = 1`)),
    ).toEqual(horas);
    expect(await diarios()).toEqual(antes);

    // A shift typed for that day would derive it again from no minutes: refused, nothing written.
    const r = await turnoDelDia(fecha);
    expect(r.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(r.errors?.[0]?.message).toBe(
      'Los minutos del día 15/03/2022 ya no se conservan (RETENCION_MINUTOS_DIAS): sus cifras quedan como están y no se pueden recalcular',
    );
    expect(
      await rowsOf<{ n: number }>(
        db.execute(sql`select count(*)::int as n from turnos where fecha = ${fecha}::date`),
      ),
    ).toEqual([{ n: 0 }]);
    expect(await diarios()).toEqual(antes);
  });
});

// PostgreSQL only: PGlite has one connection, so nothing runs beside a read there.
describe.skipIf(!pgInfo.available && !pgInfo.required)('partition passes on a busy PostgreSQL', () => {
  let server: TestServer;
  let db: Db;
  beforeAll(async () => {
    if (!pgInfo.available) throw new Error(pgInfo.reason);
    server = await startTestServer('postgres');
    db = server.database.db;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('a pass behind a long read of the table gives up after its lock timeout instead of queueing every query', async () => {
    let fallo: unknown;
    const t0 = Date.now();
    await db.transaction(async (tx) => {
      // A long read holds its lock on the table until its transaction ends.
      await tx.execute(sql`select count(*) from scada_lecturas`);
      fallo = await mantenerParticiones(db, { desde: new Date('2019-01-01T00:00:00Z') }).then(
        () => null,
        (error: unknown) => error,
      );
    });
    expect(String((fallo as { cause?: unknown })?.cause ?? fallo)).toMatch(/lock timeout/);
    expect(Date.now() - t0).toBeLessThan(10_000);
    // Once the read is over the next pass makes the months.
    const r = await mantenerParticiones(db, { desde: new Date('2019-01-01T00:00:00Z') });
    expect(r.creadas).toContain('lecturas_p2019_01');
  });
});
