import {
  addDays,
  type ClasePerdida,
  productionDay,
  productionDayRange,
  productionDaysBetween,
} from '@planta/domain';
import { type DayData, hashUnit, type Paro, type PlantModel } from '@planta/plant-model';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { insertUnnest, joinInserts, unnestInserts } from '../db/bulk.ts';
import type { Db } from '../db/client.ts';
import { mantenerParticiones } from '../db/particiones.ts';
import { sistema } from '../db/schema/index.ts';
import { recomputeAggregates } from '../derivations/historicos.ts';
import { type DerivedValue, upsertDailyValues } from '../derivations/daily-values.ts';
import { deriveProductionDay } from '../derivations/production-day.ts';
import { deriveZeroWasteMonth } from '../derivations/zero-waste.ts';
import { rowsOf } from '../db/rows.ts';
import { isUniqueViolation } from '../db/unique.ts';
import type { ProgresoDemo } from './progreso.ts';
import { type ReferenceIds, rutaMotivo, seedReference } from './seed-reference.ts';

/**
 * `sistema` keys. The history holds every day of [demo.completa_desde, demo.hasta] completely; a
 * first start writes it newest day first (demo.hasta is the last day from the start, and
 * demo.completa_desde goes back day by day), a later start adds the days since demo.hasta oldest
 * first. Without demo.completa_desde (a history written oldest day first, before) it is demo.desde.
 */
export const DEMO_UNTIL_KEY = 'demo.hasta';
export const DEMO_COMPLETE_FROM_KEY = 'demo.completa_desde';
const DEMO_FROM_KEY = 'demo.desde';

export interface BackfillOptions {
  model: PlantModel;
  days: number;
  timeZone: string;
  /** "Now": the history ends at the last complete production day before it. */
  now: Date;
  logger: Logger;
  /** Told how far the history has got (days written of all its days, and today). */
  progreso?: ProgresoDemo;
}

export interface BackfillResult {
  desde: string;
  hasta: string;
  daysWritten: number;
}

async function getKey(db: Db, clave: string): Promise<string | null> {
  const [row] = await db.select({ valor: sistema.valor }).from(sistema).where(eq(sistema.clave, clave));
  return row?.valor ?? null;
}

async function setKey(db: Db, clave: string, valor: string): Promise<void> {
  await db
    .insert(sistema)
    .values({ clave, valor })
    .onConflictDoUpdate({ target: sistema.clave, set: { valor, actualizado: sql`now()` } });
}

const ms = (t: number) => new Date(t).toISOString();

/** Share of the recent stops an operator has not given a reason yet. */
const SIN_MOTIVO_AUN = 0.3;
/** Salt of the one draw per stop that decides it (any fixed number: the same stops on every run). */
const SAL_SIN_MOTIVO = 0x3307;

/**
 * Stops from this instant on (the production day before today's, and today's) are recent: an
 * operator may not have given their reason yet.
 */
function recientesDesde(today: string, timeZone: string): number {
  return productionDayRange(addDays(today, -1), timeZone).start.getTime();
}

interface ParoConMotivo extends Paro {
  motivoId: number | null;
  clase: ClasePerdida | null;
}

/**
 * A demo stop's reason as the database holds it: the model's reason looked up by category and name
 * in the plant's tree as it is now (deleted, renamed, or limited to other lines: none), its class
 * that reason's, its fault code only where that reason lists it. A recent stop's reason comes from
 * the operator, and about 30 % of them have none yet: those the PLC cannot classify by itself, so
 * neither a micro-stop (detected and classed by its length) nor a stop whose fault code selects its
 * reason. Such a stop has no class either (its tipo's, on the screens) and no fault code.
 */
