import { Cron } from 'croner';
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from './tipos.ts';
import { rowsOf } from './rows.ts';
import { CANDADOS } from './candados.ts';

/**
 * On PostgreSQL the per-minute reading tables are partitioned by month (migration 0007): a month's
 * rows live in `<table>_pYYYY_MM` (UTC month bounds), anything outside the months created so far in
 * `<table>_default`, so no write ever fails for want of a partition. This module keeps them:
 * - the months around now exist ahead of the collector (created at start and every day),
 * - rows that landed in the default partition (a restore, a replay of an old outage, a backfill)
 *   move into their month's partition,
 * - with a retention horizon (RETENCION_MINUTOS_DIAS), whole months of raw minutes older than it
 *   are dropped; the rollups (hourly, daily, historicos) are never touched.
 * Every change runs in its own short transaction under an advisory lock, so several servers
 * starting at once create each partition once.
 * PGlite keeps plain tables (migration 0007 says why): there the same horizon deletes the old
 * months' minutes one day per transaction, then VACUUM makes the space reusable.
 */
export const TABLAS_PARTICIONADAS = ['scada_lecturas', 'lecturas'] as const;
export type TablaParticionada = (typeof TABLAS_PARTICIONADAS)[number];

/** Any SQL text → its rows: a drizzle handle, a restore's client. */
export type Consultar = (texto: string) => Promise<Record<string, unknown>[]>;

const LOCK_KEY = CANDADOS.particiones;
const MES_RE = /_p(\d{4})_(\d{2})$/;

export const consultarDe =
  (db: Db): Consultar =>
  (texto) =>
    rowsOf<Record<string, unknown>>(db.execute(sql.raw(texto)));

/** First instant of the UTC month of `fecha`. */
export const inicioMes = (fecha: Date) => new Date(Date.UTC(fecha.getUTCFullYear(), fecha.getUTCMonth(), 1));
const mesSiguiente = (mes: Date) => new Date(Date.UTC(mes.getUTCFullYear(), mes.getUTCMonth() + 1, 1));
const clave = (mes: Date) => `${mes.getUTCFullYear()}_${String(mes.getUTCMonth() + 1).padStart(2, '0')}`;
export const nombreParticion = (tabla: TablaParticionada, mes: Date) => `${tabla}_p${clave(mes)}`;
const lit = (fecha: Date) => `'${fecha.toISOString()}'::timestamptz`;

/** The months that have a partition of `tabla` (first instants, ascending). */
export async function mesesConParticion(q: Consultar, tabla: TablaParticionada): Promise<Date[]> {
  const filas = (await q(
    `select c.relname from pg_inherits i join pg_class c on c.oid = i.inhrelid
      where i.inhparent = 'public.${tabla}'::regclass`,
  )) as { relname: string }[];
  const meses: Date[] = [];
  for (const { relname } of filas) {
    const m = MES_RE.exec(relname);
    if (m) meses.push(new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, 1)));
  }
  return meses.sort((a, b) => a.getTime() - b.getTime());
}

/** The months the default partition holds rows of. */
async function mesesEnDefault(q: Consultar, tabla: TablaParticionada): Promise<Date[]> {
  const filas = (await q(
    `select distinct date_trunc('month', fecha, 'UTC') as mes from public.${tabla}_default order by 1`,
  )) as { mes: Date | string }[];
  return filas.map((f) => new Date(f.mes));
}

/**
 * The partition of `mes`, created if missing. Rows of that month waiting in the default partition
 * are moved into it first (a partition cannot be created over rows the default holds); the CHECK
 * added before ATTACH spares PostgreSQL a scan to prove the rows belong there.
 */
export async function crearParticion(q: Consultar, tabla: TablaParticionada, mes: Date): Promise<boolean> {
  const nombre = nombreParticion(tabla, mes);
  const [existe] = (await q(`select to_regclass('public.${nombre}') is not null as ok`)) as { ok: boolean }[];
  if (existe?.ok) return false;
  const desde = lit(mes);
  const hasta = lit(mesSiguiente(mes));
  const rango = `fecha >= ${desde} and fecha < ${hasta}`;
  const [pendientes] = (await q(
    `select exists (select 1 from public.${tabla}_default where ${rango}) as hay`,
  )) as { hay: boolean }[];
  if (!pendientes?.hay) {
    await q(
      `create table public.${nombre} partition of public.${tabla} for values from (${desde}) to (${hasta})`,
    );
    return true;
  }
  await q(`create table public.${nombre} (like public.${tabla} including defaults)`);
  await q(`alter table public.${nombre} add constraint ${nombre}_rango check (${rango})`);
  await q(
    `with movidas as (delete from public.${tabla}_default where ${rango} returning *)
     insert into public.${nombre} select * from movidas`,
  );
  await q(
    `alter table public.${tabla} attach partition public.${nombre} for values from (${desde}) to (${hasta})`,
  );
  await q(`alter table public.${nombre} drop constraint ${nombre}_rango`);
  return true;
}

