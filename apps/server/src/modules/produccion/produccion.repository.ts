import { type SQL, sql } from 'drizzle-orm';
import { CacheValidado, HUELLA_TEXTO, huellaDe, huellaFilas, type Leido } from '../../db/cache-validado.ts';
import type { Db } from '../../db/client.ts';
import { leerLista, lista, listaTexto } from '../../db/listas.ts';
import { consultaPreparada } from '../../db/preparadas.ts';
import { rowsOf } from '../../db/rows.ts';

export interface ScadaPoint {
  fecha: Date | string;
  velocidad: number;
  botellas: number;
  botellas_llenas: number;
  paquetes: number;
  formato: number;
}

/**
 * A line's series as columns: the i-th item of each list is the i-th point, in time order. How a
 * series is read, kept and sent: one row of lists from the database instead of a row object per
 * minute (a line-day is 1,440 of them), parsed natively, kept frozen as six arrays.
 */
export interface ScadaColumnas {
  /**
   * Each point's start in whole minutes after the minute the range starts in (negative: a bucket
   * begun before it).
   */
  minuto: readonly number[];
  velocidad: readonly number[];
  botellas: readonly number[];
  botellas_llenas: readonly number[];
  paquetes: readonly number[];
  formato: readonly number[];
}

/** A series' columns besides `minuto`, always read. */
export type CampoSerie = Exclude<keyof ScadaColumnas, 'minuto'>;
export const CAMPOS_SERIE: readonly CampoSerie[] = [
  'velocidad',
  'botellas',
  'botellas_llenas',
  'paquetes',
  'formato',
];

/**
 * The one row of a series' read: each column read its values joined by commas (db/listas.ts), and
 * the rows' fingerprint.
 */
type FilaColumnas = Partial<Record<keyof ScadaColumnas, string | null>> & { huella: string | null };

/**
 * The columns `campos` (and `minuto`, minutes after `inicioMinuto`) of the points of the sorted
 * subquery `s` (db/listas.ts).
 */
const listas = (inicioMinuto: number, campos: readonly CampoSerie[]) =>
  sql.join(
    [
      sql`${lista(sql`(extract(epoch from fecha)::bigint / 60 - ${inicioMinuto})::int`)} as minuto`,
      ...campos.map((c) => sql`${lista(sql`${sql.identifier(c)}`)} as ${sql.identifier(c)}`),
    ],
    sql`, `,
  );

/**
 * The minutes' statement of the columns `campos` ($1 the line, $2 and $3 the range, $4 the minute it
 * starts in), with (`conHuella`) the rows' fingerprint: fixed text, kept prepared by name
 * (db/preparadas.ts).
 */
const minutosTexto = (campos: readonly CampoSerie[], conHuella: boolean) => `
  select ${[
    `${listaTexto('(extract(epoch from fecha)::bigint / 60 - $4::bigint)::int')} as minuto`,
    ...campos.map((c) => `${listaTexto(c)} as ${c}`),
    `${conHuella ? HUELLA_TEXTO : 'null'} as huella`,
  ].join(', ')}
  from (
    select ${['fecha', ...campos, ...(conHuella ? ['xmin'] : [])].join(', ')}
    from scada_lecturas
    where linea = $1::int and fecha >= $2::timestamptz and fecha < $3::timestamptz
    order by fecha
  ) s`;

const columnasDe = (fila: FilaColumnas | undefined): ScadaColumnas => ({
  minuto: leerLista(fila?.minuto),
  velocidad: leerLista(fila?.velocidad),
  botellas: leerLista(fila?.botellas),
  botellas_llenas: leerLista(fila?.botellas_llenas),
  paquetes: leerLista(fila?.paquetes),
  formato: leerLista(fila?.formato),
});

/** SQL for every production-line time-series read. */
export class ProduccionRepository {
  /** Series already read, served again while their rows are unchanged (db/cache-validado.ts). */
  private readonly series = new CacheValidado<ScadaColumnas>((c) => c.minuto.length);

  constructor(private readonly db: Db) {}

