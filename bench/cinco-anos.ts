/**
 * Five years of minutes on PostgreSQL (issue 21 item 4, DESIGN §8): a database with BENCH_YEARS
 * (default 5) years of the demo plant — 4 lines of per-minute counters through the app's own
 * backfill and derivations, with the demo's own OPC tags — and 100 more OPC variables at 1-minute
 * readings (written with generate_series, rolled up hourly and daily as the collector does).
 * Then:
 * - the dashboards' GraphQL reads (bench/paneles.ts): each ≤ 250 ms;
 * - monthly and annual figures from the rollups vs the same figures scanned from the raw minutes:
 *   ≤ 250 ms and ≤ 0.05× the raw scan;
 * - the reading tables partitioned by month: partitions, sizes, and a line-day read that touches
 *   only its month's partition.
 * The database (BENCH_5Y_DB, default planta_bench_cinco_anos on DATABASE_URL_TEST's server) is kept
 * between runs: building it takes a while (≈ 20 min on 2 cores, ≈ 30 GB); BENCH_5Y_REBUILD=1 builds
 * it again (after an interrupted build too), BENCH_5Y_DROP=1 drops it at the end.
 */
import { performance } from 'node:perf_hooks';
import { addDays, productionDay, productionDayRange } from '@planta/domain';
import { createPlantModel } from '@planta/plant-model';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import pino from 'pino';
import { bootstrap } from '../apps/server/src/db/bootstrap.ts';
import { type Database, openDatabase } from '../apps/server/src/db/client.ts';
import {
  consultarDe,
  inicioMes,
  mantenerParticiones,
  TABLAS_PARTICIONADAS,
} from '../apps/server/src/db/particiones.ts';
import { rowsOf } from '../apps/server/src/db/rows.ts';
import { runDemoBackfill } from '../apps/server/src/demo/backfill.ts';
import { DEMO_SEED } from '../apps/server/src/demo/start-demo.ts';
import { medirPaneles } from './paneles.ts';
import { BENCH_PASSWORD } from './sesion.ts';
import { medianTime } from './stats.ts';

const TZ = 'America/Lima';
const PG_URL = process.env.DATABASE_URL_TEST || 'postgres://postgres@127.0.0.1:5432/test';
const NOMBRE = process.env.BENCH_5Y_DB ?? 'planta_bench_cinco_anos';
const ANOS = Number(process.env.BENCH_YEARS ?? 5);
const VARIABLES = 100;
const MARCA = `cinco-anos:${ANOS}:${VARIABLES}:v2`;
const silent = pino({ level: 'silent' });
const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
const ms = (n: number) => `${n.toFixed(1)} ms`;

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 3_000 });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

const urlDe = (nombre: string) => {
  const url = new URL(PG_URL);
  url.pathname = `/${nombre}`;
  return url.toString();
};

async function marca(db: Database['db']): Promise<string | null> {
  const [fila] = await rowsOf<{ valor: string }>(
    db.execute(sql`select valor from sistema where clave = 'bench_cinco_anos'`),
  );
  return fila?.valor ?? null;
}

/**
 * The synthetic OPC variables' minutes of one month (every variable, every minute), written by the
 * database itself, and their hourly and daily rollups (the statements of derivations/rollups.ts
 * over a month instead of a day).
 */
async function escribirMes(url: string, ids: number[], desde: Date, hasta: Date): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('set synchronous_commit = off');
    const a = desde.toISOString();
    const b = hasta.toISOString();
    // Ordered by (variable, minute): the primary key's index grows at its right edge.
    const r = await client.query(
      `insert into lecturas (variable_id, fecha, valor)
       select v, t, round((50 + 20 * sin(extract(epoch from t) / 3600.0 + v) + (v % 7))::numeric, 3)::float8
       from unnest($1::int[]) v
       cross join lateral generate_series($2::timestamptz, $3::timestamptz - interval '1 minute', interval '1 minute') t
       on conflict do nothing`,
      [ids, a, b],
    );
    await client.query(
      `insert into lecturas_hora (variable_id, fecha, suma, minimo, maximo, conteo, ultimo)
       select variable_id, date_bin('1 hour', fecha, timestamptz '2000-01-01 00:00:00+00'),
              sum(valor), min(valor), max(valor), count(*), (array_agg(valor order by fecha desc))[1]
       from lecturas where variable_id = any($1::int[]) and fecha >= $2::timestamptz and fecha < $3::timestamptz
       group by 1, 2
       on conflict (variable_id, fecha) do nothing`,
      [ids, a, b],
    );
    return r.rowCount ?? 0;
  } finally {
    await client.end();
  }
}

