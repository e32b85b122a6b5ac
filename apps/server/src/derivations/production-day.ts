import { productionDayRange } from '@planta/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { recomputeAggregates } from './historicos.ts';
import { baseName, type DayContext, deriveKpis, type KpiValue, type LineDay } from './kpis.ts';

type Rows<T> = { rows: T[] };
const rowsOf = async <T>(query: Promise<unknown>): Promise<T[]> => ((await query) as Rows<T>).rows;
const iso = (d: Date) => d.toISOString();

/** Each production line's product codes with pack size, unit cases per pack, litres and nominal speed. */
const FORMATOS = sql`
  select l.id as linea_id, l.numero, pp.num_botellas, pr.factor::float8 as factor,
         case when pr.unid_medida = 'ml' then pr.volumen::float8 / 1000 else pr.volumen::float8 end as litros_botella,
         case l.numero when 1 then pp.hmi_linea1_id when 2 then pp.hmi_linea2_id
                       when 3 then pp.hmi_linea3_id when 4 then pp.hmi_linea4_id end as formato,
         vn.velocidad_paquetes_hora
  from lineas l
  cross join producto_presentaciones pp
  join presentaciones pr on pr.id = pp.presentacion_id
  left join velocidades_nominales vn on vn.producto_presentacion_id = pp.id and vn.linea_id = l.id
  where l.numero > 0`;

/** scada_hora from the minute rows of [start, end). */
export async function rollupScada(db: Db, start: Date, end: Date): Promise<void> {
  await db.execute(sql`
    insert into scada_hora (linea, fecha, botellas, botellas_llenas, paquetes, minutos_marcha, velocidad_suma, minutos, formato)
    select linea, date_bin('1 hour', fecha, timestamptz '2000-01-01 00:00:00+00'),
           sum(botellas), sum(botellas_llenas), sum(paquetes),
           count(*) filter (where velocidad > 0), sum(velocidad), count(*),
           mode() within group (order by formato)
    from scada_lecturas
    where fecha >= ${iso(start)}::timestamptz and fecha < ${iso(end)}::timestamptz
    group by 1, 2
    on conflict (linea, fecha) do update set
      botellas = excluded.botellas, botellas_llenas = excluded.botellas_llenas, paquetes = excluded.paquetes,
      minutos_marcha = excluded.minutos_marcha, velocidad_suma = excluded.velocidad_suma,
      minutos = excluded.minutos, formato = excluded.formato`);
}

/** lecturas_hora for the hours of [start, end) and lecturas_dia for the production day `fecha`. */
export async function rollupLecturas(db: Db, fecha: string, start: Date, end: Date): Promise<void> {
  await db.execute(sql`
    insert into lecturas_hora (variable_id, fecha, suma, minimo, maximo, conteo, ultimo)
    select variable_id, date_bin('1 hour', fecha, timestamptz '2000-01-01 00:00:00+00'),
           sum(valor), min(valor), max(valor), count(*), (array_agg(valor order by fecha desc))[1]
    from lecturas
    where fecha >= ${iso(start)}::timestamptz and fecha < ${iso(end)}::timestamptz
    group by 1, 2
    on conflict (variable_id, fecha) do update set suma = excluded.suma, minimo = excluded.minimo,
      maximo = excluded.maximo, conteo = excluded.conteo, ultimo = excluded.ultimo`);
  await db.execute(sql`
    insert into lecturas_dia (variable_id, fecha, suma, minimo, maximo, conteo, ultimo)
    select variable_id, ${fecha}::date, sum(suma), min(minimo), max(maximo), sum(conteo),
           (array_agg(ultimo order by fecha desc))[1]
    from lecturas_hora
    where fecha >= ${iso(start)}::timestamptz and fecha < ${iso(end)}::timestamptz
    group by 1
    on conflict (variable_id, fecha) do update set suma = excluded.suma, minimo = excluded.minimo,
      maximo = excluded.maximo, conteo = excluded.conteo, ultimo = excluded.ultimo`);
}

/**
 * contadores_hora of each line for the hours of [start, end): energy from the line's electric meter
 * (variable of the line, area energia, unit kWh, name 'Energía eléctrica…'), efficiency = unit cases
 * produced / nominal capacity of the hour for the product running, kpi_energia = kWh per litre.
 */
