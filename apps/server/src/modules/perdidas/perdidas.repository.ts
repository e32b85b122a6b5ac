import { diasEntre } from '@planta/charts/rango-url';
import { UNIT_CASE_LITRES } from '@planta/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sentenciaPreparada } from '../../db/preparadas.ts';
import { rowsOf } from '../../db/rows.ts';
import { FORMATOS } from '../../derivations/minutes.ts';
import { FIN_PARO } from '../../derivations/paros-sql.ts';
import type { ParoRecord } from '../paros/paros.repository.ts';

/**
 * A span the stops and hours are cut by: a production day (turno 0) or one shift of it. The spans
 * of one query never overlap.
 */
export interface Tramo {
  fecha: string;
  turno: number;
  inicio: Date;
  fin: Date;
}

/** A line-day's time model as `eficiencias` keeps it (the row /fabrica's figures come from). */
export interface DiaLinea {
  lineaId: number;
  fecha: string;
  planificados: number;
  marcha: number;
  nominalMarchaCu: number;
  nominalPlanificadoCu: number;
  buenoCu: number;
  /** Null on rows derived before migration 0011 (read as total = good). */
  totalCu: number | null;
}

/** Minutes of stops of one key (effective class, SIN_MOTIVO or PLANIFICADO) in one span of a line. */
export interface MinutosClave {
  lineaId: number;
  fecha: string;
  turno: number;
  clave: string;
  minutos: number;
  /** Of those minutes, the FALLA-tipo stops' (MTTR's repair time). */
  minutosFalla: number;
}

/** A span's hourly figures, the weights a day is shared among its shifts by. */
export interface PesoTramo {
  lineaId: number;
  fecha: string;
  turno: number;
  minutos: number;
  marcha: number;
  buenoCu: number;
  totalCu: number;
  nominalCu: number;
}

export interface MotivoMinutos {
  motivoId: number | null;
  motivo: string | null;
  categoria: string | null;
  clave: string;
  minutos: number;
  paros: number;
}

/** Changeovers from one product to another (null: unknown), how many and their minutes. */
export interface CambioFormatoFila {
  desde: string | null;
  hasta: string | null;
  cambios: number;
  minutos: number;
}

/** What the stop rows give over a query's spans (`PerdidasRepository.paros`). */
export interface ResumenParos {
  /** Over every span. */
  claves: MinutosClave[];
  /** The rest over the chosen shift's spans only. */
  motivos: MotivoMinutos[];
  /** Distinct FALLA-tipo stops. */
  fallas: number;
  /** The ids of the longest unplanned stops, longest first. */
  principales: number[];
  cambios: CambioFormatoFila[];
}

export interface LineaInfo {
  id: number;
  numero: number;
  nombre: string;
}

const iso = (d: Date) => d.toISOString();

/** A stop's key: PLANIFICADO, SIN_MOTIVO (unplanned, waiting for a reason), else its effective class. */
const CLAVE = sql.raw(`case
  when coalesce(p.clase, case p.tipo when 'CIP' then 'PLANIFICADO' else p.tipo end) = 'PLANIFICADO' then 'PLANIFICADO'
  when p.motivo_id is null and coalesce(p.clase, p.tipo) <> 'MICROPARO' then 'SIN_MOTIVO'
  else coalesce(p.clase, p.tipo) end`);

/** A query's spans in time order, and the instants they cover (from the first start to the last end). */
interface SpansEnOrden {
  orden: readonly Tramo[];
  desde: Date;
  hasta: Date;
}

function enOrden(tramos: readonly Tramo[]): SpansEnOrden {
  const orden = [...tramos].sort((x, y) => x.inicio.getTime() - y.inicio.getTime());
  const hasta = orden.reduce((a, t) => (t.fin > a ? t.fin : a), orden[0]!.fin);
  return { orden, desde: orden[0]!.inicio, hasta };
}