export interface OpcionesParticiones {
  ahora?: Date;
  /** Months created ahead of the current one (default 2). */
  mesesAdelante?: number;
  /** Also make sure of the months from this instant on (a backfill about to write them). */
  desde?: Date;
  /** Raw minutes older than this many days are dropped by whole months (null: kept forever). */
  retencionDias?: number | null;
}

export interface ResultadoParticiones {
  creadas: string[];
  eliminadas: string[];
  /** Rows deleted from the default partition by the retention horizon. */
  filasRetiradas: number;
}

/** Runs `paso` in a transaction under the partitions' advisory lock. */
type EnTransaccion = (paso: (q: Consultar) => Promise<void>) => Promise<void>;

const transaccionesDe =
  (db: Db): EnTransaccion =>
  (paso) =>
    db.transaction(async (tx) => {
      const q = consultarDe(tx as unknown as Db);
      // Creating or dropping a partition locks its parent: behind a long read (a five-year export)
      // it would queue every other query on the table. It gives up instead and the next pass tries
      // again (months are created two ahead).
      await q(`set local lock_timeout = '3s'`);
      await q(`select pg_advisory_xact_lock(${LOCK_KEY})`);
      await paso(q);
    });

/** The months a pass makes sure of: [from, now + ahead], plus every month waiting in the default partition. */
function mesesNecesarios(ahora: Date, adelante: number, desde: Date | undefined, enDefault: Date[]): Date[] {
  const meses = new Map<number, Date>();
  const actual = inicioMes(ahora);
  let mes = desde && desde < actual ? inicioMes(desde) : actual;
  let fin = actual;
  for (let i = 0; i < adelante; i++) fin = mesSiguiente(fin);
  for (; mes <= fin; mes = mesSiguiente(mes)) meses.set(mes.getTime(), mes);
  for (const m of enDefault) meses.set(m.getTime(), m);
  return [...meses.values()].sort((a, b) => a.getTime() - b.getTime());
}

/** Whether `tabla` is partitioned (PostgreSQL) or a plain table (PGlite). */
export async function esParticionada(q: Consultar, tabla: TablaParticionada): Promise<boolean> {
  const [fila] = (await q(
    `select exists (select 1 from pg_partitioned_table where partrelid = 'public.${tabla}'::regclass) as si`,
  )) as { si: boolean }[];
  return fila?.si === true;
}

const DIA_MS = 86_400_000;

/**
 * Retention on a plain table: the minutes before `hasta` deleted one UTC day per transaction (a
 * day of 100 tags is ≈ 150,000 rows: the dashboards wait for one short statement at a time, never
 * for the whole history), then VACUUM, so the new minutes reuse the space (PGlite has no
 * autovacuum). Returns the rows deleted.
 */
async function retirarPorDias(
  q: Consultar,
  enTransaccion: EnTransaccion,
  tabla: TablaParticionada,
  hasta: Date,
): Promise<number> {
  const primera = async (desde: Date) => {
    const [fila] = (await q(
      `select min(fecha) as f from public.${tabla} where fecha >= ${lit(desde)} and fecha < ${lit(hasta)}`,
    )) as { f: Date | string | null }[];
    return fila?.f ? new Date(fila.f) : null;
  };
  let filas = 0;
  // Day by day, from each next minute still there (a sparse history skips its empty days).
  let f = await primera(new Date(0));
  while (f) {
    const dia = new Date(Date.UTC(f.getUTCFullYear(), f.getUTCMonth(), f.getUTCDate()));
    const fin = new Date(Math.min(dia.getTime() + DIA_MS, hasta.getTime()));
    await enTransaccion(async (tx) => {
      const [fila] = (await tx(
        `with fuera as (delete from public.${tabla} where fecha >= ${lit(dia)} and fecha < ${lit(fin)} returning 1)
         select count(*)::int as n from fuera`,
      )) as { n: number }[];
      filas += fila?.n ?? 0;
    });
    f = await primera(fin);
  }
  // Not inside a transaction (VACUUM cannot run in one); a restore never retains (no horizon).
  if (filas > 0) await q(`vacuum public.${tabla}`);
  return filas;
}

/** The horizon of a retention of `dias`: raw minutes before it may go. */
export const horizonteRetencion = (ahora: Date, dias: number) =>
  new Date(ahora.getTime() - dias * 86_400_000);

