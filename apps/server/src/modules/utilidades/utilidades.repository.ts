import { sql } from 'drizzle-orm';
import { PRODUCTION_DAY_START_HOUR } from '@planta/domain';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';

export interface SerieVariable {
  id: number;
  nombre: string;
  unidad: string;
  agregacion: 'SUMA' | 'PROMEDIO' | 'ULTIMO';
  decimales: number;
  linea_numero: number | null;
}

export type Medio = 'aire' | 'agua';

/** Utilities variables: air by unit (Nm³/h) or name, water by unit (m³) or name. */
const MEDIO_FILTER = {
  aire: sql`(v.unidad ilike 'Nm%' or v.nombre ilike '%aire%')`,
  agua: sql`(v.unidad ilike 'm³%' or v.unidad ilike 'm3%' or v.nombre ilike '%agua%')`,
};

export class UtilidadesRepository {
  constructor(private readonly db: Db) {}

  variables(medio: Medio, nombres?: readonly string[]): Promise<SerieVariable[]> {
    return rowsOf<SerieVariable>(
      this.db.execute(sql`
        select v.id, v.nombre, v.unidad, v.agregacion, v.decimales, l.numero as linea_numero
        from variables v left join lineas l on l.id = v.linea_id
        where v.estado = 1 and v.area = 'utilidades' and ${MEDIO_FILTER[medio]}
          ${nombres && nombres.length > 0 ? sql`and v.nombre = any(${sql.param([...nombres])}::text[])` : sql``}
        order by v.nombre`),
    );
  }

  /**
   * One value per variable and bucket, aligned on the production day's 08:00: sums for SUMA
   * variables, means otherwise. Buckets of whole hours read the hourly rollup.
   */
  buckets(variables: readonly SerieVariable[], desde: Date, hasta: Date, bucket: number, tz: string) {
    const ids = variables.map((v) => v.id);
    const hourly = bucket % 60 === 0;
    const source = hourly ? sql`lecturas_hora` : sql`lecturas`;
    const suma = hourly ? sql`sum(r.suma)` : sql`sum(r.valor)`;
    const media = hourly ? sql`sum(r.suma) / nullif(sum(r.conteo), 0)` : sql`avg(r.valor)`;
    return rowsOf<{ fecha: Date; variable_id: number; valor: number | null }>(
      this.db.execute(sql`
        select date_bin(${`${bucket} minutes`}::interval, r.fecha, (timestamp '2000-01-03 08:00' at time zone ${tz})) as fecha,
               r.variable_id,
               case when v.agregacion = 'SUMA' then ${suma} else ${media} end as valor
        from ${source} r join variables v on v.id = r.variable_id
        where r.variable_id = any(${sql.param(ids)}::int[])
          and r.fecha >= ${desde.toISOString()}::timestamptz and r.fecha < ${hasta.toISOString()}::timestamptz
        group by 1, 2, v.agregacion
        order by 1`),
    );
  }

