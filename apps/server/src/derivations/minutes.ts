import { UNIT_CASE_LITRES } from '@planta/domain';
import { sql } from 'drizzle-orm';
import { FIN_PARO } from './paros-sql.ts';

/**
 * The minute rows as every derivation of a production day sees them: the SQL fragments (CTE bodies)
 * shared by the hourly rollup (rollups.ts) and the line-day figures (line-day.ts).
 */

export const iso = (d: Date) => d.toISOString();

/** A minute of a line as scada_lecturas holds it. */
export interface MinutoScada {
  linea: number;
  t: number;
  velocidad: number;
  botellas: number;
  botellasLlenas: number;
  paquetes: number;
  formato: number;
}

/** A reading as lecturas holds it. */
export interface LecturaMinuto {
  variableId: number;
  t: number;
  valor: number;
}

/** Each production line's product codes with pack size, unit cases per pack, litres and nominal speed. */
export const FORMATOS = sql`
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
export function minutesCte(start: Date, end: Date) {
  return sql`
    f as (${FORMATOS}),
    tasa as (
      select numero, avg(velocidad_paquetes_hora * factor / 60) as cu_min from f
      where velocidad_paquetes_hora is not null group by 1
    ),
    plan as materialized (
      select l.numero as linea, p.inicio, ${FIN_PARO} as fin
      from paros p join lineas l on l.id = p.linea_id
      where p.tipo in ('CIP', 'PLANIFICADO') and p.inicio < ${iso(end)}::timestamptz
        and p.inicio > ${iso(start)}::timestamptz - interval '1 day' and ${FIN_PARO} > ${iso(start)}::timestamptz
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
export const PRODUCTO_HORA = sql`
    ph as (
      select linea, hora, formato, sum(paquetes) as paquetes, count(*) as minutos from mm group by 1, 2, 3
    ),
    principal as (
      select distinct on (linea, hora) linea, hora, formato from ph
      order by linea, hora, (formato = 0), paquetes desc, minutos desc, formato
    )`;

/** Each line's sums over the minutes `mm` (see line-day.ts lineDays). */
export const PROD_LINEA = sql`
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
export interface ProdLinea {
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
