import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/**
 * Recomputes historicos.mensual and .anual from diario for the given variables, from the start of
 * the year of `desde` onwards. One code path for the demo backfill, live data and hand edits.
 *
 * By the variable's agregacion:
 * - SUMA: month-to-date and year-to-date sums of diario.
 * - PROMEDIO: when every day of the window carries numerador/denominador, the ratio of their sums
 *   (numerador is stored as diario × denominador, so Σnum/Σden is exactly the ratio of the raw sums);
 *   otherwise the mean of diario (levels such as pH or temperature).
 * - ULTIMO: the day's own value.
 *
 * A mensual or anual entered by hand (historicos.mensual_manual / anual_manual) is kept as entered,
 * whatever is written later; `exceptIds` additionally keeps whole rows (the row being written).
 */
export async function recomputeAggregates(
  db: Db,
  variableIds: readonly number[],
  desde: string,
  exceptIds: readonly number[] = [],
  /** Only the rows up to this day (later rows do not count for earlier ones' mensual/anual). */
  hasta?: string,
): Promise<void> {
  const hastaFiltro = hasta === undefined ? sql`` : sql` and h.fecha <= ${hasta}::date`;
  if (variableIds.length === 0) return;
  await db.execute(sql`
    with w as (
      select h.id,
        v.agregacion,
        h.diario,
        sum(h.diario) over m as m_sum, avg(h.diario) over m as m_avg,
        count(*) over m as m_n, count(h.numerador * h.denominador) over m as m_nd,
        sum(h.numerador) over m as m_num, sum(h.denominador) over m as m_den,
        sum(h.diario) over y as y_sum, avg(h.diario) over y as y_avg,
        count(*) over y as y_n, count(h.numerador * h.denominador) over y as y_nd,
        sum(h.numerador) over y as y_num, sum(h.denominador) over y as y_den
      from historicos h
      join variables v on v.id = h.variable_id
      where h.variable_id = any(${sql.param([...variableIds])}::int[])
        and h.fecha >= date_trunc('year', ${desde}::date)::date${hastaFiltro}
      window m as (partition by h.variable_id, date_trunc('month', h.fecha) order by h.fecha
                   rows between unbounded preceding and current row),
             y as (partition by h.variable_id, date_trunc('year', h.fecha) order by h.fecha
                   rows between unbounded preceding and current row)
    ),
    agg as (
      select id,
        case agregacion
          when 'SUMA' then m_sum
          when 'ULTIMO' then diario
          else case when m_nd = m_n and m_den <> 0 then m_num / m_den else m_avg end
        end as mensual,
        case agregacion
          when 'SUMA' then y_sum
          when 'ULTIMO' then diario
          else case when y_nd = y_n and y_den <> 0 then y_num / y_den else y_avg end
        end as anual
      from w
    )
    update historicos h
    set mensual = case when h.mensual_manual then h.mensual else agg.mensual end,
        anual = case when h.anual_manual then h.anual else agg.anual end
    from agg
    where h.id = agg.id
      and h.fecha >= ${desde}::date${hastaFiltro}
      and not (h.id = any(${sql.param([...exceptIds])}::bigint[]))
      and ((not h.mensual_manual and h.mensual is distinct from agg.mensual)
        or (not h.anual_manual and h.anual is distinct from agg.anual))
  `);
}
