import { productionDayRange, UNIT_CASE_LITRES } from '@planta/domain';
import { formatFecha } from '@planta/charts';
import { timeModel } from '@planta/plant-model';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { badInput } from '../errors.ts';
import { recomputeAggregates } from './historicos.ts';
import { horasProductivas, NOMINAL_CU_H } from './capacidad.ts';
import { baseName, type DayContext, deriveKpis, type KpiValue, type LineDay } from './kpis.ts';
import { rowsOf } from '../db/rows.ts';

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

/**
 * The minute rows of [start, end) with what every derivation needs of them (CTE `mm`):
 * - `formato`: the product the minute belongs to — the PLC's code, or for a minute without one the
 *   last product set up before it that day (the first of the day for minutes before any): every
 *   pack counted belongs to the product that ran when it was counted;
 * - `marcha`: the line ran (speed above 0 or anything counted: counts win over a speed of 0);
 * - `paro_plan`: the minute lies in a planned stop (CIP, PLANIFICADO);
 * - `bueno_cu` (packs × CU per pack), `total_cu` (bottles filled in CU), `litros` (good litres);
 * - `tasa_cu`: nominal CU per minute of the product (the line's mean nominal when unknown);
 * - `nominal_cu`: for a run minute its nominal output, never below what it produced.
 */
function minutesCte(start: Date, end: Date) {
  return sql`
    f as (${FORMATOS}),
    tasa as (
      select numero, avg(velocidad_paquetes_hora * factor / 60) as cu_min from f
      where velocidad_paquetes_hora is not null group by 1
    ),
    plan as materialized (
      select l.numero as linea, p.inicio, p.fin
      from paros p join lineas l on l.id = p.linea_id
      where p.tipo in ('CIP', 'PLANIFICADO') and p.inicio < ${iso(end)}::timestamptz
        and p.inicio > ${iso(start)}::timestamptz - interval '1 day' and p.fin > ${iso(start)}::timestamptz
    ),
    raw as (
      select s.*,
             count(nullif(s.formato, 0)) over (partition by s.linea order by s.fecha) as grupo,
             first_value(nullif(s.formato, 0)) over (partition by s.linea order by (s.formato = 0), s.fecha) as primero
      from scada_lecturas s
      where s.fecha >= ${iso(start)}::timestamptz and s.fecha < ${iso(end)}::timestamptz
    ),
    carried as (
      select r.*, coalesce(max(nullif(r.formato, 0)) over (partition by r.linea, r.grupo), r.primero, 0) as formato_real
      from raw r
    ),
    mm0 as (
      select c.linea, c.fecha, date_bin('1 hour', c.fecha, timestamptz '2000-01-01 00:00:00+00') as hora,
             c.velocidad, c.botellas, c.botellas_llenas, c.paquetes, c.formato_real as formato,
             (c.velocidad > 0 or c.paquetes > 0 or c.botellas > 0 or c.botellas_llenas > 0) as marcha,
             exists (select 1 from plan where plan.linea = c.linea and c.fecha >= plan.inicio and c.fecha < plan.fin) as paro_plan,
             c.paquetes * coalesce(f.factor, 0) as bueno_cu,
             c.botellas * coalesce(f.litros_botella, 0) / ${UNIT_CASE_LITRES}::float8 as total_cu,
             c.botellas_llenas * coalesce(f.litros_botella, 0) as litros,
             coalesce(f.velocidad_paquetes_hora * f.factor / 60, tasa.cu_min, 0) as tasa_cu
      from carried c
      left join f on f.numero = c.linea and f.formato = c.formato_real and c.formato_real <> 0
      left join tasa on tasa.numero = c.linea
    ),
    mm as (
      select mm0.*, case when marcha then greatest(tasa_cu, total_cu, bueno_cu) else 0 end as nominal_cu
      from mm0
    )`;
}

/**
 * The product of an hour (or any bucket): the one that made the most packs in it, else the one
 * set up the most minutes. Expects `mm` and groups by (linea, hora).
 */
