import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { FIN_PARO } from '../../derivations/paros-sql.ts';

type Rows<T> = { rows: T[] };

export class MantenimientoRepository {
  constructor(private readonly db: Db) {}

  async series(nombres: readonly string[], desde: string, hasta: string) {
    const result = (await this.db.execute(sql`
      select v.nombre, v.unidad, to_char(h.fecha, 'YYYY-MM-DD') as fecha, h.diario, h.mensual, h.anual
      from variables v
      left join historicos h on h.variable_id = v.id and h.fecha between ${desde}::date and ${hasta}::date
      where v.nombre = any(${sql.param([...nombres])}::text[])
      order by v.nombre, h.fecha`)) as Rows<{
      nombre: string;
      unidad: string;
      fecha: string | null;
      diario: number | null;
      mensual: number | null;
      anual: number | null;
    }>;
    return result.rows;
  }

  /** Stops within [start, end): minutes clipped to the range (a stop never lasts a day). */
  private parosEn(start: Date, end: Date) {
    return sql`
      select p.linea_id, p.tipo, p.causa, p.equipo,
             extract(epoch from least(${FIN_PARO}, ${end.toISOString()}::timestamptz)
                               - greatest(p.inicio, ${start.toISOString()}::timestamptz)) / 60 as minutos
      from paros p
      where p.inicio < ${end.toISOString()}::timestamptz
        and p.inicio > ${start.toISOString()}::timestamptz - interval '1 day'
        and ${FIN_PARO} > ${start.toISOString()}::timestamptz`;
  }

  /** Per production line: failures, repair and downtime minutes (paros) and run minutes (scada_hora). */
  async lineas(start: Date, end: Date) {
    const result = (await this.db.execute(sql`
      with p as (${this.parosEn(start, end)}),
      por_linea as (
        select linea_id,
               count(*) filter (where tipo = 'FALLA') as fallas,
               coalesce(sum(minutos) filter (where tipo = 'FALLA'), 0) as minutos_falla,
               coalesce(sum(minutos) filter (where tipo in ('FALLA', 'MICROPARO')), 0) as minutos_paro
        from p group by linea_id
      ),
      marcha as (
        select linea, sum(minutos_marcha) as minutos
        from scada_hora
        where fecha >= ${start.toISOString()}::timestamptz and fecha < ${end.toISOString()}::timestamptz
        group by linea
      )
      select l.id as linea_id, l.numero as linea, l.nombre, l.sufijo,
             coalesce(pl.fallas, 0)::int as fallas,
             coalesce(pl.minutos_falla, 0)::float8 as minutos_falla,
             coalesce(pl.minutos_paro, 0)::float8 as minutos_paro,
             coalesce(m.minutos, 0)::float8 as minutos_marcha
      from lineas l
      left join por_linea pl on pl.linea_id = l.id
      left join marcha m on m.linea = l.numero
      where l.numero > 0 and l.nombre <> 'Planta'
      order by l.numero
      limit 100`)) as Rows<{
      linea_id: number;
      linea: number;
      sufijo: string;
      nombre: string;
      fallas: number;
      minutos_falla: number;
      minutos_paro: number;
      minutos_marcha: number;
    }>;
    return result.rows;
  }

  async lineaExists(numero: number): Promise<boolean> {
    const result = (await this.db.execute(
      sql`select 1 from lineas where numero = ${numero} and numero > 0 limit 1`,
    )) as Rows<unknown>;
    return result.rows.length > 0;
  }

  /**
   * Downtime (FALLA + MICROPARO) grouped by cause or equipment, largest first, with the equipment
   * that holds most of each group's minutes and the range's total.
   */
  async pareto(start: Date, end: Date, linea: number | null, agrupar: 'CAUSA' | 'EQUIPO') {
    const clave = agrupar === 'CAUSA' ? sql`causa` : sql`equipo`;
    const filtroLinea =
      linea === null ? sql`true` : sql`linea_id in (select id from lineas where numero = ${linea})`;
    const result = (await this.db.execute(sql`
      with p as (${this.parosEn(start, end)}),
      base as (
        select ${clave} as nombre, equipo, minutos from p
        where tipo in ('FALLA', 'MICROPARO') and ${filtroLinea}
      ),
      g as (select nombre, sum(minutos) as minutos, count(*) as paros from base group by nombre),
      e as (
        select distinct on (nombre) nombre, equipo
        from (select nombre, equipo, sum(minutos) as m from base group by nombre, equipo) x
        order by nombre, m desc, equipo
      )
      select g.nombre, e.equipo, g.minutos::float8 as minutos, g.paros::int as paros,
             (sum(g.minutos) over ())::float8 as total, (sum(g.paros) over ())::int as total_paros
      from g join e on e.nombre = g.nombre
      order by g.minutos desc, g.nombre
      limit 1000`)) as Rows<{
      nombre: string;
      equipo: string;
      minutos: number;
      paros: number;
      total: number;
      total_paros: number;
    }>;
    return result.rows;
  }
}
