import { timeModel } from '@planta/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import type { LineDay } from './kpis.ts';
import { FORMATOS, iso, minutesCte, PROD_LINEA, type ProdLinea } from './minutes.ts';
import { FIN_PARO } from './paros-sql.ts';

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
export async function lineDays(
  db: Db,
  fecha: string,
  start: Date,
  end: Date,
  now: number,
  /** The lines' sums over the minutes of [start, end) (from rollups.ts rollupHoras): used for a day gone by. */
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
               coalesce(sum(extract(epoch from least(${FIN_PARO}, ${iso(until)}::timestamptz) - greatest(p.inicio, ${iso(start)}::timestamptz)) / 60)
                 filter (where p.tipo = 'FALLA'), 0) as minutos_falla,
               coalesce(sum(greatest(0, extract(epoch from least(${FIN_PARO}, ${iso(until)}::timestamptz) - greatest(p.inicio, ${iso(start)}::timestamptz)) / 60))
                 filter (where p.tipo in ('CIP', 'PLANIFICADO')), 0) as minutos_planificados,
               coalesce(sum(extract(epoch from least(${FIN_PARO}, ${iso(until)}::timestamptz) - greatest(p.inicio, ${iso(start)}::timestamptz)) / 60)
                 filter (where p.tipo = 'MICROPARO'), 0) as minutos_microparo
        from paros p
        -- A stop never lasts a day: the lower bound lets the index on inicio skip older rows.
        where p.inicio < ${iso(until)}::timestamptz and p.inicio > ${iso(start)}::timestamptz - interval '1 day'
          and ${FIN_PARO} > ${iso(start)}::timestamptz
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

/** Each line's day in `eficiencias` (produced and total CU, nominal outputs, paid, planned and run minutes). */
export async function writeEficiencias(db: Db, fecha: string, lines: readonly LineDay[]): Promise<void> {
  await db.execute(sql`
    insert into eficiencias (linea_id, fecha, producido_cu, capacidad_marcha_cu, capacidad_pagada_cu,
      minutos_pagados, minutos_planificados, minutos_marcha, capacidad_operacion_cu, total_cu)
    select * from unnest(${sql.param(lines.map((l) => l.lineaId))}::int[], ${sql.param(lines.map(() => fecha))}::date[],
      ${sql.param(lines.map((l) => l.producidoCu))}::float8[], ${sql.param(lines.map((l) => l.capacidadMarchaCu))}::float8[],
      ${sql.param(lines.map((l) => l.capacidadPagadaCu))}::float8[], ${sql.param(lines.map((l) => l.paidMinutes))}::float8[],
      ${sql.param(lines.map((l) => l.plannedMinutes))}::float8[], ${sql.param(lines.map((l) => l.runMinutes))}::float8[],
      ${sql.param(lines.map((l) => l.capacidadOperacionCu))}::float8[], ${sql.param(lines.map((l) => l.totalCu))}::float8[])
    on conflict (linea_id, fecha) do update set producido_cu = excluded.producido_cu,
      capacidad_marcha_cu = excluded.capacidad_marcha_cu, capacidad_pagada_cu = excluded.capacidad_pagada_cu,
      minutos_pagados = excluded.minutos_pagados, minutos_planificados = excluded.minutos_planificados,
      minutos_marcha = excluded.minutos_marcha, capacidad_operacion_cu = excluded.capacidad_operacion_cu,
      total_cu = excluded.total_cu`);
}
