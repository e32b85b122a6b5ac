import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

export interface EficienciaDia {
  fecha: string;
  linea: number | null;
  eta: number | null;
  pagada: number | null;
  sap: number | null;
}

type Rows<T> = { rows: T[] };

export class EficienciaRepository {
  constructor(private readonly db: Db) {}

  /**
   * Daily ETA, paid and SAP efficiency. Plant figures (linea null) are ratios of the lines' sums;
   * SAP is weighted by paid capacity (the ERP's confirmed production over the same capacity).
   */
  async daily(desde: string, hasta: string, linea: number | null): Promise<EficienciaDia[]> {
    const perLine = linea !== null;
    const result = (await this.db.execute(sql`
      select to_char(e.fecha, 'YYYY-MM-DD') as fecha,
             ${perLine ? sql`l.numero` : sql`null::int`} as linea,
             sum(e.producido_cu) / nullif(sum(e.capacidad_marcha_cu), 0) * 100 as eta,
             sum(e.producido_cu) / nullif(sum(e.capacidad_pagada_cu), 0) * 100 as pagada,
             sum(e.sap * e.capacidad_pagada_cu) / nullif(sum(e.capacidad_pagada_cu) filter (where e.sap is not null), 0) as sap
      from eficiencias e join lineas l on l.id = e.linea_id
      where e.fecha between ${desde}::date and ${hasta}::date
        ${perLine ? sql`and l.numero = ${linea}` : sql``}
      group by e.fecha ${perLine ? sql`, l.numero` : sql``}
      order by e.fecha`)) as Rows<EficienciaDia>;
    return result.rows;
  }
}