function conMotivo(ids: ReferenceIds, paro: Paro, recientes: number): ParoConMotivo {
  const motivo = paro.motivo && ids.motivoByRuta.get(rutaMotivo(paro.motivo.categoria, paro.motivo.nombre));
  const lineaId = ids.lineaIdByNumero.get(paro.linea);
  const valido =
    motivo && (motivo.lineaIds.length === 0 || (lineaId !== undefined && motivo.lineaIds.includes(lineaId)));
  const codigoFalla =
    valido && paro.codigoFalla !== null && motivo.codigosFalla.includes(paro.codigoFalla)
      ? paro.codigoFalla
      : null;
  const pendiente =
    paro.tipo !== 'MICROPARO' &&
    codigoFalla === null &&
    paro.inicio >= recientes &&
    hashUnit(SAL_SIN_MOTIVO, paro.linea, paro.inicio / 60_000) < SIN_MOTIVO_AUN;
  if (!valido || pendiente) return { ...paro, motivoId: null, clase: null, codigoFalla: null };
  return { ...paro, motivoId: motivo.id, clase: motivo.clase, codigoFalla };
}

/**
 * The INSERTs of one production day's raw rows, built (not run). Idempotent by default: every table
 * is keyed by series and time and the rows already there are kept. `sinConflictos`: the minute
 * tables (scada_lecturas, lecturas) hold nothing of this day yet, so their rows go in without ON
 * CONFLICT (a plain insert is a third cheaper on PGlite); a row already there would then fail the
 * statement with a unique violation, never be written twice.
 */
function dayInserts(ids: ReferenceIds, day: DayData, recientes: number, sinConflictos = false): SQL[] {
  const lineaId = (numero: number) => {
    const id = ids.lineaIdByNumero.get(numero);
    if (id === undefined) throw new Error(`línea desconocida ${numero}`);
    return id;
  };
  const minutos = sinConflictos ? '' : 'on conflict do nothing';
  const empleado = (codigo: string) => ids.empleadoIdByCodigo.get(codigo);
  return [
    ...unnestInserts(
      'scada_lecturas',
      [
        { name: 'linea', type: 'smallint', value: (r) => r.linea },
        { name: 'fecha', type: 'timestamptz', value: (r) => ms(r.t) },
        { name: 'velocidad', type: 'float8', value: (r) => r.velocidad },
        { name: 'botellas', type: 'int', value: (r) => r.botellas },
        { name: 'botellas_llenas', type: 'int', value: (r) => r.botellasLlenas },
        { name: 'paquetes', type: 'int', value: (r) => r.paquetes },
        { name: 'formato', type: 'int', value: (r) => r.formato },
      ],
      day.scada,
      minutos,
    ),
    ...unnestInserts(
      'lecturas',
      [
        { name: 'variable_id', type: 'int', value: (r) => ids.variableIdByNombre.get(r.variable) },
        { name: 'fecha', type: 'timestamptz', value: (r) => ms(r.t) },
        { name: 'valor', type: 'float8', value: (r) => r.valor },
      ],
      day.lecturas.filter((l) => ids.variableIdByNombre.has(l.variable)),
      minutos,
    ),
    ...unnestInserts(
      'paros',
      [
        { name: 'linea_id', type: 'int', value: (r) => lineaId(r.linea) },
        { name: 'inicio', type: 'timestamptz', value: (r) => ms(r.inicio) },
        { name: 'fin', type: 'timestamptz', value: (r) => ms(r.fin) },
        { name: 'equipo', type: 'text', value: (r) => r.equipo },
        { name: 'causa', type: 'text', value: (r) => r.causa },
        { name: 'tipo', type: 'text', value: (r) => r.tipo },
        { name: 'origen', type: 'text', value: () => 'DEMO' },
        { name: 'motivo_id', type: 'int', value: (r) => r.motivoId },
        { name: 'clase', type: 'text', value: (r) => r.clase },
        { name: 'codigo_falla', type: 'int', value: (r) => r.codigoFalla },
      ],
      day.paros.map((p) => conMotivo(ids, p, recientes)),
      sinConflictos ? 'on conflict do nothing' : SIN_PAROS_DEL_COLECTOR,
    ),
    ...unnestInserts(
      'turnos',
      [
        { name: 'linea_id', type: 'int', value: (r) => lineaId(r.linea) },
        { name: 'fecha', type: 'date', value: () => day.fecha },
        { name: 'horas_productividad', type: 'float8', value: (r) => r.horasProductividad },
      ],
      day.turnos,
      'on conflict do nothing',
    ),
    ...unnestInserts(
      'asistencias',
      [
        { name: 'empleado_id', type: 'int', value: (r) => empleado(r.codigo) },
        { name: 'fecha', type: 'date', value: () => day.fecha },
        { name: 'estado', type: 'text', value: (r) => r.estado },
        { name: 'entrada', type: 'time', value: (r) => r.entrada },
        { name: 'salida', type: 'time', value: (r) => r.salida },
      ],
      day.asistencias.filter((a) => empleado(a.codigo) !== undefined),
      'on conflict do nothing',
    ),
    ...unnestInserts(
      'horas_extra',
      [
        { name: 'empleado_id', type: 'int', value: (r) => empleado(r.codigo) },
        { name: 'fecha', type: 'date', value: () => day.fecha },
        { name: 'horas', type: 'float8', value: (r) => r.horas },
        { name: 'tipo', type: 'text', value: (r) => r.tipo },
        { name: 'motivo', type: 'text', value: (r) => r.motivo },
      ],
      day.horasExtra.filter((h) => empleado(h.codigo) !== undefined),
      'on conflict do nothing',
    ),
  ];
}