export async function deriveContadoresHora(db: Db, start: Date, end: Date): Promise<void> {
  await db.execute(sql`
    with f as (${FORMATOS}),
    m as (
      select s.linea, date_bin('1 hour', s.fecha, timestamptz '2000-01-01 00:00:00+00') as hora, s.formato,
             count(*) as minutos, sum(s.paquetes) as paquetes, sum(s.botellas_llenas) as llenas
      from scada_lecturas s
      where s.fecha >= ${iso(start)}::timestamptz and s.fecha < ${iso(end)}::timestamptz
      group by 1, 2, 3
    ),
    p as (
      select l.id as linea_id, m.hora,
             coalesce(sum(m.paquetes * f.factor), 0) as cu,
             coalesce(sum(m.llenas * f.litros_botella), 0) as litros,
             sum(m.minutos / 60.0 * f.velocidad_paquetes_hora * f.factor) as capacidad,
             (array_agg(m.formato order by m.minutos desc))[1] as formato
      from m
      join lineas l on l.numero = m.linea
      left join f on f.numero = m.linea and f.formato = m.formato and m.formato <> 0
      group by 1, 2
    ),
    e as (
      select v.linea_id, h.fecha as hora, sum(h.suma) as kwh
      from lecturas_hora h join variables v on v.id = h.variable_id
      where v.linea_id is not null and v.area = 'energia' and v.unidad = 'kWh' and v.nombre like 'Energía eléctrica%'
        and h.fecha >= ${iso(start)}::timestamptz and h.fecha < ${iso(end)}::timestamptz
      group by 1, 2
    )
    insert into contadores_hora (linea_id, fecha, energia, eficiencia, kpi_energia, formato)
    select p.linea_id, p.hora, coalesce(e.kwh, 0),
           coalesce(p.cu / nullif(p.capacidad, 0) * 100, 0),
           coalesce(e.kwh / nullif(p.litros, 0), 0),
           case when p.cu > 0 then p.formato else 0 end
    from p left join e on e.linea_id = p.linea_id and e.hora = p.hora
    on conflict (linea_id, fecha) do update set energia = excluded.energia, eficiencia = excluded.eficiencia,
      kpi_energia = excluded.kpi_energia, formato = excluded.formato`);
}

/** Per-line sums of the production day, from minute rows, stops, shifts and hourly energy. */
/**
 * Share of the production day gone by at `now` (1 once it is over): the paid hours of a day in
 * progress count only up to now, so efficiencies read right in the morning too.
 */
export function elapsedShare(start: Date, end: Date, now: number): number {
  return Math.min(1, Math.max(0, (now - start.getTime()) / (end.getTime() - start.getTime())));
}