const PRODUCTO_HORA = sql`
    ph as (
      select linea, hora, formato, sum(paquetes) as paquetes, count(*) as minutos from mm group by 1, 2, 3
    ),
    principal as (
      select distinct on (linea, hora) linea, hora, formato from ph
      order by linea, hora, (formato = 0), paquetes desc, minutos desc, formato
    )`;

const HOUR = 3_600_000;

/** Each line's sums over the minutes `mm` (see {@link lineDays}). */
const PROD_LINEA = sql`
    prod as (
      select linea,
             sum(bueno_cu) as bueno_cu, sum(total_cu) as total_cu, sum(litros) as litros,
             sum(nominal_cu) as nominal_cu,
             count(*) filter (where marcha) as marcha,
             count(*) filter (where marcha and paro_plan) as marcha_en_paro,
             avg(tasa_cu) filter (where not marcha and tasa_cu > 0) as tasa_parado,
             sum(botellas) as botellas, sum(botellas_llenas) as llenas
      from mm group by 1
    )`;

/** A row of {@link PROD_LINEA}, every figure as float8 (exact for the counts). */
interface ProdLinea {
  linea: number;
  bueno_cu: number;
  total_cu: number;
  litros: number;
  nominal_cu: number;
  marcha: number;
  marcha_en_paro: number;
  tasa_parado: number | null;
  botellas: number;
  llenas: number;
}

/**
 * lecturas_hora for the hours of [start, end) and lecturas_dia for the production day `fecha`.
 * With `changed` (the minutes written since the last rollup), only the hours holding them are
 * recomputed, clipped to [start, end) as the whole pass would: the live collector's minute then
 * costs one hour of readings (5,000 variables × 60), not the whole day (× 1,440).
 */
