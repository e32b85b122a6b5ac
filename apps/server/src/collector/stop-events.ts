import { ESTADO, ESTADO_NOMBRE } from '@planta/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';

/**
 * What the collector saw of a line's stops, as it goes through the store-and-forward path (the
 * disk buffer keeps these as JSON): the line stopped, or ran again. Each event carries everything
 * its row needs, so replaying one twice, or a close whose open was lost, leaves one right row.
 */
export interface ParoEvento {
  /** 'abrir': the line stopped at `inicio` (sent again when a fault code arrives late); 'cerrar': it ran again at `fin`. */
  k: 'abrir' | 'cerrar';
  /** The line's number (lineas.numero). */
  linea: number;
  /** Source time (ms) the line stopped. */
  inicio: number;
  /** Source time (ms) it ran again ('cerrar'). */
  fin?: number;
  /** The PLC state when it stopped (ESTADO). */
  estado: number;
  /** The PLC fault code when it stopped; 0: none. */
  codigo: number;
  /** 'cerrar': shorter than the line's micro-stop threshold when it started. */
  micro?: boolean;
  /** 'abrir' of the part after a production-day boundary: the start of the part it continues. */
  continua?: number;
}

/** A stop written: its line (lineas.id) and id, for the live list of the line's stops. */
export interface ParoEscrito {
  linea_id: number;
  paro_id: number;
}

/** The kind of stop the PLC state says (a plain stop without a reason counts as unplanned: FALLA). */
export function tipoDeEstado(
  estado: number,
): 'FALLA' | 'MICROPARO' | 'CAMBIO_FORMATO' | 'CIP' | 'PLANIFICADO' {
  switch (estado) {
    case ESTADO.CAMBIO_FORMATO:
      return 'CAMBIO_FORMATO';
    case ESTADO.CIP:
      return 'CIP';
    case ESTADO.MICROPARO:
      return 'MICROPARO';
    case ESTADO.PLANIFICADO:
      return 'PLANIFICADO';
    default:
      return 'FALLA';
  }
}

/** What a stop without a reason says of itself: the PLC state, and its fault code. */
export const causaDeEstado = (estado: number, codigo: number) =>
  `${ESTADO_NOMBRE[estado] ?? 'Parada'}${codigo > 0 ? ` · código ${codigo}` : ''}`;

export const EQUIPO_SIN_MOTIVO = 'Sin motivo';

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The row of a stop as the collector first writes it: its line, start, PLC state and fault code; a
 * code mapped to a reason of the line (motivos_paro.codigos_falla) gives the stop that reason and
 * class by itself, and its tipo follows the class; the part after a production-day boundary takes
 * the reason of the part it continues. `fin`, and whether it is a micro-stop, when known.
 */
function filaParo(e: ParoEvento, fin: number | null, micro: boolean) {
  const tipo = tipoDeEstado(e.estado);
  const continua = e.continua === undefined ? null : iso(e.continua);
  return sql`
    with l as (select id from lineas where numero = ${e.linea}),
    m as (
      select mp.id, mp.clase, mp.nombre, c.nombre as categoria
      from motivos_paro mp join categorias_paro c on c.id = mp.categoria_id, l
      where ${e.codigo}::int > 0 and ${e.codigo}::int = any(mp.codigos_falla)
        and (cardinality(mp.linea_ids) = 0 or l.id = any(mp.linea_ids))
      order by mp.id limit 1
    ),
    prev as (
      select p.tipo, p.equipo, p.causa, p.motivo_id, p.clase, p.comentario, p.motivo_usuario_id, p.motivo_en
      from paros p, l
      where p.linea_id = l.id and p.inicio = ${continua}::timestamptz
    )
    select l.id as linea_id, ${iso(e.inicio)}::timestamptz as inicio,
           ${fin === null ? null : iso(fin)}::timestamptz as fin,
           coalesce(prev.equipo, m.categoria, ${EQUIPO_SIN_MOTIVO}) as equipo,
           coalesce(prev.causa, m.nombre, ${causaDeEstado(e.estado, e.codigo)}) as causa,
           case when ${micro}::boolean then 'MICROPARO'
                else coalesce(prev.tipo, case m.clase
                  when 'PLANIFICADO' then case when ${tipo}::text = 'CIP' then 'CIP' else 'PLANIFICADO' end
                  when 'FALLA' then 'FALLA' when 'CAMBIO_FORMATO' then 'CAMBIO_FORMATO'
                  when 'MICROPARO' then 'MICROPARO' else ${tipo}::text end) end as tipo,
           'PLC' as origen,
           nullif(${e.codigo}::int, 0) as codigo_falla,
           case when ${micro}::boolean then null else coalesce(prev.motivo_id, m.id) end as motivo_id,
           case when ${micro}::boolean then 'MICROPARO' else coalesce(prev.clase, m.clase) end as clase,
           prev.comentario, prev.motivo_usuario_id, prev.motivo_en
    from l left join m on true left join prev on true`;
}