async function lineDays(db: Db, fecha: string, start: Date, end: Date, now: number): Promise<LineDay[]> {
  const share = elapsedShare(start, end, now);
  return rowsOf<LineDay>(
    db.execute(sql`
      with f as (${FORMATOS}),
      m as (
        select s.linea, s.formato, count(*) filter (where s.velocidad > 0) as marcha,
               sum(s.paquetes) as paquetes, sum(s.botellas) as botellas, sum(s.botellas_llenas) as llenas
        from scada_lecturas s
        where s.fecha >= ${iso(start)}::timestamptz and s.fecha < ${iso(end)}::timestamptz
        group by 1, 2
      ),
      prod as (
        select m.linea,
               coalesce(sum(m.paquetes * f.factor), 0) as producido_cu,
               coalesce(sum(m.llenas * f.litros_botella), 0) as litros,
               coalesce(sum(m.marcha / 60.0 * f.velocidad_paquetes_hora * f.factor), 0) as capacidad_marcha_cu,
               sum(m.marcha * f.velocidad_paquetes_hora * f.factor) / nullif(sum(m.marcha) filter (where f.formato is not null), 0) as nominal_cu_h,
               sum(m.botellas) as botellas, sum(m.llenas) as botellas_llenas, sum(m.marcha) as minutos_marcha
        from m left join f on f.numero = m.linea and f.formato = m.formato and m.formato <> 0
        group by 1
      ),
      paros_dia as (
        select p.linea_id,
               count(*) filter (where p.tipo = 'FALLA') as fallas,
               coalesce(sum(extract(epoch from least(p.fin, ${iso(end)}::timestamptz) - greatest(p.inicio, ${iso(start)}::timestamptz)) / 60)
                 filter (where p.tipo = 'FALLA'), 0) as minutos_falla,
               coalesce(sum(extract(epoch from least(p.fin, ${iso(end)}::timestamptz) - greatest(p.inicio, ${iso(start)}::timestamptz)) / 60)
                 filter (where p.tipo in ('CIP', 'PLANIFICADO')), 0) as minutos_planificados,
               coalesce(sum(extract(epoch from least(p.fin, ${iso(end)}::timestamptz) - greatest(p.inicio, ${iso(start)}::timestamptz)) / 60)
                 filter (where p.tipo = 'MICROPARO'), 0) as minutos_microparo
        from paros p
        -- A stop never lasts a day: the lower bound lets the index on inicio skip older rows.
        where p.inicio < ${iso(end)}::timestamptz and p.inicio > ${iso(start)}::timestamptz - interval '1 day'
          and p.fin > ${iso(start)}::timestamptz
        group by 1
      ),
      energia as (
        select linea_id, sum(energia) as kwh from contadores_hora
        where fecha >= ${iso(start)}::timestamptz and fecha < ${iso(end)}::timestamptz group by 1
      )
      select l.id as "lineaId", l.numero as "numero",
             coalesce(prod.producido_cu, 0)::float8 as "producidoCu",
             coalesce(prod.litros, 0)::float8 as "litros",
             coalesce(prod.capacidad_marcha_cu, 0)::float8 as "capacidadMarchaCu",
             coalesce(prod.nominal_cu_h * t.horas_productividad * ${share}::float8, 0)::float8 as "capacidadPagadaCu",
             coalesce(prod.nominal_cu_h * greatest(t.horas_productividad * ${share}::float8 - coalesce(paros_dia.minutos_planificados, 0) / 60, 0), 0)::float8 as "capacidadOperacionCu",
             coalesce(prod.botellas, 0)::float8 as "botellas",
             coalesce(prod.botellas_llenas, 0)::float8 as "botellasLlenas",
             coalesce(prod.minutos_marcha, 0)::float8 as "minutosMarcha",
             coalesce(paros_dia.fallas, 0)::float8 as "fallas",
             coalesce(paros_dia.minutos_falla, 0)::float8 as "minutosFalla",
             coalesce(paros_dia.minutos_microparo, 0)::float8 as "minutosMicroparo",
             coalesce(energia.kwh, 0)::float8 as "kwh"
      from lineas l
      left join prod on prod.linea = l.numero
      left join turnos t on t.linea_id = l.id and t.fecha = ${fecha}::date
      left join paros_dia on paros_dia.linea_id = l.id
      left join energia on energia.linea_id = l.id
      where l.numero > 0
      order by l.numero`),
  );
}

/** HR figures of a day from attendance and overtime (8 ordinary hours a shift). */
const ORDINARY_HOURS = 8;

async function hrDay(db: Db, fecha: string) {
  const [row] = await rowsOf<{
    programados: number;
    vacaciones: number;
    presentes: number;
    horas_extra: number;
  }>(
    db.execute(sql`
      select count(*)::float8 as programados,
             count(*) filter (where estado = 'VACACIONES')::float8 as vacaciones,
             count(*) filter (where estado = 'PRESENTE')::float8 as presentes,
             coalesce((select sum(horas) from horas_extra where fecha = ${fecha}::date), 0)::float8 as horas_extra
      from asistencias where fecha = ${fecha}::date`),
  );
  return row;
}

/**
 * Calculated variables that need their own query: air leaks (flow while the line made nothing),
 * HR ratios from attendance and overtime.
 */
async function deriveSpecial(
  db: Db,
  nombre: string,
  fecha: string,
  start: Date,
  end: Date,
  lines: readonly LineDay[],
): Promise<KpiValue | null> {
  const base = baseName(nombre);
  if (base === 'Fugas de aire (%)') {
    const flowName = nombre.replace('Fugas de aire (%)', 'Flujo aire AP soplado (Nm³/h)');
    const [row] = await rowsOf<{ idle: number | null; todo: number | null }>(
      db.execute(sql`
        select avg(l.valor) filter (where coalesce(s.botellas, 0) = 0) as idle, avg(l.valor) as todo
        from lecturas l
        join variables v on v.id = l.variable_id and v.nombre = ${flowName}
        join lineas ln on ln.id = v.linea_id
        left join lateral (
          select sum(botellas) as botellas from scada_lecturas
          where linea = ln.numero and fecha >= l.fecha and fecha < l.fecha + interval '5 minutes'
        ) s on true
        where l.fecha >= ${iso(start)}::timestamptz and l.fecha < ${iso(end)}::timestamptz`),
    );
    if (!row || row.idle === null || row.todo === null || row.todo <= 0) return null;
    const valor = (row.idle / row.todo) * 100;
    return { valor, numerador: valor * row.todo, denominador: row.todo };
  }
  if (
    [
      'Horas extra (h)',
      'Horas extra (%)',
      'Ausentismo (%)',
      'Asistencia (%)',
      'Productividad (CU/HH)',
    ].includes(base)
  ) {
    const hr = await hrDay(db, fecha);
    if (!hr || hr.programados === 0) return null;
    const due = hr.programados - hr.vacaciones;
    const ordinary = hr.presentes * ORDINARY_HOURS;
    const produced = lines.reduce((a, l) => a + l.producidoCu, 0);
    const ratio = (num: number, den: number) =>
      den > 0 ? { valor: num / den, numerador: num, denominador: den } : null;
    switch (base) {
      case 'Horas extra (h)':
        return { valor: hr.horas_extra };
      case 'Horas extra (%)':
        return ratio(hr.horas_extra * 100, ordinary);
      case 'Ausentismo (%)':
        return ratio((due - hr.presentes) * 100, due);
      case 'Asistencia (%)':
        return ratio(hr.presentes * 100, due);
      default:
        return ratio(produced, ordinary + hr.horas_extra);
    }
  }
  return null;
}