/**
 * Spans (or days) a statement runs prepared for, at most: a month of shifts. For a short range
 * planning the losses' statements costs more than running them (a line-day: 20 → 11 ms on PGlite,
 * 14.5 → 9 on PostgreSQL prepared), and the generic plan PostgreSQL keeps after five runs is as
 * good; a long range's best plan depends on its size (a year of the plant under the generic plan:
 * 147 → 176 ms on PostgreSQL, 317 → 440 on PGlite) and planning it is nothing beside running it.
 */
const TRAMOS_PREPARADOS = 93;

/** `consulta`'s rows: prepared by name for a short range (`tramos` spans or days), planned anew for a long one. */
const leer = <T>(db: Db, consulta: SQL, tramos: number): Promise<T[]> =>
  tramos <= TRAMOS_PREPARADOS ? sentenciaPreparada<T>(db, consulta) : rowsOf<T>(db.execute(consulta));

/**
 * The only place that builds the losses' queries (eficiencias, scada_hora, paros). Each statement's
 * text is fixed by the code (values as parameters; a null line or shift picks one of two texts),
 * so that a short range's runs prepared by name (`leer`, db/preparadas.ts): what /fabrica/perdidas
 * asks most is a line-day.
 */
export class PerdidasRepository {
  constructor(private readonly db: Db) {}

  /** The spans in time order, numbered from 1 (`k`); `inicios` are their starts, for width_bucket. */
  private spansCte(tramos: readonly Tramo[]): SQL {
    const { orden } = enOrden(tramos);
    return sql`s as (
      select * from unnest(${sql.param(orden.map((t) => t.fecha))}::text[], ${sql.param(orden.map((t) => t.turno))}::int[],
        ${sql.param(orden.map((t) => iso(t.inicio)))}::timestamptz[], ${sql.param(orden.map((t) => iso(t.fin)))}::timestamptz[])
        with ordinality as s(fecha, turno, inicio, fin, k)
    )`;
  }

  async lineas(): Promise<LineaInfo[]> {
    return sentenciaPreparada<LineaInfo>(
      this.db,
      sql`select id, numero, nombre from lineas where numero > 0 order by numero`,
    );
  }

  /** The plant's shifts in order (turnosHorario). */
  async turnos(): Promise<{ numero: number; nombre: string; inicio: string; fin: string }[]> {
    return sentenciaPreparada(
      this.db,
      sql`
        select numero::int as numero, nombre, to_char(inicio, 'HH24:MI') as inicio, to_char(fin, 'HH24:MI') as fin
        from turnos_horario order by numero`,
    );
  }

  async diasLinea(desde: string, hasta: string, lineaId: number | null): Promise<DiaLinea[]> {
    return leer<DiaLinea>(
      this.db,
      sql`
        select e.linea_id as "lineaId", to_char(e.fecha, 'YYYY-MM-DD') as fecha,
               e.minutos_planificados::float8 as planificados, e.minutos_marcha::float8 as marcha,
               e.capacidad_marcha_cu::float8 as "nominalMarchaCu",
               e.capacidad_operacion_cu::float8 as "nominalPlanificadoCu",
               e.producido_cu::float8 as "buenoCu", e.total_cu::float8 as "totalCu"
        from eficiencias e join lineas l on l.id = e.linea_id and l.numero > 0
        where e.fecha between ${desde}::date and ${hasta}::date
          and e.minutos_planificados is not null and e.minutos_marcha is not null
          and e.capacidad_operacion_cu is not null
          and ${lineaId === null ? sql`true` : sql`e.linea_id = ${lineaId}`}
        order by e.fecha, l.numero`,
      diasEntre(desde, hasta),
    );
  }

