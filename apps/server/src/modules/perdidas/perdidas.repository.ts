import { UNIT_CASE_LITRES } from '@planta/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
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
  /** Of those minutes, the FALLA-tipo stops' (MTTR's repair time), and how many such stops. */
  minutosFalla: number;
  fallas: number;
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

export interface CambioFormatoFila {
  desde: string | null;
  hasta: string | null;
  minutos: number;
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

/** The only place that builds the losses' queries (eficiencias, scada_hora, paros). */
export class PerdidasRepository {
  constructor(private readonly db: Db) {}

  /** The spans in time order, numbered from 1 (`k`); `inicios` are their starts, for width_bucket. */
  private spansCte(tramos: readonly Tramo[]): SQL {
    const orden = [...tramos].sort((x, y) => x.inicio.getTime() - y.inicio.getTime());
    return sql`s as (
      select * from unnest(${sql.param(orden.map((t) => t.fecha))}::text[], ${sql.param(orden.map((t) => t.turno))}::int[],
        ${sql.param(orden.map((t) => iso(t.inicio)))}::timestamptz[], ${sql.param(orden.map((t) => iso(t.fin)))}::timestamptz[])
        with ordinality as s(fecha, turno, inicio, fin, k)
    )`;
  }

  /**
   * The stops of the spans cut at their bounds (a stop never lasts a day: the lower bound lets the
   * index on inicio skip older rows), with their key and clipped minutes.
   */
  private piezas(tramos: readonly Tramo[], lineaId: number | null): SQL {
    const orden = [...tramos].sort((x, y) => x.inicio.getTime() - y.inicio.getTime());
    const desde = orden[0]!.inicio;
    const hasta = orden.reduce((a, t) => (t.fin > a ? t.fin : a), orden[0]!.fin);
    // The spans a stop meets run from the one its start falls in to the one its end falls in,
    // found by binary search over the spans' starts (width_bucket) and read by subscript: nearly
    // every stop lies in one span. A join by a range condition over every span was a nested loop
    // over the spans for each stop (10× slower over a year).
    return sql`a as (
        select ${sql.param(orden.map((t) => t.fecha))}::text[] as fechas, ${sql.param(orden.map((t) => t.turno))}::int[] as turnos,
               ${sql.param(orden.map((t) => iso(t.inicio)))}::timestamptz[] as inicios,
               ${sql.param(orden.map((t) => iso(t.fin)))}::timestamptz[] as fines
      ),
      p0 as materialized (
        select p.id, p.linea_id, p.inicio, ${FIN_PARO} as fin, p.tipo, p.motivo_id, ${CLAVE} as clave,
               greatest(1, width_bucket(p.inicio, a.inicios)) as k,
               greatest(1, width_bucket(${FIN_PARO}, a.inicios)) as k_fin
        from a, paros p join lineas l on l.id = p.linea_id and l.numero > 0
        where p.inicio < ${iso(hasta)}::timestamptz and p.inicio > ${iso(desde)}::timestamptz - interval '1 day'
          and ${FIN_PARO} > ${iso(desde)}::timestamptz
          and ${lineaId === null ? sql`true` : sql`p.linea_id = ${lineaId}`}
      ),
      k as (
        select p0.*, p0.k as j from p0 where p0.k_fin = p0.k
        union all
        select p0.*, g.j from p0 cross join lateral generate_series(p0.k, p0.k_fin) as g(j) where p0.k_fin > p0.k
      ),
      piezas as materialized (
        select k.id, k.linea_id, a.fechas[k.j] as fecha, a.turnos[k.j] as turno, k.tipo, k.motivo_id, k.clave,
               extract(epoch from least(k.fin, a.fines[k.j]) - greatest(k.inicio, a.inicios[k.j])) / 60 as minutos,
               extract(epoch from k.fin - k.inicio) as duracion
        from k, a
        where k.inicio < a.fines[k.j] and k.fin > a.inicios[k.j]
      )`;
  }

  async lineas(): Promise<LineaInfo[]> {
    return rowsOf<LineaInfo>(
      this.db.execute(sql`select id, numero, nombre from lineas where numero > 0 order by numero`),
    );
  }

  /** The plant's shifts in order (turnosHorario). */
  async turnos(): Promise<{ numero: number; nombre: string; inicio: string; fin: string }[]> {
    return rowsOf(
      this.db.execute(sql`
        select numero::int as numero, nombre, to_char(inicio, 'HH24:MI') as inicio, to_char(fin, 'HH24:MI') as fin
        from turnos_horario order by numero`),
    );
  }

