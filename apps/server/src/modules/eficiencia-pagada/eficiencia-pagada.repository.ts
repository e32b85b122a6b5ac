import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { recomputeAggregates } from '../../derivations/historicos.ts';
import { AuditRepository } from '../audit/audit.repository.ts';
import { FIN_PARO } from '../../derivations/paros-sql.ts';

/** Raw sums of one line over a span of days (a day, the month or the year to date). */
export interface Sums {
  producidoCu: number;
  capacidadMarchaCu: number;
  capacidadPagadaCu: number;
  /** Σ nominal output of planned time, over the days that store it (null: none does). */
  capacidadOperacionCu: number | null;
  /** Σ good output and paid capacity of the days that store it (OEE's consistent pair). */
  producidoOperacionCu: number;
  capacidadPagadaOperacionCu: number;
  /** SAP's implied good output (sap % × paid capacity) and the paid capacity of the days with SAP. */
  sapCu: number;
  capacidadPagadaSapCu: number;
  producidoSapCu: number;
  dias: number;
}

export interface LineaSums {
  lineaId: number;
  numero: number;
  nombre: string;
  dia: Sums;
  mes: Sums;
  anio: Sums;
}

/** One stored day of one line (eficiencias row) with its time model. */
export interface DiaLinea {
  numero: number;
  fecha: string;
  producidoCu: number;
  capacidadMarchaCu: number;
  capacidadPagadaCu: number;
  capacidadOperacionCu: number | null;
  sap: number | null;
  minutosPagados: number | null;
  minutosPlanificados: number | null;
  minutosMarcha: number | null;
}

/** Minutes of the day's stops by type (clipped to the production day). */
export interface ParosLinea {
  numero: number;
  cambioFormato: number;
  cip: number;
  planificado: number;
  falla: number;
  microparo: number;
}

type Rows<T> = { rows: T[] };

const sumsOf = (cond: ReturnType<typeof sql>) => sql`json_build_object(
  'producidoCu', coalesce(sum(e.producido_cu) filter (where ${cond}), 0),
  'capacidadMarchaCu', coalesce(sum(e.capacidad_marcha_cu) filter (where ${cond}), 0),
  'capacidadPagadaCu', coalesce(sum(e.capacidad_pagada_cu) filter (where ${cond}), 0),
  'capacidadOperacionCu', sum(e.capacidad_operacion_cu) filter (where ${cond}),
  'producidoOperacionCu', coalesce(sum(e.producido_cu) filter (where ${cond} and e.capacidad_operacion_cu is not null), 0),
  'capacidadPagadaOperacionCu', coalesce(sum(e.capacidad_pagada_cu) filter (where ${cond} and e.capacidad_operacion_cu is not null), 0),
  'sapCu', coalesce(sum(e.sap / 100 * e.capacidad_pagada_cu) filter (where ${cond} and e.sap is not null), 0),
  'capacidadPagadaSapCu', coalesce(sum(e.capacidad_pagada_cu) filter (where ${cond} and e.sap is not null), 0),
  'producidoSapCu', coalesce(sum(e.producido_cu) filter (where ${cond} and e.sap is not null), 0),
  'dias', count(e.fecha) filter (where ${cond})
)`;

export class EficienciaPagadaRepository {
  constructor(private readonly db: Db) {}

  /** Every production line (not 'Planta') with its sums for the day, the month and the year to date. */
  async sums(fecha: string, mesDesde: string, anioDesde: string): Promise<LineaSums[]> {
    const result = (await this.db.execute(sql`
      select l.id as "lineaId", l.numero, l.nombre,
             ${sumsOf(sql`e.fecha = ${fecha}::date`)} as dia,
             ${sumsOf(sql`e.fecha >= ${mesDesde}::date`)} as mes,
             ${sumsOf(sql`true`)} as anio
      from lineas l
      left join eficiencias e on e.linea_id = l.id and e.fecha between ${anioDesde}::date and ${fecha}::date
      where l.numero > 0 and l.nombre <> 'Planta'
      group by l.id, l.numero, l.nombre
      order by l.numero`)) as Rows<LineaSums>;
    return result.rows.map((r) => ({ ...r, numero: Number(r.numero) }));
  }