  /**
   * Everything the stop rows give over the spans: the range's stops are cut at the bounds of every
   * span, and the pieces aggregated
   * - by line, span and key (minutes, and the FALLA-tipo stops' minutes): the waterfall's rows,
   *   over every span (a shift's share of its day needs the day's other shifts);
   * and, over the chosen shift's spans only (every span when `turno` is null):
   * - by reason and key (minutes, and stops counted once however many spans they touch);
   * - the distinct FALLA-tipo stops (a stop cut by two spans is one failure);
   * - the `limite` longest unplanned stops (whole stops), by duration, then start, then id;
   * - the changeovers (CAMBIO_FORMATO stops) by pair of products: the product of the minute before
   *   the stop and of the minute it ended in (a minute without a code: its hour's product), named
   *   "producto presentación × botellas", each pair's changeovers and minutes.
   * Three statements, run at once (on PostgreSQL each on its own connection): a year of the plant is
   * some 50,000 stops, and one statement that fed every result from one pass kept them all in a
   * spilled work table. A stop meets the spans from the one its start falls in (k) to the one its
   * end falls in (k_fin), found by binary search over the spans' starts (width_bucket), their
   * bounds read by subscript (arrays of fixed-width values). Nearly every stop lies in one span:
   * `agregados` sums every stop's piece in span k; `cruces` reads the few that reach a later span
   * (and the changeovers), cut into their pieces from slices of the spans' arrays; `largos` the
   * longest of the others. Minutes stay numeric until summed in SQL (sums do not depend on the order
   * rows are read in); the two statements' sums are added here in a fixed order.
   */
  async paros(
    tramos: readonly Tramo[],
    turno: number | null,
    lineaId: number | null,
    limite: number,
  ): Promise<ResumenParos> {
    if (tramos.length === 0) return { claves: [], motivos: [], fallas: 0, principales: [], cambios: [] };
    const spans = enOrden(tramos);
    const [agregados, cruces, largos] = await Promise.all([
      this.parosAgregados(spans, turno, lineaId),
      this.parosCruces(spans, turno, lineaId, limite),
      this.parosLargos(spans, turno, lineaId, limite),
    ]);
    const motivos = new Map<string, MotivoMinutos>();
    for (const m of [...agregados.motivos, ...cruces.motivos]) {
      const k = `${m.motivoId}|${m.clave}`;
      const previo = motivos.get(k);
      if (previo) {
        previo.minutos += m.minutos;
        previo.paros += m.paros;
      } else motivos.set(k, { ...m });
    }
    const principales = [...largos, ...cruces.largos]
      .sort((x, y) => y.duracion - x.duracion || x.inicio.localeCompare(y.inicio) || x.id - y.id)
      .slice(0, limite)
      .map((x) => x.id);
    return {
      claves: [...agregados.claves, ...cruces.claves],
      motivos: [...motivos.values()],
      fallas: agregados.fallas + cruces.fallas,
      principales,
      cambios: cruces.cambios,
    };
  }

  /**
   * The spans (`a`: their dates, shifts, starts and ends in time order) and the range's stops
   * (`p0`) with their key and the spans their start and end fall in (`k`, `k_fin`).
   */
  private parosCte({ orden, desde, hasta }: SpansEnOrden, lineaId: number | null): SQL {
    return sql`a as (
          select ${sql.param(orden.map((t) => t.fecha))}::text[] as fechas, ${sql.param(orden.map((t) => t.turno))}::int[] as turnos,
                 ${sql.param(orden.map((t) => iso(t.inicio)))}::timestamptz[] as inicios,
                 ${sql.param(orden.map((t) => iso(t.fin)))}::timestamptz[] as fines
        ),
        p0 as (
          select p.id, p.linea_id, p.inicio, ${FIN_PARO} as fin, p.tipo, p.motivo_id, ${CLAVE} as clave,
                 greatest(1, width_bucket(p.inicio, a.inicios)) as k,
                 greatest(1, width_bucket(${FIN_PARO}, a.inicios)) as k_fin
          from a, paros p
          -- A stop never lasts a day: the lower bound lets the index on inicio skip older rows.
          where p.inicio < ${iso(hasta)}::timestamptz and p.inicio > ${iso(desde)}::timestamptz - interval '1 day'
            and ${FIN_PARO} > ${iso(desde)}::timestamptz
            and p.linea_id = any(array(select id from lineas where numero > 0))
            and ${lineaId === null ? sql`true` : sql`p.linea_id = ${lineaId}`}
          offset 0 -- (k and k_fin computed once)
        )`;
  }

