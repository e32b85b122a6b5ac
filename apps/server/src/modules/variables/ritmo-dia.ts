import { avanceProgramado, productionDay, productionDayRange, type TiempoProgramado } from '@planta/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { horasProductivas, NOMINAL_CU_H } from '../../derivations/capacidad.ts';

/** A line's scheduled production time on a day and its weight in the day's production meta. */
export interface TiempoLinea extends TiempoProgramado {
  lineaId: number;
}

/**
 * Each production line's scheduled minutes on `fecha` and its weight, as the daily meta is spread
 * (derivations/capacidad.ts): the shift's productive hours, weighted by the line's nominal CU/h. A
 * line without a nominal speed carries no part of the meta, so it weighs 0 here too (with no weight
 * at all, avanceProgramado falls back to the share of the day gone by).
 */
export async function tiemposProgramados(db: Db, fecha: string): Promise<TiempoLinea[]> {
  const dia = sql`${fecha}::date`;
  return rowsOf<TiempoLinea>(
    db.execute(sql`
      with nominal as (${NOMINAL_CU_H})
      select l.id as "lineaId",
             coalesce(n.cu_h, 0)::float8 as "peso",
             (60 * ${horasProductivas(sql`l.id`, dia)})::float8 as "minutos"
      from lineas l
      left join nominal n on n.linea_id = l.id
      where l.numero > 0
      order by l.id`),
  );
}

/** How the ritmo of a date is computed: the database, the plant's time zone and its clock. */
export interface RitmoDeps {
  db: Db;
  plantTz: string;
  /** The current instant (ms); tests fix it. */
  now: () => number;
}

/**
 * The share (0–1) of `fecha`'s meta due now, for the plant (lineaId null) or one line: 1 for a
 * production day already over, 0 for one not started, and for the day in progress the scheduled
 * capacity gone by (avanceProgramado). Answers a function, so one query serves every variable.
 */
export async function avanceDelDia(
  deps: RitmoDeps,
  fecha: string,
): Promise<(lineaId: number | null) => number> {
  const now = deps.now();
  const hoy = productionDay(now, deps.plantTz);
  if (fecha < hoy) return () => 1;
  if (fecha > hoy) return () => 0;
  const { start, end } = productionDayRange(fecha, deps.plantTz);
  const transcurridos = (now - start.getTime()) / 60_000;
  const duracion = (end.getTime() - start.getTime()) / 60_000;
  const lineas = await tiemposProgramados(deps.db, fecha);
  return (lineaId) =>
    avanceProgramado(
      lineaId === null ? lineas : lineas.filter((l) => l.lineaId === lineaId),
      transcurridos,
      duracion,
    );
}