  /** The stored days of every line between two dates (a month at most: the caller bounds it). */
  async dias(desde: string, hasta: string): Promise<DiaLinea[]> {
    const result = (await this.db.execute(sql`
      select l.numero, to_char(e.fecha, 'YYYY-MM-DD') as fecha,
             e.producido_cu as "producidoCu", e.capacidad_marcha_cu as "capacidadMarchaCu",
             e.capacidad_pagada_cu as "capacidadPagadaCu", e.capacidad_operacion_cu as "capacidadOperacionCu",
             e.sap, e.minutos_pagados as "minutosPagados", e.minutos_planificados as "minutosPlanificados",
             e.minutos_marcha as "minutosMarcha"
      from eficiencias e join lineas l on l.id = e.linea_id
      where e.fecha between ${desde}::date and ${hasta}::date and l.numero > 0 and l.nombre <> 'Planta'
      order by l.numero, e.fecha`)) as Rows<DiaLinea>;
    return result.rows.map((r) => ({ ...r, numero: Number(r.numero) }));
  }

  /** Minutes of each stop type per line within [start, end) (stops clipped to the window). */
  async paros(start: Date, end: Date): Promise<ParosLinea[]> {
    const s = start.toISOString();
    const e = end.toISOString();
    const result = (await this.db.execute(sql`
      with p as (
        select l.numero, p.tipo,
               greatest(0, extract(epoch from least(${FIN_PARO}, ${e}::timestamptz) - greatest(p.inicio, ${s}::timestamptz)) / 60) as minutos
        from paros p join lineas l on l.id = p.linea_id
        -- A stop never lasts a day: the lower bound lets the index on inicio skip older rows.
        where p.inicio < ${e}::timestamptz and p.inicio > ${s}::timestamptz - interval '1 day' and ${FIN_PARO} > ${s}::timestamptz
      )
      select numero,
             coalesce(sum(minutos) filter (where tipo = 'CAMBIO_FORMATO'), 0)::float8 as "cambioFormato",
             coalesce(sum(minutos) filter (where tipo = 'CIP'), 0)::float8 as cip,
             coalesce(sum(minutos) filter (where tipo = 'PLANIFICADO'), 0)::float8 as planificado,
             coalesce(sum(minutos) filter (where tipo = 'FALLA'), 0)::float8 as falla,
             coalesce(sum(minutos) filter (where tipo = 'MICROPARO'), 0)::float8 as microparo
      from p group by numero order by numero`)) as Rows<ParosLinea>;
    return result.rows.map((r) => ({ ...r, numero: Number(r.numero) }));
  }

  /**
   * Writes SAP's figure for a line and day in one transaction: the eficiencias row (created empty
   * when the day was not derived yet; the derivation keeps `sap`), the line's manual variable
   * 'Eficiencia SAP (%)<sufijo>' with its month/year aggregates, and the audit row.
   * Returns false when the line does not exist.
   */
  async registrarSap(input: {
    numero: number;
    fecha: string;
    valor: number;
    actorId: number;
    ip: string | null;
  }): Promise<{ anterior: number | null } | null> {
    return this.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const linea = (
        (await tx.execute(sql`
          select l.id, l.sufijo, e.sap as anterior
          from lineas l left join eficiencias e on e.linea_id = l.id and e.fecha = ${input.fecha}::date
          where l.numero = ${input.numero} and l.numero > 0 and l.nombre <> 'Planta'
          for update of l`)) as Rows<{ id: number; sufijo: string; anterior: number | null }>
      ).rows[0];
      if (!linea) return null;
      await tx.execute(sql`
        insert into eficiencias (linea_id, fecha, producido_cu, capacidad_marcha_cu, capacidad_pagada_cu, sap)
        values (${linea.id}, ${input.fecha}::date, 0, 0, 0, ${input.valor})
        on conflict (linea_id, fecha) do update set sap = excluded.sap`);
      const variable = (
        (await tx.execute(sql`
          select id from variables where nombre = ${`Eficiencia SAP (%)${linea.sufijo}`}`)) as Rows<{
          id: number;
        }>
      ).rows[0];
      if (variable) {
        await tx.execute(sql`
          insert into historicos (variable_id, fecha, diario)
          values (${variable.id}, ${input.fecha}::date, ${input.valor})
          on conflict (variable_id, fecha) do update set diario = excluded.diario`);
        await recomputeAggregates(tx, [variable.id], input.fecha);
      }
      await new AuditRepository(tx).record({
        action: 'eficiencia_sap_registrada',
        actorId: input.actorId,
        ip: input.ip,
        targetType: 'eficiencia',
        targetId: `${input.numero}:${input.fecha}`,
        details: { linea: input.numero, fecha: input.fecha, valor: input.valor, anterior: linea.anterior },
      });
      return { anterior: linea.anterior };
    });
  }
}
