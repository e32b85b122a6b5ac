import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';

/** Instants as UTC ISO-8601 text straight from SQL. */
const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

export type Agrupacion = 'HORA' | 'TURNO' | 'DIA';

export interface LineaReporte {
  numero: number;
  nombre: string;
}

/** One line, bucket and product code: the sums of the hourly rollup rows they cover. */
export interface ContadoresParte {
  linea: number;
  fecha: string;
  turno: number | null;
  inicio: string;
  fin: string;
  formato: number;
  producto_presentacion_id: number | null;
  botellas: number;
  botellas_llenas: number;
  paquetes: number;
  producto_terminado: number;
  minutos_marcha: number;
  velocidad_suma: number;
  horas: number;
}

export interface VariableScadaRow {
  id: number;
  nombre: string;
  unidad: string;
  decimales: number;
  agregacion: 'SUMA' | 'PROMEDIO' | 'ULTIMO';
  area: string;
  fuente: string;
  linea: number | null;
}

/** A bucket × variable of the SCADA report: the readings' sum, count and last value. */
export interface CeldaScada {
  inicio: string;
  variable_id: number | null;
  suma: number | null;
  conteo: number | null;
  ultimo: number | null;
}

/** Product name shown in the reports: 'Cola 600 ml × 12'. */
export interface ProductoNombre {
  id: number;
  nombre: string;
}

/** The hour (plant time) → shift: 1 = 08–16, 2 = 16–24, 3 = 00–08. */
const TURNO = (local: SQL) =>
  sql`case when extract(hour from ${local}) >= 8 and extract(hour from ${local}) < 16 then 1
           when extract(hour from ${local}) >= 16 then 2 else 3 end`;

export class ReportesRepository {
  constructor(private readonly db: Db) {}

  /** Production lines (numero > 0, not 'Planta'), all or the numbers asked for. */
  lineas(numeros: readonly number[] | null): Promise<LineaReporte[]> {
    return rowsOf<LineaReporte>(
      this.db.execute(sql`
        select numero::int as numero, nombre from lineas
        where numero > 0 and nombre <> 'Planta'
          ${numeros ? sql`and numero = any(${sql.param([...numeros])}::int[])` : sql``}
        order by numero`),
    );
  }

  /**
   * The hourly rollup (scada_hora, the rows scadaHistorico and the Lineas screen read) of the
   * production days desde…hasta, summed per line, bucket and product code. Finished product is the
   * hour's packs × the bottles per pack of the hour's product, as scadaHistorico computes it.
   */
  contadores(
    lineas: readonly number[],
    desde: string,
    hasta: string,
    agrupacion: Agrupacion,
    tz: string,
  ): Promise<ContadoresParte[]> {
    const local = sql`(h.fecha at time zone ${tz})`;
    const dia = sql`((${local}) - interval '8 hours')::date`;
    const turno = TURNO(local);
    const inicio =
      agrupacion === 'HORA'
        ? sql`h.fecha`
        : agrupacion === 'TURNO'
          ? sql`((${dia} + time '08:00') + (${turno} - 1) * interval '8 hours') at time zone ${tz}`
          : sql`(${dia} + time '08:00') at time zone ${tz}`;
    const fin =
      agrupacion === 'HORA'
        ? sql`h.fecha + interval '1 hour'`
        : agrupacion === 'TURNO'
          ? sql`((${dia} + time '08:00') + ${turno} * interval '8 hours') at time zone ${tz}`
          : sql`((${dia} + 1) + time '08:00') at time zone ${tz}`;
    return rowsOf<ContadoresParte>(
      this.db.execute(sql`
        with h as (
          select s.linea, s.fecha, s.botellas, s.botellas_llenas, s.paquetes, s.minutos_marcha,
                 s.velocidad_suma, s.formato
          from scada_hora s
          where s.linea = any(${sql.param([...lineas])}::int[])
            and s.fecha >= (${desde}::date + time '08:00') at time zone ${tz}
            and s.fecha < (${hasta}::date + 1 + time '08:00') at time zone ${tz}
        ),
        k as (
          select h.linea, to_char(${dia}, 'YYYY-MM-DD') as fecha,
                 ${agrupacion === 'TURNO' ? turno : sql`null::int`} as turno,
                 ${inicio} as inicio, ${fin} as fin, h.formato, pp.id as pp_id,
                 h.botellas, h.botellas_llenas, h.paquetes, coalesce(h.paquetes * pp.num_botellas, 0) as pt,
                 h.minutos_marcha, h.velocidad_suma
          from h
          left join producto_presentaciones pp on h.formato <> 0 and h.formato = case h.linea
               when 1 then pp.hmi_linea1_id when 2 then pp.hmi_linea2_id when 3 then pp.hmi_linea3_id else pp.hmi_linea4_id end
        )
        select k.linea::int as linea, k.fecha, k.turno::int as turno,
               ${iso(sql`k.inicio`)} as inicio, ${iso(sql`k.fin`)} as fin,
               k.formato::int as formato, min(k.pp_id)::int as producto_presentacion_id,
               sum(k.botellas)::float8 as botellas, sum(k.botellas_llenas)::float8 as botellas_llenas,
               sum(k.paquetes)::float8 as paquetes, sum(k.pt)::float8 as producto_terminado,
               sum(k.minutos_marcha)::float8 as minutos_marcha, sum(k.velocidad_suma)::float8 as velocidad_suma,
               count(*)::int as horas
        from k
        group by k.linea, k.fecha, k.turno, k.inicio, k.fin, k.formato
        order by k.linea, k.inicio, k.formato`),
    );
  }

