import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { type HrDay, hrDay } from './hr-day.ts';
import { type DayContext, deriveKpis, type LineDay } from './kpis.ts';
import { deriveSpecial, type FugasDeAire } from './special-kpis.ts';

export interface DerivedValue {
  variableId: number;
  valor: number;
  numerador?: number | null;
  denominador?: number | null;
}

/**
 * Writes daily historicos (diario + the raw sums of ratios) and takes the day's meta from metas. A
 * value entered by hand (diario_manual) is never overwritten by a derivation.
 */
export async function upsertDailyValues(
  db: Db,
  fecha: string,
  values: readonly DerivedValue[],
): Promise<void> {
  const finite = values.filter((v) => Number.isFinite(v.valor));
  if (finite.length === 0) return;
  await db.execute(sql`
    insert into historicos (variable_id, fecha, diario, numerador, denominador, meta)
    select v.variable_id, ${fecha}::date, v.diario, v.numerador, v.denominador, m.valor
    from unnest(${sql.param(finite.map((v) => v.variableId))}::int[], ${sql.param(finite.map((v) => v.valor))}::float8[],
                ${sql.param(finite.map((v) => v.numerador ?? null))}::float8[], ${sql.param(finite.map((v) => v.denominador ?? null))}::float8[])
         as v(variable_id, diario, numerador, denominador)
    left join metas m on m.variable_id = v.variable_id and m.fecha = ${fecha}::date
    on conflict (variable_id, fecha) do update set diario = excluded.diario, numerador = excluded.numerador,
      denominador = excluded.denominador, meta = coalesce(excluded.meta, historicos.meta)
    where not historicos.diario_manual`);
}

/**
 * The day's value of every active OPC and calculated variable (not MANUAL): OPC tags from their
 * readings (lecturas_dia, by agregacion); calculated line and plant KPIs as ratios of the day's
 * sums (kpis.ts), or from their own query (special-kpis.ts).
 */
export async function deriveDailyValues(
  db: Db,
  fecha: string,
  start: Date,
  end: Date,
  lines: readonly LineDay[],
  /** The air-leak sums computed in memory (rollups-en-memoria.ts), instead of by their query. */
  fugas?: FugasDeAire,
): Promise<DerivedValue[]> {
  const variables = await rowsOf<{
    id: number;
    nombre: string;
    fuente: string;
    agregacion: string;
    linea_numero: number | null;
    suma: number | null;
    conteo: number | null;
    ultimo: number | null;
  }>(
    db.execute(sql`
      select v.id, v.nombre, v.fuente, v.agregacion, l.numero as linea_numero, d.suma, d.conteo, d.ultimo
      from variables v
      left join lineas l on l.id = v.linea_id
      left join lecturas_dia d on d.variable_id = v.id and d.fecha = ${fecha}::date
      where v.estado = 1 and v.fuente <> 'MANUAL'`),
  );

  const values: DerivedValue[] = [];
  // OPC tags: the day from their readings, by agregacion.
  for (const v of variables) {
    if (v.conteo === null || v.conteo === 0 || v.suma === null) continue;
    const valor =
      v.agregacion === 'SUMA' ? v.suma : v.agregacion === 'ULTIMO' ? (v.ultimo ?? v.suma) : v.suma / v.conteo;
    values.push({ variableId: v.id, valor });
  }
  const fromReadings = new Set(values.map((v) => v.variableId));
  // Calculated line and plant KPIs: ratios of the day's sums.
  const daily = new Map(values.map((v) => [v.variableId, v.valor]));
  const byName = new Map(variables.map((v) => [v.nombre, v.id]));
  const metas = new Map(
    (
      await rowsOf<{ nombre: string; valor: number }>(
        db.execute(
          sql`select v.nombre, m.valor from metas m join variables v on v.id = m.variable_id where m.fecha = ${fecha}::date`,
        ),
      )
    ).map((m) => [m.nombre, m.valor]),
  );
  const context: DayContext = {
    reading: (nombre) => {
      const id = byName.get(nombre);
      return id === undefined ? undefined : daily.get(id);
    },
    meta: (nombre) => metas.get(nombre),
  };
  let hr: Promise<HrDay | undefined> | undefined;
  const hrOfDay = () => (hr ??= hrDay(db, fecha));
  for (const v of variables) {
    if (fromReadings.has(v.id)) continue;
    const value =
      deriveKpis(v.nombre, v.linea_numero, lines, context) ??
      (await deriveSpecial(db, v.nombre, start, end, lines, hrOfDay, fugas));
    if (value) values.push({ variableId: v.id, ...value });
  }
  return values;
}