/**
 * The model's stops of a day the collector may have seen live (today, or the days after an earlier
 * start): a stop of the model that overlaps one the collector recorded (origen PLC) on its line is
 * left out, so a restart never adds the model's version of a stop already there.
 */
const SIN_PAROS_DEL_COLECTOR = `as u(linea_id, inicio, fin, equipo, causa, tipo, origen, motivo_id, clase, codigo_falla)
  where not exists (
    select 1 from paros c
    where c.linea_id = u.linea_id and c.origen = 'PLC' and c.inicio < u.fin
      and coalesce(c.fin, 'infinity'::timestamptz) > u.inicio and c.inicio > u.inicio - interval '1 day'
  )
  on conflict do nothing`;

/** The raw rows of one production day (idempotent: rows already there are kept). */
async function writeDay(db: Db, ids: ReferenceIds, day: DayData, recientes: number): Promise<void> {
  for (const statement of dayInserts(ids, day, recientes)) await db.execute(statement);
}

/** The days from `fecha` to the end of its month (the plan of the month is known ahead). */
function restOfMonth(fecha: string): string[] {
  const [y, m] = fecha.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
  return productionDaysBetween(fecha, last);
}

/** Metas of every variable with a target for the days [desde, hasta]. */
async function writeMetas(
  db: Db,
  model: PlantModel,
  ids: ReferenceIds,
  days: readonly string[],
): Promise<void> {
  const rows: { variableId: number; fecha: string; valor: number }[] = [];
  for (const variable of model.reference.variables) {
    const variableId = ids.variableIdByNombre.get(variable.nombre);
    if (variableId === undefined) continue;
    for (const fecha of days) {
      const valor = model.meta(variable.nombre, fecha);
      if (valor !== null && Number.isFinite(valor)) rows.push({ variableId, fecha, valor });
    }
  }
  await insertUnnest(
    db,
    'metas',
    [
      { name: 'variable_id', type: 'int', value: (r) => r.variableId },
      { name: 'fecha', type: 'date', value: (r) => r.fecha },
      { name: 'valor', type: 'float8', value: (r) => r.valor },
    ],
    rows,
    'on conflict do nothing',
  );
}