  /** Every product presentation's display name: 'Cola 600 ml × 12'. */
  async productos(): Promise<ProductoNombre[]> {
    const rows = await rowsOf<{
      id: number;
      descripcion: string;
      volumen: number;
      unid_medida: string;
      num_botellas: number;
    }>(
      this.db.execute(sql`
        select pp.id, p.descripcion, pr.volumen::float8 as volumen, pr.unid_medida, pp.num_botellas::int as num_botellas
        from producto_presentaciones pp
        join productos p on p.id = pp.producto_id
        join presentaciones pr on pr.id = pp.presentacion_id`),
    );
    return rows.map((r) => ({
      id: r.id,
      nombre: `${r.descripcion} ${String(Number(r.volumen.toFixed(3)))} ${r.unid_medida} × ${r.num_botellas}`,
    }));
  }

  /** OPC-fed variables (fuente OPC), all or by id. */
  variablesScada(ids: readonly number[] | null): Promise<VariableScadaRow[]> {
    return rowsOf<VariableScadaRow>(
      this.db.execute(sql`
        select v.id, v.nombre, v.unidad, v.decimales::int as decimales, v.agregacion, v.area, v.fuente,
               l.numero::int as linea
        from variables v left join lineas l on l.id = v.linea_id
        where ${ids ? sql`v.id = any(${sql.param([...ids])}::int[])` : sql`v.fuente = 'OPC'`}
        order by v.nombre`),
    );
  }

  /**
   * Readings of `ids` in buckets of `minutos` aligned on the production day's 08:00 (plant time),
   * every bucket that overlaps [desde, hasta) (empty ones with a null variable). Whole hours read
   * the hourly rollup (lecturas_hora, when the zone's offset is whole hours), shorter buckets the
   * raw readings.
   */
  scadaBuckets(
    ids: readonly number[],
    desde: Date,
    hasta: Date,
    minutos: number,
    tz: string,
    horaria: boolean,
  ): Promise<CeldaScada[]> {
    const paso = sql`${`${minutos} minutes`}::interval`;
    const ancla = sql`(timestamp '2000-01-03 08:00' at time zone ${tz})`;
    const fuente = horaria
      ? sql`select variable_id, fecha, suma, conteo, ultimo from lecturas_hora`
      : sql`select variable_id, fecha, valor as suma, 1 as conteo, valor as ultimo from lecturas`;
    return rowsOf<CeldaScada>(
      this.db.execute(sql`
        with b as (
          select generate_series(
                   date_bin(${paso}, ${desde.toISOString()}::timestamptz, ${ancla}),
                   ${hasta.toISOString()}::timestamptz - interval '1 microsecond', ${paso}) as inicio
        ),
        r as (
          select date_bin(${paso}, x.fecha, ${ancla}) as inicio, x.variable_id,
                 sum(x.suma)::float8 as suma, sum(x.conteo)::float8 as conteo,
                 (array_agg(x.ultimo order by x.fecha desc))[1]::float8 as ultimo
          from (${fuente}) x
          where x.variable_id = any(${sql.param([...ids])}::int[])
            and x.fecha >= (select min(inicio) from b) and x.fecha < (select max(inicio) from b) + ${paso}
          group by 1, 2
        )
        select ${iso(sql`b.inicio`)} as inicio, r.variable_id, r.suma, r.conteo, r.ultimo
        from b left join r on r.inicio = b.inicio
        order by b.inicio`),
    );
  }

  /** Readings of `ids` per production day desde…hasta (plant time), from the hourly rollup. */
  scadaDias(ids: readonly number[], desde: string, hasta: string, tz: string): Promise<CeldaScada[]> {
    return rowsOf<CeldaScada>(
      this.db.execute(sql`
        with b as (
          select d::date as dia from generate_series(${desde}::date, ${hasta}::date, interval '1 day') d
        ),
        r as (
          select ((x.fecha at time zone ${tz}) - interval '8 hours')::date as dia, x.variable_id,
                 sum(x.suma)::float8 as suma, sum(x.conteo)::float8 as conteo,
                 (array_agg(x.ultimo order by x.fecha desc))[1]::float8 as ultimo
          from lecturas_hora x
          where x.variable_id = any(${sql.param([...ids])}::int[])
            and x.fecha >= (${desde}::date + time '08:00') at time zone ${tz}
            and x.fecha < (${hasta}::date + 1 + time '08:00') at time zone ${tz}
          group by 1, 2
        )
        select ${iso(sql`((b.dia + time '08:00') at time zone ${tz})`)} as inicio,
               r.variable_id, r.suma, r.conteo, r.ultimo
        from b left join r on r.dia = b.dia
        order by b.dia`),
    );
  }
}