  /**
   * Per production day from `desde` to `hasta` (dates): the plant's daily historicos the screen
   * divides (the same rows /fabrica shows) and the bottles filled from the lines' minute rows.
   * `litros` is the denominator of /fabrica's per-litre ratios ('Relación energía (MJ/L)', else
   * 'Relación agua (L/L)'); `aire_nm3` the one of 'Consumo específico compresores (kWh/Nm³)'.
   */
  async sumasDiarias(desde: string, hasta: string, inicio: Date, fin: Date, tz: string) {
    const historicosRows = await rowsOf<{
      fecha: string;
      produccion_cu: number | null;
      litros: number | null;
      agua_m3: number | null;
      energia_kwh: number | null;
      gas_m3: number | null;
      energia_compresores_kwh: number | null;
      aire_nm3: number | null;
    }>(
      this.db.execute(sql`
        select to_char(h.fecha, 'YYYY-MM-DD') as fecha,
          sum(h.diario) filter (where v.nombre = 'Producción (CU)') as produccion_cu,
          coalesce(sum(h.denominador) filter (where v.nombre = 'Relación energía (MJ/L)'),
                   sum(h.denominador) filter (where v.nombre = 'Relación agua (L/L)')) as litros,
          sum(h.diario) filter (where v.nombre = 'Agua extraída (m³)') as agua_m3,
          sum(h.diario) filter (where v.nombre = 'Energía eléctrica (kWh)') as energia_kwh,
          sum(h.diario) filter (where v.nombre = 'Consumo de gas (m³)') as gas_m3,
          sum(h.diario) filter (where v.nombre = 'Energía compresores (kWh)') as energia_compresores_kwh,
          sum(h.denominador) filter (where v.nombre = 'Consumo específico compresores (kWh/Nm³)') as aire_nm3
        from historicos h join variables v on v.id = h.variable_id
        where h.fecha >= ${desde}::date and h.fecha <= ${hasta}::date
          and v.nombre = any(${sql.param([
            'Producción (CU)',
            'Relación energía (MJ/L)',
            'Relación agua (L/L)',
            'Agua extraída (m³)',
            'Energía eléctrica (kWh)',
            'Consumo de gas (m³)',
            'Energía compresores (kWh)',
            'Consumo específico compresores (kWh/Nm³)',
          ])}::text[])
        group by 1
        order by 1`),
    );
    const botellas = await rowsOf<{ fecha: string; botellas: number }>(
      this.db.execute(sql`
        select to_char(((s.fecha at time zone ${tz}) - interval '${sql.raw(String(PRODUCTION_DAY_START_HOUR))} hours')::date, 'YYYY-MM-DD') as fecha,
               sum(s.botellas_llenas)::float8 as botellas
        from scada_lecturas s
        where s.fecha >= ${inicio.toISOString()}::timestamptz and s.fecha < ${fin.toISOString()}::timestamptz
        group by 1`),
    );
    return { historicos: historicosRows, botellas };
  }

  /**
   * The target of each variable in force on `hasta`: the latest day from `desde` with one (the
   * historico's own meta, else the metas row of that date).
   */
  metasVigentes(nombres: readonly string[], desde: string, hasta: string) {
    return rowsOf<{ nombre: string; linea_numero: number | null; valor: number }>(
      this.db.execute(sql`
        select distinct on (v.nombre) v.nombre, l.numero as linea_numero, x.valor
        from (
          select variable_id, fecha, meta as valor, 0 as prioridad from historicos
          where meta is not null and fecha >= ${desde}::date and fecha <= ${hasta}::date
          union all
          select variable_id, fecha, valor, 1 from metas where fecha >= ${desde}::date and fecha <= ${hasta}::date
        ) x
        join variables v on v.id = x.variable_id
        left join lineas l on l.id = v.linea_id
        where v.nombre = any(${sql.param([...nombres])}::text[]) or v.nombre like 'Fugas de aire (\%)%'
        order by v.nombre, x.fecha desc, x.prioridad`),
    );
  }