  /** Every stop's piece in the span its start falls in, summed by line, span, key, reason and tipo. */
  private async parosAgregados(spans: SpansEnOrden, turno: number | null, lineaId: number | null) {
    const elegido = turno === null ? sql`true` : sql`a.turnos[k] = ${turno}::int`;
    const rows = await leer<Pick<ResumenParos, 'claves' | 'motivos' | 'fallas'>>(
      this.db,
      sql`
        with ${this.parosCte(spans, lineaId)},
        p1 as (
          select p0.linea_id, p0.tipo, p0.motivo_id, p0.clave, p0.k, p0.k_fin > p0.k as varios,
                 extract(epoch from least(p0.fin, a.fines[p0.k]) - greatest(p0.inicio, a.inicios[p0.k])) / 60 as minutos
          from a, p0 where p0.inicio < a.fines[p0.k] and p0.fin > a.inicios[p0.k]
          offset 0 -- (the spans' arrays are not carried into the aggregate)
        ),
        agg as materialized (
          select linea_id, k, clave, motivo_id, tipo, sum(minutos) as minutos,
                 count(*) filter (where not varios) as unicos
          from p1 group by linea_id, k, clave, motivo_id, tipo
        ),
        claves as (
          select c.linea_id as "lineaId", a.fechas[c.k] as fecha, a.turnos[c.k] as turno, c.clave,
                 c.minutos::float8 as minutos, coalesce(c.minutos_falla, 0)::float8 as "minutosFalla"
          from a, (select linea_id, k, clave, sum(minutos) as minutos,
                          sum(minutos) filter (where tipo = 'FALLA') as minutos_falla
                   from agg group by linea_id, k, clave) c
        ),
        elegidos as materialized (select agg.* from a, agg where ${elegido}),
        motivos as (
          select g.motivo_id as "motivoId", m.nombre as motivo, c.nombre as categoria, g.clave,
                 g.minutos::float8 as minutos, g.unicos::int as paros
          from (select motivo_id, clave, sum(minutos) as minutos, sum(unicos) as unicos
                from elegidos group by motivo_id, clave) g
          left join motivos_paro m on m.id = g.motivo_id
          left join categorias_paro c on c.id = m.categoria_id
        )
        select (select coalesce(json_agg(claves), '[]') from claves) as claves,
               (select coalesce(json_agg(motivos), '[]') from motivos) as motivos,
               coalesce((select sum(unicos) from elegidos where tipo = 'FALLA'), 0)::int as fallas`,
      spans.orden.length,
    );
    return rows[0]!;
  }