export async function rollupLecturas(
  db: Db,
  fecha: string,
  start: Date,
  end: Date,
  changed?: { desde: Date; hasta: Date },
): Promise<void> {
  const from = changed
    ? new Date(Math.max(start.getTime(), Math.floor(changed.desde.getTime() / HOUR) * HOUR))
    : start;
  const to = changed
    ? new Date(Math.min(end.getTime(), Math.ceil(changed.hasta.getTime() / HOUR) * HOUR))
    : end;
  if (from < to) {
    await db.execute(sql`
    insert into lecturas_hora (variable_id, fecha, suma, minimo, maximo, conteo, ultimo)
    select variable_id, date_bin('1 hour', fecha, timestamptz '2000-01-01 00:00:00+00'),
           sum(valor), min(valor), max(valor), count(*), (array_agg(valor order by fecha desc))[1]
    from lecturas
    where fecha >= ${iso(from)}::timestamptz and fecha < ${iso(to)}::timestamptz
    group by 1, 2
    on conflict (variable_id, fecha) do update set suma = excluded.suma, minimo = excluded.minimo,
      maximo = excluded.maximo, conteo = excluded.conteo, ultimo = excluded.ultimo`);
  }
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
 * The hours of [start, end), from one pass over its minute rows (the minutes CTE is the costly
 * part of a day's derivation): scada_hora — each line's sums per hour and the hour's product — and
 * contadores_hora of each line: energy from the line's electric meter (variable of the line, area
 * energia, unit kWh, name 'Energía eléctrica…', from lecturas_hora: roll the readings up first);
 * efficiency = good unit cases / nominal output of the hour's planned production time (run minutes
 * at their nominal, never below their output, plus the minutes stopped outside planned stops at the
 * product's nominal), so it stays within 0–100 %; kpi_energia = kWh per litre; the product that
 * made most of the hour. One statement: the scada_hora insert is a data-modifying CTE.
 */
export async function rollupHoras(db: Db, start: Date, end: Date): Promise<ProdLinea[]> {
  return rowsOf<ProdLinea>(
    db.execute(sql`
    with ${minutesCte(start, end)}, ${PRODUCTO_HORA}, ${PROD_LINEA},
    scada as (
      insert into scada_hora (linea, fecha, botellas, botellas_llenas, paquetes, minutos_marcha, velocidad_suma, minutos, formato)
      select mm.linea, mm.hora,
             sum(mm.botellas), sum(mm.botellas_llenas), sum(mm.paquetes),
             count(*) filter (where mm.velocidad > 0), sum(mm.velocidad), count(*),
             min(principal.formato)
      from mm join principal on principal.linea = mm.linea and principal.hora = mm.hora
      group by 1, 2
      on conflict (linea, fecha) do update set
        botellas = excluded.botellas, botellas_llenas = excluded.botellas_llenas, paquetes = excluded.paquetes,
        minutos_marcha = excluded.minutos_marcha, velocidad_suma = excluded.velocidad_suma,
        minutos = excluded.minutos, formato = excluded.formato
    ),
    p as (
      select l.id as linea_id, mm.hora,
             sum(mm.bueno_cu) as cu, sum(mm.litros) as litros,
             sum(case when mm.marcha then mm.nominal_cu when mm.paro_plan then 0 else mm.tasa_cu end) as capacidad,
             min(principal.formato) as formato
      from mm
      join lineas l on l.numero = mm.linea
      join principal on principal.linea = mm.linea and principal.hora = mm.hora
      group by 1, 2
    ),
    e as (
      select v.linea_id, h.fecha as hora, sum(h.suma) as kwh
      from lecturas_hora h join variables v on v.id = h.variable_id
      where v.linea_id is not null and v.area = 'energia' and v.unidad = 'kWh' and v.nombre like 'Energía eléctrica%'
        and h.fecha >= ${iso(start)}::timestamptz and h.fecha < ${iso(end)}::timestamptz
      group by 1, 2
    ),
    contadores as (
      insert into contadores_hora (linea_id, fecha, energia, eficiencia, kpi_energia, formato)
      select p.linea_id, p.hora, coalesce(e.kwh, 0),
             least(100, coalesce(p.cu / nullif(p.capacidad, 0) * 100, 0)),
             coalesce(e.kwh / nullif(p.litros, 0), 0),
             coalesce(p.formato, 0)
      from p left join e on e.linea_id = p.linea_id and e.hora = p.hora
      on conflict (linea_id, fecha) do update set energia = excluded.energia, eficiencia = excluded.eficiencia,
        kpi_energia = excluded.kpi_energia, formato = excluded.formato
    )
    select linea, bueno_cu::float8, total_cu::float8, litros::float8, nominal_cu::float8, marcha::float8,
           marcha_en_paro::float8, tasa_parado::float8, botellas::float8, llenas::float8
    from prod`),
  );
}

/**
 * Share of the production day gone by at `now` (1 once it is over).
 */
export function elapsedShare(start: Date, end: Date, now: number): number {
  return Math.min(1, Math.max(0, (now - start.getTime()) / (end.getTime() - start.getTime())));
}

/**
 * Per-line sums of the production day and its time model (DOMAIN "Efficiency", docs/data.md): paid
 * minutes from the shift (the shifts start with the production day, so for the day in progress only
 * those gone by: min(paid, elapsed)); planned stops = minutes of CIP/PLANIFICADO stops in which the
 * line did not run; run minutes = minutes that ran or counted anything; nominal outputs from the
 * nominal speed of the product of each minute. `timeModel` turns them into planned/paid time and
 * nominal outputs so that eficiencia pagada ≤ OEE ≤ ETA ≤ 100 % by construction.
 */
async function lineDays(
  db: Db,
  fecha: string,
  start: Date,
  end: Date,
  now: number,
  /** The lines' sums over the minutes of [start, end) (from {@link rollupHoras}): used for a day gone by. */
  prodDia: readonly ProdLinea[],
): Promise<LineDay[]> {
  const until = new Date(Math.min(end.getTime(), Math.max(start.getTime(), now)));
  // A day gone by has the sums of its whole day, already computed over the same minutes; the day
  // in progress sums its minutes up to now.
  const col = <K extends keyof ProdLinea>(k: K) => sql.param(prodDia.map((p) => p[k]));
  const prod =
    until.getTime() === end.getTime()
      ? sql`
      f as (${FORMATOS}),
      tasa as (
        select numero, avg(velocidad_paquetes_hora * factor / 60) as cu_min from f
        where velocidad_paquetes_hora is not null group by 1
      ),
      prod as (
        select * from unnest(${col('linea')}::int[], ${col('bueno_cu')}::float8[], ${col('total_cu')}::float8[],
          ${col('litros')}::float8[], ${col('nominal_cu')}::float8[], ${col('marcha')}::float8[],
          ${col('marcha_en_paro')}::float8[], ${col('tasa_parado')}::float8[], ${col('botellas')}::float8[],
          ${col('llenas')}::float8[])
          as p(linea, bueno_cu, total_cu, litros, nominal_cu, marcha, marcha_en_paro, tasa_parado, botellas, llenas)
      )`
      : sql`${minutesCte(start, until)}, ${PROD_LINEA}`;
  const elapsedMinutes = (until.getTime() - start.getTime()) / 60_000;
  const rows = await rowsOf<
    Pick<
      LineDay,
      | 'lineaId'
      | 'numero'
      | 'litros'
      | 'botellas'
      | 'botellasLlenas'
      | 'fallas'
      | 'minutosFalla'
      | 'minutosMicroparo'
      | 'kwh'
    > & {
      goodCu: number;
      totalCu: number;
      nominalRunCu: number;
      runMinutes: number;
      runInPlan: number;
      idleRate: number;
      plannedStop: number;
      paidMinutes: number;
    }
  >(
    db.execute(sql`
      with ${prod},
      paros_dia as (
        select p.linea_id,
               count(*) filter (where p.tipo = 'FALLA') as fallas,
               coalesce(sum(extract(epoch from least(p.fin, ${iso(until)}::timestamptz) - greatest(p.inicio, ${iso(start)}::timestamptz)) / 60)
                 filter (where p.tipo = 'FALLA'), 0) as minutos_falla,
               coalesce(sum(greatest(0, extract(epoch from least(p.fin, ${iso(until)}::timestamptz) - greatest(p.inicio, ${iso(start)}::timestamptz)) / 60))
                 filter (where p.tipo in ('CIP', 'PLANIFICADO')), 0) as minutos_planificados,
               coalesce(sum(extract(epoch from least(p.fin, ${iso(until)}::timestamptz) - greatest(p.inicio, ${iso(start)}::timestamptz)) / 60)
                 filter (where p.tipo = 'MICROPARO'), 0) as minutos_microparo
        from paros p
        -- A stop never lasts a day: the lower bound lets the index on inicio skip older rows.
        where p.inicio < ${iso(until)}::timestamptz and p.inicio > ${iso(start)}::timestamptz - interval '1 day'
          and p.fin > ${iso(start)}::timestamptz
        group by 1
      ),
      energia as (
        select linea_id, sum(energia) as kwh from contadores_hora
        where fecha >= ${iso(start)}::timestamptz and fecha < ${iso(end)}::timestamptz group by 1
      )
      select l.id as "lineaId", l.numero as "numero",
             coalesce(prod.bueno_cu, 0)::float8 as "goodCu",
             coalesce(prod.total_cu, 0)::float8 as "totalCu",
             coalesce(prod.litros, 0)::float8 as "litros",
             coalesce(prod.nominal_cu, 0)::float8 as "nominalRunCu",
             coalesce(prod.marcha, 0)::float8 as "runMinutes",
             coalesce(prod.marcha_en_paro, 0)::float8 as "runInPlan",
             coalesce(prod.tasa_parado, tasa.cu_min, 0)::float8 as "idleRate",
             coalesce(paros_dia.minutos_planificados, 0)::float8 as "plannedStop",
             least(coalesce(t.horas_productividad, 0) * 60, ${elapsedMinutes}::float8)::float8 as "paidMinutes",
             coalesce(prod.botellas, 0)::float8 as "botellas",
             coalesce(prod.llenas, 0)::float8 as "botellasLlenas",
             coalesce(paros_dia.fallas, 0)::float8 as "fallas",
             coalesce(paros_dia.minutos_falla, 0)::float8 as "minutosFalla",
             coalesce(paros_dia.minutos_microparo, 0)::float8 as "minutosMicroparo",
             coalesce(energia.kwh, 0)::float8 as "kwh"
      from lineas l
      left join prod on prod.linea = l.numero
      left join tasa on tasa.numero = l.numero
      left join turnos t on t.linea_id = l.id and t.fecha = ${fecha}::date
      left join paros_dia on paros_dia.linea_id = l.id
      left join energia on energia.linea_id = l.id
      where l.numero > 0
      order by l.numero`),
  );
  return rows.map((r) => {
    const model = timeModel({
      paidMinutes: r.paidMinutes,
      elapsedMinutes,
      plannedStopMinutes: r.plannedStop - r.runInPlan,
      runMinutes: r.runMinutes,
      nominalRunCu: r.nominalRunCu,
      idleRateCuMin: r.idleRate,
      goodCu: r.goodCu,
      totalCu: r.totalCu,
    });
    return {
      lineaId: r.lineaId,
      numero: r.numero,
      litros: r.litros,
      botellas: r.botellas,
      botellasLlenas: r.botellasLlenas,
      fallas: r.fallas,
      minutosFalla: r.minutosFalla,
      minutosMicroparo: r.minutosMicroparo,
      kwh: r.kwh,
      ...model,
      producidoCu: model.goodCu,
      minutosMarcha: model.runMinutes,
      capacidadMarchaCu: model.nominalRunCu,
      capacidadOperacionCu: model.nominalPlannedCu,
      capacidadPagadaCu: model.nominalPaidCu,
    };
  });
}

/**
 * The day's production metas when nobody wrote them (a live day in a month the demo backfill did
 * not reach, a plan entered by hand): the month's negociado spread in proportion to each day's
 * scheduled capacity, Σ over the lines of nominal CU/h (mean over the line's products) × shift
 * hours. A day of the month without its shift row yet counts the hours of the same weekday in the
 * latest weeks that have one. Written to `metas` once (existing rows win), so the day in progress
 * has its meta from its first derivation.
 */
async function ensureProductionMetas(db: Db, fecha: string): Promise<void> {
  await db.execute(sql`
    with target as (
      select v.id as variable_id, v.linea_id, p.negociado
      from variables v
      join planificaciones p on p.variable_id = v.id and p.fecha = date_trunc('month', ${fecha}::date)::date
      where (v.nombre = 'Producción (CU)' or v.nombre ~ '^Producción [(]CU[)]_[0-9]{3}$')
        and not exists (select 1 from metas m where m.variable_id = v.id and m.fecha = ${fecha}::date)
    ),
    dias as (
      select d::date as fecha
      from generate_series(date_trunc('month', ${fecha}::date), date_trunc('month', ${fecha}::date) + interval '1 month' - interval '1 day', interval '1 day') d
      where exists (select 1 from target)
    ),
    nominal as (${NOMINAL_CU_H}),
    horas as (
      select dias.fecha, n.linea_id, n.cu_h * ${horasProductivas(sql`n.linea_id`, sql`dias.fecha`)} as cu
      from dias cross join nominal n
    ),
    cap as (
      select t.variable_id, h.fecha, sum(h.cu) as cu
      from target t join horas h on t.linea_id is null or h.linea_id = t.linea_id
      group by 1, 2
    )
    insert into metas (variable_id, fecha, valor)
    select t.variable_id, ${fecha}::date, round((t.negociado * hoy.cu / mes.cu)::numeric)::float8
    from target t
    join cap hoy on hoy.variable_id = t.variable_id and hoy.fecha = ${fecha}::date
    join (select variable_id, sum(cu) as cu from cap group by 1) mes on mes.variable_id = t.variable_id
    where hoy.cu > 0 and mes.cu > 0
    on conflict do nothing`);
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
  /** The day's HR figures, read once for all the HR variables of the day. */
  hrOfDay: () => ReturnType<typeof hrDay>,
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
    const hr = await hrOfDay();
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
 * A day whose raw minutes the retention dropped (RETENCION_MINUTOS_DIAS), wholly or in part (a
 * production day straddles two calendar months, and months go one at a time), keeps the figures
 * derived while it had them: deriving it again from what is left would shrink its production, or
 * turn it into zeros. Its hourly rollup remembers how many minutes there were (scada_hora.minutos);
 * fewer minutes now means some are gone, and the edit that asked for the derivation (a stop, a
 * shift's hours) is refused and rolled back with it.
 */
async function rechazarDiaSinMinutos(db: Db, fecha: string, start: Date, end: Date): Promise<void> {
  const [dia] = await rowsOf<{ minutos: number; esperados: number }>(
    db.execute(sql`
      select (select count(*) from scada_lecturas where fecha >= ${iso(start)}::timestamptz and fecha < ${iso(end)}::timestamptz)::int as minutos,
             (select coalesce(sum(minutos), 0) from scada_hora where fecha >= ${iso(start)}::timestamptz and fecha < ${iso(end)}::timestamptz)::int as esperados`),
  );
  if (dia && dia.minutos < dia.esperados) {
    throw badInput(
      `Los minutos del día ${formatFecha(fecha)} ya no se conservan (RETENCION_MINUTOS_DIAS): ` +
        'sus cifras quedan como están y no se pueden recalcular',
      'fecha',
    );
  }
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
  options: {
    recompute?: boolean;
    now?: number;
    /** Only the readings of these minutes changed since the last derivation (the live collector). */
    minutos?: { desde: Date; hasta: Date };
    /**
     * The day's minutes were all written just now, in this transaction (the demo backfill): none
     * can have been dropped by the retention, so the check against the hourly rollup is left off.
     */
    minutosRecienEscritos?: boolean;
  } = {},
): Promise<void> {
  const { start, end } = productionDayRange(fecha, timeZone);
  if (!options.minutos && !options.minutosRecienEscritos) await rechazarDiaSinMinutos(db, fecha, start, end);
  await rollupLecturas(db, fecha, start, end, options.minutos);
  const prodDia = await rollupHoras(db, start, end);
  const lines = await lineDays(db, fecha, start, end, options.now ?? Date.now(), prodDia);
  await ensureProductionMetas(db, fecha);

  await db.execute(sql`
    insert into eficiencias (linea_id, fecha, producido_cu, capacidad_marcha_cu, capacidad_pagada_cu,
      minutos_pagados, minutos_planificados, minutos_marcha, capacidad_operacion_cu)
    select * from unnest(${sql.param(lines.map((l) => l.lineaId))}::int[], ${sql.param(lines.map(() => fecha))}::date[],
      ${sql.param(lines.map((l) => l.producidoCu))}::float8[], ${sql.param(lines.map((l) => l.capacidadMarchaCu))}::float8[],
      ${sql.param(lines.map((l) => l.capacidadPagadaCu))}::float8[], ${sql.param(lines.map((l) => l.paidMinutes))}::float8[],
      ${sql.param(lines.map((l) => l.plannedMinutes))}::float8[], ${sql.param(lines.map((l) => l.runMinutes))}::float8[],
      ${sql.param(lines.map((l) => l.capacidadOperacionCu))}::float8[])
    on conflict (linea_id, fecha) do update set producido_cu = excluded.producido_cu,
      capacidad_marcha_cu = excluded.capacidad_marcha_cu, capacidad_pagada_cu = excluded.capacidad_pagada_cu,
      minutos_pagados = excluded.minutos_pagados, minutos_planificados = excluded.minutos_planificados,
      minutos_marcha = excluded.minutos_marcha, capacidad_operacion_cu = excluded.capacidad_operacion_cu`);

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
  let hr: ReturnType<typeof hrDay> | undefined;
  const hrOfDay = () => (hr ??= hrDay(db, fecha));
  for (const v of variables) {
    if (fromReadings.has(v.id)) continue;
    const value =
      deriveKpis(v.nombre, v.linea_numero, lines, context) ??
      (await deriveSpecial(db, v.nombre, fecha, start, end, lines, hrOfDay));
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