  /**
   * Raw minutes, or buckets of `bucket` minutes aligned on the production day's 08:00: `minuto` and
   * the columns `campos` (the others empty: a screen's chart asks three of the six, and reading the
   * rest cost its first request a third more time in the database).
   */
  scadaSeries(
    linea: number,
    desde: Date,
    hasta: Date,
    bucket: number,
    tz: string,
    campos: readonly CampoSerie[] = CAMPOS_SERIE,
  ): Promise<ScadaColumnas> {
    const source = bucket >= 60 && bucket % 60 === 0 ? 'scada_hora' : 'scada_lecturas';
    const filas = sql`linea = ${linea} and fecha >= ${desde.toISOString()}::timestamptz and fecha < ${hasta.toISOString()}::timestamptz`;
    const leidos = CAMPOS_SERIE.filter((c) => campos.includes(c));
    return this.series.leer(
      this.db,
      [linea, desde.toISOString(), hasta.toISOString(), bucket, tz, leidos.join(',')].join('|'),
      huellaFilas(source, filas),
      (conHuella) =>
        this.readSeries(
          { linea, desde, hasta },
          bucket,
          tz,
          source,
          filas,
          Math.floor(desde.getTime() / 60_000),
          leidos,
          conHuella,
        ),
    );
  }

  /** The series and (`conHuella`) its rows' fingerprint, in one statement and one row. */
  private async readSeries(
    { linea, desde, hasta }: { linea: number; desde: Date; hasta: Date },
    bucket: number,
    tz: string,
    source: 'scada_hora' | 'scada_lecturas',
    filas: SQL,
    inicioMinuto: number,
    campos: readonly CampoSerie[],
    conHuella: boolean,
  ): Promise<Leido<ScadaColumnas>> {
    if (bucket === 1) {
      const [fila] = await consultaPreparada<FilaColumnas>(this.db, minutosTexto(campos, conHuella), [
        linea,
        desde.toISOString(),
        hasta.toISOString(),
        inicioMinuto,
      ]);
      return { firma: fila?.huella ?? null, valor: columnasDe(fila) };
    }
    // Buckets of an hour or more read the hourly rollup; smaller ones aggregate the minutes.
    const [speedSum, speedCount] =
      source === 'scada_hora'
        ? [sql`sum(velocidad_suma)`, sql`sum(minutos)`]
        : [sql`sum(velocidad)`, sql`count(*)`];
    // One pass grouped by bucket and product, then one row per bucket: no self-join (a join of the
    // minutes with their buckets becomes a nested loop of minutes × buckets when the planner has
    // no statistics yet). A bucket's product is the one that made the most packs in it (else the
    // one set up longest), so every pack counted is shown under the product it was counted for.
    // The rows' fingerprint rides along as a column (an uncorrelated subquery: computed once).
    const [fila] = await rowsOf<FilaColumnas>(
      this.db.execute(sql`
        with per as (
          select date_bin(${`${bucket} minutes`}::interval, fecha, (timestamp '2000-01-03 08:00' at time zone ${tz})) as b,
                 formato, ${speedSum}::float8 as vs, ${speedCount}::float8 as vn,
                 sum(botellas) as bo, sum(botellas_llenas) as bl, sum(paquetes) as p, count(*) as n
          from ${sql.identifier(source)}
          where ${filas}
          group by 1, 2
        ),
        puntos as (
          select b as fecha,
                 coalesce(sum(vs) / nullif(sum(vn), 0), 0)::float8 as velocidad,
                 sum(bo)::int as botellas, sum(bl)::int as botellas_llenas, sum(p)::int as paquetes,
                 (array_agg(formato order by (formato = 0), p desc, n desc, formato))[1] as formato
          from per
          group by b
        )
        select ${listas(inicioMinuto, campos)}, ${conHuella ? huellaDe(sql.identifier(source), filas) : sql`null`} as huella
        from (select * from puntos order by fecha) s`),
    );
    return { firma: fila?.huella ?? null, valor: columnasDe(fila) };
  }