  /**
   * The stops that reach a later span than their start's, and the changeovers, cut into their
   * pieces: the later pieces' minutes (by line, span, key; by reason and key over the chosen
   * spans), the distinct stops with a chosen piece (by reason and key; FALLA-tipo ones), their
   * `limite` longest unplanned, and the changeovers by pair of products.
   */
  private async parosCruces(
    spans: SpansEnOrden,
    turno: number | null,
    lineaId: number | null,
    limite: number,
  ) {
    const elegido = turno === null ? sql`true` : sql`a.turnos[x.k + s.o::int - 1] = ${turno}::int`;
    // The minutes the changeovers' products are read from (bounds given as parameters: only the
    // range's partitions of scada_lecturas are opened, pruned as the prepared statement starts).
    const desde = iso(new Date(spans.desde.getTime() - 86_400_000));
    const hasta = iso(new Date(spans.hasta.getTime() + 86_400_000));
    const rows = await leer<
      Pick<ResumenParos, 'claves' | 'motivos' | 'fallas' | 'cambios'> & {
        largos: { id: number; inicio: string; duracion: number }[];
      }
    >(
      this.db,
      sql`
        with ${this.parosCte(spans, lineaId)},
        x as materialized (select * from p0 where k_fin > k or clave = 'CAMBIO_FORMATO'),
        piezas as materialized (
          select x.id, x.linea_id, x.inicio, x.fin, x.tipo, x.motivo_id, x.clave, (x.k + s.o - 1)::int as k,
                 x.k_fin > x.k as varios, s.o > 1 as posterior, ${elegido} as elegido,
                 extract(epoch from least(x.fin, s.fin) - greatest(x.inicio, s.inicio)) / 60 as minutos
          from a, x
          cross join lateral unnest(a.inicios[x.k:x.k_fin], a.fines[x.k:x.k_fin]) with ordinality as s(inicio, fin, o)
          where x.inicio < s.fin and x.fin > s.inicio
        ),
        claves as (
          select c.linea_id as "lineaId", a.fechas[c.k] as fecha, a.turnos[c.k] as turno, c.clave,
                 c.minutos::float8 as minutos, coalesce(c.minutos_falla, 0)::float8 as "minutosFalla"
          from a, (select linea_id, k, clave, sum(minutos) as minutos,
                          sum(minutos) filter (where tipo = 'FALLA') as minutos_falla
                   from piezas where varios and posterior group by linea_id, k, clave) c
        ),
        cruzan as materialized (
          select distinct id, inicio, fin, tipo, motivo_id, clave from piezas where elegido and varios
        ),
        motivos as (
          select g.motivo_id as "motivoId", m.nombre as motivo, c.nombre as categoria, g.clave,
                 coalesce(g.minutos, 0)::float8 as minutos, coalesce(x.n, 0)::int as paros
          from (select motivo_id, clave, sum(minutos) filter (where posterior) as minutos
                from piezas where elegido and varios group by motivo_id, clave) g
          left join (select motivo_id, clave, count(*) as n from cruzan group by motivo_id, clave) x
            on x.motivo_id is not distinct from g.motivo_id and x.clave = g.clave
          left join motivos_paro m on m.id = g.motivo_id
          left join categorias_paro c on c.id = m.categoria_id
        ),
        largos as (
          select id::int as id, inicio, extract(epoch from fin - inicio)::float8 as duracion from cruzan
          where clave <> 'PLANIFICADO' order by fin - inicio desc, inicio, id limit ${limite}
        ),
        cambios as (
          select id, linea_id, inicio, fin, sum(minutos) as minutos from piezas where elegido and clave = 'CAMBIO_FORMATO'
          group by id, linea_id, inicio, fin
        ),
        nombres as (
          select l.numero, case l.numero when 1 then pp.hmi_linea1_id when 2 then pp.hmi_linea2_id
                               when 3 then pp.hmi_linea3_id when 4 then pp.hmi_linea4_id end as formato,
                 min(pr2.descripcion || ' ' || trim(trailing '.' from trim(trailing '0' from pr.volumen::text)) || ' '
                   || pr.unid_medida || ' × ' || pp.num_botellas) as nombre
          from lineas l cross join producto_presentaciones pp
          join presentaciones pr on pr.id = pp.presentacion_id
          join productos pr2 on pr2.id = pp.producto_id
          where l.numero > 0
          group by 1, 2
        ),
        pares as (
          -- The minute before the stop and the one it ended in (a minute without a code: its hour's).
          select c.minutos, l.numero,
                 coalesce(nullif(a.formato, 0), (select h.formato from scada_hora h where h.linea = l.numero
                   and h.fecha = date_bin('1 hour', c.inicio - interval '1 minute', timestamptz '2000-01-01 00:00:00+00'))) as antes,
                 coalesce(nullif(b.formato, 0), (select h.formato from scada_hora h where h.linea = l.numero
                   and h.fecha = date_bin('1 hour', c.fin, timestamptz '2000-01-01 00:00:00+00'))) as despues
          from cambios c join lineas l on l.id = c.linea_id
          left join scada_lecturas a on a.linea = l.numero and a.fecha = date_trunc('minute', c.inicio) - interval '1 minute'
            and a.fecha >= ${desde}::timestamptz and a.fecha < ${hasta}::timestamptz
          left join scada_lecturas b on b.linea = l.numero and b.fecha = date_trunc('minute', c.fin)
            and b.fecha >= ${desde}::timestamptz and b.fecha < ${hasta}::timestamptz
        ),
        por_par as (
          select na.nombre as desde, nd.nombre as hasta, count(*)::int as cambios, sum(pares.minutos)::float8 as minutos
          from pares
          left join nombres na on na.numero = pares.numero and na.formato = pares.antes
          left join nombres nd on nd.numero = pares.numero and nd.formato = pares.despues
          group by 1, 2
        )
        select (select coalesce(json_agg(claves), '[]') from claves) as claves,
               (select coalesce(json_agg(motivos), '[]') from motivos) as motivos,
               (select count(*) from cruzan where tipo = 'FALLA')::int as fallas,
               (select coalesce(json_agg(largos), '[]') from largos) as largos,
               (select coalesce(json_agg(por_par order by desde, hasta), '[]') from por_par) as cambios`,
      spans.orden.length,
    );
    const r = rows[0]!;
    return { ...r, largos: r.largos.map((l) => ({ ...l, inicio: new Date(l.inicio).toISOString() })) };
  }

