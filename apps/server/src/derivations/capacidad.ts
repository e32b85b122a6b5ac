import { type SQL, sql } from 'drizzle-orm';

/**
 * The scheduled capacity a day's production meta is spread by (DOMAIN "Planning"): each line's
 * nominal CU/h × its shift's productive hours. One definition for the meta (metas.ts
 * ensureProductionMetas) and the ritmo of the day in progress (modules/variables/ritmo-dia.ts), so
 * the pace is judged with the same weights the meta was spread with.
 */

/** Rows (linea_id, cu_h): each line's nominal CU/h, the mean over its products. A CTE body. */
export const NOMINAL_CU_H = sql`
  select vn.linea_id, avg(vn.velocidad_paquetes_hora * pr.factor::float8) as cu_h
  from velocidades_nominales vn
  join producto_presentaciones pp on pp.id = vn.producto_presentacion_id
  join presentaciones pr on pr.id = pp.presentacion_id
  group by 1`;

/**
 * A line's productive hours on a day: its shift row, else (a day without its shift row yet) the
 * same weekday of the latest five weeks that have one, else 0.
 */
export function horasProductivas(lineaId: SQL, fecha: SQL): SQL {
  return sql`coalesce(
    (select t.horas_productividad from turnos t where t.linea_id = ${lineaId} and t.fecha = ${fecha}),
    (select t.horas_productividad from turnos t where t.linea_id = ${lineaId} and t.fecha < ${fecha}
       and t.fecha >= ${fecha} - 35 and extract(isodow from t.fecha) = extract(isodow from ${fecha})
     order by t.fecha desc limit 1),
    0)`;
}