async function construir(database: Database): Promise<void> {
  const db = database.db;
  const ahora = new Date();
  const dias = Math.round(ANOS * 365.25);
  console.log(
    `  building: ${dias} demo days (4 lines of minutes, derivations), then ${VARIABLES} variables × 1-minute readings`,
  );
  let t0 = performance.now();
  await runDemoBackfill(db, {
    model: createPlantModel({ seed: DEMO_SEED, timeZone: TZ }),
    days: dias,
    timeZone: TZ,
    now: ahora,
    logger: silent,
  });
  console.log(`  demo backfill ${((performance.now() - t0) / 1000).toFixed(0)} s`);

  const hasta = productionDayRange(addDays(productionDay(ahora, TZ), -1), TZ).end;
  const desde = productionDayRange(addDays(productionDay(ahora, TZ), -dias), TZ).start;
  // The demo's OPC tags write their readings at their own rates; the hundred synthetic tags every
  // minute. Only tags without readings yet are written (a database built by an earlier version).
  const ids = (
    await rowsOf<{ id: number }>(
      db.execute(sql`insert into variables (nombre, nivel, area, unidad, agregacion, fuente)
        select 'Banco ' || lpad(n::text, 3, '0') || ' (Nm³/h)', 'GLOBAL', 'aire', 'Nm³/h', 'PROMEDIO', 'OPC'
        from generate_series(1, ${VARIABLES}) n
        on conflict (nombre) do update set estado = variables.estado returning id`),
    )
  ).map((r) => r.id);
  const escritas = new Set(
    (
      await rowsOf<{ id: number }>(
        db.execute(sql`select v as id from unnest(${sql.param(ids)}::int[]) v
          where exists (select 1 from lecturas where variable_id = v and fecha >= ${new Date(hasta.getTime() - 3_600_000).toISOString()}::timestamptz)`),
      )
    ).map((r) => r.id),
  );
  const faltan = ids.filter((id) => !escritas.has(id));
  await mantenerParticiones(db, { desde });
  t0 = performance.now();
  const meses: [Date, Date][] = [];
  for (
    let m = inicioMes(desde);
    m < hasta;
    m = new Date(Date.UTC(m.getUTCFullYear(), m.getUTCMonth() + 1, 1))
  ) {
    const fin = new Date(Date.UTC(m.getUTCFullYear(), m.getUTCMonth() + 1, 1));
    meses.push([m < desde ? desde : m, fin > hasta ? hasta : fin]);
  }
  let filas = 0;
  // Two months at a time: one per core.
  for (let i = 0; i < meses.length; i += 2) {
    const lote = await Promise.all(
      meses.slice(i, i + 2).map(([a, b]) => escribirMes(urlDe(NOMBRE), faltan, a, b)),
    );
    filas += lote.reduce((s, n) => s + n, 0);
    if ((i / 2) % 6 === 0) {
      const s = (performance.now() - t0) / 1000;
      console.log(
        `    ${filas.toLocaleString('en-US')} readings (${Math.round(filas / s).toLocaleString('en-US')} rows/s)`,
      );
    }
  }
  // Daily rollups by production day (08:00 to 08:00 plant time), as the derivation writes them;
  // then fresh statistics. Longer than the app pool's 30 s statement timeout: a client of its own.
  const client = new pg.Client({ connectionString: urlDe(NOMBRE) });
  await client.connect();
  try {
    await client.query(
      `insert into lecturas_dia (variable_id, fecha, suma, minimo, maximo, conteo, ultimo)
       select variable_id, ((fecha at time zone $1) - interval '8 hours')::date,
              sum(suma), min(minimo), max(maximo), sum(conteo), (array_agg(ultimo order by fecha desc))[1]
       from lecturas_hora where variable_id = any($2::int[])
       group by 1, 2
       on conflict (variable_id, fecha) do nothing`,
      [TZ, faltan],
    );
    await client.query('analyze');
  } finally {
    await client.end();
  }
  console.log(
    `  ${faltan.length} synthetic variables: ${filas.toLocaleString('en-US')} readings and their rollups in ${((performance.now() - t0) / 1000).toFixed(0)} s`,
  );
  await db.execute(sql`insert into sistema (clave, valor) values ('bench_cinco_anos', ${MARCA})
    on conflict (clave) do update set valor = excluded.valor`);
}

