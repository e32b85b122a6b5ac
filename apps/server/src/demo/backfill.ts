import { addDays, productionDay, productionDaysBetween } from '@planta/domain';
import type { DayData, PlantModel } from '@planta/plant-model';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { insertUnnest } from '../db/bulk.ts';
import type { Db } from '../db/client.ts';
import { sistema } from '../db/schema/index.ts';
import { recomputeAggregates } from '../derivations/historicos.ts';
import {
  deriveProductionDay,
  deriveZeroWasteMonth,
  upsertDailyValues,
} from '../derivations/production-day.ts';
import { type ReferenceIds, seedReference } from './seed-reference.ts';

/** `sistema` key: the last production day the demo history holds completely. */
export const DEMO_UNTIL_KEY = 'demo.hasta';
const DEMO_FROM_KEY = 'demo.desde';

export interface BackfillOptions {
  model: PlantModel;
  days: number;
  timeZone: string;
  /** "Now": the history ends at the last complete production day before it. */
  now: Date;
  logger: Logger;
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

/** The raw rows of one production day (idempotent: every table is keyed by series and time). */
async function writeDay(db: Db, ids: ReferenceIds, day: DayData): Promise<void> {
  const lineaId = (numero: number) => {
    const id = ids.lineaIdByNumero.get(numero);
    if (id === undefined) throw new Error(`línea desconocida ${numero}`);
    return id;
  };
  await insertUnnest(
    db,
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
    'on conflict do nothing',
  );
  const lecturas = day.lecturas.filter((l) => ids.variableIdByNombre.has(l.variable));
  await insertUnnest(
    db,
    'lecturas',
    [
      { name: 'variable_id', type: 'int', value: (r) => ids.variableIdByNombre.get(r.variable) },
      { name: 'fecha', type: 'timestamptz', value: (r) => ms(r.t) },
      { name: 'valor', type: 'float8', value: (r) => r.valor },
    ],
    lecturas,
    'on conflict do nothing',
  );
  await insertUnnest(
    db,
    'paros',
    [
      { name: 'linea_id', type: 'int', value: (r) => lineaId(r.linea) },
      { name: 'inicio', type: 'timestamptz', value: (r) => ms(r.inicio) },
      { name: 'fin', type: 'timestamptz', value: (r) => ms(r.fin) },
      { name: 'equipo', type: 'text', value: (r) => r.equipo },
      { name: 'causa', type: 'text', value: (r) => r.causa },
      { name: 'tipo', type: 'text', value: (r) => r.tipo },
    ],
    day.paros,
    'on conflict do nothing',
  );
  await insertUnnest(
    db,
    'turnos',
    [
      { name: 'linea_id', type: 'int', value: (r) => lineaId(r.linea) },
      { name: 'fecha', type: 'date', value: () => day.fecha },
      { name: 'horas_productividad', type: 'float8', value: (r) => r.horasProductividad },
    ],
    day.turnos,
    'on conflict do nothing',
  );
  const empleado = (codigo: string) => ids.empleadoIdByCodigo.get(codigo);
  await insertUnnest(
    db,
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
  );
  await insertUnnest(
    db,
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
  );
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
    await writeDay(tx as unknown as Db, ids, partial);
    await deriveProductionDay(tx as unknown as Db, today, timeZone, { now: cutoff });
  });
}

/**
 * Demo history on an empty database: reference data, then `days` production days of raw rows
 * from the plant model, each day derived with the same code as live data. Resumable: progress is
 * committed per day in `sistema`, so a start interrupted half-way continues where it stopped.
 */
export async function runDemoBackfill(db: Db, options: BackfillOptions): Promise<BackfillResult | null> {
  const { model, timeZone, logger } = options;
  if (options.days <= 0) return null;
  const ids = await seedReference(db, model.reference);
  const today = productionDay(options.now, timeZone);
  const hasta = addDays(today, -1);
  const desde = (await getKey(db, DEMO_FROM_KEY)) ?? addDays(hasta, -(options.days - 1));
  const done = await getKey(db, DEMO_UNTIL_KEY);
  if (done !== null && done >= hasta) return null;
  await setKey(db, DEMO_FROM_KEY, desde);

  const all = productionDaysBetween(desde, hasta);
  const pending = done === null ? all : all.filter((d) => d > done);
  const started = Date.now();
  logger.info({ desde, hasta, dias: pending.length }, 'creando historia de demostración');
  await writeMetas(db, model, ids, pending);
  await writeMonths(db, model, ids, pending);

  let lastLogged = 0;
  for (const [index, fecha] of pending.entries()) {
    const day = model.day(fecha);
    await db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      await writeDay(t, ids, day);
      const manual = day.valores
        .map((v) => ({ variableId: ids.variableIdByNombre.get(v.variable), v }))
        .filter(
          (x): x is { variableId: number; v: (typeof day.valores)[number] } => x.variableId !== undefined,
        )
        .map(({ variableId, v }) => ({
          variableId,
          valor: v.valor,
          // Stored so that diario = numerador / denominador (see recomputeAggregates).
          denominador: v.denominador ?? null,
          numerador:
            v.denominador !== undefined && v.numerador !== undefined ? v.valor * v.denominador : null,
        }));
      await upsertDailyValues(t, fecha, manual);
      await deriveProductionDay(t, fecha, timeZone, { recompute: false });
      await t.execute(sql`
        update eficiencias e set sap = s.sap
        from unnest(${sql.param(day.sap.map((s) => ids.lineaIdByNumero.get(s.linea) ?? 0))}::int[],
                    ${sql.param(day.sap.map((s) => s.eficiencia))}::float8[]) as s(linea_id, sap)
        where e.linea_id = s.linea_id and e.fecha = ${fecha}::date`);
      await setKey(t, DEMO_UNTIL_KEY, fecha);
    });
    // PGlite has no autovacuum: refresh the planner's statistics as the tables grow, or it
    // scans whole tables instead of using the time indexes.
    if (index % 20 === 0) await db.execute(sql`analyze`);
    const percent = Math.floor(((index + 1) / pending.length) * 100);
    if (percent >= lastLogged + 10 || index === pending.length - 1) {
      lastLogged = percent;
      logger.info(
        { fecha, porcentaje: percent, segundos: Math.round((Date.now() - started) / 1000) },
        'historia de demostración',
      );
    }
  }
  await writeToday(db, ids, model, today, options.now, timeZone);
  await db.execute(sql`analyze`);
  const variableIds = [...ids.variableIdByNombre.values()];
  if (pending[0]) await recomputeAggregates(db, variableIds, pending[0]);
  logger.info({ segundos: Math.round((Date.now() - started) / 1000) }, 'historia de demostración lista');
  return { desde, hasta, daysWritten: pending.length };
}