/**
 * One maintenance pass over both reading tables (at start, daily, after a restore and before a
 * backfill). Idempotent; safe from several servers at once.
 */
export async function mantenerParticiones(
  db: Db,
  opciones: OpcionesParticiones = {},
): Promise<ResultadoParticiones> {
  return mantenerCon(consultarDe(db), transaccionesDe(db), opciones);
}

/** The same pass inside a transaction someone else holds (a restore): no transactions of its own. */
export function mantenerParticionesEn(q: Consultar, opciones: OpcionesParticiones = {}) {
  return mantenerCon(q, (paso) => paso(q), opciones);
}

async function mantenerCon(
  q: Consultar,
  enTransaccion: EnTransaccion,
  { ahora = new Date(), mesesAdelante = 2, desde, retencionDias = null }: OpcionesParticiones,
): Promise<ResultadoParticiones> {
  const resultado: ResultadoParticiones = { creadas: [], eliminadas: [], filasRetiradas: 0 };
  const horizonte = retencionDias === null ? null : horizonteRetencion(ahora, retencionDias);
  for (const tabla of TABLAS_PARTICIONADAS) {
    if (!(await esParticionada(q, tabla))) {
      if (horizonte)
        resultado.filasRetiradas += await retirarPorDias(q, enTransaccion, tabla, inicioMes(horizonte));
      continue;
    }
    const existentes = new Set((await mesesConParticion(q, tabla)).map((m) => m.getTime()));
    const meses = mesesNecesarios(ahora, mesesAdelante, desde, await mesesEnDefault(q, tabla)).filter(
      // A month wholly before the horizon is not created again only to be dropped.
      (m) => !existentes.has(m.getTime()) && !(horizonte && mesSiguiente(m) <= horizonte),
    );
    for (const mes of meses) {
      await enTransaccion(async (tx) => {
        if (await crearParticion(tx, tabla, mes)) resultado.creadas.push(nombreParticion(tabla, mes));
      });
    }
    if (!horizonte) continue;
    for (const mes of await mesesConParticion(q, tabla)) {
      if (mesSiguiente(mes) > horizonte) break;
      await enTransaccion(async (tx) => {
        const nombre = nombreParticion(tabla, mes);
        const [existe] = (await tx(`select to_regclass('public.${nombre}') is not null as ok`)) as {
          ok: boolean;
        }[];
        if (!existe?.ok) return;
        await tx(`drop table public.${nombre}`);
        resultado.eliminadas.push(nombre);
      });
    }
    await enTransaccion(async (tx) => {
      const [fila] = (await tx(
        `with fuera as (delete from public.${tabla}_default where fecha < ${lit(inicioMes(horizonte))} returning 1)
         select count(*)::int as n from fuera`,
      )) as { n: number }[];
      resultado.filasRetiradas += fila?.n ?? 0;
    });
  }
  return resultado;
}

/**
 * The daily pass (at 02:15 plant time, and when the server is ready if a retention is set): months ahead,
 * rows out of the default partitions, the retention horizon. Runs on every server; the advisory
 * lock inside makes each change once.
 */
export class MantenimientoParticiones {
  #cron: Cron | undefined;

  constructor(
    private readonly db: Db,
    private readonly opciones: {
      retencionDias: number | null;
      timeZone: string;
      logger?: Pick<Logger, 'info' | 'error'>;
    },
  ) {}

  get retencionDias(): number | null {
    return this.opciones.retencionDias;
  }

  async pasada(ahora = new Date()): Promise<ResultadoParticiones> {
    const resultado = await mantenerParticiones(this.db, {
      ahora,
      retencionDias: this.opciones.retencionDias,
    });
    if (resultado.creadas.length + resultado.eliminadas.length + resultado.filasRetiradas > 0) {
      this.opciones.logger?.info(resultado, 'particiones de lecturas al día');
    }
    return resultado;
  }

  iniciar(): void {
    if (this.#cron) return;
    const correr = async () => {
      try {
        await this.pasada();
      } catch (err) {
        this.opciones.logger?.error({ err }, 'no se pudo mantener las particiones de lecturas');
      }
    };
    this.#cron = new Cron('15 2 * * *', { timezone: this.opciones.timeZone, protect: true }, correr);
    // The migrations' pass at start made the months already; a retention is applied at once too.
    if (this.opciones.retencionDias !== null) void correr();
  }

  detener(): void {
    this.#cron?.stop();
    this.#cron = undefined;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The reading tables' monthly partitions and retention (tests run passes with it). */
    particiones: MantenimientoParticiones;
  }
}