async function medir(database: Database): Promise<void> {
  const db = database.db;
  const q = consultarDe(db);

  console.log('\n  tables');
  for (const tabla of TABLAS_PARTICIONADAS) {
    const [t] = (await q(
      `select count(*)::int as particiones, sum(c.reltuples)::bigint::text as filas,
              pg_size_pretty(sum(pg_total_relation_size(c.oid))::bigint) as tamano
       from pg_inherits i join pg_class c on c.oid = i.inhrelid where i.inhparent = 'public.${tabla}'::regclass`,
    )) as { particiones: number; filas: string; tamano: string }[];
    console.log(
      `    ${tabla.padEnd(16)} ${Number(t?.filas ?? 0)
        .toLocaleString('en-US')
        .padStart(13)} rows   ${t?.particiones} partitions   ${t?.tamano}`,
    );
  }

  const fecha = addDays(productionDay(new Date(), TZ), -1);
  const { start, end } = productionDayRange(fecha, TZ);
  const plan = (await q(
    `explain (format json) select * from scada_lecturas
      where linea = 1 and fecha >= '${start.toISOString()}' and fecha < '${end.toISOString()}'`,
  )) as { 'QUERY PLAN': unknown }[];
  const tocadas = new Set(
    JSON.stringify(plan[0]?.['QUERY PLAN']).match(/scada_lecturas_p\d{4}_\d{2}|scada_lecturas_default/g),
  );
  const lineaDia = await medianTime(
    () =>
      db.execute(sql`select * from scada_lecturas where linea = 1
        and fecha >= ${start.toISOString()}::timestamptz and fecha < ${end.toISOString()}::timestamptz`),
    15,
  );
  console.log(
    `    a line-day of minutes reads ${tocadas.size} partition(s) (${[...tocadas].join(', ')}): ${ms(lineaDia)} ${verdict(tocadas.size <= 2)}`,
  );

  console.log('\n  dashboards through GraphQL (budget 250 ms each)');
  for (const m of await medirPaneles(database, TZ)) {
    console.log(`    ${m.nombre.padEnd(48)} ${ms(m.ms).padStart(10)} ${verdict(m.ms <= 250)}`);
  }

  console.log('\n  figures from the rollups vs the raw minutes (budget ≤ 250 ms and ≤ 0.05×)');
  const anio = `${fecha.slice(0, 4)}-01-01`;
  const { start: inicioAnio } = productionDayRange(anio, TZ);
  const [banco] = await rowsOf<{ id: number }>(
    db.execute(sql`select id from variables where nombre = 'Banco 001 (Nm³/h)'`),
  );
  // A whole month: the last complete one (early in a month the month in progress is a few days,
  // and its raw read as short as the rollup's: 2026-12-04, 4 days, 29 against 182 ms).
  const finDeMes = addDays(`${fecha.slice(0, 7)}-01`, -1);
  const mes = `${finDeMes.slice(0, 7)}-01`;
  const cincoAnos = productionDayRange(addDays(fecha, -Math.round(ANOS * 365.25) + 1), TZ).start;
  const casos: [string, () => Promise<unknown>, () => Promise<unknown>][] = [
    [
      "a line's production, year to date",
      () =>
        db.execute(sql`select h.anual from historicos h join variables v on v.id = h.variable_id
          where v.nombre = 'Producción (CU)_561' and h.fecha = ${fecha}::date`),
      () =>
        db.execute(sql`select sum(s.paquetes * pr.factor::float8) from scada_lecturas s
          join producto_presentaciones pp on pp.hmi_linea1_id = s.formato
          join presentaciones pr on pr.id = pp.presentacion_id
          where s.linea = 1 and s.fecha >= ${inicioAnio.toISOString()}::timestamptz and s.fecha < ${end.toISOString()}::timestamptz`),
    ],
    [
      "a line's production by month, five years",
      () =>
        db.execute(sql`select date_trunc('month', h.fecha) as mes, sum(h.diario) from historicos h
          join variables v on v.id = h.variable_id
          where v.nombre = 'Producción (CU)_561' and h.fecha >= ${addDays(fecha, -Math.round(ANOS * 365.25) + 1)}::date
          group by 1 order by 1`),
      () =>
        db.execute(sql`select date_trunc('month', (s.fecha at time zone ${TZ}) - interval '8 hours') as mes,
            sum(s.paquetes * pr.factor::float8) from scada_lecturas s
          join producto_presentaciones pp on pp.hmi_linea1_id = s.formato
          join presentaciones pr on pr.id = pp.presentacion_id
          where s.linea = 1 and s.fecha >= ${cincoAnos.toISOString()}::timestamptz and s.fecha < ${end.toISOString()}::timestamptz
          group by 1 order by 1`),
    ],
    [
      'an OPC variable, mean by month, five years',
      () =>
        db.execute(sql`select date_trunc('month', fecha) as mes, sum(suma) / sum(conteo) from lecturas_dia
          where variable_id = ${banco?.id ?? 0} group by 1 order by 1`),
      () =>
        db.execute(sql`select date_trunc('month', (fecha at time zone ${TZ}) - interval '8 hours') as mes, avg(valor)
          from lecturas where variable_id = ${banco?.id ?? 0} group by 1 order by 1`),
    ],
    [
      `the ${VARIABLES} variables' daily figures of a month (${mes.slice(0, 7)})`,
      () =>
        db.execute(sql`select variable_id, fecha, suma / nullif(conteo, 0) from lecturas_dia
          where fecha >= ${mes}::date and fecha <= ${finDeMes}::date`),
      () =>
        db.execute(sql`select variable_id, ((fecha at time zone ${TZ}) - interval '8 hours')::date as dia, avg(valor)
          from lecturas where fecha >= ${productionDayRange(mes, TZ).start.toISOString()}::timestamptz
            and fecha < ${productionDayRange(finDeMes, TZ).end.toISOString()}::timestamptz group by 1, 2`),
    ],
  ];
  for (const [nombre, rollup, crudo] of casos) {
    const a = await medianTime(rollup, 15);
    const b = await medianTime(crudo, 3);
    console.log(
      `    ${nombre.padEnd(44)} rollup ${ms(a).padStart(9)}   raw ${ms(b).padStart(10)}   ${(a / b).toFixed(4)}x ${verdict(a <= 250 && a / b <= 0.05)}`,
    );
  }
}

