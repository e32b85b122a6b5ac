import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { horasProductivas, NOMINAL_CU_H } from './capacidad.ts';

/**
 * The day's production metas when nobody wrote them (a live day in a month the demo backfill did
 * not reach, a plan entered by hand): the month's negociado spread in proportion to each day's
 * scheduled capacity, Σ over the lines of nominal CU/h (mean over the line's products) × shift
 * hours. A day of the month without its shift row yet counts the hours of the same weekday in the
 * latest weeks that have one. Written to `metas` once (existing rows win), so the day in progress
 * has its meta from its first derivation.
 */
export async function ensureProductionMetas(db: Db, fecha: string): Promise<void> {
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
