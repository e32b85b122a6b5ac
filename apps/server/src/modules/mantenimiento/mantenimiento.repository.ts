import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

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
}