  /**
   * Compressed air by minute against production: each flow meter's reading holds until its next
   * one (the last one as long as the gap before it; at most 15 minutes), and it counts as "nothing
   * produced" only when nothing was produced during all of its minutes (a 5-minute reading of a
   * slot where the line ran part of the time carries production air). Production by minute: a line
   * produces when its minute row shows speed or anything counted. For the plant (Σ of the meters;
   * idle when no line produces) and each line with its own meter (idle when that line produces
   * nothing). Sums only; the rule is `fugasDeSumas`. With one reading a minute this is exactly
   * "minutes where no line runs or counts" against all minutes.
   */
  fugasMinutos(variableIds: readonly number[], desde: Date, hasta: Date) {
    return rowsOf<{
      linea: number | null;
      minutos: number;
      flujo_total: number | null;
      minutos_sin_produccion: number;
      flujo_sin_produccion_total: number | null;
    }>(
      this.db.execute(sql`
        with x as (
          select r.variable_id, l.numero, r.valor, r.fecha,
                 least(
                   coalesce(lead(r.fecha) over w, r.fecha + (r.fecha - lag(r.fecha) over w), r.fecha + interval '1 minute'),
                   r.fecha + interval '15 minutes') as fin
          from lecturas r
          join variables v on v.id = r.variable_id
          left join lineas l on l.id = v.linea_id
          where r.variable_id = any(${sql.param([...variableIds])}::int[])
            and r.fecha >= ${desde.toISOString()}::timestamptz and r.fecha < ${hasta.toISOString()}::timestamptz
          window w as (partition by r.variable_id order by r.fecha)
        ),
        xm as (
          select x.variable_id, x.numero, x.fecha, x.valor, m.minuto
          from x
          cross join lateral generate_series(date_trunc('minute', x.fecha), x.fin - interval '1 second', interval '1 minute') as m(minuto)
          where m.minuto < ${hasta.toISOString()}::timestamptz
        ),
        p as (
          select date_trunc('minute', fecha) as minuto, linea,
                 bool_or(velocidad > 0 or botellas > 0 or botellas_llenas > 0 or paquetes > 0) as activa
          from scada_lecturas
          where fecha >= ${desde.toISOString()}::timestamptz and fecha < ${hasta.toISOString()}::timestamptz
          group by 1, 2
        ),
        pm as (select minuto, bool_or(activa) as activa from p group by 1),
        lectura as (
          select xm.variable_id, xm.fecha,
                 coalesce(bool_or(pm.activa), false) as planta_activa,
                 coalesce(bool_or(pl.activa), false) as linea_activa
          from xm
          left join pm on pm.minuto = xm.minuto
          left join p pl on pl.minuto = xm.minuto and pl.linea = xm.numero
          group by 1, 2
        ),
        f as (
          select xm.minuto, xm.numero, xm.variable_id, avg(xm.valor) as valor,
                 bool_or(s.planta_activa) as planta_activa, bool_or(s.linea_activa) as linea_activa
          from xm join lectura s on s.variable_id = xm.variable_id and s.fecha = xm.fecha
          group by 1, 2, 3
        ),
        planta as (
          select minuto, sum(valor) as flujo, bool_or(planta_activa) as produce from f group by 1
        ),
        linea as (
          select numero, minuto, sum(valor) as flujo, bool_or(linea_activa) as produce
          from f where numero > 0 group by 1, 2
        )
        select null::int as linea, count(*)::int as minutos, sum(flujo)::float8 as flujo_total,
               (count(*) filter (where not produce))::int as minutos_sin_produccion,
               (sum(flujo) filter (where not produce))::float8 as flujo_sin_produccion_total
        from planta
        union all
        select numero, count(*)::int, sum(flujo)::float8,
               (count(*) filter (where not produce))::int,
               (sum(flujo) filter (where not produce))::float8
        from linea group by numero
        order by 1 nulls first`),
    );
  }

  /**
   * Compressed air delivered (Nm³) between two instants from the meters' readings: each reading's
   * flow (Nm³/h) × the time to the next one (the last one: the time since the previous), at most
   * 15 minutes (a gap in the readings is not air). For the production day in progress, whose
   * daily figure (mean flow × 24 h) only holds for a whole day.
   */
  async aireNm3(variableIds: readonly number[], desde: Date, hasta: Date): Promise<number | null> {
    if (variableIds.length === 0) return null;
    const [row] = await rowsOf<{ nm3: number | null }>(
      this.db.execute(sql`
        select sum(valor * least(extract(epoch from paso), 900) / 3600)::float8 as nm3
        from (
          select r.valor,
                 coalesce(lead(r.fecha) over w - r.fecha, r.fecha - lag(r.fecha) over w, interval '1 minute') as paso
          from lecturas r
          where r.variable_id = any(${sql.param([...variableIds])}::int[])
            and r.fecha >= ${desde.toISOString()}::timestamptz and r.fecha < ${hasta.toISOString()}::timestamptz
          window w as (partition by r.variable_id order by r.fecha)
        ) x`),
    );
    return row?.nm3 ?? null;
  }
}