/** Monthly data: plans, zero-waste records, overtime budgets, OBZ, and the year's zero-waste projection. */
async function writeMonths(
  db: Db,
  model: PlantModel,
  ids: ReferenceIds,
  days: readonly string[],
): Promise<void> {
  const months = [...new Set(days.map((d) => d.slice(0, 7)))];
  for (const ym of months) {
    const [year, month] = ym.split('-').map(Number) as [number, number];
    const data = model.month(year, month);
    const mes = `${ym}-01`;
    await insertUnnest(
      db,
      'zw_registros',
      [
        { name: 'mes', type: 'date', value: () => mes },
        {
          name: 'clasificacion_id',
          type: 'int',
          value: (r) => ids.clasificacionIdByDescripcion.get(r.clasificacion),
        },
        { name: 'kg', type: 'float8', value: (r) => r.kg },
      ],
      data.zeroWaste.filter((z) => ids.clasificacionIdByDescripcion.has(z.clasificacion)),
      'on conflict do nothing',
    );
    await deriveZeroWasteMonth(db, mes);
    await insertUnnest(
      db,
      'presupuestos_horas_extra',
      [
        { name: 'area', type: 'text', value: (r) => r.area },
        { name: 'mes', type: 'date', value: () => mes },
        { name: 'horas', type: 'float8', value: (r) => r.horas },
      ],
      data.presupuestoHorasExtra,
      'on conflict do nothing',
    );
    await insertUnnest(
      db,
      'obz_montos',
      [
        { name: 'paquete_id', type: 'int', value: (r) => ids.paqueteIdByNombre.get(r.paquete) },
        { name: 'mes', type: 'date', value: () => mes },
        { name: 'presupuesto', type: 'float8', value: (r) => r.presupuesto },
        { name: 'real', type: 'float8', value: (r) => r.real },
      ],
      data.obz.filter((o) => ids.paqueteIdByNombre.has(o.paquete)),
      'on conflict do nothing',
    );
  }
  for (const year of new Set(months.map((m) => Number(m.slice(0, 4))))) {
    // The AOP is the year's budget month by month: a plant has all twelve months planned, the
    // months still to come included (Planificación compares the year to date with the whole plan).
    for (let month = 1; month <= 12; month++) {
      const mes = `${year}-${String(month).padStart(2, '0')}-01`;
      await insertUnnest(
        db,
        'planificaciones',
        [
          { name: 'variable_id', type: 'int', value: (r) => ids.variableIdByNombre.get(r.variable) },
          { name: 'fecha', type: 'date', value: () => mes },
          { name: 'negociado', type: 'float8', value: (r) => r.negociado },
          { name: 'aop', type: 'float8', value: (r) => r.aop },
        ],
        model.month(year, month).planificaciones.filter((p) => ids.variableIdByNombre.has(p.variable)),
        'on conflict do nothing',
      );
    }
    await insertUnnest(
      db,
      'zw_proyecciones',
      [
        { name: 'anio', type: 'smallint', value: () => year },
        {
          name: 'clasificacion_id',
          type: 'int',
          value: (r) => ids.clasificacionIdByDescripcion.get(r.clasificacion),
        },
        { name: 'aprovechables', type: 'float8', value: (r) => r.aprovechables },
        { name: 'no_aprovechables', type: 'float8', value: (r) => r.noAprovechables },
        { name: 'zero_waste', type: 'float8', value: (r) => r.zeroWaste },
      ],
      model.zeroWasteProjection(year).filter((p) => ids.clasificacionIdByDescripcion.has(p.clasificacion)),
      'on conflict do nothing',
    );
  }
}

/**
 * The current production day up to the last whole minute, so the live collector (same model and
 * seed) continues the history without a hole. Rows already there are kept (idempotent).
 */
export async function writeToday(
  db: Db,
  ids: ReferenceIds,
  model: PlantModel,
  today: string,
  now: Date,
  timeZone: string,
): Promise<void> {
  const cutoff = Math.floor(now.getTime() / 60_000) * 60_000;
  const day = model.day(today);
  const partial: DayData = {
    ...day,
    scada: day.scada.filter((r) => r.t < cutoff),
    lecturas: day.lecturas.filter((r) => r.t < cutoff),
    paros: day.paros.filter((p) => p.fin <= cutoff),
  };
  // The shift plan of the rest of the month is known ahead too: the live days that follow have
  // their paid hours (the time model needs them) without waiting for a backfill. Simulating a day
  // takes a few milliseconds: yield between days so the month's rest never holds the event loop
  // for long (/healthz < 200 ms while this runs).
  const ahead: Array<DayData['turnos'][number] & { fecha: string }> = [];
  for (const fecha of restOfMonth(today).slice(1)) {
    await yieldToLoop();
    ahead.push(...model.day(fecha).turnos.map((t) => ({ ...t, fecha })));
  }
  await db.transaction(async (tx) => {
    // The day in progress (and the rest of its month, which the live collector derives) has its
    // meta from its start: the month's plan spread over the scheduled capacity of each day.
    await writeMetas(tx as unknown as Db, model, ids, restOfMonth(today));
    await insertUnnest(
      tx as unknown as Db,
      'turnos',
      [
        { name: 'linea_id', type: 'int', value: (r) => ids.lineaIdByNumero.get(r.linea) },
        { name: 'fecha', type: 'date', value: (r) => r.fecha },
        { name: 'horas_productividad', type: 'float8', value: (r) => r.horasProductividad },
      ],
      ahead.filter((t) => ids.lineaIdByNumero.has(t.linea)),
      'on conflict do nothing',
    );
    await writeDay(tx as unknown as Db, ids, partial, recientesDesde(today, timeZone));
    await deriveProductionDay(tx as unknown as Db, today, timeZone, { now: cutoff });
  });
}

