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
import {
  cargarReferenciaMinutos,
  diaEnHorasEnteras,
  prepararRollups,
  type RollupsPreparados,
} from '../derivations/rollups-en-memoria.ts';
import { deriveZeroWasteMonth } from '../derivations/zero-waste.ts';
import { rowsOf } from '../db/rows.ts';
import { isUniqueViolation } from '../db/unique.ts';
import { DEMO_COMPLETE_FROM_KEY, DEMO_DERIVED_FROM_KEY, DEMO_FROM_KEY, DEMO_UNTIL_KEY } from './claves.ts';
import type { ProgresoDemo } from './progreso.ts';
import { type ReferenceIds, rutaMotivo, seedReference } from './seed-reference.ts';

export interface BackfillOptions {
  model: PlantModel;
  days: number;
  timeZone: string;
  /** "Now": the history ends at the last complete production day before it. */
  now: Date;
  logger: Logger;
  /** Told how far the history has got (days written of all its days, and today). */
  progreso?: ProgresoDemo;
  /**
   * The newest days whose figures are written before any day's minute rows (the dashboards' three
   * months); {@link VENTANA_DIAS} unless a test asks fewer.
   */
  ventanaDias?: number;
}

/**
 * The dashboards' longest window (three months back from yesterday): a first start writes these
 * days' figures first, their minute rows after, so every dashboard reads right within seconds.
 */
export const VENTANA_DIAS = 92;

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
  return [...minuteInserts(ids, day, sinConflictos), ...restInserts(ids, day, recientes, sinConflictos)];
}

/** The day's minute rows: scada_lecturas and lecturas (see dayInserts). */
function minuteInserts(ids: ReferenceIds, day: DayData, sinConflictos: boolean): SQL[] {
  const minutos = sinConflictos ? '' : 'on conflict do nothing';
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
  ];
}