  /** The `limite` longest unplanned stops that lie in one span, a chosen one. */
  private async parosLargos(
    spans: SpansEnOrden,
    turno: number | null,
    lineaId: number | null,
    limite: number,
  ) {
    const elegido = turno === null ? sql`true` : sql`a.turnos[p0.k] = ${turno}::int`;
    const rows = await leer<{ id: number; inicio: string | Date; duracion: number }>(
      this.db,
      sql`
        with ${this.parosCte(spans, lineaId)}
        select p0.id::int as id, p0.inicio, extract(epoch from p0.fin - p0.inicio)::float8 as duracion
        from a, p0
        where p0.k_fin = p0.k and p0.clave <> 'PLANIFICADO' and ${elegido}
          and p0.inicio < a.fines[p0.k] and p0.fin > a.inicios[p0.k]
        order by p0.fin - p0.inicio desc, p0.inicio, p0.id limit ${limite}`,
      spans.orden.length,
    );
    return rows.map((r) => ({ ...r, inicio: new Date(r.inicio).toISOString() }));
  }

  /**
   * The hours of each span (an hour cut by a span's bound counts its share of minutes): run
   * minutes, good, total and nominal CU of the hour's product, per line.
   */
  async pesos(tramos: readonly Tramo[], lineaId: number | null): Promise<PesoTramo[]> {
    if (tramos.length === 0) return [];
    return leer<PesoTramo>(
      this.db,
      sql`
        with ${this.spansCte(tramos)},
        f as (${FORMATOS}),
        tasa as (
          select numero, avg(velocidad_paquetes_hora * factor / 60) as cu_min from f
          where velocidad_paquetes_hora is not null group by 1
        ),
        h as (
          select l.id as linea_id, s.fecha, s.turno,
                 extract(epoch from least(h.fecha + interval '1 hour', s.fin) - greatest(h.fecha, s.inicio)) / 3600 as parte,
                 h.minutos_marcha, h.paquetes, h.botellas, h.formato, l.numero
          from s join scada_hora h on h.fecha < s.fin and h.fecha > s.inicio - interval '1 hour'
          join lineas l on l.numero = h.linea and l.numero > 0
          where ${lineaId === null ? sql`true` : sql`l.id = ${lineaId}`}
        )
        select h.linea_id as "lineaId", h.fecha, h.turno,
               sum(60 * h.parte)::float8 as minutos,
               sum(h.parte * h.minutos_marcha)::float8 as marcha,
               sum(h.parte * h.paquetes * coalesce(f.factor, 0))::float8 as "buenoCu",
               sum(h.parte * h.botellas * coalesce(f.litros_botella, 0) / ${UNIT_CASE_LITRES}::float8)::float8 as "totalCu",
               sum(h.parte * h.minutos_marcha * coalesce(f.velocidad_paquetes_hora * f.factor / 60, tasa.cu_min, 0))::float8 as "nominalCu"
        from h left join f on f.numero = h.numero and f.formato = h.formato and h.formato <> 0
        left join tasa on tasa.numero = h.numero
        where h.parte > 0
        group by 1, 2, 3`,
      tramos.length,
    );
  }