  async diasLinea(desde: string, hasta: string, lineaId: number | null): Promise<DiaLinea[]> {
    return rowsOf<DiaLinea>(
      this.db.execute(sql`
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
        order by e.fecha, l.numero`),
    );
  }

  /** Stop minutes per line, span and key, with the FALLA-tipo stops' minutes and count. */
  async minutosPorClave(tramos: readonly Tramo[], lineaId: number | null): Promise<MinutosClave[]> {
    if (tramos.length === 0) return [];
    return rowsOf<MinutosClave>(
      this.db.execute(sql`
        with ${this.piezas(tramos, lineaId)}
        select linea_id as "lineaId", fecha, turno, clave, sum(minutos)::float8 as minutos,
               coalesce(sum(minutos) filter (where tipo = 'FALLA'), 0)::float8 as "minutosFalla",
               (count(*) filter (where tipo = 'FALLA'))::int as fallas
        from piezas group by 1, 2, 3, 4`),
    );
  }

  /** Minutes and stops per reason (null: none) and key over the spans; a stop counts once. */
  async porMotivo(tramos: readonly Tramo[], lineaId: number | null): Promise<MotivoMinutos[]> {
    if (tramos.length === 0) return [];
    return rowsOf<MotivoMinutos>(
      this.db.execute(sql`
        with ${this.piezas(tramos, lineaId)},
        g as (
          select motivo_id, clave, sum(minutos) as minutos, count(distinct id) as paros
          from piezas group by 1, 2
        )
        select g.motivo_id as "motivoId", m.nombre as motivo, c.nombre as categoria, g.clave,
               g.minutos::float8 as minutos, g.paros::int as paros
        from g left join motivos_paro m on m.id = g.motivo_id
        left join categorias_paro c on c.id = m.categoria_id`),
    );
  }

  /** Distinct FALLA-tipo stops over the spans (a stop cut by two spans is one failure). */
  async fallas(tramos: readonly Tramo[], lineaId: number | null): Promise<number> {
    if (tramos.length === 0) return 0;
    const rows = await rowsOf<{ n: number }>(
      this.db.execute(sql`
        with ${this.piezas(tramos, lineaId)}
        select count(distinct id)::int as n from piezas where tipo = 'FALLA'`),
    );
    return rows[0]?.n ?? 0;
  }

  /**
   * The hours of each span (an hour cut by a span's bound counts its share of minutes): run
   * minutes, good, total and nominal CU of the hour's product, per line.
   */
  async pesos(tramos: readonly Tramo[], lineaId: number | null): Promise<PesoTramo[]> {
    if (tramos.length === 0) return [];
    return rowsOf<PesoTramo>(
      this.db.execute(sql`
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
        group by 1, 2, 3`),
    );
  }

  /** The longest unplanned stops over the spans (whole stops, each once), as the paros module reads them. */
  async principales(tramos: readonly Tramo[], lineaId: number | null, limite: number): Promise<ParoRecord[]> {
    if (tramos.length === 0) return [];
    const rows = await rowsOf<
      Omit<ParoRecord, 'inicio' | 'fin' | 'motivoEn'> & {
        inicio: string | Date;
        fin: string | Date | null;
        motivoEn: string | Date | null;
      }
    >(
      this.db.execute(sql`
        with ${this.piezas(tramos, lineaId)},
        ids as (
          select id, max(duracion) as duracion from piezas where clave <> 'PLANIFICADO'
          group by id order by 2 desc, 1 limit ${limite}
        )
        select p.id::int as id, p.linea_id as "lineaId", l.numero as linea, l.nombre as "lineaNombre",
               p.inicio, p.fin, p.equipo, p.causa, p.tipo, p.origen, p.clase,
               case when m.id is null then null else json_build_object('id', m.id, 'nombre', m.nombre,
                 'categoriaId', m.categoria_id, 'categoria', c.nombre, 'clase', m.clase,
                 'lineaIds', m.linea_ids, 'codigosFalla', m.codigos_falla, 'version', m.version) end as motivo,
               p.comentario, p.codigo_falla as "codigoFalla", u.name as "motivoPor", p.motivo_en as "motivoEn",
               p.version
        from ids join paros p on p.id = ids.id
        join lineas l on l.id = p.linea_id
        left join motivos_paro m on m.id = p.motivo_id
        left join categorias_paro c on c.id = m.categoria_id
        left join users u on u.id = p.motivo_usuario_id
        order by ids.duracion desc, p.inicio, p.id`),
    );
    return rows.map((r) => ({
      ...r,
      inicio: new Date(r.inicio),
      fin: r.fin === null ? null : new Date(r.fin),
      motivoEn: r.motivoEn === null ? null : new Date(r.motivoEn),
    }));
  }