/** A production day of the backfill with its statements built, ready to be written. */
interface PreparedDay {
  fecha: string;
  data: DayData;
  sinConflictos: boolean;
  /** The day's raw rows, every table in one statement. */
  inserts: SQL | null;
  /** Values entered by hand in the plant (valores of the model), as daily historicos. */
  manual: DerivedValue[];
  /** The SAP efficiencies of the derived day, and the day marked done in `sistema`. */
  finish: SQL;
}

function prepareDay(
  ids: ReferenceIds,
  day: DayData,
  recientes: number,
  sinConflictos: boolean,
  progressKey: string,
): PreparedDay {
  const manual: DerivedValue[] = [];
  for (const v of day.valores) {
    const variableId = ids.variableIdByNombre.get(v.variable);
    if (variableId === undefined) continue;
    manual.push({
      variableId,
      valor: v.valor,
      // Stored so that diario = numerador / denominador (see recomputeAggregates).
      denominador: v.denominador ?? null,
      numerador: v.denominador !== undefined && v.numerador !== undefined ? v.valor * v.denominador : null,
    });
  }
  const finish = sql`
    with sap as (
      update eficiencias e set sap = s.sap
      from unnest(${sql.param(day.sap.map((s) => ids.lineaIdByNumero.get(s.linea) ?? 0))}::int[],
                  ${sql.param(day.sap.map((s) => s.eficiencia))}::float8[]) as s(linea_id, sap)
      where e.linea_id = s.linea_id and e.fecha = ${day.fecha}::date
      returning 1
    )
    insert into sistema (clave, valor, actualizado) values (${progressKey}, ${day.fecha}, now())
    on conflict (clave) do update set valor = excluded.valor, actualizado = excluded.actualizado`;
  return {
    fecha: day.fecha,
    data: day,
    sinConflictos,
    inserts: joinInserts(dayInserts(ids, day, recientes, sinConflictos)),
    manual,
    finish,
  };
}

/**
 * One day of the backfill in one transaction: raw rows, hand-entered values, the day's derivation
 * (the live code path), SAP, progress. `whileDeriving` runs on this thread while the database
 * works on the derivation's first statement.
 */
async function writePreparedDay(
  db: Db,
  day: PreparedDay,
  timeZone: string,
  whileDeriving: () => void,
): Promise<void> {
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    if (day.inserts) await t.execute(day.inserts);
    await upsertDailyValues(t, day.fecha, day.manual);
    const derived = deriveProductionDay(t, day.fecha, timeZone, {
      recompute: false,
      minutosRecienEscritos: day.inserts !== null,
    });
    // Awaited below: this only keeps a failure from counting as unhandled in the meantime.
    derived.catch(() => {});
    // One turn of the event loop sends the derivation's first statement before the work starts.
    await yieldToLoop();
    whileDeriving();
    await derived;
    await t.execute(day.finish);
  });
}

/** Time (epoch ms) of the earliest row of scada_lecturas or lecturas; null when both are empty. */
async function firstMinuteWritten(db: Db): Promise<number | null> {
  // Per series through the primary keys (linea, fecha) and (variable_id, fecha): a few index
  // probes. A row of a series not listed here would escape, and meet the unique violation fallback.
  const [row] = await rowsOf<{ t: number | null }>(
    db.execute(sql`
      select (extract(epoch from least(
        (select min(x.fecha) from lineas l
           cross join lateral (select s.fecha from scada_lecturas s where s.linea = l.numero order by s.fecha limit 1) x),
        (select min(x.fecha) from variables v
           cross join lateral (select r.fecha from lecturas r where r.variable_id = v.id order by r.fecha limit 1) x)
      )) * 1000)::float8 as t`),
  );
  return row?.t ?? null;
}