const COLUMNAS = sql.raw(
  'linea_id, inicio, fin, equipo, causa, tipo, origen, codigo_falla, motivo_id, clase, comentario, motivo_usuario_id, motivo_en',
);

/**
 * Applies the events in order, inside the caller's transaction. Idempotent: an open stop is keyed
 * by (line, start), so a replay or another server finds it there; a close ends every open stop of
 * the line that started before it (the stop, or its parts when an operator split it), and writes
 * the whole stop when its open never arrived. A micro-stop loses a reason its fault code gave it
 * (it needs none), never one a person gave.
 */
export async function writeParoEventos(db: Db, eventos: readonly ParoEvento[]): Promise<ParoEscrito[]> {
  const escritos = new Map<number, ParoEscrito>();
  const anotar = (rows: { linea_id: number; id: number }[]) => {
    for (const r of rows) escritos.set(Number(r.id), { linea_id: Number(r.linea_id), paro_id: Number(r.id) });
  };
  for (const e of eventos) {
    if (e.k === 'abrir') {
      const rows = await rowsOf<{ linea_id: number; id: number }>(
        db.execute(sql`
          insert into paros (${COLUMNAS})
          ${filaParo(e, null, false)}
          on conflict (linea_id, inicio) do update set
            codigo_falla = excluded.codigo_falla,
            motivo_id = coalesce(paros.motivo_id, excluded.motivo_id),
            clase = coalesce(paros.clase, excluded.clase),
            tipo = case when paros.motivo_id is null then excluded.tipo else paros.tipo end,
            causa = case when paros.motivo_id is null then excluded.causa else paros.causa end,
            equipo = case when paros.motivo_id is null then excluded.equipo else paros.equipo end,
            version = paros.version + 1
          where paros.fin is null and paros.codigo_falla is null and excluded.codigo_falla is not null
          returning linea_id, id`),
      );
      anotar(rows);
      continue;
    }
    const fin = e.fin ?? e.inicio;
    const micro = e.micro === true;
    const cerrados = await rowsOf<{ linea_id: number; id: number }>(
      db.execute(sql`
        update paros p set
          fin = greatest(${iso(fin)}::timestamptz, p.inicio + interval '1 second'),
          tipo = case when ${micro}::boolean and p.motivo_usuario_id is null then 'MICROPARO' else p.tipo end,
          clase = case when ${micro}::boolean and p.motivo_usuario_id is null then 'MICROPARO' else p.clase end,
          motivo_id = case when ${micro}::boolean and p.motivo_usuario_id is null then null else p.motivo_id end,
          version = p.version + 1
        from lineas l
        where l.numero = ${e.linea} and p.linea_id = l.id and p.origen = 'PLC' and p.fin is null
          and p.inicio < ${iso(fin)}::timestamptz
        returning p.linea_id, p.id`),
    );
    anotar(cerrados);
    if (cerrados.length > 0 || fin <= e.inicio) continue;
    // Its open never reached the database (or the stop was closed already: then nothing changes).
    const rows = await rowsOf<{ linea_id: number; id: number }>(
      db.execute(sql`
        insert into paros (${COLUMNAS})
        ${filaParo(e, fin, micro)}
        on conflict (linea_id, inicio) do nothing
        returning linea_id, id`),
    );
    anotar(rows);
  }
  return [...escritos.values()];
}

/** The stops the collector left open (a restart, another server's hand-over): adopted, not opened twice. */
export async function parosAbiertos(
  db: Db,
): Promise<{ linea: number; inicio: number; estado: number; codigo: number }[]> {
  const rows = await rowsOf<{ linea: number; inicio: Date | string; tipo: string; codigo: number | null }>(
    db.execute(sql`
      select l.numero as linea, p.inicio, p.tipo, p.codigo_falla as codigo
      from paros p join lineas l on l.id = p.linea_id
      where p.fin is null and p.origen = 'PLC'
      order by p.inicio`),
  );
  return rows.map((r) => ({
    linea: Number(r.linea),
    inicio: new Date(r.inicio).getTime(),
    estado: r.tipo === 'FALLA' ? ESTADO.FALLA : (ESTADO[r.tipo as keyof typeof ESTADO] ?? ESTADO.PARADA),
    codigo: r.codigo ?? 0,
  }));
}

/** Each line's micro-stop threshold (seconds). */
export async function umbralesMicroparo(db: Db): Promise<Map<number, number>> {
  const rows = await rowsOf<{ numero: number; umbral: number }>(
    db.execute(sql`select numero, umbral_microparo_s as umbral from lineas where numero > 0`),
  );
  return new Map(rows.map((r) => [Number(r.numero), Number(r.umbral)]));
}
