import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

export interface SerieVariable {
  id: number;
  nombre: string;
  unidad: string;
  agregacion: 'SUMA' | 'PROMEDIO' | 'ULTIMO';
  linea_numero: number | null;
}

type Rows<T> = { rows: T[] };
const rowsOf = async <T>(query: Promise<unknown>): Promise<T[]> => ((await query) as Rows<T>).rows;

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
        select v.id, v.nombre, v.unidad, v.agregacion, l.numero as linea_numero
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
}