/**
 * Summarizes the block ranges written since the last call in every BRIN index of the schema (the
 * minute tables' time indexes, per partition). Nothing summarizes them otherwise while the history
 * fills (PGlite has no autovacuum): an unsummarized range matches every query, so each day's
 * derivation read its whole month's partition (~300 ms for a day's scan 20 days into a month,
 * 35 ms summarized). Data are untouched. Without the privilege (PostgreSQL: owner or MAINTAIN),
 * it is left off.
 */
async function summarizeBrin(db: Db, logger: Logger, state: { off: boolean }): Promise<void> {
  if (state.off) return;
  try {
    await db.execute(sql`
      select brin_summarize_new_values(c.oid) from pg_class c join pg_am a on a.oid = c.relam
      where a.amname = 'brin' and c.relkind = 'i' and c.relnamespace = current_schema()::regnamespace`);
  } catch (err) {
    state.off = true;
    logger.warn({ err }, 'historia de demostración: no se pudieron resumir los índices BRIN');
  }
}

/** The last day of `fecha`'s year. */
const yearEnd = (fecha: string) => `${fecha.slice(0, 4)}-12-31`;

/**
 * Demo history on an empty database: reference data, then `days` production days of raw rows
 * from the plant model, each day derived with the same code as live data. Newest first: the day
 * in progress, then yesterday and back, so today, this month and the dashboards' three-month
 * window read right first; each month's mensual/anual are recomputed as soon as its days are all
 * there (a year's anual once it is complete back to its start). Resumable: progress is committed
 * per day in `sistema`, so a start interrupted half-way continues where it stopped.
 */