  /**
   * The changeovers (CAMBIO_FORMATO stops) over the spans with the product of the minute before the
   * stop and of the minute it ended in (a minute without a code: its hour's product), named
   * "producto presentación × botellas".
   */
  async cambiosFormato(tramos: readonly Tramo[], lineaId: number | null): Promise<CambioFormatoFila[]> {
    if (tramos.length === 0) return [];
    return rowsOf<CambioFormatoFila>(
      this.db.execute(sql`
        with ${this.piezas(tramos, lineaId)},
        c as (
          select pz.id, sum(pz.minutos) as minutos from piezas pz where pz.clave = 'CAMBIO_FORMATO' group by 1
        ),
        nombres as (
          select l.numero, case l.numero when 1 then pp.hmi_linea1_id when 2 then pp.hmi_linea2_id
                               when 3 then pp.hmi_linea3_id when 4 then pp.hmi_linea4_id end as formato,
                 pr2.descripcion || ' ' || trim(trailing '.' from trim(trailing '0' from pr.volumen::text)) || ' ' || pr.unid_medida
                   || ' × ' || pp.num_botellas as nombre
          from lineas l cross join producto_presentaciones pp
          join presentaciones pr on pr.id = pp.presentacion_id
          join productos pr2 on pr2.id = pp.producto_id
          where l.numero > 0
        ),
        pares as (
          select c.minutos, l.numero,
                 coalesce(nullif(a.formato, 0), ha.formato) as antes, coalesce(nullif(b.formato, 0), hb.formato) as despues
          from c join paros p on p.id = c.id join lineas l on l.id = p.linea_id
          -- The minute before the stop and the one it ended in (else their hours' product).
          left join scada_lecturas a on a.linea = l.numero and a.fecha = date_trunc('minute', p.inicio) - interval '1 minute'
          left join scada_lecturas b on b.linea = l.numero and b.fecha = date_trunc('minute', ${FIN_PARO})
          left join scada_hora ha on ha.linea = l.numero and ha.fecha = date_bin('1 hour', p.inicio - interval '1 minute', timestamptz '2000-01-01 00:00:00+00')
          left join scada_hora hb on hb.linea = l.numero and hb.fecha = date_bin('1 hour', ${FIN_PARO}, timestamptz '2000-01-01 00:00:00+00')
        )
        select (select min(n.nombre) from nombres n where n.numero = pares.numero and n.formato = pares.antes) as desde,
               (select min(n.nombre) from nombres n where n.numero = pares.numero and n.formato = pares.despues) as hasta,
               pares.minutos::float8 as minutos
        from pares`),
    );
  }

  /** The stops of one production day's spans in time order, for the day's timeline. */
  async parosDelTramo(inicio: Date, fin: Date, lineaId: number | null) {
    return rowsOf<{
      id: number;
      lineaId: number;
      inicio: string | Date;
      fin: string | Date;
      clave: string;
      motivo: string | null;
      motivoPor: string | null;
    }>(
      this.db.execute(sql`
        select p.id::int as id, p.linea_id as "lineaId", greatest(p.inicio, ${iso(inicio)}::timestamptz) as inicio,
               least(${FIN_PARO}, ${iso(fin)}::timestamptz) as fin, ${CLAVE} as clave,
               m.nombre as motivo, u.name as "motivoPor"
        from paros p join lineas l on l.id = p.linea_id and l.numero > 0
        left join motivos_paro m on m.id = p.motivo_id
        left join users u on u.id = p.motivo_usuario_id
        where p.inicio < ${iso(fin)}::timestamptz and p.inicio > ${iso(inicio)}::timestamptz - interval '1 day'
          and ${FIN_PARO} > ${iso(inicio)}::timestamptz
          and ${lineaId === null ? sql`true` : sql`p.linea_id = ${lineaId}`}
        order by p.linea_id, p.inicio`),
    );
  }
}