  /** The stops `ids` (the longest unplanned stops, `paros`' order kept), as the paros module reads them. */
  async principales(ids: readonly number[]): Promise<ParoRecord[]> {
    if (ids.length === 0) return [];
    const lista = sql`${sql.param(ids)}::bigint[]`;
    const rows = await sentenciaPreparada<
      Omit<ParoRecord, 'inicio' | 'fin' | 'motivoEn'> & {
        inicio: string | Date;
        fin: string | Date | null;
        motivoEn: string | Date | null;
      }
    >(
      this.db,
      sql`
        select p.id::int as id, p.linea_id as "lineaId", l.numero as linea, l.nombre as "lineaNombre",
               p.inicio, p.fin, p.equipo, p.causa, p.tipo, p.origen, p.clase,
               case when m.id is null then null else json_build_object('id', m.id, 'nombre', m.nombre,
                 'categoriaId', m.categoria_id, 'categoria', c.nombre, 'clase', m.clase,
                 'lineaIds', m.linea_ids, 'codigosFalla', m.codigos_falla, 'version', m.version) end as motivo,
               p.comentario, p.codigo_falla as "codigoFalla", u.name as "motivoPor", p.motivo_en as "motivoEn",
               p.version
        from paros p
        join lineas l on l.id = p.linea_id
        left join motivos_paro m on m.id = p.motivo_id
        left join categorias_paro c on c.id = m.categoria_id
        left join users u on u.id = p.motivo_usuario_id
        where p.id = any(${lista})
        order by array_position(${lista}, p.id)`,
    );
    return rows.map((r) => ({
      ...r,
      inicio: new Date(r.inicio),
      fin: r.fin === null ? null : new Date(r.fin),
      motivoEn: r.motivoEn === null ? null : new Date(r.motivoEn),
    }));
  }

  /** The stops of one production day's spans in time order, for the day's timeline. */
  async parosDelTramo(inicio: Date, fin: Date, lineaId: number | null) {
    return sentenciaPreparada<{
      id: number;
      lineaId: number;
      inicio: string | Date;
      fin: string | Date;
      clave: string;
      motivo: string | null;
      motivoPor: string | null;
    }>(
      this.db,
      sql`
        select p.id::int as id, p.linea_id as "lineaId", greatest(p.inicio, ${iso(inicio)}::timestamptz) as inicio,
               least(${FIN_PARO}, ${iso(fin)}::timestamptz) as fin, ${CLAVE} as clave,
               m.nombre as motivo, u.name as "motivoPor"
        from paros p join lineas l on l.id = p.linea_id and l.numero > 0
        left join motivos_paro m on m.id = p.motivo_id
        left join users u on u.id = p.motivo_usuario_id
        where p.inicio < ${iso(fin)}::timestamptz and p.inicio > ${iso(inicio)}::timestamptz - interval '1 day'
          and ${FIN_PARO} > ${iso(inicio)}::timestamptz
          and ${lineaId === null ? sql`true` : sql`p.linea_id = ${lineaId}`}
        order by p.linea_id, p.inicio`,
    );
  }
}