export async function runDemoBackfill(db: Db, options: BackfillOptions): Promise<BackfillResult | null> {
  const { model, timeZone, logger, progreso } = options;
  if (options.days <= 0) return null;
  const ids = await seedReference(db, model.reference);
  const today = productionDay(options.now, timeZone);
  const hasta = addDays(today, -1);
  const desde = (await getKey(db, DEMO_FROM_KEY)) ?? addDays(hasta, -(options.days - 1));
  const doneUntil = await getKey(db, DEMO_UNTIL_KEY);
  // Days [doneFrom, doneUntil] are complete (none on a first start).
  const doneFrom = doneUntil === null ? null : ((await getKey(db, DEMO_COMPLETE_FROM_KEY)) ?? desde);
  if (doneUntil !== null && doneFrom !== null && doneUntil >= hasta && doneFrom <= desde) return null;

  const all = productionDaysBetween(desde, hasta);
  // Days after the complete range (a later start), oldest first so the range grows without a
  // gap; then the days before it, newest first (the whole history on a first start).
  const later = doneUntil === null ? [] : all.filter((d) => d > doneUntil);
  const earlier = (doneFrom === null ? all : all.filter((d) => d < doneFrom)).reverse();
  const pending = [
    ...later.map((fecha) => ({ fecha, key: DEMO_UNTIL_KEY })),
    ...earlier.map((fecha) => ({ fecha, key: DEMO_COMPLETE_FROM_KEY })),
  ];
  const oldest = pending.reduce<string | undefined>(
    (a, p) => (a === undefined || p.fecha < a ? p.fecha : a),
    undefined,
  );
  const total = all.length + 1;
  let hechos = all.length - pending.length;
  progreso?.avanzar(hechos, total);
  if (doneUntil === null) {
    // An empty range ending at `hasta` (written in this order: a stop in between starts afresh).
    await setKey(db, DEMO_COMPLETE_FROM_KEY, addDays(hasta, 1));
    await setKey(db, DEMO_UNTIL_KEY, hasta);
  }
  await setKey(db, DEMO_FROM_KEY, desde);
  const started = Date.now();
  logger.info({ desde, hasta, dias: pending.length }, 'creando historia de demostración');
  // Every month of the history gets its partition before its minutes are written (else they would
  // wait in the default partition for the next maintenance pass to move them, as they do should
  // this fail: the history is written all the same).
  if (oldest !== undefined) {
    await mantenerParticiones(db, {
      ahora: options.now,
      desde: productionDayRange(oldest, timeZone).start,
    }).catch((err: unknown) => logger.warn({ err }, 'no se pudieron crear las particiones de la historia'));
  }
  // The day in progress first: /fabrica opens on it (it writes its own metas, the rest of its
  // month's shifts, and needs nothing of the months below).
  await writeToday(db, ids, model, today, options.now, timeZone);
  const brin = { off: false };
  await summarizeBrin(db, logger, brin);
  progreso?.avanzar(++hechos, total);
  // Before any past day's derivation: each takes its meta from `metas`.
  const pendingDays = pending.map((p) => p.fecha);
  await writeMetas(db, model, ids, pendingDays);
  await writeMonths(db, model, ids, pendingDays);

  // The minute tables take a day's rows without ON CONFLICT while nothing of that day can be there:
  // the days before the first minute already written (today's, live data of an earlier start, or
  // the days this history already holds). Should a row be there after all, the day is written
  // again with ON CONFLICT.
  let libreHasta = await firstMinuteWritten(db);
  const recientes = recientesDesde(today, timeZone);
  const prepare = (p: { fecha: string; key: string }): PreparedDay => {
    const sinConflictos =
      libreHasta === null || productionDayRange(p.fecha, timeZone).end.getTime() <= libreHasta;
    return prepareDay(ids, model.day(p.fecha), recientes, sinConflictos, p.key);
  };
  const variableIds = [...ids.variableIdByNombre.values()];

  let lastLogged = 0;
  let next = pending[0] === undefined ? undefined : prepare(pending[0]);
  for (const [index, { fecha, key }] of pending.entries()) {
    let day = next!;
    const following = pending[index + 1];
    // While PGlite (or PostgreSQL) derives this day, this thread simulates the next one and builds
    // its statements: the two overlap instead of taking turns.
    const prepareNext = () => {
      next = following === undefined ? undefined : prepare(following);
    };
    try {
      await writePreparedDay(db, day, timeZone, prepareNext);
    } catch (error) {
      if (!day.sinConflictos || !isUniqueViolation(error)) throw error;
      logger.warn({ fecha }, 'historia de demostración: el día ya tenía minutos, se escribe sin duplicarlos');
      libreHasta = 0;
      day = prepareDay(ids, day.data, recientes, false, key);
      await writePreparedDay(db, day, timeZone, prepareNext);
    }
    // PGlite has no autovacuum: refresh the planner's statistics as the tables grow, or it scans
    // whole tables instead of using the time indexes. After 1, 2, 4, 8… days: the statistics stay
    // within a factor 2 of the tables' size, at a tenth of the cost of every 20 days.
    if (((index + 1) & index) === 0) await db.execute(sql`analyze`);
    await summarizeBrin(db, logger, brin);
    // Going back, a month is complete once its first day (or the history's) is written: its
    // mensual, and the anual of the rest of its year, read right from now on.
    if (key === DEMO_COMPLETE_FROM_KEY && (fecha.endsWith('-01') || fecha === desde)) {
      await recomputeAggregates(db, variableIds, fecha, [], yearEnd(fecha));
    }
    progreso?.avanzar(++hechos, total);
    const percent = Math.floor(((index + 1) / pending.length) * 100);
    if (percent >= lastLogged + 10 || index === pending.length - 1) {
      lastLogged = percent;
      logger.info(
        { fecha, porcentaje: percent, segundos: Math.round((Date.now() - started) / 1000) },
        'historia de demostración',
      );
    }
  }
  await db.execute(sql`analyze`);
  if (oldest !== undefined) await recomputeAggregates(db, variableIds, oldest);
  progreso?.terminar();
  logger.info({ segundos: Math.round((Date.now() - started) / 1000) }, 'historia de demostración lista');
  return { desde, hasta, daysWritten: pending.length };
}