  scadaDays(linea: number, desde: string, hasta: string, tz: string) {
    return rowsOf<{
      fecha: string;
      botellas: number;
      botellas_llenas: number;
      paquetes: number;
      producto_terminado: number;
      minutos_marcha: number;
      velocidad_media: number | null;
    }>(
      this.db.execute(sql`
        with h as (
          select ((s.fecha at time zone ${tz}) - interval '8 hours')::date as dia, s.*
          from scada_hora s
          where s.linea = ${linea}
            and s.fecha >= (${desde}::date + time '08:00') at time zone ${tz}
            and s.fecha < (${hasta}::date + 1 + time '08:00') at time zone ${tz}
        )
        select to_char(h.dia, 'YYYY-MM-DD') as fecha,
               sum(h.botellas)::int as botellas, sum(h.botellas_llenas)::int as botellas_llenas,
               sum(h.paquetes)::int as paquetes,
               coalesce(sum(h.paquetes * pp.num_botellas), 0)::int as producto_terminado,
               sum(h.minutos_marcha)::int as minutos_marcha,
               sum(h.velocidad_suma) / nullif(sum(h.minutos_marcha), 0) as velocidad_media
        from h
        left join producto_presentaciones pp on h.formato <> 0 and h.formato = case ${linea}::int
             when 1 then pp.hmi_linea1_id when 2 then pp.hmi_linea2_id when 3 then pp.hmi_linea3_id else pp.hmi_linea4_id end
        group by h.dia
        order by h.dia`),
    );
  }

  async productoPresentacion(hmiId: number, linea: number) {
    const [row] = await rowsOf<{
      id: number;
      num_botellas: number;
      hmi_linea1_id: number | null;
      hmi_linea2_id: number | null;
      producto_id: number;
      descripcion: string;
      image_prefix: string;
      image_color: string;
      presentacion_id: number;
      volumen: number;
      unid_medida: string;
      factor: number;
      vn_id: number | null;
      velocidad_paquetes_hora: number | null;
      velocidad_botellas_minuto: number | null;
    }>(
      this.db.execute(sql`
        select pp.id, pp.num_botellas, pp.hmi_linea1_id, pp.hmi_linea2_id,
               p.id as producto_id, p.descripcion, p.image_prefix, p.image_color,
               pr.id as presentacion_id, pr.volumen::float8 as volumen, pr.unid_medida, pr.factor::float8 as factor,
               vn.id as vn_id, vn.velocidad_paquetes_hora, vn.velocidad_botellas_minuto
        from producto_presentaciones pp
        join productos p on p.id = pp.producto_id
        join presentaciones pr on pr.id = pp.presentacion_id
        left join lineas l on l.numero = ${linea}
        left join velocidades_nominales vn on vn.producto_presentacion_id = pp.id and vn.linea_id = l.id
        where ${hmiId}::int = case ${linea}::int when 1 then pp.hmi_linea1_id when 2 then pp.hmi_linea2_id
                                       when 3 then pp.hmi_linea3_id when 4 then pp.hmi_linea4_id end`),
    );
    return row;
  }

  async runningMinutes(linea: number, fecha: string, tz: string): Promise<number> {
    const [row] = await rowsOf<{ minutos: number }>(
      this.db.execute(sql`
        select coalesce(sum(minutos_marcha), 0)::int as minutos from scada_hora
        where linea = ${linea}
          and fecha >= (${fecha}::date + time '08:00') at time zone ${tz}
          and fecha < (${fecha}::date + 1 + time '08:00') at time zone ${tz}`),
    );
    return row?.minutos ?? 0;
  }

  contadoresHora(lineaId: number, desde: Date, hasta: Date) {
    return rowsOf<{
      id: number;
      fecha: Date;
      energia: number;
      eficiencia: number;
      kpi_energia: number;
      formato: number;
      linea_id: number;
      linea_nombre: string;
      linea_numero: number;
    }>(
      this.db.execute(sql`
        select c.id, c.fecha, c.energia, c.eficiencia, c.kpi_energia, c.formato,
               l.id as linea_id, l.nombre as linea_nombre, l.numero as linea_numero
        from contadores_hora c join lineas l on l.id = c.linea_id
        where c.linea_id = ${lineaId} and c.fecha >= ${desde.toISOString()}::timestamptz and c.fecha < ${hasta.toISOString()}::timestamptz
        order by c.fecha`),
    );
  }

  async lineaExists(numero: number): Promise<boolean> {
    const [row] = await rowsOf<{ n: number }>(
      this.db.execute(sql`select count(*)::int as n from lineas where numero = ${numero} and numero > 0`),
    );
    return (row?.n ?? 0) > 0;
  }

  async lineaIdExists(id: number): Promise<boolean> {
    const [row] = await rowsOf<{ n: number }>(
      this.db.execute(sql`select count(*)::int as n from lineas where id = ${id}`),
    );
    return (row?.n ?? 0) > 0;
  }
}
