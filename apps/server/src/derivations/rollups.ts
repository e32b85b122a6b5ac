import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { iso, minutesCte, PROD_LINEA, type ProdLinea, PRODUCTO_HORA } from './minutes.ts';

const HOUR = 3_600_000;

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