console.log(
  `\nFive years on PostgreSQL (${ANOS} years, ${VARIABLES} variables at 1-minute readings, database ${NOMBRE})`,
);
const existe = await admin(
  async (c) => (await c.query('select 1 from pg_database where datname = $1', [NOMBRE])).rowCount,
).catch((error: unknown) => {
  console.log(`  PostgreSQL not reachable at ${PG_URL} (${(error as Error).message}): skipped`);
  return null;
});
if (existe !== null) {
  if (existe && process.env.BENCH_5Y_REBUILD === '1')
    await admin((c) => c.query(`drop database ${NOMBRE} with (force)`));
  if (!existe || process.env.BENCH_5Y_REBUILD === '1')
    await admin((c) => c.query(`create database ${NOMBRE}`));
  const database = await openDatabase({ kind: 'postgres', url: urlDe(NOMBRE) });
  try {
    await database.migrate();
    await bootstrap(database.db, BENCH_PASSWORD, silent);
    if ((await marca(database.db)) !== MARCA) await construir(database);
    else console.log('  (the database built by an earlier run; BENCH_5Y_REBUILD=1 builds it again)');
    await medir(database);
  } finally {
    await database.close();
    if (process.env.BENCH_5Y_DROP === '1')
      await admin((c) => c.query(`drop database ${NOMBRE} with (force)`));
  }
}

export {};