/** ZWL of a month (historico on its first day): aprovechable / total kg × 100, ratio of sums over the year. */
export async function deriveZeroWasteMonth(db: Db, mes: string): Promise<void> {
  const [row] = await rowsOf<{ id: number; aprovechable: number | null; total: number | null }>(
    db.execute(sql`
      select v.id,
             sum(r.kg) filter (where c.aprovechable) as aprovechable,
             sum(r.kg) as total
      from variables v
      cross join zw_registros r
      join zw_clasificaciones c on c.id = r.clasificacion_id
      where v.nombre = 'ZWL (%)' and r.mes = ${mes}::date
      group by v.id`),
  );
  if (!row || row.total === null || row.total <= 0) return;
  const valor = ((row.aprovechable ?? 0) / row.total) * 100;
  await upsertDailyValues(db, mes, [
    { variableId: row.id, valor, numerador: valor * row.total, denominador: row.total },
  ]);
  await recomputeAggregates(db, [row.id], mes);
}

export interface DerivedValue {
  variableId: number;
  valor: number;
  numerador?: number | null;
  denominador?: number | null;
}

/** Writes daily historicos (diario + the raw sums of ratios) and takes the day's meta from metas. */
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
      denominador = excluded.denominador, meta = coalesce(excluded.meta, historicos.meta)`);
}

/**
 * Everything derived for one production day, in order: hourly rollups, contadores_hora,
 * efficiencies, the daily historicos of OPC and calculated variables, then mensual/anual.
 * The same function serves the demo backfill and, later, the live collector.
 */
export async function deriveProductionDay(
  db: Db,
  fecha: string,
  timeZone: string,
  options: { recompute?: boolean; now?: number } = {},
): Promise<void> {
  const { start, end } = productionDayRange(fecha, timeZone);
  await rollupScada(db, start, end);
  await rollupLecturas(db, fecha, start, end);
  await deriveContadoresHora(db, start, end);
  const lines = await lineDays(db, fecha, start, end, options.now ?? Date.now());

  await db.execute(sql`
    insert into eficiencias (linea_id, fecha, producido_cu, capacidad_marcha_cu, capacidad_pagada_cu)
    select * from unnest(${sql.param(lines.map((l) => l.lineaId))}::int[], ${sql.param(lines.map(() => fecha))}::date[],
      ${sql.param(lines.map((l) => l.producidoCu))}::float8[], ${sql.param(lines.map((l) => l.capacidadMarchaCu))}::float8[],
      ${sql.param(lines.map((l) => l.capacidadPagadaCu))}::float8[])
    on conflict (linea_id, fecha) do update set producido_cu = excluded.producido_cu,
      capacidad_marcha_cu = excluded.capacidad_marcha_cu, capacidad_pagada_cu = excluded.capacidad_pagada_cu`);

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
  for (const v of variables) {
    if (fromReadings.has(v.id)) continue;
    const value =
      deriveKpis(v.nombre, v.linea_numero, lines, context) ??
      (await deriveSpecial(db, v.nombre, fecha, start, end, lines));
    if (value) values.push({ variableId: v.id, ...value });
  }
  await upsertDailyValues(db, fecha, values);
  if (options.recompute !== false) {
    await recomputeAggregates(
      db,
      values.map((v) => v.variableId),
      fecha,
    );
  }
}