/** The day's other raw rows: stops, shifts, attendance, overtime (see dayInserts). */
function restInserts(ids: ReferenceIds, day: DayData, recientes: number, sinConflictos: boolean): SQL[] {
  const lineaId = (numero: number) => {
    const id = ids.lineaIdByNumero.get(numero);
    if (id === undefined) throw new Error(`línea desconocida ${numero}`);
    return id;
  };
  const empleado = (codigo: string) => ids.empleadoIdByCodigo.get(codigo);
  return [
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

/**
 * What a step of the backfill writes of its day: everything (`completo`), everything but the minute
 * rows (`derivado`: the day's figures from its minutes in memory), or only the minute rows of a day
 * already derived (`minutos`).
 */
type Paso = 'completo' | 'derivado' | 'minutos';

/** A production day of the backfill with its statements built, ready to be written. */
interface PreparedDay {
  fecha: string;
  paso: Paso;
  data: DayData;
  sinConflictos: boolean;
  /** The day's raw rows this step writes, every table in one statement. */
  inserts: SQL | null;
  /** Values entered by hand in the plant (valores of the model), as daily historicos. */
  manual: DerivedValue[];
  /** The day's rollups from its minutes in memory; without them the database computes them. */
  rollups: RollupsPreparados | undefined;
  /** The SAP efficiencies of a derived day, and the step marked done in `sistema`. */
  finish: SQL;
}

/** Marks `fecha` done under every key of `keys`, in one statement after `before` (a CTE body, or none). */
function marcarHecho(keys: readonly string[], fecha: string, before?: SQL): SQL {
  const values = sql.join(
    keys.map((k) => sql`(${k}, ${fecha}, now())`),
    sql`, `,
  );
  const upsert = sql`insert into sistema (clave, valor, actualizado) values ${values}
    on conflict (clave) do update set valor = excluded.valor, actualizado = excluded.actualizado`;
  return before ? sql`with previo as (${before}) ${upsert}` : upsert;
}

function prepareDay(
  ids: ReferenceIds,
  day: DayData,
  recientes: number,
  sinConflictos: boolean,
  paso: Paso,
  keys: readonly string[],
  rollups: RollupsPreparados | undefined,
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
  const sap = sql`
      update eficiencias e set sap = s.sap
      from unnest(${sql.param(day.sap.map((s) => ids.lineaIdByNumero.get(s.linea) ?? 0))}::int[],
                  ${sql.param(day.sap.map((s) => s.eficiencia))}::float8[]) as s(linea_id, sap)
      where e.linea_id = s.linea_id and e.fecha = ${day.fecha}::date
      returning 1`;
  const inserts =
    paso === 'minutos'
      ? minuteInserts(ids, day, sinConflictos)
      : paso === 'derivado'
        ? restInserts(ids, day, recientes, sinConflictos)
        : dayInserts(ids, day, recientes, sinConflictos);
  return {
    fecha: day.fecha,
    paso,
    data: day,
    sinConflictos,
    inserts: joinInserts(inserts),
    manual,
    rollups,
    finish: marcarHecho(keys, day.fecha, paso === 'minutos' ? undefined : sap),
  };
}

/**
 * One step of the backfill in one transaction: raw rows, hand-entered values, the day's derivation
 * (the live code path), SAP, progress. `whileDeriving` runs on this thread while the database
 * works on the step's first statement.
 */
async function writePreparedDay(
  db: Db,
  day: PreparedDay,
  timeZone: string,
  whileDeriving: () => void,
): Promise<void> {
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const work = (async () => {
      if (day.inserts) await t.execute(day.inserts);
      if (day.paso === 'minutos') return;
      await upsertDailyValues(t, day.fecha, day.manual);
      await deriveProductionDay(t, day.fecha, timeZone, {
        recompute: false,
        minutosRecienEscritos: day.inserts !== null,
        ...(day.rollups ? { rollups: day.rollups } : {}),
      });
    })();
    // Awaited below: this only keeps a failure from counting as unhandled in the meantime.
    work.catch(() => {});
    // One turn of the event loop sends the first statement before this thread's work starts.
    await yieldToLoop();
    whileDeriving();
    await work;
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

/** A step of the backfill: a day, what of it is written, and the keys that mark it done. */
interface Step {
  fecha: string;
  paso: Paso;
  keys: string[];
}

/**
 * Demo history on an empty database: reference data, then `days` production days of raw rows
 * from the plant model, each day derived with the same code as live data. Newest first: the day
 * in progress; then the figures of yesterday and back over the dashboards' three months (computed
 * from each day's minutes in memory, rollups-en-memoria.ts), so every dashboard reads right within
 * seconds; then those days' minute rows; then the older days whole. Each month's mensual/anual are
 * recomputed as soon as its days are all derived (a year's anual once it is complete back to its
 * start). Resumable: progress is committed per step in `sistema`, so a start interrupted half-way
 * continues where it stopped.
 */
export async function runDemoBackfill(db: Db, options: BackfillOptions): Promise<BackfillResult | null> {
  const { model, timeZone, logger, progreso } = options;
  if (options.days <= 0) return null;
  const ids = await seedReference(db, model.reference);
  const today = productionDay(options.now, timeZone);
  const hasta = addDays(today, -1);
  const desde = (await getKey(db, DEMO_FROM_KEY)) ?? addDays(hasta, -(options.days - 1));
  const doneUntil = await getKey(db, DEMO_UNTIL_KEY);
  // Days [doneFrom, doneUntil] are complete, days [derivedFrom, doneFrom) derived without their
  // minute rows (none of either on a first start).
  const doneFrom = doneUntil === null ? null : ((await getKey(db, DEMO_COMPLETE_FROM_KEY)) ?? desde);
  if (doneUntil !== null && doneFrom !== null && doneUntil >= hasta && doneFrom <= desde) return null;
  const derivedFrom = doneFrom === null ? null : ((await getKey(db, DEMO_DERIVED_FROM_KEY)) ?? doneFrom);

  const referencia = await cargarReferenciaMinutos(db);
  const all = productionDaysBetween(desde, hasta);
  const ventanaDesde = addDays(hasta, -((options.ventanaDias ?? VENTANA_DIAS) - 1));
  // A day's figures can go before its minutes where the rollups in memory equal the database's.
  const enMemoria = (fecha: string) => {
    const { start, end } = productionDayRange(fecha, timeZone);
    return referencia.exacta && diaEnHorasEnteras(start, end);
  };
  // Days after the complete range (a later start), oldest first so the range grows without a gap;
  // then, newest first, the figures of the window's days not derived yet, the minutes of every day
  // derived without them, and the older days whole (the whole history on a first start).
  const later = doneUntil === null ? [] : all.filter((d) => d > doneUntil);
  const earlier = (doneFrom === null ? all : all.filter((d) => d < doneFrom)).reverse();
  const sinDerivar = (d: string) => derivedFrom === null || d < derivedFrom;
  // All the window's days ahead or none (a zone at +5:30: no day is made of whole UTC hours), so
  // the progress keys only ever go back.
  const ventana = earlier.filter((d) => d >= ventanaDesde && sinDerivar(d));
  const adelantados = ventana.every(enMemoria) ? ventana : [];
  const conMinutosPendientes = new Set([...earlier.filter((d) => !sinDerivar(d)), ...adelantados]);
  const steps: Step[] = [
    ...later.map((fecha): Step => ({ fecha, paso: 'completo', keys: [DEMO_UNTIL_KEY] })),
    ...adelantados.map((fecha): Step => ({ fecha, paso: 'derivado', keys: [DEMO_DERIVED_FROM_KEY] })),
    ...earlier
      .filter((d) => conMinutosPendientes.has(d))
      .map((fecha): Step => ({ fecha, paso: 'minutos', keys: [DEMO_COMPLETE_FROM_KEY] })),
    ...earlier
      .filter((d) => !conMinutosPendientes.has(d))
      .map((fecha): Step => ({
        fecha,
        paso: 'completo',
        keys: [DEMO_COMPLETE_FROM_KEY, DEMO_DERIVED_FROM_KEY],
      })),
  ];
  const oldest = steps.reduce<string | undefined>(
    (a, p) => (a === undefined || p.fecha < a ? p.fecha : a),
    undefined,
  );
  const pendingDays = [...new Set(steps.filter((p) => p.paso !== 'minutos').map((p) => p.fecha))];
  const total = all.length - new Set(steps.map((p) => p.fecha)).size + steps.length + 1;
  let hechos = total - steps.length - 1;
  progreso?.avanzar(hechos, total);
  if (doneUntil === null) {
    // An empty range ending at `hasta` (written in this order: a stop in between starts afresh).
    await setKey(db, DEMO_COMPLETE_FROM_KEY, addDays(hasta, 1));
    await setKey(db, DEMO_DERIVED_FROM_KEY, addDays(hasta, 1));
    await setKey(db, DEMO_UNTIL_KEY, hasta);
  }
  await setKey(db, DEMO_FROM_KEY, desde);
  const started = Date.now();
  logger.info({ desde, hasta, dias: pendingDays.length }, 'creando historia de demostración');
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
  const cutoff = Math.floor(options.now.getTime() / 60_000) * 60_000;
  const brin = { off: false };
  await summarizeBrin(db, logger, brin);
  progreso?.avanzar(++hechos, total);
  // Before any past day's derivation: each takes its meta from `metas`.
  await writeMetas(db, model, ids, pendingDays);
  await writeMonths(db, model, ids, pendingDays);

  // The minute tables take a day's rows without ON CONFLICT while nothing of that day can be there:
  // the days before the first minute already written (today's, live data of an earlier start, or
  // the days this history already holds). Should a row be there after all, the day is written
  // again with ON CONFLICT.
  let libreHasta = await firstMinuteWritten(db);
  const recientes = recientesDesde(today, timeZone);
  // The days simulated last: a day's rollups read its neighbours (the stops of the day before that
  // run into it, the first minutes of the day after), and each is simulated once for both.
  const simulados = new Map<string, DayData>();
  const simular = (fecha: string): DayData => {
    let day = simulados.get(fecha);
    if (!day) {
      day = model.day(fecha);
      simulados.set(fecha, day);
      if (simulados.size > 4) simulados.delete(simulados.keys().next().value!);
    }
    return day;
  };
  const rollupsEnMemoria = (day: DayData): RollupsPreparados => {
    const { start, end } = productionDayRange(day.fecha, timeZone);
    const antes = addDays(day.fecha, -1);
    const despues = addDays(day.fecha, 1);
    const paros = [...(antes >= desde ? simular(antes).paros : []), ...day.paros];
    const siguientes = (despues === today ? model.day(today).scada : simular(despues).scada).filter(
      (m) => m.t >= end.getTime() && m.t < end.getTime() + 5 * 60_000 && (despues !== today || m.t < cutoff),
    );
    return prepararRollups(
      referencia,
      {
        start,
        end,
        scada: day.scada,
        siguientes,
        lecturas: day.lecturas.flatMap((l) => {
          const variableId = ids.variableIdByNombre.get(l.variable);
          return variableId === undefined ? [] : [{ variableId, t: l.t, valor: l.valor }];
        }),
        plan: paros
          .filter(
            (p) =>
              (p.tipo === 'CIP' || p.tipo === 'PLANIFICADO') &&
              p.inicio < end.getTime() &&
              p.fin > start.getTime(),
          )
          .map((p) => ({ linea: p.linea, inicio: p.inicio, fin: p.fin })),
      },
      day.fecha,
    );
  };
  const prepare = (p: Step, conflictos = false): PreparedDay => {
    const sinConflictos =
      !conflictos &&
      (libreHasta === null || productionDayRange(p.fecha, timeZone).end.getTime() <= libreHasta);
    const day = simular(p.fecha);
    // The minutes written with the figures (or before them) may meet rows already there: then the
    // database computes the figures from what it holds.
    const rollups =
      p.paso === 'derivado' || (p.paso === 'completo' && sinConflictos && enMemoria(p.fecha))
        ? rollupsEnMemoria(day)
        : undefined;
    return prepareDay(ids, day, recientes, sinConflictos, p.paso, p.keys, rollups);
  };
  const variableIds = [...ids.variableIdByNombre.values()];
  const ultimoAdelantado = adelantados.at(-1);

  let lastLogged = 0;
  let next = steps[0] === undefined ? undefined : prepare(steps[0]);
  for (const [index, step] of steps.entries()) {
    const { fecha, paso } = step;
    const following = steps[index + 1];
    // While PGlite (or PostgreSQL) derives this day, this thread simulates the next one and builds
    // its statements: the two overlap instead of taking turns.
    const prepareNext = () => {
      next = following === undefined ? undefined : prepare(following);
    };
    try {
      await writePreparedDay(db, next!, timeZone, prepareNext);
    } catch (error) {
      if (!isUniqueViolation(error) || paso === 'derivado') throw error;
      logger.warn({ fecha }, 'historia de demostración: el día ya tenía minutos, se escribe sin duplicarlos');
      libreHasta = 0;
      await writePreparedDay(db, prepare(step, true), timeZone, prepareNext);
    }
    // PGlite has no autovacuum: refresh the planner's statistics as the tables grow, or it scans
    // whole tables instead of using the time indexes. After 1, 2, 4, 8… steps: the statistics stay
    // within a factor 2 of the tables' size, at a tenth of the cost of every 20 days. While the
    // window's figures go ahead, after its first 4 steps only: what they read grows by a few
    // hundred rows a day, and the analyses of steps 8 to 64 cost ≈ 3 s of the window's 10 here.
    const analizar = ((index + 1) & index) === 0 && (paso !== 'derivado' || index < 4);
    if (analizar) await db.execute(sql`analyze`);
    if (paso !== 'derivado') await summarizeBrin(db, logger, brin);
    // Going back, a month is complete once its first day (or the history's) is derived: its
    // mensual, and the anual of the rest of its year, read right from now on.
    if (
      paso !== 'minutos' &&
      step.keys.includes(DEMO_DERIVED_FROM_KEY) &&
      (fecha.endsWith('-01') || fecha === desde)
    ) {
      await recomputeAggregates(db, variableIds, fecha, [], yearEnd(fecha));
    }
    progreso?.avanzar(++hechos, total);
    const segundos = Math.round((Date.now() - started) / 1000);
    if (paso === 'derivado' && fecha === ultimoAdelantado) {
      logger.info({ desde: fecha, segundos }, 'historia de demostración: cifras de los tres meses listas');
    }
    const percent = Math.floor(((index + 1) / steps.length) * 100);
    if (percent >= lastLogged + 10 || index === steps.length - 1) {
      lastLogged = percent;
      logger.info({ fecha, porcentaje: percent, segundos }, 'historia de demostración');
    }
  }
  await db.execute(sql`analyze`);
  if (oldest !== undefined) await recomputeAggregates(db, variableIds, oldest);
  progreso?.terminar();
  logger.info({ segundos: Math.round((Date.now() - started) / 1000) }, 'historia de demostración lista');
  return { desde, hasta, daysWritten: pendingDays.length };
}
